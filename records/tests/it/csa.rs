#![allow(clippy::unwrap_used)]
//! CSA import: every ending word and marker, each side, the start forms, times, several games.
//! Expected values come from the CSA record format (V2.2/V3.0 as its specification and
//! shogi-server's source describe it) and the rules, never from the oracle.

use rstest::rstest;
use shogi_records::{EndingKind, Format, Outcome, import};
use shogi_spec::Color::{Gote, Sente};
use shogi_spec::{record::ClaimKind, record::Event, record::Seconds, record::Start};

const HEAD: &str = "V2.2\nN+Alice\nN-Bob\nPI\n+\n";

fn one(text: &str) -> shogi_records::Game {
    let imp = import(text.as_bytes(), Some("csa")).unwrap();
    assert_eq!(imp.format, Format::Csa);
    assert_eq!(imp.games.len(), 1);
    imp.games.into_iter().next().unwrap()
}

#[rstest]
// After one move (sente's), gote is to move; after two, sente.
#[case::toryo_gote("+7776FU\n%TORYO\n", EndingKind::Resignation, Outcome::Win(Sente))]
#[case::toryo_sente(
    "+7776FU\n-3334FU\n%TORYO\n",
    EndingKind::Resignation,
    Outcome::Win(Gote)
)]
#[case::tsumi("+7776FU\n%TSUMI\n", EndingKind::Checkmate, Outcome::Win(Sente))]
#[case::sennichite("+7776FU\n%SENNICHITE\n", EndingKind::Repetition, Outcome::Draw)]
#[case::time_up_gote("+7776FU\n%TIME_UP\n", EndingKind::TimeUp, Outcome::Win(Sente))]
#[case::time_up_sente("+7776FU\n-3334FU\n%TIME_UP\n", EndingKind::TimeUp, Outcome::Win(Gote))]
// CSA V2.2 and V3.0 (特殊な指し手): %ILLEGAL_MOVE is the side to move losing by a foul. After
// sente's move gote is to move, so sente wins.
#[case::illegal_move(
    "+7776FU\n%ILLEGAL_MOVE\n",
    EndingKind::IllegalMove,
    Outcome::Win(Sente)
)]
#[case::illegal_move_sente_to_move(
    "+7776FU\n-3334FU\n%ILLEGAL_MOVE\n",
    EndingKind::IllegalMove,
    Outcome::Win(Gote)
)]
#[case::illegal_action_sente(
    "+7776FU\n%+ILLEGAL_ACTION\n",
    EndingKind::IllegalAction,
    Outcome::Win(Gote)
)]
#[case::illegal_action_gote(
    "+7776FU\n%-ILLEGAL_ACTION\n",
    EndingKind::IllegalAction,
    Outcome::Win(Sente)
)]
#[case::max_moves("+7776FU\n%MAX_MOVES\n", EndingKind::MoveLimit, Outcome::Draw)]
#[case::chudan("+7776FU\n%CHUDAN\n", EndingKind::Interrupted, Outcome::Unfinished)]
#[case::jishogi("+7776FU\n%JISHOGI\n", EndingKind::Impasse, Outcome::Draw)]
#[case::kachi_gote("+7776FU\n%KACHI\n", EndingKind::Declaration, Outcome::Win(Gote))]
#[case::kachi_sente(
    "+7776FU\n-3334FU\n%KACHI\n",
    EndingKind::Declaration,
    Outcome::Win(Sente)
)]
#[case::fuzumi("+7776FU\n%FUZUMI\n", EndingKind::NoMate, Outcome::Unfinished)]
#[case::hikiwake("+7776FU\n%HIKIWAKE\n", EndingKind::Agreement, Outcome::Draw)]
fn every_ending_word(#[case] moves: &str, #[case] kind: EndingKind, #[case] outcome: Outcome) {
    let g = one(&format!("{HEAD}{moves}"));
    let w = g.written.unwrap();
    let m = w.meaning.unwrap();
    assert_eq!((m.kind, m.outcome), (kind, outcome), "{w:?}");
    assert_eq!(w.line, 5 + moves.lines().count());
}

