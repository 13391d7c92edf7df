#![allow(clippy::unwrap_used)]
//! Round trips: format → record → format → record gives the same record. The verdict handed to
//! the writer is the oracle's (the writer needs one to choose the ending word); what is
//! asserted is only that nothing is lost or changed on the way, which does not depend on it.

use rstest::rstest;
use shogi_oracle::game::adjudicate;
use shogi_records::{Format, export, import};
use shogi_spec::profile::Profile;

fn game(text: &str, ext: &str) -> shogi_records::Game {
    import(text.as_bytes(), Some(ext)).unwrap().games.remove(0)
}

fn round_trip(source: &str, ext: &str, to: Format, profile: &str) {
    let first = game(source, ext);
    let verdict = adjudicate(&first.record, &Profile::resolve(profile).unwrap())
        .unwrap()
        .verdict;
    let written = export::write(&first.record, &verdict, to).unwrap();
    let second = import(written.as_bytes(), Some(to.name()))
        .unwrap()
        .games
        .remove(0);
    let mut a = first.record.clone();
    let b = second.record.clone();
    if to == Format::Jkf {
        a.time_control = None; // JKF does not carry the time control.
    }
    assert_eq!(a, b, "{to}:\n{written}");
    // And the second generation writes the same text.
    let again = export::write(&second.record, &verdict, to).unwrap();
    assert_eq!(written, again);
}

const RESIGN: &str = "V2.2\nN+Alice\nN-Bob\nPI\n+\n+7776FU\nT12\n-3334FU\nT5\n+8822UM\nT3\n-3122GI\nT7\n+0045KA\nT30\n-2233GI\nT2\n%TORYO\nT40\n";
const HANDICAP: &str = "PI82HI\n-\n-3334FU\nT1\n+7776FU\nT2\n-2288UM\n%TORYO\n";
const MATE: &str = "P1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  * +KI * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9+OU *  *  *  *  *  *  *  * \nP+00KI\nP-00AL\n+\n+0012KI\nT4\n%TSUMI\n";
const DECLARE: &str = "PI\n+\n+7776FU\n-3334FU\n%KACHI\nT1\n";
const REPEAT: &str = "PI\n+\n+5948OU\n-5142OU\n+4859OU\n-4251OU\n+5948OU\n-5142OU\n+4859OU\n-4251OU\n+5948OU\n-5142OU\n+4859OU\n-4251OU\n%SENNICHITE\n";
const TIME_UP: &str = "$TIME_LIMIT:00:01+00\nPI\n+\n+7776FU\nT30\n-3334FU\nT20\n%TIME_UP\nT31\n";
// 9: a second unpromoted sente pawn on file 7 (nifu, FESA 3.11a), claimed at once.
const ILLEGAL: &str = "PI\n+\n+7776FU\n-3334FU\n+7675FU\n-5152OU\n+7574FU\n-5251OU\n+7473FU\n-5152OU\n+0077FU\n%ILLEGAL_MOVE\n";

#[rstest]
#[case::resign(RESIGN)]
#[case::handicap(HANDICAP)]
#[case::mate(MATE)]
#[case::repetition(REPEAT)]
#[case::illegal(ILLEGAL)]
fn csa_kif_jkf_yaml(
    #[case] source: &str,
    #[values(Format::Csa, Format::Kif, Format::Jkf, Format::Yaml)] to: Format,
) {
    round_trip(source, "csa", to, "fesa-2017");
}

/// A failed declaration is written as the declaration (KIF 入玉宣言), which reads back as one.
#[rstest]
#[case::declare(DECLARE)]
fn declaration(
    #[values(Format::Csa, Format::Kif, Format::Jkf, Format::Yaml)] to: Format,
    #[case] source: &str,
) {
    round_trip(source, "csa", to, "fesa-2017");
}

#[rstest]
#[case::time_up(TIME_UP)]
fn clocked(#[case] source: &str, #[values(Format::Csa, Format::Kif, Format::Yaml)] to: Format) {
    round_trip(source, "csa", to, "csa-computer");
}

#[test]
fn kif_source() {
    let kif = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 ２二角成(88)   ( 0:03/00:00:04)\n   4 同　銀(31)   ( 0:04/00:00:06)\n   5 投了   ( 0:10/00:00:14)\nまで4手で後手の勝ち\n";
    for to in [Format::Csa, Format::Kif, Format::Jkf, Format::Yaml] {
        round_trip(kif, "kif", to, "fesa-2017");
    }
}

