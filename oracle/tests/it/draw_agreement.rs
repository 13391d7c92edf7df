#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! FESA 5.4: a draw agreement counts only while 5.2's repetition holds.

use shogi_oracle::game::adjudicate;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::{ReasonKind, Verdict};

const SHUFFLE: &str = "2h3h, 8b7b, 3h2h, 7b8b";

fn verdict(events: &str, profile: &str) -> Verdict {
    let record = Record::from_yaml(&format!("start: startpos\nevents: [{events}]\n")).unwrap();
    adjudicate(&record, &Profile::resolve(profile).unwrap())
        .unwrap()
        .verdict
}

#[test]
fn an_agreement_outside_repetition_changes_nothing() {
    assert_eq!(
        verdict("7g7f, {agree_draw: true}", "fesa-2017"),
        Verdict::Continues
    );
    let three = format!("{SHUFFLE}, {SHUFFLE}, {{agree_draw: true}}");
    assert_eq!(
        verdict(&three, "fesa-2017,repetition=on_claim"),
        Verdict::Continues
    );
}

#[test]
fn an_agreement_at_the_fourth_occurrence_is_a_repetition_draw_when_repetition_needs_a_claim() {
    let four = format!("{SHUFFLE}, {SHUFFLE}, {SHUFFLE}, {{agree_draw: true}}");
    assert!(
        matches!(verdict(&four, "fesa-2017,repetition=on_claim"), Verdict::Draw { reason } if reason.kind == ReasonKind::Repetition)
    );
}

#[test]
fn the_event_round_trips_and_refuses_false() {
    let record = Record::from_yaml("start: startpos\nevents: [{agree_draw: true}]\n").unwrap();
    assert!(record.to_yaml().contains("agree_draw: true"));
    assert!(Record::from_yaml("start: startpos\nevents: [{agree_draw: false}]\n").is_err());
}