#[test]
fn ending_words_become_events() {
    let g = one(&format!("{HEAD}+7776FU\nT3\n%TORYO\nT12\n"));
    assert_eq!(
        g.record.events[1],
        Event::Resign {
            player: Gote,
            time: Some(Seconds::whole(12))
        }
    );
    assert_eq!(g.record.events[0].time(), Some(Seconds::whole(3)));
    // A time loss with no clock in the record cannot be claimed: no event, a recorded finding.
    let g = one(&format!("{HEAD}+7776FU\n%TIME_UP\n"));
    assert_eq!(g.record.events.len(), 1, "{:?}", g.record.events);
    // With a time control and the losing turn's time written after it, the claim stands.
    let g = one("V2.2\n$TIME_LIMIT:00:01+00\nPI\n+\n+7776FU\nT30\n%TIME_UP\nT61\n");
    assert_eq!(
        g.record.events[1],
        Event::Claim {
            claim: ClaimKind::Flag,
            by: Sente,
            time: Some(Seconds::whole(61))
        }
    );
    let g = one(&format!("{HEAD}+7776FU\n-3334FU\n%KACHI\n"));
    assert_eq!(
        g.record.events[2],
        Event::Declare {
            player: Sente,
            time: None
        }
    );
}

#[test]
fn unknown_ending_word_is_kept() {
    let g = one(&format!("{HEAD}+7776FU\n%MATTA_PLEASE\n"));
    let w = g.written.unwrap();
    assert_eq!(w.text, "%MATTA_PLEASE");
    assert!(w.meaning.is_none());
}

#[test]
fn floodgate_summary_and_illegal_move_comment() {
    // shogi-server logs an illegal move as a comment and the result only as a summary.
    let text = "V2\nN+alpha\nN-beta\n'Max_Moves:256\nPI\n+\n+7776FU\nT1\n-3334FU\nT1\n'ILLEGAL_MOVE(+0055FU)\n'summary:illegal move:alpha lose:beta win\n";
    let g = one(text);
    assert_eq!(g.max_moves, Some(256));
    // The refused drop is replayed (there is no pawn in hand, so it cannot be made: only the
    // move and the claim are kept) and gote's claim follows.
    assert_eq!(g.record.events.len(), 4);
    assert_eq!(
        g.record.events[3],
        Event::Claim {
            claim: ClaimKind::IllegalMove,
            by: Gote,
            time: None
        }
    );
    let m = g.written.unwrap().meaning.unwrap();
    assert_eq!(
        (m.kind, m.outcome),
        (EndingKind::IllegalMove, Outcome::Win(Gote))
    );

    // floodgate logs a time loss only in the summary, without the losing turn's time: the
    // ending is kept, but no claim is made of it (it could only be refuted).
    let text = "V2\nN+alpha\nN-beta\nPI\n+\n+7776FU\nT1\n'summary:time up:alpha win:beta lose\n";
    let g = one(text);
    assert_eq!(g.record.events.len(), 1, "{:?}", g.record.events);
    let m = g.written.unwrap().meaning.unwrap();
    assert_eq!(
        (m.kind, m.outcome),
        (EndingKind::TimeUp, Outcome::Win(Sente))
    );

    // The summary refines %KACHI: a wrong declaration loses.
    let text = "PI\n+\n+7776FU\n%KACHI\n'summary:illegal kachi:a draw:b draw\n";
    let m = one(text).written.unwrap().meaning.unwrap();
    assert_eq!(m.kind, EndingKind::FailedDeclaration);
    assert_eq!(
        m.outcome,
        Outcome::Draw,
        "the summary words are taken as written"
    );
}

