//! Running cases: each expectation of a case is asked of the implementation under test through
//! [`GoImplementation`]; the questions an engine cannot be asked (the end of the main game,
//! the arbiter's cycles, clocks, late arrival, resignation, and the article behind a refusal)
//! are checked only when the subject is the reference oracle.

use go_oracle::Oracle;
use go_oracle::clock::{Byoyomi, TimeControl};
use go_oracle::outcome::{self, Outcome};
use go_spec::{
    BoardState, Color, GameSpec, GoImplError, GoImplementation, GoProfile, Point, parse_diagram,
};

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

/// What every check of one case is asked against: its expectations and game, the oracle under
/// its profile (the article behind a refusal is the oracle's to say), and whether the subject
/// is that oracle (some questions only it can be asked).
struct Asking<'a> {
    expect: &'a crate::case::Expect,
    game: &'a GameSpec,
    oracle: &'a Oracle,
    is_oracle: bool,
}

impl Asking<'_> {
    /// Whether a question citing `article` is the oracle's alone while the subject is not it:
    /// GTP has no end of game.
    fn end_only(&self, article: &str) -> bool {
        !self.is_oracle && article == GAME_OVER
    }
}

/// Why a case could not be asked at all: an error of the case (its setup or profile; lint
/// reports it too), or an answer that is an error (the implementation broke). Never a failure.
#[derive(Debug, thiserror::Error)]
enum AskError {
    /// The case's setup does not describe a game.
    #[error("setup error (lint reports it too): {0}")]
    Setup(crate::case::CaseError),
    /// The case names a profile that cannot be resolved.
    #[error("{0}")]
    Profile(crate::case::CaseError),
    /// The case's expected board does not read as a diagram.
    #[error("board_after: {0}")]
    BoardAfter(go_spec::DiagramError),
    /// The implementation answered with an error.
    #[error("{0}")]
    Implementation(GoImplError),
}

