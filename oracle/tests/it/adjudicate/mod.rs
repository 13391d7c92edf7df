#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! Whole-game verdicts, one rule of adjudication at a time, each for both colours and,
//! for 5.3, on both sides of every threshold.
//!
//! A module per subject: the end of the game by mate, resignation, repetition
//! and perpetual check ([`endings`]), entering kings ([`entering_kings`]: the 5.3 declaration and
//! the UFS impasse count), clocks ([`clocks`], article 8), fouls ([`fouls`], article 9), and
//! handicaps, records that cannot be judged and the server move limit
//! ([`handicaps_and_errors`]). The helpers below are shared by all of them.

mod clocks;
mod endings;
mod entering_kings;
mod fouls;
mod handicaps_and_errors;

use rstest::rstest;
use shogi_oracle::game::adjudicate;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::record::Seconds;
use shogi_spec::{Color, STARTPOS_SFEN, Verdict};

/// Judges a record under a profile spec and writes the verdict briefly:
/// `win sente checkmate`, `draw repetition`, `continues`, `annulled wrong_setup`.
fn judge(yaml: &str, profile: &str) -> String {
    let record = Record::from_yaml(yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let profile = Profile::resolve(profile).unwrap();
    let j = adjudicate(&record, &profile).unwrap_or_else(|e| panic!("{e}"));
    let kind = |r: &shogi_spec::Reason| serde_norway::to_string(&r.kind).unwrap().trim().to_owned();
    match &j.verdict {
        Verdict::Win { winner, reason } => format!("win {winner} {}", kind(reason)),
        Verdict::Draw { reason } => format!("draw {}", kind(reason)),
        Verdict::Annulled { reason } => format!("annulled {}", kind(reason)),
        Verdict::Continues => "continues".into(),
    }
}

fn record(start: &str, events: &str) -> String {
    format!("start: '{start}'\nevents: [{events}]\n")
}

fn clocked(start: &str, tc: &str, events: &str) -> String {
    format!("start: '{start}'\ntime_control: {tc}\nevents: [{events}]\n")
}

const FESA: &str = "fesa-2017";
const UFS: &str = "ufs-2016";
const CSA: &str = "csa-computer";

// Positions and moves that more than one subject plays out (mate and repetition, with and
// without clocks).

/// Sente drops a gold on 1b, defended from 2c: mate. Gote's mirror drops on 9h.
const SENTE_MATES: &str = "8k/9/7G1/9/9/9/9/9/K8 b G 1";
const GOTE_MATES: &str = "k8/9/9/9/9/9/7g1/9/8K w g 1";

const ROOK_SHUFFLE: &str = "2h3h, 8b7b, 3h2h, 7b8b";

fn cycles(prefix: &str, cycle: &str, n: usize, extra: &[&str]) -> String {
    let mut moves: Vec<String> = prefix
        .split(", ")
        .filter(|m| !m.is_empty())
        .map(str::to_owned)
        .collect();
    for _ in 0..n {
        moves.extend(cycle.split(", ").map(str::to_owned));
    }
    moves.extend(extra.iter().map(|m| (*m).to_owned()));
    moves.join(", ")
}
