//! Game records judged by the oracle through the core's judged-records shapes (what `judge`
//! reports), in the formats `judge` writes.

use conformance_core::report::judged::{self, JudgedGame, Standing};

use super::rules::{Board, Oracle, Rules};

/// A record: the squares marked in order (0-based, X first) and the result written at the end.
fn judge(moves: &[usize], written: &str, file: &str) -> JudgedGame {
    let mut board = Board(['.'; 9]);
    let mut illegal = String::new();
    for (n, &sq) in moves.iter().enumerate() {
        if !Oracle
            .legal(&board)
            .contains(&(u8::try_from(sq).unwrap_or(u8::MAX) + 1))
        {
            illegal = format!(" (move {} is illegal, ttt:2)", n + 1);
            break;
        }
        board.0[sq] = if n % 2 == 0 { 'X' } else { 'O' }; // ttt:1
    }
    let result = if illegal.is_empty() {
        Oracle.result(&board)
    } else {
        "illegal".into()
    };
    let standing = if result == written {
        Standing::Pass
    } else {
        Standing::Fail(format!(
            "the record says {written}, the rules give {result}"
        ))
    };
    JudgedGame {
        file: file.into(),
        name: file.into(),
        place: vec![("game".into(), "1".into())],
        fields: vec![
            ("result".into(), result.clone()),
            ("written".into(), written.into()),
        ],
        standing,
        line: format!("{result}; the record says {written}{illegal}"),
        explanation: vec![],
        body: None,
    }
}

#[test]
fn the_toy_game_is_judged_and_reported_through_the_core() {
    let games = [
        judge(&[4, 0, 8, 2, 1, 7, 6, 5, 3], "draw", "a.ttt"),
        judge(&[0, 3, 4, 5, 8], "X", "b.ttt"),
        judge(&[0, 3, 4, 5, 8], "draw", "c.ttt"), // written wrongly
        judge(&[0, 0], "O", "d.ttt"),             // a square marked twice
    ];
    let failures: Vec<&str> = games
        .iter()
        .filter(|g| matches!(g.standing, Standing::Fail(_)))
        .map(|g| g.file.as_str())
        .collect();
    assert_eq!(failures, ["c.ttt", "d.ttt"]);
    assert!(
        games[3].line.contains("move 2 is illegal"),
        "{}",
        games[3].line
    );
    let junit = judged::junit("toy", "records", &games);
    assert_eq!(junit.matches("<failure ").count(), 2);
    assert!(judged::markdown("records", &games).contains("| 1 | X | X |"));
    assert!(judged::html_page("toy", "records", &games).contains("c.ttt"));
}
