//! Any string as a USI move, against a position from a short walk: both parsers agree on the
//! syntax and print accepted moves back identically, and they agree on whether the move is
//! legal in the position.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use shogi_conformance::fuzzing::differential::{starts, to_engine};
use shogi_oracle::{MakeMove, check_move, legal_moves};
use shogi_spec::{sfen, usi::Move};

#[derive(Debug, Arbitrary)]
struct Input {
    start: u8,
    walk: Vec<u8>,
    text: String,
}

fuzz_target!(|input: Input| {
    let all = starts();
    let mut pos =
        sfen::parse(all[usize::from(input.start) % all.len()].1).expect("built-in starts parse");
    for &c in input.walk.iter().take(30) {
        let legal = legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        pos = pos.after(legal[usize::from(c) % legal.len()]);
    }
    let text = input.text.as_str();
    let o = Move::parse(text);
    let e = shogi_bitboard::Move::from_usi_syntax(text);
    match (&o, e) {
        (Ok(om), Some(em)) => assert_eq!(om.to_string(), em.to_usi(), "{text:?} read differently"),
        (Err(_), None) => {}
        _ => panic!(
            "syntax of {text:?}: oracle {o:?}, engine {:?}",
            e.map(|m| m.to_usi())
        ),
    }
    let epos = to_engine(&pos).expect("the engine reads walk positions");
    let o_legal = o.is_ok_and(|m| check_move(&pos, m).is_ok());
    let e_legal = epos.parse_usi(text).is_ok();
    assert_eq!(
        o_legal,
        e_legal,
        "legality of {text:?} in {}",
        sfen::format(&pos)
    );
});
