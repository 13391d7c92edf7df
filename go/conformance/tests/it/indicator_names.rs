#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The names the runner prints for tie-break indicators (`Indicator::name`) are the names the
//! cases write (their serde names), for every indicator of every event kind's list (rfg TB2).

use go_oracle::tournament_events::{EventKind, Indicator, recommended_indicators};

#[test]
fn printed_names_are_the_case_names() {
    let kinds = [
        EventKind::RoundRobin,
        EventKind::TeamRoundRobin,
        EventKind::SwissRated,
        EventKind::SwissUnrated,
        EventKind::TeamSwiss,
        EventKind::Mcmahon,
    ];
    let extra = [Indicator::SumBuchholz, Indicator::AverageRating];
    for i in kinds
        .iter()
        .flat_map(|k| recommended_indicators(*k).iter())
        .chain(extra.iter())
    {
        let json = serde_json::to_value(i).unwrap();
        assert_eq!(json.as_str(), Some(i.name()));
        let back: Indicator = serde_json::from_value(json).unwrap();
        assert_eq!(back, *i);
    }
}
