//! Running cases: each expectation of a case is asked of the implementation under test through
//! [`GoImplementation`]; the questions an engine cannot be asked (the end of the main game,
//! the arbiter's cycles, clocks, late arrival, resignation, and the article behind a refusal)
//! are checked only when the subject is the reference oracle.

use go_oracle::Oracle;
use go_oracle::clock::{Byoyomi, TimeControl};
use go_oracle::outcome::{self, Outcome};
use go_spec::{Color, GoImplError, GoImplementation, Point, parse_diagram};

use crate::case::Case;

/// What is being certified.
pub enum Subject<'a> {
    /// The reference oracle, under each case's profile.
    Oracle,
    /// Any other implementation.
    External(&'a mut dyn GoImplementation),
}

/// How one case went: the core's outcome, with the messages of the checks that disagreed as
/// a failure's detail.
pub type Checked = conformance_core::report::Checked<Vec<String>>;

/// Checks collected for one case.
#[derive(Default)]
struct Checks {
    ran: usize,
    skipped: Vec<String>,
    failures: Vec<String>,
}

impl Checks {
    fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        self.ran += 1;
        if !ok {
            self.failures.push(message());
        }
    }
}

/// The article that refuses a move once the game is finished (rfg 7.2 commentary). GTP has no
/// end of game, so an engine is not asked about it: such a question is the oracle's alone.
const GAME_OVER: &str = "rfg:7.2";