#[test]
fn start_forms() {
    assert_eq!(one("PI\n+\n").record.start, Start::Startpos);
    // PI removing the bishop: the bishop handicap (giver is gote, moves first).
    assert!(matches!(
        one("PI22KA\n-\n").record.start,
        Start::Handicap(_)
    ));
    let rows = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n";
    assert_eq!(one(rows).record.start, Start::Startpos);
    // Old padded files: trailing blanks cut off the empty rows.
    let cut = rows.replace(" *  *  *  *  *  *  *  *  * \n", "\n");
    let g = one(&format!("{cut}+7776FU\n"));
    assert_eq!(g.record.start, Start::Startpos);
    assert_eq!(g.record.events.len(), 1);
    // P+/P- with 00AL: a mating problem (the defender not yet in check: a start where the side
    // not to move stands in check could not occur, FESA 1.2, and is refused).
    let g = one("P-11OU\nP+23KI\nP+00KI\nP-00AL\n+\n");
    let Start::Sfen(s) = &g.record.start else {
        panic!()
    };
    assert_eq!(s.as_str(), "8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1");
}

#[test]
fn times_and_commas() {
    let g = one("PI,+\n+7776FU,T12.5,-3334FU,T0.250\n");
    assert_eq!(g.record.events[0].time(), Some(Seconds::millis(12_500)));
    assert_eq!(g.record.events[1].time(), Some(Seconds::millis(250)));
}

#[test]
fn headers() {
    let g = one("V3.0\n$EVENT:x\n$START_TIME\n$TIME:600+10+5\n$MAX_MOVES:320\nPI\n+\n");
    let tc = g.record.time_control.unwrap();
    assert_eq!(
        (tc.main, tc.byoyomi, tc.increment),
        (
            Seconds::whole(600),
            Some(Seconds::whole(10)),
            Some(Seconds::whole(5))
        )
    );
    assert_eq!(g.max_moves, Some(320));
    let g = one("V2.2\n$TIME_LIMIT:00:25+30\nPI\n+\n");
    let tc = g.record.time_control.unwrap();
    assert_eq!(
        (tc.main, tc.byoyomi),
        (Seconds::whole(1500), Some(Seconds::whole(30)))
    );
    let p = g.record.players;
    assert!(p.is_none());
}

#[test]
fn several_games() {
    let text = format!("{HEAD}+7776FU\n%TORYO\n/\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n");
    let imp = import(text.as_bytes(), None).unwrap();
    assert_eq!(imp.games.len(), 2);
    assert_eq!(imp.games[1].line, 9);
    assert_eq!(imp.games[1].record.events.len(), 2);
}

/// The `/` line between games (CSA V2.2, "several games in one file") is found with blanks
/// around it, an ideographic space included (the reader trims as Rust's `str::trim` does); a
/// line that only starts or ends with `/`, or holds it after a comment mark, is no separator
/// and is read as what it is (here: refused, as no CSA statement starts so).
#[test]
fn game_separator_forms() {
    for sep in ["/", " /", "/ ", "\t/\t", "\u{3000}/"] {
        let text = format!("{HEAD}+7776FU\n%TORYO\n{sep}\nPI\n+\n+2726FU\n%CHUDAN\n");
        let imp = import(text.as_bytes(), Some("csa")).unwrap();
        assert_eq!(imp.games.len(), 2, "separator {sep:?}");
    }
    for not_sep in ["//", "/x", "'/"] {
        let text = format!("{HEAD}+7776FU\n%TORYO\n{not_sep}\nPI\n+\n+2726FU\n%CHUDAN\n");
        let games = import(text.as_bytes(), Some("csa")).map(|imp| imp.games.len());
        assert_ne!(games.ok(), Some(2), "{not_sep:?} is no separator");
    }
}

#[test]
fn rule_illegal_moves_load_impossible_ones_do_not() {
    // Nifu: a second pawn on file 7 after 7g7f, 3c3d, 7f7e... sente drops a pawn it does not
    // have: impossible. A rule-illegal move (king walking into check) loads.
    let g = one("PI\n+\n+5958OU\n-2288UM\n+5848OU\n");
    assert_eq!(g.record.events.len(), 3);
    let err = import(b"PI\n+\n+7776FU\n-0055FU\n", Some("csa")).unwrap_err();
    assert_eq!((err.line, err.ply), (4, Some(2)));
    assert!(
        err.message.contains("not in gote's hand") || err.message.contains("hand"),
        "{err}"
    );
    let err = import(b"PI\n+\n+7675FU\n", Some("csa")).unwrap_err();
    assert_eq!((err.line, err.ply), (3, Some(1)));
    assert!(err.message.contains("no piece on 7f"), "{err}");
    let err = import(b"PI\n+\n-3334FU\n", Some("csa")).unwrap_err();
    assert!(err.message.contains("sente is to move"), "{err}");
}

