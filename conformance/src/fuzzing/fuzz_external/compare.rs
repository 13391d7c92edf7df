//! A worker comparing the implementation's answers with the oracle's: a batch of questions
//! about the positions of its games (legal moves, status, every few plies perft 2 by root
//! move), each difference asked again alone before it counts, known ones looked past, and a
//! wrong perft walked down to the first differing node. Separate from playing the games
//! (`worker`), which needs only the oracle.

use shogi_oracle::Oracle;
use shogi_spec::{Answer, ImplError, PositionSpec, Query};
use shogi_spec::{position::Position, usi::Move};

use super::Finding;
use super::shrink::known;
use super::worker::{Played, Ply, Worker};
use crate::fuzzing::bisect::{bisect, compare_moves};
use crate::fuzzing::throughput::timed;
use shogi_oracle::MakeMove;

impl Worker<'_> {
    /// Asks the implementation about every position of `games` in one batch
    /// ([`Implementation::answer_batch`](shogi_spec::Implementation::answer_batch): an
    /// external engine keeps many requests in flight) and compares the answers in order; the
    /// first difference ends the comparison.
    pub(super) fn ask_and_compare(
        &mut self,
        games: &[Played],
        log: &mut dyn FnMut(&str),
    ) -> Option<(u64, Finding)> {
        // The queries, each with the game and ply it asks about.
        let mut queries = Vec::new();
        let mut of_ply = Vec::new();
        for (g, game) in games.iter().enumerate() {
            for (n, ply) in game.plies.iter().enumerate() {
                // Every eighth ply, perft 2 by root move: its divide lines are also the
                // position's move list, so that one request answers both.
                queries.push(if self.ask_perft && n % 8 == 4 {
                    Query::Divide(ply.spec.clone(), 2)
                } else {
                    Query::LegalMoves(ply.spec.clone())
                });
                of_ply.push((g, n));
                if self.ask_status {
                    queries.push(Query::Status(ply.spec.clone()));
                    of_ply.push((g, n));
                }
            }
        }
        let one_at_a_time = self.opts.one_at_a_time;
        let answers = timed(&mut self.t.implementation, || {
            if one_at_a_time {
                queries
                    .iter()
                    .map(|q| {
                        let answer = self.imp.answer_batch(std::slice::from_ref(q));
                        answer.into_iter().next().unwrap_or_else(|| {
                            Err(ImplError::Failed("no answer to a batch of one".into()))
                        })
                    })
                    .collect()
            } else {
                self.imp.answer_batch(&queries)
            }
        });
        let mut answers = of_ply
            .into_iter()
            .zip(queries.iter().zip(answers))
            .peekable();
        for (g, game) in games.iter().enumerate() {
            self.t.games += 1;
            for (n, ply) in game.plies.iter().enumerate() {
                self.t.positions += 1;
                let origin = || format!("seed {}, bias {}, ply {n}", game.seed, game.bias.name());
                let mut mine = Vec::with_capacity(3);
                while let Some((_, qa)) = answers.next_if(|(of, _)| *of == (g, n)) {
                    mine.push(qa);
                }
                if let Some(f) = self.check(ply, mine, &origin, log) {
                    return Some((game.game_no, f));
                }
                if self.cannot_list.is_some() {
                    return None;
                }
            }
        }
        None
    }

    /// Compares the answers about one position — legal moves, status, perft 2 — with the
    /// oracle's.
    fn check(
        &mut self,
        ply: &Ply,
        answers: Vec<(&Query, Result<Answer, ImplError>)>,
        origin: &dyn Fn() -> String,
        log: &mut dyn FnMut(&str),
    ) -> Option<Finding> {
        let (pos, spec, legal) = (&ply.position, &ply.spec, &ply.legal[..]);
        for (query, answer) in answers {
            match (query, answer) {
                (Query::LegalMoves(_), Ok(Answer::Moves(got))) => {
                    let f = self.compare_moves(pos, spec, legal, &got, origin, log);
                    if f.is_some() {
                        return f;
                    }
                }
                (Query::Status(_), Ok(Answer::Status(s))) => {
                    let want = timed(&mut self.t.oracle, || shogi_oracle::status(pos));
                    if s != want {
                        return Some(Finding {
                            position: spec.clone(),
                            missing: vec![],
                            extra: vec![],
                            status: Some((want, s)),
                            origin: origin(),
                        });
                    }
                }
                (Query::Divide(..), Ok(Answer::Divide(mut rows))) => {
                    // Sorted here, not trusted to be: the counts are looked up by move below.
                    rows.sort_unstable();
                    let got: Vec<String> = rows.iter().map(|(m, _)| m.clone()).collect();
                    let f = self.compare_moves(pos, spec, legal, &got, origin, log);
                    if f.is_some() {
                        return f;
                    }
                    // The same moves (or the oracle's and some known ones looked past): now
                    // each of the oracle's moves' count, its child's perft 1.
                    let counts_agree = timed(&mut self.t.oracle, || {
                        legal.iter().all(|m| {
                            let text = m.to_string();
                            rows.binary_search_by(|(t, _)| t.as_str().cmp(&text))
                                .is_ok_and(|i| rows[i].1 == shogi_oracle::perft(&pos.after(*m), 1))
                        })
                    });
                    if !counts_agree {
                        return self.perft_differs(spec, origin, log);
                    }
                }
                (Query::Status(_), Err(ImplError::Unsupported(why))) => {
                    if std::mem::take(&mut self.ask_status) {
                        log(&format!("not asking status: {why}"));
                    }
                }
                (Query::Divide(..), Err(ImplError::Unsupported(why))) => {
                    if std::mem::take(&mut self.ask_perft) {
                        log(&format!("not asking perft: {why}"));
                    }
                    // This ply's move list was to come from the divide: ask it alone.
                    let again = timed(&mut self.t.implementation, || self.imp.legal_moves(spec));
                    match again {
                        Ok(got) => {
                            let f = self.compare_moves(pos, spec, legal, &got, origin, log);
                            if f.is_some() {
                                return f;
                            }
                        }
                        Err(ImplError::Unsupported(why)) => self.cannot_list = Some(why),
                        Err(e) => log(&format!("{}: {e}", origin())),
                    }
                }
                (Query::LegalMoves(_), Err(ImplError::Unsupported(why))) => {
                    // Nothing to compare, ever: stop now rather than log it for every ply.
                    self.cannot_list = Some(why);
                    return None;
                }
                (Query::LegalMoves(_) | Query::Divide(..), Err(e)) => {
                    log(&format!("{}: {e}", origin()))
                }
                (_, Err(_)) => {}
                (q, Ok(a)) => log(&format!(
                    "{}: {} given when {} was asked",
                    origin(),
                    answered(&a),
                    asked(q)
                )),
            }
        }
        None
    }

    /// Compares one move list with the oracle's. A difference in an answer given in a batch
    /// is asked again alone before it is reported: the finding rests on the answer to that
    /// position alone.
    fn compare_moves(
        &mut self,
        pos: &Position,
        spec: &PositionSpec,
        legal: &[Move],
        got: &[String],
        origin: &dyn Fn() -> String,
        log: &mut dyn FnMut(&str),
    ) -> Option<Finding> {
        let want = usi_texts(legal, &mut self.texts);
        self.t.checked += 1;
        let (missing, extra) = compare_moves(want, got);
        if missing.is_empty() && extra.is_empty() {
            return None;
        }
        let again = timed(&mut self.t.implementation, || self.imp.legal_moves(spec));
        let (missing, extra) = match again {
            Ok(alone) => {
                let want = usi_texts(legal, &mut self.texts);
                let (m, e) = compare_moves(want, &alone);
                if m.is_empty() && e.is_empty() {
                    log(&format!(
                        "{}: the answer in a batch differed from the answer alone, which agrees with the oracle: {spec}",
                        origin()
                    ));
                    return None;
                }
                (m, e)
            }
            Err(e) => {
                log(&format!("{}: asked again alone: {e}", origin()));
                return None;
            }
        };
        if missing.is_empty()
            && timed(&mut self.t.oracle, || {
                known(pos, &extra, &self.opts.ignore)
                    || self.shared.caught.case_for(pos, &extra).is_some()
            })
        {
            self.t.ignored += 1;
            return None;
        }
        log(&format!(
            "divergence after {} positions ({}): {spec}",
            self.t.positions,
            origin()
        ));
        Some(Finding {
            position: spec.clone(),
            missing,
            extra,
            status: None,
            origin: origin(),
        })
    }

    /// Walks a wrong perft 2 down to the node where the move lists differ.
    fn perft_differs(
        &mut self,
        spec: &PositionSpec,
        origin: &dyn Fn() -> String,
        log: &mut dyn FnMut(&str),
    ) -> Option<Finding> {
        let d = bisect(self.imp, spec, 2).ok().flatten();
        let is_known = d.as_ref().is_some_and(|d| {
            d.missing.is_empty()
                && Oracle::lenient().setup(&d.position).is_ok_and(|p| {
                    known(&p, &d.extra, &self.opts.ignore)
                        || self.shared.caught.case_for(&p, &d.extra).is_some()
                })
        });
        if is_known {
            self.t.ignored += 1;
            return None;
        }
        let d = d?;
        log(&format!(
            "perft 2 differs ({}); first differing node: {}",
            origin(),
            d.position
        ));
        Some(Finding {
            position: d.position,
            missing: d.missing,
            extra: d.extra,
            status: None,
            origin: origin(),
        })
    }
}

/// `moves` as sorted USI strings, written into `buf`'s strings (kept from call to call, so
/// that once warm no string is allocated).
pub(super) fn usi_texts<'b>(moves: &[Move], buf: &'b mut Vec<String>) -> &'b [String] {
    use std::fmt::Write as _;
    if buf.len() < moves.len() {
        buf.resize(moves.len(), String::new());
    }
    for (m, text) in moves.iter().zip(buf.iter_mut()) {
        text.clear();
        // Writing into a String cannot fail.
        let _ = write!(text, "{m}");
    }
    let out = &mut buf[..moves.len()];
    out.sort_unstable();
    out
}

/// What a query asks for, in words, for the fuzz log.
fn asked(q: &Query) -> &'static str {
    match q {
        Query::LegalMoves(_) => "a legal-move list",
        Query::Perft(..) => "a perft count",
        Query::Status(_) => "a status",
        Query::Divide(..) => "a divide",
    }
}

/// What an answer is, in words, for the fuzz log.
fn answered(a: &Answer) -> &'static str {
    match a {
        Answer::Moves(_) => "a legal-move list",
        Answer::Nodes(_) => "a perft count",
        Answer::Status(_) => "a status",
        Answer::Divide(_) => "a divide",
    }
}