/// Runs one case.
pub fn run_case(case: &Case, subject: &mut Subject<'_>) -> Checked {
    let game = match case.game() {
        Ok(g) => g,
        Err(e) => {
            return Checked::Error {
                reason: format!("setup error (lint reports it too): {e}"),
            };
        }
    };
    let profile = match case.profile() {
        Ok(p) => p,
        Err(e) => {
            return Checked::Error {
                reason: e.to_string(),
            };
        }
    };
    let oracle = Oracle::new(profile.clone());
    let mut own = Oracle::new(profile);
    let is_oracle = matches!(subject, Subject::Oracle);
    let imp: &mut dyn GoImplementation = match subject {
        Subject::Oracle => &mut own,
        Subject::External(imp) => &mut **imp,
    };
    let expect = &case.expect;
    let mut c = Checks::default();

    // The game itself: refused at the expected move, or played through.
    let end_only = |article: &str| !is_oracle && article == GAME_OVER;
    let replayed = match &expect.illegal {
        Some(want) if end_only(&want.article) => {
            c.skipped.push(
                "a move after the end of the game (GTP has no end of game; oracle only)".to_owned(),
            );
            None
        }
        _ => Some(imp.replay(&game)),
    };
    // An implementation that played every move but cannot show the board says so with
    // `Unsupported` (GoImplementation::replay): the game was accepted, the board is not asked.
    if let Some(Err(GoImplError::Unsupported(what))) = &replayed
        && (!expect.board_after.is_empty() || expect.prisoners.is_some())
    {
        c.skipped.push(format!("the board after the moves: {what}"));
    }
    match (&expect.illegal, &replayed) {
        (_, None) | (None, Some(Err(GoImplError::Unsupported(_)))) => {}
        (Some(want), Some(Err(GoImplError::Illegal { ply, reason, .. }))) => {
            c.check(*ply == want.ply, || {
                format!(
                    "refused move {ply} instead of move {} of the case",
                    want.ply
                )
            });
            if is_oracle {
                c.check(reason.contains(&want.article), || {
                    format!(
                        "the refusal says `{reason}`, expected it to cite {}",
                        want.article
                    )
                });
            }
        }
        (Some(want), Some(Ok(_) | Err(GoImplError::Unsupported(_)))) => c.check(false, || {
            format!(
                "accepted the game; move {} should be refused by {}",
                want.ply, want.article
            )
        }),
        (None, Some(Err(GoImplError::Illegal { ply, reason, .. }))) => {
            c.check(false, || {
                format!("refused move {ply} of the case: {reason}")
            });
        }
        (_, Some(Err(e))) => {
            return Checked::Error {
                reason: e.to_string(),
            };
        }
        (None, Some(Ok(_))) => {}
    }
    if let Some(Ok(state)) = &replayed {
        if !expect.board_after.is_empty() {
            match parse_diagram(game.size, &expect.board_after) {
                Ok(mut want) => {
                    want.sort_by_key(|(p, _)| *p);
                    let mut got = state.stones.clone();
                    got.sort_by_key(|(p, _)| *p);
                    c.check(got == want, || {
                        format!("board after the moves differs: {}", diff(&want, &got))
                    });
                }
                Err(e) => {
                    return Checked::Error {
                        reason: format!("board_after: {e}"),
                    };
                }
            }
        }
        if let Some(want) = expect.prisoners {
            c.check(state.prisoners == want, || {
                format!(
                    "prisoners: Black {}, White {}; expected Black {}, White {}",
                    state.prisoners[0], state.prisoners[1], want[0], want[1]
                )
            });
        }
    }
    for q in &expect.legal {
        let colour = q.colour.unwrap_or_else(|| game.to_move());
        if q.article.as_deref().is_some_and(end_only) {
            c.skipped.push(format!(
                "whether {colour} {} is legal after the end of the game (oracle only)",
                q.mv
            ));
            continue;
        }
        // The side not to move gets the turn once the side to move passes (rfg 1.1, 3.1b).
        let mut asked = game.clone();
        if colour != game.to_move() {
            asked.play(go_spec::Move::Pass);
        }
        match imp.is_legal(&asked, q.mv) {
            Ok(legal) => c.check(legal == q.legal, || {
                format!(
                    "{colour} {} judged {}, expected {}",
                    q.mv,
                    word(legal),
                    word(q.legal)
                )
            }),
            Err(GoImplError::Unsupported(what)) => c.skipped.push(what),
            Err(e) => {
                return Checked::Error {
                    reason: e.to_string(),
                };
            }
        }
        if let (true, false, Some(article)) = (is_oracle, q.legal, &q.article) {
            if let Ok(mut g) = oracle.replay_game(&asked) {
                let cited = g.play(colour, q.mv).err().map(|v| v.article);
                c.check(cited == Some(article.as_str()), || match cited {
                    Some(got) => {
                        format!("{colour} {} refused citing {got}, expected {article}", q.mv)
                    }
                    None => format!("{colour} {} allowed, expected a refusal by {article}", q.mv),
                });
            }
        }
    }
    if let Some(want) = &expect.score {
        match imp.score(&game, &want.dead) {
            Ok(s) => {
                c.check((s.black, s.white) == (want.black, want.white), || {
                    format!(
                        "count {}–{}, expected {}–{}",
                        s.black, s.white, want.black, want.white
                    )
                });
                c.check(s.sgf_result() == want.result, || {
                    format!("result {}, expected {}", s.sgf_result(), want.result)
                });
            }
            Err(GoImplError::Unsupported(what)) => c.skipped.push(what),
            Err(e) => {
                return Checked::Error {
                    reason: e.to_string(),
                };
            }
        }
    }
    let oracle_only = expect.oracle_only();
    if oracle_only && !is_oracle {
        c.skipped.push(
            "end, phase, colour, arbiter, clock, late, resignation, tournament and pairing questions (oracle only)"
                .to_owned(),
        );
    } else if oracle_only {
        oracle_checks(case, &oracle, &game, &mut c);
    }
    if !c.failures.is_empty() {
        Checked::Fail(c.failures)
    } else if c.ran == 0 {
        Checked::Skip {
            reason: if c.skipped.is_empty() {
                "no expectation".to_owned()
            } else {
                c.skipped.join("; ")
            },
        }
    } else {
        Checked::Pass
    }
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// An outcome in words, for a report.
fn outcome_words(o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => format!("{winner} wins ({})", reason.article()),
        Outcome::Draw => "a draw".to_owned(),
        Outcome::BothLose => "both lose".to_owned(),
        Outcome::Arbiter => "for the arbiter".to_owned(),
    }
}

/// The end phase the judge plays from the case's last position (rfg 7.1, 7.2), checked
/// against the case's count.
fn end_phase_check(
    want: &crate::case::EndPhaseCheck,
    oracle: &Oracle,
    game: &go_spec::GameSpec,
    c: &mut Checks,
) {
    use go_oracle::end_phase::{Order, StepKind, play_out};
    let mut played = match oracle.replay_game(game) {
        Ok(p) => p,
        Err(e) => {
            c.check(false, || format!("the game does not replay: {e}"));
            return;
        }
    };
    for (mine, before) in played.prisoners.iter_mut().zip(want.prisoners_before) {
        *mine += before;
    }
    let end = match play_out(&played, &want.dead, Order::ToMove) {
        Ok(end) => end,
        Err(e) => {
            c.check(false, || format!("the end phase cannot be played: {e}"));
            return;
        }
    };
    let got = [
        end.count.territory[0] + end.count.prisoners[0],
        end.count.territory[1] + end.count.prisoners[1],
    ];
    c.check(got == [want.black, want.white], || {
        format!(
            "after the end phase Black {} and White {}, expected {} and {}",
            got[0], got[1], want.black, want.white
        )
    });
    let result = end.count.score(game.komi, game.is_handicap()).sgf_result();
    c.check(result == want.result, || {
        format!(
            "result after the end phase {result}, expected {}",
            want.result
        )
    });
    if let Some(first) = &want.first_stone {
        let stone = end
            .steps
            .iter()
            .find(|s| s.kind != StepKind::MainPass && s.mv != go_spec::Move::Pass)
            .map(|s| format!("{} {}", s.colour.sgf_letter(), s.mv));
        c.check(stone.as_deref() == Some(first.as_str()), || {
            format!(
                "first stone of the end phase {}, expected {first}",
                stone.as_deref().unwrap_or("none")
            )
        });
    }
}

