//! Divergences the corpus already catches: `fuzz` looks past them instead of stopping on them.
//!
//! A fuzzer that stops on the first divergence stops, against an engine with one known bug, on
//! that bug at once — Fairy-Stockfish's pawn-drop mates (FESA 3.11c) within a second — and
//! writes the same reproducer as a new case on every run. So before fuzzing, the
//! implementation is asked the move-list cases of the corpus (staging included, where earlier
//! findings go); every case it gets wrong by listing moves the oracle refuses records the
//! article of each refusal. A divergence made only of extra moves refused under such articles
//! is one the corpus already catches: it is counted and named with the case, and the fuzzer
//! looks on for something new for the time it was given. A missing move is never looked past:
//! which rule it breaks is not known.

use std::collections::BTreeMap;

use shogi_oracle::{Oracle, check_move, legal_moves};
use shogi_spec::Implementation;
use shogi_spec::{position::Position, usi::Move};

use crate::corpus::Corpus;
use crate::corpus::case::Expectation;

/// The articles under which the corpus already catches the implementation listing refused
/// moves, each with the first case that does (`ID SLUG`).
#[derive(Debug, Clone, Default)]
pub struct Caught {
    by_article: BTreeMap<String, String>,
}

/// The article under which the oracle refuses `mv` in `pos` (`None`: legal or unreadable).
fn refusal(pos: &Position, mv: &str) -> Option<String> {
    let mv = Move::parse(mv).ok()?;
    check_move(pos, mv)
        .err()
        .map(|why| why.article().as_str().to_owned())
}

impl Caught {
    /// Asks `imp` the move lists of the corpus's move-list cases and notes what it gets wrong.
    pub fn find(imp: &mut dyn Implementation, corpus: &Corpus) -> Caught {
        let mut by_article = BTreeMap::new();
        let oracle = Oracle::lenient();
        for case in &corpus.cases {
            let asks_moves = case
                .expectations
                .iter()
                .any(|(e, _)| matches!(e, Expectation::LegalMoves(_) | Expectation::Illegal(_)));
            let Some(spec) = case.position().filter(|_| asks_moves) else {
                continue;
            };
            let (Ok(pos), Ok(got)) = (oracle.setup(&spec), imp.legal_moves(&spec)) else {
                continue;
            };
            let legal: Vec<String> = legal_moves(&pos).iter().map(ToString::to_string).collect();
            for extra in got.iter().filter(|m| !legal.contains(m)) {
                if let Some(article) = refusal(&pos, extra) {
                    by_article
                        .entry(article)
                        .or_insert_with(|| format!("{} {}", case.id, case.slug));
                }
            }
        }
        Caught { by_article }
    }

    /// Whether nothing is caught.
    pub fn is_empty(&self) -> bool {
        self.by_article.is_empty()
    }

    /// The caught articles with their cases, for the log: `ARTICLE (case ID SLUG)`.
    pub fn describe(&self) -> String {
        self.by_article
            .iter()
            .map(|(a, c)| format!("{a} (case {c})"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The case that already catches a divergence of `extra` moves in `pos`, if every one of
    /// them is refused under an article some failing corpus case shows.
    pub fn case_for(&self, pos: &Position, extra: &[String]) -> Option<&str> {
        if extra.is_empty() || self.by_article.is_empty() {
            return None;
        }
        let mut case = None;
        for m in extra {
            let article = refusal(pos, m)?;
            case = Some(self.by_article.get(&article)?.as_str());
        }
        case
    }
}

/// What the corpus already catches the implementation at (see the module docs),
/// found before the clock starts; nothing when the corpus or the implementation cannot be had.
pub(crate) fn caught_by_corpus(
    make: &crate::fuzzing::fuzz_external::MakeImpl<'_>,
    opts: &crate::fuzzing::fuzz_external::FuzzOptions,
    log: &dyn Fn(&str),
) -> Caught {
    let (Ok(corpus), Ok(mut imp)) = (opts.corpus.load(), make()) else {
        return Caught::default();
    };
    let caught = Caught::find(imp.as_mut(), &corpus);
    if !caught.is_empty() {
        log(&format!(
            "the corpus already catches this implementation under {}: divergences made only of moves refused there are counted, not reported",
            caught.describe()
        ));
    }
    caught
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An implementation that lists every pseudo-legal pawn drop, mating ones included, as an
    /// engine that does not know FESA 3.11c does.
    struct NoUchifuzume(Oracle);

    impl Implementation for NoUchifuzume {
        fn name(&self) -> String {
            "no-uchifuzume".into()
        }
        fn legal_moves(
            &mut self,
            p: &shogi_spec::PositionSpec,
        ) -> Result<Vec<String>, shogi_spec::ImplError> {
            let mut moves = self.0.legal_moves(p)?;
            let pos = self
                .0
                .setup(p)
                .map_err(|e| shogi_spec::ImplError::InvalidPosition(e.to_string()))?;
            for f in 1..=9 {
                for r in 'a'..='i' {
                    let m = format!("P*{f}{r}");
                    if !moves.contains(&m) && refusal(&pos, &m).as_deref() == Some("fesa2017:3.11c")
                    {
                        moves.push(m);
                    }
                }
            }
            moves.sort();
            Ok(moves)
        }
        fn perft(
            &mut self,
            p: &shogi_spec::PositionSpec,
            d: u32,
        ) -> Result<u64, shogi_spec::ImplError> {
            self.0.perft(p, d)
        }
        fn divide(
            &mut self,
            p: &shogi_spec::PositionSpec,
            d: u32,
        ) -> Result<Vec<(String, u64)>, shogi_spec::ImplError> {
            self.0.divide(p, d)
        }
        fn status(
            &mut self,
            p: &shogi_spec::PositionSpec,
        ) -> Result<shogi_spec::Status, shogi_spec::ImplError> {
            self.0.status(p)
        }
    }

    #[test]
    fn the_corpus_catches_a_missing_uchifuzume_rule_and_nothing_else() {
        let corpus = crate::corpus::CorpusSource::BuiltIn.load().unwrap();
        let caught = Caught::find(&mut NoUchifuzume(Oracle::lenient()), &corpus);
        assert_eq!(
            caught.by_article.keys().collect::<Vec<_>>(),
            ["fesa2017:3.11c"]
        );
        let honest = Caught::find(&mut Oracle::lenient(), &corpus);
        assert!(honest.is_empty());
        // FESA 3.11c: the pawn drop on 1b mates (the README's example position).
        let oracle = Oracle::lenient();
        let pos = oracle
            .setup(&shogi_spec::PositionSpec::parse("7lk/7p1/8G/9/9/9/9/9/K8 b P 1").unwrap())
            .unwrap();
        assert!(caught.case_for(&pos, &["P*1b".into()]).is_some());
        assert!(
            caught
                .case_for(&pos, &["P*1b".into(), "P*5e".into()])
                .is_none()
        );
        assert!(caught.case_for(&pos, &[]).is_none());
    }
}