/// Found by fuzzing: a line starting with a sign and a multi-byte character made format
/// detection slice inside a character.
#[test]
fn detection_survives_multibyte_text_after_a_sign() {
    for text in ["-先手：山田\n", "+毬ｩ\n", "---J始日時：2026/11/01 10:00\n"] {
        let _ = import(text.as_bytes(), None);
    }
}

/// Times to the millisecond (a `match` with a sub-second clock, CSA V3.0): CSA and YAML keep
/// them; KIF writes whole seconds, fractions dropped — and its time-up where its own clock runs
/// out, so that the verdict read back is the same. Here (3 s main time, no byo-yomi) Sente has
/// used 2.7 s in three moves of 0.9 s when Gote claims the flag 0.4 s into Sente's fourth turn:
/// 2.7 + 0.4 ≥ 3, the flag is down (FESA 8.1, 8.9), Gote wins. Dropping the fractions, KIF's
/// clock has used none of the 3 s: a time-up written at 0.4 s would read as a claim made in
/// time.
#[test]
fn millisecond_times_give_the_same_verdict_in_every_format() {
    const MS: &str = "V3.0\n$TIME:3+0+0\nPI\n+\n+7776FU\nT0.9\n-3334FU\nT0.1\n+2726FU\nT0.9\n-8384FU\nT0.1\n+2625FU\nT0.9\n-8485FU\nT0.1\n%TIME_UP\nT0.4\n";
    let first = game(MS, "csa");
    let profile = Profile::resolve("fesa-2017").unwrap();
    let verdict = adjudicate(&first.record, &profile).unwrap().verdict;
    assert!(
        matches!(&verdict, shogi_spec::Verdict::Win { winner: shogi_spec::Color::Gote, reason } if reason.kind == shogi_spec::ReasonKind::FlagFall),
        "{verdict:?}"
    );
    for to in [Format::Csa, Format::Kif, Format::Yaml] {
        let written = export::write(&first.record, &verdict, to).unwrap();
        let again = import(written.as_bytes(), Some(to.name()))
            .unwrap()
            .games
            .remove(0);
        let judged = adjudicate(&again.record, &profile).unwrap().verdict;
        assert_eq!(judged, verdict, "{to}:\n{written}");
        if to != Format::Kif {
            assert_eq!(again.record, first.record, "{to} keeps the milliseconds");
        }
    }
    let kif = export::write(&first.record, &verdict, Format::Kif).unwrap();
    assert!(kif.contains("持ち時間：3秒\n"), "{kif}");
    assert!(kif.contains("#消費時間は秒未満を切り捨てています"), "{kif}");
    assert!(
        kif.contains("切れ負け   ( 0:03/"),
        "time-up when KIF's clock runs out: {kif}"
    );
}

/// A record in which the game ended before its last move (here a declaration, FESA 5.3, made
/// before sente's first move, then moves; found by the `record_csa` fuzz target): the notations
/// write the end of a game after its last move, so writing it would move the declaration to
/// the end and change the position it was judged in. Every notation refuses and names the
/// event; YAML, which keeps events in order, writes it.
#[rstest]
fn an_end_before_a_move_is_refused_not_moved(
    #[values(Format::Csa, Format::Kif, Format::Ki2, Format::Jkf)] to: Format,
) {
    // No reader gives such a record any more (a CSA move after `%KACHI` is refused, issue 51
    // item 6), but a YAML record or a program may hold one: build it from the moves.
    let mut first = game("PI\n+\n+5958OU\n-3334FU\n", "csa");
    first.record.events.insert(
        0,
        shogi_spec::record::Event::Declare {
            player: shogi_spec::Color::Sente,
            time: None,
        },
    );
    let verdict = adjudicate(&first.record, &Profile::default())
        .unwrap()
        .verdict;
    let error = export::write(&first.record, &verdict, to).unwrap_err();
    assert_eq!(
        error,
        export::ExportError::EventBeforeMove {
            event: 1,
            what: "sente declares".into(),
            ply: 1,
        },
        "{to}"
    );
    assert!(
        error
            .to_string()
            .starts_with("event 1 (sente declares) comes before move 1:")
    );
    let yaml = export::write(&first.record, &verdict, Format::Yaml).unwrap();
    assert_eq!(
        shogi_spec::record::Record::from_yaml(&yaml).unwrap(),
        first.record
    );
}