fn oracle_checks(case: &Case, oracle: &Oracle, game: &go_spec::GameSpec, c: &mut Checks) {
    let expect = &case.expect;
    if let Some(want) = &expect.end_phase {
        end_phase_check(want, oracle, game, c);
    }
    let game_questions = expect.ended.is_some()
        || expect.phase.is_some()
        || expect.wrong_colour.is_some()
        || expect.arbiter.is_some();
    match oracle.replay_game(game) {
        Err(e) if game_questions => {
            c.check(false, || {
                format!("the game does not replay, so its end cannot be asked: {e}")
            });
        }
        Err(_) => {}
        Ok(played) => {
            if let Some(want) = expect.ended {
                let got = played.ended_at.is_some();
                c.check(got == want, || {
                    format!(
                        "main game ended: {}, expected {}",
                        yes_no(got),
                        yes_no(want)
                    )
                });
            }
            if let Some(want) = expect.phase {
                let got = played.phase();
                c.check(got == want, || {
                    format!("phase {}, expected {}", got.name(), want.name())
                });
            }
            if let Some(want) = expect.wrong_colour {
                let got = played.wrong_colour_start;
                c.check(got == want, || {
                    format!(
                        "begun with the wrong colour (rfg 13.2): {}, expected {}",
                        yes_no(got),
                        yes_no(want)
                    )
                });
            }
            if let Some(want) = expect.arbiter {
                let got = played.repeated;
                c.check(got == want, || {
                    format!(
                        "cycle for the arbiter: {}, expected {}",
                        yes_no(got),
                        yes_no(want)
                    )
                });
            }
        }
    }
    if let Some(q) = &expect.clock {
        let ms = |s: f64| -> u64 {
            // Seconds in a case are small and non-negative; rounding to ms is exact enough.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let v = (s * 1000.0).round().max(0.0) as u64;
            v
        };
        let byoyomi = match (q.per_move, q.per_period) {
            (Some(s), _) => Byoyomi::PerMove { period_ms: ms(s) },
            (None, Some((s, moves))) => Byoyomi::PerPeriod {
                period_ms: ms(s),
                moves,
            },
            (None, None) => Byoyomi::None,
        };
        let tc = TimeControl {
            main_ms: ms(q.main),
            byoyomi,
        };
        let moves: Vec<(Color, u64)> = q
            .spent
            .iter()
            .enumerate()
            .map(|(i, s)| {
                (
                    if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    ms(*s),
                )
            })
            .collect();
        let got = tc.loser(&moves);
        let want = q.loser.map(|l| (l, q.ply.unwrap_or(0)));
        let same = match (got, want) {
            (Some((gl, gp)), Some((wl, wp))) => gl == wl && (wp == 0 || gp == wp),
            (None, None) => true,
            _ => false,
        };
        let words = |x: Option<(Color, usize)>| match x {
            Some((loser, 0)) => format!("{loser} loses on time"),
            Some((loser, ply)) => format!("{loser} loses on time at move {ply}"),
            None => "nobody loses on time".to_owned(),
        };
        c.check(same, || format!("{}, expected {}", words(got), words(want)));
    }
    if let Some(q) = &expect.late {
        let tc = TimeControl {
            main_ms: (q.main_minutes * 60_000.0) as u64,
            byoyomi: Byoyomi::None,
        };
        let loses =
            |late: Option<f64>| late.is_none_or(|m| tc.late_arrival_loses((m * 60_000.0) as u64));
        let got = match outcome::by_late_arrival(loses(q.black), loses(q.white)) {
            None => "play_on".to_owned(),
            Some(Outcome::BothLose) => "both_lose".to_owned(),
            Some(Outcome::Win { winner, .. }) => winner.to_string(),
            Some(other) => outcome_words(other),
        };
        c.check(got == q.outcome, || {
            format!("late arrival: {got}, expected {}", q.outcome)
        });
    }
    if let Some(q) = &expect.resign {
        let got = outcome::by_resignation(q.resigns);
        let want = Outcome::Win {
            winner: q.winner,
            reason: outcome::WinReason::Resignation,
        };
        c.check(got == want, || {
            format!(
                "resignation: {}, expected {}",
                outcome_words(got),
                outcome_words(want)
            )
        });
    }
    if let Some(q) = &expect.impossible {
        let (extra, loser) = outcome::impossible_moves(&q.by);
        c.check((extra, loser) == (q.extra_minutes, q.loser), || {
            let words = |extra: [u32; 2], loser: Option<Color>| {
                format!(
                    "Black {} extra minutes, White {}, {}",
                    extra[0],
                    extra[1],
                    loser.map_or("nobody loses".to_owned(), |l| format!("{l} loses"))
                )
            };
            format!(
                "impossible moves: {}; expected {}",
                words(extra, loser),
                words(q.extra_minutes, q.loser)
            )
        });
    }
    if let Some(q) = &expect.tournament {
        match go_oracle::tournament::indicators(&q.entrants, &q.games, &q.byes) {
            Ok(table) => {
                for (name, wanted) in &q.expect {
                    let got = table.get(name).and_then(|i| serde_json::to_value(i).ok());
                    for (indicator, want) in wanted {
                        let value = got.as_ref().and_then(|v| v.get(indicator));
                        let number = value.and_then(serde_json::Value::as_f64);
                        let known = value.is_some();
                        #[allow(clippy::float_cmp)] // sums of halves: exact in binary
                        let same = known && number == *want;
                        let words = |v: Option<f64>| {
                            v.map_or("none (it decides nothing)".to_owned(), |v| v.to_string())
                        };
                        c.check(same, || {
                            if known {
                                format!(
                                    "{name}'s {indicator}: {}, expected {}",
                                    words(number),
                                    words(*want)
                                )
                            } else {
                                format!("{name} has no {indicator}, expected {}", words(*want))
                            }
                        });
                    }
                }
            }
            Err(e) => c.check(false, || e.to_string()),
        }
    }
    tie_break_checks(expect, c);
    if let Some(q) = &expect.mcmahon {
        for (ok, message) in crate::pairing_case::checks(q) {
            c.check(ok, || message);
        }
    }
}