#[test]
fn a_comment_may_follow_a_statement_after_a_comma() {
    // floodgate logs an engine's evaluation after the ending: `%KACHI,'* -5000 win`.
    let g = one(&format!("{HEAD}+7776FU\n-3334FU\n%KACHI,'* -5000 win\n"));
    let w = g.written.unwrap();
    assert_eq!(w.text, "%KACHI");
    assert_eq!(w.meaning.unwrap().kind, EndingKind::Declaration);
    // The older layout: padded time and comment fields on the move line, commas inside the
    // comment.
    let g = one(&format!(
        "{HEAD}+7776FU  ,T1  ,'T688 ,'(1) +2726FU, -8384FU\n-3334FU,T2\n%TORYO\n"
    ));
    assert_eq!(g.record.events.len(), 3);
    assert_eq!(g.record.events[0].time(), Some(Seconds::whole(1)));
    assert_eq!(g.record.events[1].time(), Some(Seconds::whole(2)));
}

/// A start no game could reach is refused with the rule it breaks, never judged: nine gote
/// pawns on file 2, one of them on its last rank (the 九歩 joke problem as Kifu for Windows
/// writes it).
#[test]
fn impossible_start_is_refused() {
    let text = "P-11OU21FU22FU23FU24FU25FU26FU27FU28FU29FU\nP+00HI00HI00KY00KY00KY00KY\nP-00GI00GI00GI00GI00KE00KE00KE00KE\n+\n+0013KY\n";
    let err = import(text.as_bytes(), Some("csa")).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("could not occur in a game"), "{msg}");
    assert!(msg.contains("3.11a") && msg.contains("3.2"), "{msg}");
    // A mate problem without the attacker's king is fine.
    assert!(import(b"P-11OU\nP+23KI\nP+00KI\nP-00AL\n+\n", Some("csa")).is_ok());
}

/// A CSA record with moves but no `PI` or `P1`..`P9` is read from the standard start, and the
/// output says the start was assumed.
#[test]
fn missing_start_is_assumed_and_said() {
    let g = one("N+a\nN-b\n+\n+7776FU\n-3334FU\n");
    assert_eq!(g.record.start, Start::Startpos);
    assert!(
        g.notes
            .iter()
            .any(|n| n.text.contains("standard start is assumed")),
        "{:?}",
        g.notes
    );
    assert!(one("PI\n+\n+7776FU\n").notes.is_empty());
}

/// A move the board cannot carry out is an error at its own line and ply, not later:
/// here the third move, on line 6, moves a pawn from an empty square.
#[test]
fn an_impossible_move_is_an_error_at_its_line() {
    let err = import(
        b"V2.2\nPI\n+\n+7776FU\n-3334FU\n+7775FU\n-8384FU\n+2726FU\n",
        Some("csa"),
    )
    .unwrap_err();
    assert_eq!(err.line, 6, "{err}");
    assert_eq!(err.ply, Some(3), "{err}");
    // The same with the time on the move's own line (`+7775FU,T3`).
    let err = import(b"PI\n+\n+7776FU,T1\n-3334FU,T1\n+7775FU,T3\n", Some("csa")).unwrap_err();
    assert_eq!(err.line, 5, "{err}");
}

/// One time header not understood leaves the clock unknown even when another was read (found
/// by the CSA fuzz target): no clock, and a note.
#[test]
fn one_unclear_time_header_means_no_clock() {
    let g = one("V2.2\n$TIME_LIMIT:00:25+00\n$TIME_LIMIT:0077777777777777777777\nPI\n+\n+7776FU\n");
    assert_eq!(g.record.time_control, None);
    assert!(
        g.notes.iter().any(|n| n.text.contains("not understood")),
        "{:?}",
        g.notes
    );
}
