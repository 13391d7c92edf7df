#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The repetition cycles of `games/repetition-cycles.yaml` catch the bugs they were written for
//! (issue 43.4): a deliberately simple adjudicator that finds the fourth occurrence of a
//! position but decides perpetual check from the last cycle alone calls the checks that began
//! after the first occurrence perpetual check, and one that looks for cycles of at most 16
//! plies misses the twenty-ply cycle. The oracle passes all three (corpus_run).

use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::run::case_run::{Checked, run_case};
use shogi_oracle::MakeMove;
use shogi_oracle::Oracle;
use shogi_spec::position::Position;
use shogi_spec::{
    ArticleId, FesaId as _, ImplError, Implementation, PositionSpec, Reason, ReasonKind, Status,
    Verdict,
};
use shogi_spec::{record::Event, record::Record};

/// A repetition-only adjudicator with one of two bugs.
struct BuggyRepetition {
    /// Perpetual check decided from the moves between the third and the fourth occurrence.
    last_cycle_only: bool,
    /// The longest cycle looked for, in plies.
    max_cycle: usize,
}

fn same(a: &Position, b: &Position) -> bool {
    a.same_position(b)
}

impl Implementation for BuggyRepetition {
    fn name(&self) -> String {
        "buggy-repetition".into()
    }
    fn legal_moves(&mut self, p: &PositionSpec) -> Result<Vec<String>, ImplError> {
        Oracle::lenient().legal_moves(p)
    }
    fn perft(&mut self, p: &PositionSpec, d: u32) -> Result<u64, ImplError> {
        Oracle::lenient().perft(p, d)
    }
    fn divide(&mut self, p: &PositionSpec, d: u32) -> Result<Vec<(String, u64)>, ImplError> {
        Oracle::lenient().divide(p, d)
    }
    fn status(&mut self, p: &PositionSpec) -> Result<Status, ImplError> {
        Oracle::lenient().status(p)
    }

    fn adjudicate(&mut self, record_yaml: &str, _: &str) -> Result<Verdict, ImplError> {
        let record = Record::from_yaml(record_yaml).map_err(|e| ImplError::Failed(e.message))?;
        let mut positions = vec![record.initial_position()];
        // Whether each move (index k: the move that made positions[k + 1]) gave check.
        let mut checks = Vec::new();
        for e in &record.events {
            let Event::Move { mv, .. } = e else { continue };
            let before = *positions.last().unwrap();
            let after = before.after(mv.0);
            checks.push(shogi_oracle::article1_check::in_check(
                &after,
                after.side_to_move(),
            ));
            positions.push(after);
            let now = positions.len() - 1;
            let earlier: Vec<usize> = (0..now)
                .filter(|&k| same(&positions[k], &after) && now - k <= self.max_cycle * 3)
                .collect();
            if earlier.len() < 3 || now - earlier[earlier.len() - 1] > self.max_cycle {
                continue;
            }
            let first = if self.last_cycle_only {
                earlier[earlier.len() - 1]
            } else {
                earlier[earlier.len() - 3]
            };
            // Moves first+1 ..= now; the mover of move k is the side to move in positions[k].
            for checker in [shogi_spec::Color::Sente, shogi_spec::Color::Gote] {
                let mine: Vec<bool> = (first..now)
                    .filter(|&k| positions[k].side_to_move() == checker)
                    .map(|k| checks[k])
                    .collect();
                if !mine.is_empty() && mine.iter().all(|c| *c) {
                    return Ok(Verdict::Win {
                        winner: !checker,
                        reason: Reason {
                            kind: ReasonKind::PerpetualCheck,
                            article: ArticleId::fesa("3.12"),
                        },
                    });
                }
            }
            return Ok(Verdict::Draw {
                reason: Reason {
                    kind: ReasonKind::Repetition,
                    article: ArticleId::fesa("5.2"),
                },
            });
        }
        Ok(Verdict::Continues)
    }
}

fn outcomes(imp: &mut BuggyRepetition) -> Vec<(String, bool)> {
    let corpus = Corpus::load(&default_root()).unwrap();
    corpus
        .cases
        .iter()
        .filter(|c| c.file.to_string_lossy().contains("repetition-cycles"))
        .map(|c| {
            let r = run_case(imp, c, "fesa-2017").unwrap();
            (c.slug.clone(), matches!(r.outcome(), Checked::Pass))
        })
        .collect()
}

#[test]
fn perpetual_check_from_the_last_cycle_alone_fails_the_late_checks_case() {
    let got = outcomes(&mut BuggyRepetition {
        last_cycle_only: true,
        max_cycle: 1000,
    });
    for (slug, passed) in &got {
        let expected = slug != "checks-beginning-after-the-first-occurrence-are-no-perpetual-check";
        assert_eq!(*passed, expected, "{slug}");
    }
    assert_eq!(got.len(), 3);
}

#[test]
fn cycles_of_at_most_sixteen_plies_miss_the_long_cycle() {
    let got = outcomes(&mut BuggyRepetition {
        last_cycle_only: false,
        max_cycle: 16,
    });
    for (slug, passed) in &got {
        let expected = slug != "repetition-of-a-twenty-ply-cycle";
        assert_eq!(*passed, expected, "{slug}");
    }
    assert_eq!(got.len(), 3);
}
