#![allow(clippy::unwrap_used)]
//! What a record's written times are evidence of (issue 51.5; the registry's decision on
//! `fesa2017:8.1`): each reader sets the resolution its format writes and the writer's rounding
//! where it is documented.

use shogi_records::import;
use shogi_spec::record::{ClaimKind, Event, Rounding, Seconds, TimeEvidence};

fn times(text: &str, ext: &str) -> TimeEvidence {
    import(text.as_bytes(), Some(ext))
        .unwrap()
        .games
        .remove(0)
        .record
        .times
}

const KIF_81DOJO: &str = "場所：81Dojo\n持ち時間：5分+30秒\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:30/)\n   2  Time-up   ( 0:0/)\n";

/// KIF writes whole seconds; 81Dojo does not say how it rounds; its record is the server's.
#[test]
fn kif_is_whole_seconds_of_undocumented_rounding_by_the_clock_of_record() {
    let t = times(KIF_81DOJO, "kif");
    assert_eq!(t.resolution, Seconds::whole(1));
    assert_eq!(t.rounding, Rounding::Undocumented);
    assert!(t.clock_of_record);
}

/// 81Dojo's `Time-up ( 0:0/)`: the zero is no reading of the losing turn, so the time-up is a
/// claim without a time, which the reader drops (a recorded finding).
#[test]
fn a_zero_on_a_time_loss_line_is_no_time() {
    let game = import(KIF_81DOJO.as_bytes(), Some("kif"))
        .unwrap()
        .games
        .remove(0);
    assert!(
        !game.record.events.iter().any(|e| matches!(
            e,
            Event::Claim {
                claim: ClaimKind::Flag,
                ..
            }
        )),
        "{:?}",
        game.record.events
    );
}

/// CSA V2.2 writes whole seconds; shogi-server's log (its `'Least_Time_Per_Move:` line) is
/// the clock's own charge (time_clock.rb floors and decides on the floored value); V3.0 writes
/// milliseconds.
#[test]
fn csa_resolution_and_shogi_servers_charged_seconds() {
    let v2 = times("V2.2\n$TIME_LIMIT:00:00+30\nPI\n+\n+7776FU\nT30\n", "csa");
    assert_eq!(v2.resolution, Seconds::whole(1));
    assert_eq!(v2.rounding, Rounding::Undocumented);
    let server = times(
        "V2\n'Least_Time_Per_Move:0\n$TIME_LIMIT:00:00+30\nPI\n+\n+7776FU\nT30\n",
        "csa",
    );
    assert_eq!(server.resolution, Seconds::whole(1));
    assert_eq!(server.rounding, Rounding::Charged);
    let v3 = times("V3.0\n$TIME:0+30+0\nPI\n+\n+7776FU\nT30.125\n", "csa");
    assert_eq!(v3.resolution, Seconds::millis(1));
}

/// Without a clock no rule reads a written time (FESA 8.1): the record states no evidence, so
/// an implementation that reads no clock is asked nothing new.
#[test]
fn a_record_without_a_clock_states_no_evidence() {
    let v2 = times("V2.2\nPI\n+\n+7776FU\nT30\n", "csa");
    assert_eq!(v2, TimeEvidence::EXACT);
}

/// The YAML record states its times exactly unless it says otherwise.
#[test]
fn yaml_times_are_exact_by_default() {
    let t = times("events: [{move: 7g7f, time: 30}]\n", "yaml");
    assert_eq!(t, TimeEvidence::EXACT);
}
