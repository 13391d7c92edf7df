#![allow(clippy::unwrap_used)]
//! Clock readings within their evidence (issue 51.5; the registry's decision on
//! `fesa2017:8.1`): the explanation says what the written times showed when they do not decide.
//! The verdicts are the corpus's (`games/clock-evidence.yaml`); here, the notes beside them.

use shogi_oracle::game::adjudicate;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::{Color, ReasonKind, Verdict};

const SERVER: &str = "time_control: {main: 0, byoyomi: 30}\ntimes: {resolution: 1, rounding: undocumented, clock_of_record: true}\n";

fn judge(events: &str, profile: &str) -> shogi_spec::Judgement {
    let record = Record::from_yaml(&format!("{SERVER}events: [{events}]\n")).unwrap();
    adjudicate(&record, &Profile::resolve(profile).unwrap()).unwrap()
}

fn facts(j: &shogi_spec::Judgement) -> String {
    j.explanation
        .iter()
        .map(|s| s.fact.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// 31 s written of 30 s, then the server times two more moves: under the automatic flag of
/// ufs-2016 the overrun is a note naming side, excess and ply, and Gote's resignation decides.
#[test]
fn an_overrun_the_server_played_on_is_a_note() {
    let j = judge(
        "{move: 7g7f, time: 31}, {move: 3c3d, time: 5}, {move: 2g2f, time: 10}, {resign: gote, time: 3}",
        "ufs-2016",
    );
    assert!(
        matches!(j.verdict, Verdict::Win { winner: Color::Sente, ref reason } if reason.kind == ReasonKind::Resignation),
        "{:?}",
        j.verdict
    );
    let facts = facts(&j);
    assert!(
        facts.contains("the written times put sente 1s over at ply 1")
            && facts.contains("played on"),
        "{facts}"
    );
    assert_eq!(facts.matches("played on").count(), 1, "noted once: {facts}");
}

/// The same overrun with nothing timed after it decides: Gote wins on time, and the
/// explanation reads the written time with its resolution.
#[test]
fn an_overrun_with_nothing_after_it_decides() {
    let j = judge(
        "{move: 7g7f, time: 31}, {claim: flag, by: gote, time: 2}",
        "ufs-2016",
    );
    assert!(
        matches!(j.verdict, Verdict::Win { winner: Color::Gote, ref reason } if reason.kind == ReasonKind::FlagFall),
        "{:?}",
        j.verdict
    );
    let facts = facts(&j);
    assert!(facts.contains("31s written in whole seconds"), "{facts}");
    assert!(!facts.contains("played on"), "{facts}");
}

/// 30 s written of 30 s: no fall, and a note says why, once for the side.
#[test]
fn a_whole_second_at_the_limit_is_noted_not_judged() {
    let j = judge(
        "{move: 7g7f, time: 30}, {move: 3c3d, time: 30}, {move: 2g2f, time: 30}, {resign: gote, time: 1}",
        "ufs-2016",
    );
    assert!(
        matches!(
            j.verdict,
            Verdict::Win {
                winner: Color::Sente,
                ..
            }
        ),
        "{:?}",
        j.verdict
    );
    let facts = facts(&j);
    assert_eq!(
        facts.matches("sente's move").count(),
        1,
        "once for sente: {facts}"
    );
    assert!(facts.contains("gote's move 2 is written as 30s"), "{facts}");
}