/// Runs one case.
pub fn run_case(case: &Case, subject: &mut Subject<'_>) -> Checked {
    let (game, profile) = match game_and_profile(case) {
        Ok(both) => both,
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
    let asking = Asking {
        expect: &case.expect,
        game: &game,
        oracle: &oracle,
        is_oracle,
    };
    let mut c = Checks::default();
    match ask_all(case, &asking, imp, &mut c) {
        Ok(()) => verdict(c),
        Err(e) => Checked::Error {
            reason: e.to_string(),
        },
    }
}

/// The case's game and profile; a case whose setup is broken is an error (lint reports it
/// too), never a failure of the implementation.
fn game_and_profile(case: &Case) -> Result<(GameSpec, GoProfile), AskError> {
    let game = case.game().map_err(AskError::Setup)?;
    let profile = case.profile().map_err(AskError::Profile)?;
    Ok((game, profile))
}

/// Asks every expectation of the case in order: the game, the board after it, the legality
/// questions, the count, then the oracle's own questions. An answer that is an error (the
/// implementation broke, or the case cannot be read) ends the case as an error.
fn ask_all(
    case: &Case,
    asking: &Asking<'_>,
    imp: &mut dyn GoImplementation,
    c: &mut Checks,
) -> Result<(), AskError> {
    let replayed = replay_game(asking, imp, c);
    check_refusal(asking, replayed.as_ref(), c)?;
    if let Some(Ok(state)) = &replayed {
        check_board(asking, state, c)?;
    }
    for q in &asking.expect.legal {
        check_legality(asking, q, imp, c)?;
    }
    if let Some(want) = &asking.expect.score {
        check_score(asking.game, want, imp, c)?;
    }
    let oracle_only = asking.expect.oracle_only();
    if oracle_only && !asking.is_oracle {
        c.skipped.push(
            "end, phase, colour, arbiter, clock, late, resignation, tournament and pairing questions (oracle only)"
                .to_owned(),
        );
    } else if oracle_only {
        oracle_checks(case, asking.oracle, asking.game, c);
    }
    Ok(())
}

/// The game itself, played through by the implementation; `None` when the refusal the case
/// expects is one an engine cannot be asked (a move after the end of the game).
fn replay_game(
    asking: &Asking<'_>,
    imp: &mut dyn GoImplementation,
    c: &mut Checks,
) -> Option<Result<BoardState, GoImplError>> {
    let expect = asking.expect;
    let replayed = match &expect.illegal {
        Some(want) if asking.end_only(&want.article) => {
            c.skipped.push(
                "a move after the end of the game (GTP has no end of game; oracle only)".to_owned(),
            );
            None
        }
        _ => Some(imp.replay(asking.game)),
    };
    // An implementation that played every move but cannot show the board says so with
    // `Unsupported` (GoImplementation::replay): the game was accepted, the board is not asked.
    if let Some(Err(GoImplError::Unsupported(what))) = &replayed
        && (!expect.board_after.is_empty() || expect.prisoners.is_some())
    {
        c.skipped.push(format!("the board after the moves: {what}"));
    }
    replayed
}

/// The game refused at the expected move (citing the expected article, when the oracle is
/// asked), or played through when no refusal is expected.
fn check_refusal(
    asking: &Asking<'_>,
    replayed: Option<&Result<BoardState, GoImplError>>,
    c: &mut Checks,
) -> Result<(), AskError> {
    match (&asking.expect.illegal, replayed) {
        (_, None) | (None, Some(Err(GoImplError::Unsupported(_)))) => {}
        (Some(want), Some(Err(GoImplError::Illegal { ply, reason, .. }))) => {
            c.check(*ply == want.ply, || {
                format!(
                    "refused move {ply} instead of move {} of the case",
                    want.ply
                )
            });
            if asking.is_oracle {
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
        (_, Some(Err(e))) => return Err(AskError::Implementation(e.clone())),
        (None, Some(Ok(_))) => {}
    }
    Ok(())
}

/// The stones and prisoners after the moves, against the case's diagram and counts.
fn check_board(asking: &Asking<'_>, state: &BoardState, c: &mut Checks) -> Result<(), AskError> {
    let expect = asking.expect;
    if !expect.board_after.is_empty() {
        let mut want =
            parse_diagram(asking.game.size, &expect.board_after).map_err(AskError::BoardAfter)?;
        want.sort_by_key(|(p, _)| *p);
        let mut got = state.stones.clone();
        got.sort_by_key(|(p, _)| *p);
        c.check(got == want, || {
            format!("board after the moves differs: {}", diff(&want, &got))
        });
    }
    if let Some(want) = expect.prisoners {
        c.check(state.prisoners == want, || {
            format!(
                "prisoners: Black {}, White {}; expected Black {}, White {}",
                state.prisoners[0], state.prisoners[1], want[0], want[1]
            )
        });
    }
    Ok(())
}

/// One legality question: asked of the implementation (for the side not to move, after the
/// side to move passes), and for an expected refusal, the article the oracle cites.
fn check_legality(
    asking: &Asking<'_>,
    q: &crate::case::LegalCheck,
    imp: &mut dyn GoImplementation,
    c: &mut Checks,
) -> Result<(), AskError> {
    let game = asking.game;
    let colour = q.colour.unwrap_or_else(|| game.to_move());
    if q.article.as_deref().is_some_and(|a| asking.end_only(a)) {
        c.skipped.push(format!(
            "whether {colour} {} is legal after the end of the game (oracle only)",
            q.mv
        ));
        return Ok(());
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
        Err(e) => return Err(AskError::Implementation(e.clone())),
    }
    if let (true, false, Some(article)) = (asking.is_oracle, q.legal, &q.article) {
        check_cited_article(asking.oracle, &asked, colour, q.mv, article, c);
    }
    Ok(())
}

/// The article the oracle cites when it refuses `colour`'s `mv` after `asked`.
fn check_cited_article(
    oracle: &Oracle,
    asked: &GameSpec,
    colour: Color,
    mv: go_spec::Move,
    article: &str,
    c: &mut Checks,
) {
    if let Ok(mut g) = oracle.replay_game(asked) {
        let cited = g.play(colour, mv).err().map(|v| v.article);
        c.check(cited == Some(article), || match cited {
            Some(got) => format!("{colour} {mv} refused citing {got}, expected {article}"),
            None => format!("{colour} {mv} allowed, expected a refusal by {article}"),
        });
    }
}

/// The count of the game with the case's dead stones, and the result it gives.
fn check_score(
    game: &GameSpec,
    want: &crate::case::ScoreCheck,
    imp: &mut dyn GoImplementation,
    c: &mut Checks,
) -> Result<(), AskError> {
    match imp.score(game, &want.dead) {
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
        Err(e) => return Err(AskError::Implementation(e.clone())),
    }
    Ok(())
}

/// The case's outcome from its checks: a failure names every check that disagreed; a case
/// with no check run is skipped, saying why.
fn verdict(c: Checks) -> Checked {
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

/// The questions only the oracle can be asked: the end phase, how the game ended, clocks,
/// late arrival, resignation, impossible moves, tournament indicators, tie-breaks and pairing.
fn oracle_checks(case: &Case, oracle: &Oracle, game: &GameSpec, c: &mut Checks) {
    let expect = &case.expect;
    if let Some(want) = &expect.end_phase {
        end_phase_check(want, oracle, game, c);
    }
    game_end_checks(expect, oracle, game, c);
    if let Some(q) = &expect.clock {
        clock_check(q, c);
    }
    if let Some(q) = &expect.late {
        late_check(q, c);
    }
    if let Some(q) = &expect.resign {
        resign_check(q, c);
    }
    if let Some(q) = &expect.impossible {
        impossible_check(q, c);
    }
    if let Some(q) = &expect.tournament {
        tournament_check(q, c);
    }
    tie_break_checks(expect, c);
    if let Some(q) = &expect.mcmahon {
        for (ok, message) in crate::pairing_case::checks(q) {
            c.check(ok, || message);
        }
    }
}

/// How the main game stands after its moves (ended, phase, wrong colour, a cycle for the
/// arbiter); a game that does not replay fails these questions when any is asked.
fn game_end_checks(expect: &crate::case::Expect, oracle: &Oracle, game: &GameSpec, c: &mut Checks) {
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
        Ok(played) => played_checks(expect, &played, c),
    }
}

/// The answers of the replayed game to the case's end questions.
fn played_checks(expect: &crate::case::Expect, played: &go_oracle::play::Game, c: &mut Checks) {
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

/// Seconds of a case in milliseconds, as the clock counts them.
fn ms(s: f64) -> u64 {
    // Seconds in a case are small and non-negative; rounding to ms is exact enough.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let v = (s * 1000.0).round().max(0.0) as u64;
    v
}

/// The case's time control in the clock's terms.
fn time_control(q: &crate::case::ClockCheck) -> TimeControl {
    let byoyomi = match (q.per_move, q.per_period) {
        (Some(s), _) => Byoyomi::PerMove { period_ms: ms(s) },
        (None, Some((s, moves))) => Byoyomi::PerPeriod {
            period_ms: ms(s),
            moves,
        },
        (None, None) => Byoyomi::None,
    };
    TimeControl {
        main_ms: ms(q.main),
        byoyomi,
    }
}

/// Who loses on time, and at which move, against the case's answer (a case that gives no
/// move accepts any).
fn clock_check(q: &crate::case::ClockCheck, c: &mut Checks) {
    let tc = time_control(q);
    // The times spent, Black first and alternating.
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

/// The outcome when players arrive late (or not at all), against the case's word for it.
fn late_check(q: &crate::case::LateCheck, c: &mut Checks) {
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

/// A resignation's outcome: the other side wins by resignation.
fn resign_check(q: &crate::case::ResignCheck, c: &mut Checks) {
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

/// The extra minutes and the loser after impossible moves.
fn impossible_check(q: &crate::case::ImpossibleCheck, c: &mut Checks) {
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

/// Every indicator the case expects of every entrant, from the oracle's tournament table.
fn tournament_check(q: &crate::case::TournamentCheck, c: &mut Checks) {
    match go_oracle::tournament::indicators(&q.entrants, &q.games, &q.byes) {
        Ok(table) => {
            for (name, wanted) in &q.expect {
                let got = table.get(name).and_then(|i| serde_json::to_value(i).ok());
                for (indicator, want) in wanted {
                    let value = got.as_ref().and_then(|v| v.get(indicator));
                    indicator_check(name, indicator, value, *want, c);
                }
            }
        }
        Err(e) => c.check(false, || e.to_string()),
    }
}

/// One entrant's indicator: `value` as the table has it (absent when the entrant has no such
/// indicator), against the case's number (`None`: the indicator decides nothing).
fn indicator_check(
    name: &str,
    indicator: &str,
    value: Option<&serde_json::Value>,
    want: Option<f64>,
    c: &mut Checks,
) {
    let number = value.and_then(serde_json::Value::as_f64);
    let known = value.is_some();
    #[allow(clippy::float_cmp)] // sums of halves: exact in binary
    let same = known && number == want;
    let words =
        |v: Option<f64>| v.map_or("none (it decides nothing)".to_owned(), |v| v.to_string());
    c.check(same, || {
        if known {
            format!(
                "{name}'s {indicator}: {}, expected {}",
                words(number),
                words(want)
            )
        } else {
            format!("{name} has no {indicator}, expected {}", words(want))
        }
    });
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
