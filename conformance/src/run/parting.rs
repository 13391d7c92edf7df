//! Where a wrong verdict on a game record comes from: the shortest beginning of the record on
//! which the implementation's verdict already differs from the reference oracle's.
//!
//! A verdict case asks for one answer at the end of a record, so "expected gote wins by
//! perpetual check; got game continues" names neither the position nor the move at which the
//! two readings of the game part. After such a failure the runner asks both again about the
//! record cut after its first event, then its first two, and so on, and reports the first cut
//! at which they differ: the start, the moves up to there, and the two answers. Only failed
//! verdicts pay for this (one more question per event, at most [`MAX_EVENTS`]); the oracle's
//! answers locate the difference, they never decide the case (its expectation is the corpus's).

use serde::Serialize;
use shogi_spec::record::Event;
use shogi_spec::record::Record;
use shogi_spec::{Implementation, Verdict};

use crate::corpus::yaml::Yaml;

/// Records longer than this are not searched (a real game of 300 moves would cost 300
/// questions for one failure); their failure is reported without the parting point.
pub const MAX_EVENTS: usize = 400;

/// The first beginning of a record on which an implementation and the oracle give different
/// verdicts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Parting {
    /// The position the game starts from, as SFEN (the record's `setup` if it has one).
    pub start: String,
    /// How many events of the record the cut keeps.
    pub events: usize,
    /// The moves among them: the ply at which the answers part is `moves.len()`.
    pub moves: Vec<String>,
    /// The oracle's verdict on that beginning.
    pub oracle: String,
    /// The implementation's verdict on it.
    pub answer: String,
}

impl Parting {
    /// The ply at which the answers part (the moves played by then).
    pub fn ply(&self) -> usize {
        self.moves.len()
    }
}

/// The start of a record as SFEN, for reports of any record case; `None` when the record does
/// not read.
pub fn start_sfen(record: &Yaml) -> Option<String> {
    let record = Record::from_yaml(&record.to_text()).ok()?;
    Some(shogi_spec::sfen::format(&record.initial_position()))
}

/// Whether two verdicts say the same thing: result, winner and the kind of reason (the article
/// an implementation names is its own affair, as in [`crate::corpus::case::ExpectedVerdict`]).
fn same(a: &Verdict, b: &Verdict) -> bool {
    match (a, b) {
        (
            Verdict::Win {
                winner: w,
                reason: r,
            },
            Verdict::Win {
                winner: x,
                reason: s,
            },
        ) => w == x && r.kind == s.kind,
        (Verdict::Draw { reason: r }, Verdict::Draw { reason: s })
        | (Verdict::Annulled { reason: r }, Verdict::Annulled { reason: s }) => r.kind == s.kind,
        (Verdict::Continues, Verdict::Continues) => true,
        _ => false,
    }
}

/// Finds where `imp`'s verdicts on the beginnings of `record` first differ from the oracle's,
/// under `profile`. `None` when the record does not read, is longer than [`MAX_EVENTS`], the
/// implementation declines or fails on a beginning, or no beginning differs.
pub fn find(imp: &mut dyn Implementation, record: &Yaml, profile: &str) -> Option<Parting> {
    let whole = Record::from_yaml(&record.to_text()).ok()?;
    let count = whole.events.len();
    if count == 0 || count > MAX_EVENTS {
        return None;
    }
    let start = shogi_spec::sfen::format(&whole.initial_position());
    let mut oracle = shogi_oracle::Oracle::lenient();
    for cut in 1..=count {
        let text = record.truncate_list("events", cut)?.to_text();
        let expected = oracle.adjudicate(&text, profile).ok()?;
        let actual = imp.adjudicate(&text, profile).ok()?;
        if !same(&expected, &actual) {
            let moves = whole.events[..cut]
                .iter()
                .filter_map(|e| match e {
                    Event::Move { mv, .. } => Some(mv.0.to_string()),
                    _ => None,
                })
                .collect();
            return Some(Parting {
                start,
                events: cut,
                moves,
                oracle: expected.to_string(),
                answer: actual.to_string(),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::{ImplError, PositionSpec, Status};

    /// Knows no perpetual check: every record it is given continues.
    struct Continues;

    impl Implementation for Continues {
        fn name(&self) -> String {
            "continues".into()
        }
        fn legal_moves(&mut self, _: &PositionSpec) -> Result<Vec<String>, ImplError> {
            Err(ImplError::Unsupported("no".into()))
        }
        fn status(&mut self, _: &PositionSpec) -> Result<Status, ImplError> {
            Err(ImplError::Unsupported("no".into()))
        }
        fn perft(&mut self, _: &PositionSpec, _: u32) -> Result<u64, ImplError> {
            Err(ImplError::Unsupported("no".into()))
        }
        fn divide(&mut self, _: &PositionSpec, _: u32) -> Result<Vec<(String, u64)>, ImplError> {
            Err(ImplError::Unsupported("no".into()))
        }
        fn adjudicate(&mut self, _: &str, _: &str) -> Result<Verdict, ImplError> {
            Ok(Verdict::Continues)
        }
    }

    /// FESA 3.12: Sente's rook checks on every move while the start occurs a fourth time (at
    /// ply 12), so the game ends there and no earlier: the answers part at ply 12.
    #[test]
    fn a_perpetual_check_parts_at_the_fourth_occurrence() {
        let cycle = "[4e5e, 5a4a, 5e4e, 4a5a]";
        let text = format!(
            "start: \"4k4/9/9/9/5R3/9/9/9/4K4 b - 1\"\nplayers: {{sente: A, gote: B}}\nevents: {}",
            cycle.replace(']', ", 4e5e, 5a4a, 5e4e, 4a5a, 4e5e, 5a4a, 5e4e, 4a5a]")
        );
        let record = Yaml::parse(&text).unwrap();
        let p = find(&mut Continues, &record, "fesa-2017").expect("the answers part");
        assert_eq!(p.ply(), 12);
        assert_eq!(p.events, 12);
        assert_eq!(p.start, "4k4/9/9/9/5R3/9/9/9/4K4 b - 1");
        assert_eq!(p.moves[..4], ["4e5e", "5a4a", "5e4e", "4a5a"]);
        assert_eq!(p.answer, "game continues");
        assert!(p.oracle.contains("perpetual"), "{}", p.oracle);
    }

    #[test]
    fn an_unreadable_record_has_no_parting() {
        let record = Yaml::parse("events: [zz]").unwrap();
        assert_eq!(find(&mut Continues, &record, "fesa-2017"), None);
        assert_eq!(start_sfen(&record), None);
    }
}
