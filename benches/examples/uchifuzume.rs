//! Shows the haitaka caveat: on positions where a pawn drop would be mate (illegal), which
//! implementations still list the drop. `cargo run --release -p shogi-benches --example uchifuzume`.

fn haitaka_moves(sfen: &str) -> Option<Vec<String>> {
    let board = haitaka::Board::from_sfen(sfen).ok()?;
    let mut out = Vec::new();
    board.generate_moves(|moves| {
        for mv in moves {
            out.push(mv.to_string());
        }
        false
    });
    out.sort();
    Some(out)
}

fn main() {
    // With `-`, reads `SFEN|drop` lines from standard input instead.
    let stdin_cases: Vec<(String, String)> = if std::env::args().nth(1).as_deref() == Some("-") {
        std::io::stdin()
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| l.split_once('|').map(|(a, b)| (a.to_owned(), b.to_owned())))
            .collect()
    } else {
        Vec::new()
    };
    let extra: Vec<(&str, &str, &str)> = stdin_cases
        .iter()
        .map(|(s, d)| ("corpus", s.as_str(), d.as_str()))
        .collect();
    let cases = [
        ("defended pawn", "7lk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b"),
        ("pinned capturer", "R6gk/7p1/8G/9/9/9/9/9/K8 b P 1", "P*1b"),
        ("escape covered", "8k/6S2/8G/9/9/9/9/9/K8 b P 1", "P*1b"),
        ("gote mirror", "8k/9/9/9/9/9/g8/1P7/KL7 w p 1", "P*9h"),
    ];
    let all: Vec<(&str, &str, &str)> = if extra.is_empty() {
        cases.to_vec()
    } else {
        extra
    };
    for (name, sfen, drop) in all {
        let ours =
            shogi_bitboard::legal_moves(&shogi_bitboard::Position::from_sfen(sfen).expect("sfen"))
                .iter()
                .any(|m| m.to_usi() == drop);
        let theirs = haitaka_moves(sfen).map(|v| v.iter().any(|m| m == drop));
        let rs = rsshogi::board::Position::from_sfen(sfen).ok().map(|p| {
            let mut list = rsshogi::board::Move32List::new();
            rsshogi::board::generate_legal_all_move32(&p, &mut list);
            list.iter().any(|m| m.to_move().to_usi() == drop)
        });
        println!(
            "{name:16} {drop}: shogi-bitboard lists it: {ours}, haitaka: {theirs:?}, rsshogi: {rs:?}"
        );
    }
}