/// Team match points and the choice of indicators (rfg TB1.1.2, TB2), asked of the oracle.
fn tie_break_checks(expect: &crate::case::Expect, c: &mut Checks) {
    use go_oracle::tournament_events::{check_choice, match_points, recommended_indicators};
    for m in &expect.match_points {
        let got = match_points(m.scored, m.boards);
        c.check(got == m.match_points, || {
            format!(
                "{} board points of {} boards: {got} match points, expected {}",
                m.scored, m.boards, m.match_points
            )
        });
    }
    let names = |list: &[go_oracle::tournament_events::Indicator]| {
        list.iter().map(|i| i.name()).collect::<Vec<_>>().join(", ")
    };
    if let Some(r) = &expect.recommended {
        let got = recommended_indicators(r.event);
        c.check(got == r.indicators.as_slice(), || {
            format!(
                "recommended indicators: [{}], expected [{}]",
                names(got),
                names(&r.indicators)
            )
        });
    }
    if let Some(q) = &expect.tie_break_choice {
        let got = check_choice(&q.chosen);
        c.check(got.is_ok() == q.allowed, || match &got {
            Ok(()) => format!("[{}] is allowed, expected refused", names(&q.chosen)),
            Err(e) => format!("[{}] is refused ({e}), expected allowed", names(&q.chosen)),
        });
    }
}

fn word(legal: bool) -> &'static str {
    if legal { "legal" } else { "illegal" }
}

fn diff(want: &[(Point, Color)], got: &[(Point, Color)]) -> String {
    let missing: Vec<String> = want
        .iter()
        .filter(|s| !got.contains(s))
        .map(|(p, c)| format!("{c} {p}"))
        .collect();
    let extra: Vec<String> = got
        .iter()
        .filter(|s| !want.contains(s))
        .map(|(p, c)| format!("{c} {p}"))
        .collect();
    format!(
        "missing [{}], unexpected [{}]",
        missing.join(", "),
        extra.join(", ")
    )
}
