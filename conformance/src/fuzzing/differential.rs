//! Differential checks: the reference oracle against the bitboard engine.
//!
//! Shared by the property tests (`conformance/tests/it/differential_checks/differential.rs`) and the libFuzzer
//! targets (`fuzz/`). Every check returns a [`Divergence`] naming both answers, and
//! [`Divergence::case_yaml`] turns one into a corpus case to paste: the position or game, a
//! `# divergence:` comment with both answers, and an expectation *placeholder* — an
//! expectation must be written by hand from the articles, never copied from either
//! implementation (see `corpus/README.md`).

use shogi_bitboard::game::{self as egame, Repetition};
use shogi_oracle::MakeMove;
use shogi_oracle::game::adjudicate;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::record::{Event, Sfen, Start, UsiMove};
use shogi_spec::{Color, ReasonKind, Status, Verdict};
use shogi_spec::{position::Position, sfen, usi::Move};

/// Where a game can start: the initial position and every standard handicap (UFS 5.9.5).
pub fn starts() -> Vec<(&'static str, &'static str)> {
    let mut v = vec![("startpos", shogi_spec::STARTPOS_SFEN)];
    v.extend(
        shogi_spec::handicap::Handicap::ALL
            .iter()
            .map(|h| (h.name(), h.sfen())),
    );
    v
}

/// What the game-level comparison needs of a case: a game, or just a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// A position reached by `moves` from `start` (an SFEN).
    Position {
        /// The start, as SFEN.
        start: String,
        /// USI moves played from it.
        moves: Vec<String>,
    },
    /// A whole game record (the `shogi-conformance judge` format).
    Record(Box<Record>),
}

/// Oracle and engine disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// What was compared, e.g. `legal moves`.
    pub what: String,
    /// The oracle's answer.
    pub oracle: String,
    /// The engine's answer.
    pub engine: String,
    /// Where.
    pub subject: Subject,
}

impl Divergence {
    fn new(
        what: &str,
        oracle: impl Into<String>,
        engine: impl Into<String>,
        subject: Subject,
    ) -> Divergence {
        Divergence {
            what: what.to_owned(),
            oracle: oracle.into(),
            engine: engine.into(),
            subject,
        }
    }

    /// The divergence as a corpus case to paste into `corpus/staging/`, with the expectation
    /// left for a human to fill in from the articles.
    pub fn case_yaml(&self) -> String {
        let mut out = String::new();
        out.push_str("# Minimal counterexample: oracle and engine disagree. Paste into a corpus file, then\n");
        out.push_str("# REPLACE the expectation placeholder with the answer the FESA articles give, worked out\n");
        out.push_str(
            "# by hand: an expectation must never be copied from either implementation's output.\n",
        );
        out.push_str(
            "# Make an id with `shogi-conformance new-id`, pick refs and tags, and lint.\n",
        );
        out.push_str(&format!("# divergence: {}\n", self.what));
        for (who, text) in [("oracle", &self.oracle), ("engine", &self.engine)] {
            for (i, line) in text.lines().enumerate() {
                out.push_str(&format!(
                    "#   {}: {line}\n",
                    if i == 0 { who } else { "      " }
                ));
            }
        }
        out.push_str("  - id: 00000000   # TODO: shogi-conformance new-id\n");
        out.push_str("    slug: differential-counterexample\n");
        out.push_str(&format!(
            "    title: \"TODO: what the rules say here ({})\"\n",
            self.what.replace('"', "'")
        ));
        out.push_str("    articles: [fesa2017:TODO]\n    tags: []\n    setup:\n");
        match &self.subject {
            Subject::Position { start, moves } => {
                out.push_str(&format!("      position: \"{start}\"\n"));
                if !moves.is_empty() {
                    out.push_str(&format!("      moves: [{}]\n", moves.join(", ")));
                }
                out.push_str("    expect:\n");
                let key = if self.what.starts_with("status") {
                    "status"
                } else if self.what.starts_with("perft") {
                    "perft"
                } else {
                    "legal_moves"
                };
                out.push_str(&format!("      - {key}: TODO   # fill in from the articles, not from either implementation\n"));
            }
            Subject::Record(record) => {
                out.push_str("      record:\n");
                for line in record.to_yaml().lines() {
                    out.push_str(&format!("        {line}\n"));
                }
                out.push_str("    expect:\n");
                out.push_str("      - verdict: TODO   # {result: …, winner: …, reason: …} from the articles\n");
            }
        }
        out
    }
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.case_yaml())
    }
}

fn status_of_engine(pos: &shogi_bitboard::Position) -> Status {
    match (pos.in_check(), shogi_bitboard::count_legal(pos) > 0) {
        (false, true) => Status::Normal,
        (true, true) => Status::Check,
        (true, false) => Status::Checkmate,
        (false, false) => Status::NoLegalMoves,
    }
}

/// The engine refuses a position or a move the oracle made: the text, and the engine's reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("engine rejects `{text}`: {reason}")]
pub struct EngineRejects {
    /// The SFEN or USI move.
    pub text: String,
    /// The engine's reason.
    pub reason: String,
}

/// The engine's copy of an oracle position, through SFEN.
pub fn to_engine(pos: &Position) -> Result<shogi_bitboard::Position, EngineRejects> {
    let text = sfen::format(pos);
    shogi_bitboard::Position::from_sfen(&text).map_err(|e| EngineRejects {
        text: text.clone(),
        reason: e.to_string(),
    })
}

/// Compares oracle and engine on one position (`subject` says where it came from): SFEN round
/// trips in both, the legal moves, the status, and — on the engine alone — that make/unmake
/// restores the position and its hash and that the incremental hash equals a fresh one.
/// `perft_depth` > 1 also compares perft to that depth.
pub fn compare_position(
    pos: &Position,
    perft_depth: u32,
    subject: impl Fn() -> Subject,
) -> Result<(), Divergence> {
    let text = sfen::format(pos);
    // Oracle SFEN round trip.
    match sfen::parse(&text) {
        Ok(back) if back == *pos => {}
        other => {
            return Err(Divergence::new(
                "oracle SFEN round trip",
                format!("{other:?}"),
                "-",
                subject(),
            ));
        }
    }
    let epos = to_engine(pos)
        .map_err(|e| Divergence::new("SFEN acceptance", "accepts", e.to_string(), subject()))?;
    // Engine SFEN round trip, judged by the oracle's reading of the engine's SFEN.
    let etext = epos.to_sfen();
    match sfen::parse(&etext) {
        Ok(back) if back == *pos => {}
        _ => {
            return Err(Divergence::new(
                "engine SFEN round trip",
                text.clone(),
                etext,
                subject(),
            ));
        }
    }
    if epos.hash() != epos.compute_hash() {
        return Err(Divergence::new(
            "engine hash of a fresh position",
            "-",
            format!("{:x} vs {:x}", epos.hash(), epos.compute_hash()),
            subject(),
        ));
    }
    // Legal moves.
    let mut omoves: Vec<String> = shogi_oracle::legal_moves(pos)
        .iter()
        .map(|m| m.to_string())
        .collect();
    let emoves_raw = shogi_bitboard::legal_moves(&epos);
    let mut emoves: Vec<String> = emoves_raw.iter().map(|m| m.to_usi()).collect();
    omoves.sort();
    emoves.sort();
    if omoves != emoves {
        let only_o: Vec<&String> = omoves
            .iter()
            .filter(|m| emoves.binary_search(m).is_err())
            .collect();
        let only_e: Vec<&String> = emoves
            .iter()
            .filter(|m| omoves.binary_search(m).is_err())
            .collect();
        return Err(Divergence::new(
            "legal moves",
            format!("{} moves; only the oracle: {only_o:?}", omoves.len()),
            format!("{} moves; only the engine: {only_e:?}", emoves.len()),
            subject(),
        ));
    }
    // Status.
    let (os, es) = (shogi_oracle::status(pos), status_of_engine(&epos));
    if os != es {
        return Err(Divergence::new(
            "status",
            format!("{os:?}"),
            format!("{es:?}"),
            subject(),
        ));
    }
    // Make/unmake and hashes, every legal move, on one working copy: each undo must restore
    // it, so it need not be copied afresh for every move.
    let mut p = epos;
    for &m in &emoves_raw {
        let undo = p.do_move_undoable(m);
        if p.hash() != p.compute_hash() || !p.is_consistent() {
            return Err(Divergence::new(
                "engine incremental hash / consistency after a move",
                "-",
                m.to_usi(),
                subject(),
            ));
        }
        if p != epos.after(m) {
            return Err(Divergence::new(
                "engine do_move_undoable differs from after()",
                "-",
                m.to_usi(),
                subject(),
            ));
        }
        p.undo_move(m, undo);
        if p != epos || p.hash() != epos.hash() {
            return Err(Divergence::new(
                "engine make/unmake restores the position",
                "-",
                m.to_usi(),
                subject(),
            ));
        }
    }
    if perft_depth > 1 {
        let (op, ep) = (
            shogi_oracle::perft(pos, perft_depth),
            shogi_bitboard::perft(&epos, perft_depth),
        );
        if op != ep {
            return Err(Divergence::new(
                &format!("perft {perft_depth}"),
                op.to_string(),
                ep.to_string(),
                subject(),
            ));
        }
    }
    Ok(())
}

/// The profile the game-level comparison uses: FESA 2017 as it stands. The engine reports
/// "both sides checked with every move" as a fact of its own, and [`engine_verdict`] rules on it
/// with this profile's `perpetual_both_sides` knob.
pub fn game_profile() -> Profile {
    Profile::default()
}

/// A record from a start SFEN, moves, and optionally a declaration by the side to move at the
/// end.
pub fn record(start: &str, moves: &[Move], declare: Option<Color>) -> Record {
    let mut events: Vec<Event> = moves
        .iter()
        .map(|m| Event::Move {
            mv: UsiMove(*m),
            time: None,
        })
        .collect();
    if let Some(player) = declare {
        events.push(Event::Declare { player, time: None });
    }
    let start = match Sfen::parse(start) {
        Ok(s) => Start::Sfen(s),
        Err(e) => unreachable!("start SFENs come from the oracle's formatter: {e}"),
    };
    Record {
        start,
        events,
        ..Record::default()
    }
}

/// A verdict reduced to what both sides can say: result, winner and reason kind.
fn summary(v: &Verdict) -> String {
    match v {
        Verdict::Win { winner, reason } => format!("win {winner:?} {:?}", reason.kind),
        Verdict::Draw { reason } => format!("draw {:?}", reason.kind),
        Verdict::Annulled { reason } => format!("annulled {:?}", reason.kind),
        Verdict::Continues => "continues".to_owned(),
    }
}

/// The engine's reading of a game under [`game_profile`]: mate / no legal moves (the side that
/// cannot move loses), then repetition and perpetual check after each move, then, if the game
/// goes on and `declare` is set, the side to move's declaration (a failed one loses).
pub fn engine_verdict(start: &str, moves: &[Move], declare: bool) -> Result<String, EngineRejects> {
    let epos = shogi_bitboard::Position::from_sfen(start).map_err(|e| EngineRejects {
        text: start.to_owned(),
        reason: e.to_string(),
    })?;
    let mut game = egame::Game::new(epos);
    let mover_wins = |g: &egame::Game, why: ReasonKind| {
        let loser = g.position().side_to_move();
        format!("win {:?} {why:?}", !loser)
    };
    for m in moves {
        game.play_usi(&m.to_string()).map_err(|e| EngineRejects {
            text: m.to_string(),
            reason: e.to_string(),
        })?;
        let pos = game.position();
        if shogi_bitboard::count_legal(pos) == 0 {
            let why = if pos.in_check() {
                ReasonKind::Checkmate
            } else {
                ReasonKind::NoLegalMoves
            };
            return Ok(mover_wins(&game, why));
        }
        match game.repetition() {
            Repetition::None => {}
            Repetition::Draw => return Ok(format!("draw {:?}", ReasonKind::Repetition)),
            Repetition::PerpetualCheck { checker } => {
                return Ok(format!(
                    "win {:?} {:?}",
                    !checker,
                    ReasonKind::PerpetualCheck
                ));
            }
            Repetition::BothChecking { last_mover } => {
                return Ok(match game_profile().rules.perpetual_both_sides {
                    shogi_spec::profile::BothSidesChecking::Draw => {
                        format!("draw {:?}", ReasonKind::Repetition)
                    }
                    shogi_spec::profile::BothSidesChecking::LastMoverLoses => {
                        format!("win {:?} {:?}", !last_mover, ReasonKind::PerpetualCheck)
                    }
                });
            }
        }
    }
    if declare {
        let pos = game.position();
        let me = pos.side_to_move();
        return Ok(if egame::declaration_wins(pos, me, true) {
            format!("win {me:?} {:?}", ReasonKind::Declaration)
        } else {
            format!("win {:?} {:?}", !me, ReasonKind::FailedDeclaration)
        });
    }
    Ok("continues".to_owned())
}

/// Compares the oracle adjudicator's verdict on a game (moves from `start`, optionally ending
/// in a declaration by the side to move) with the engine's game-level helpers, and checks that
/// the verdict does not depend on the SFEN move-number field of the start.
pub fn compare_game(start: &str, moves: &[Move], declare: bool) -> Result<(), Divergence> {
    let profile = game_profile();
    let mut pos = match sfen::parse(start) {
        Ok(p) => p,
        Err(e) => unreachable!("{e}"),
    };
    for m in moves {
        pos = pos.after(*m);
    }
    let declarer = declare.then(|| pos.side_to_move());
    let rec = record(start, moves, declarer);
    let subject = || Subject::Record(Box::new(rec.clone()));
    let oracle = match adjudicate(&rec, &profile) {
        Ok(j) => summary(&j.verdict),
        Err(e) => format!("error: {e}"),
    };
    let engine = engine_verdict(start, moves, declare).unwrap_or_else(|e| format!("error: {e}"));
    if oracle != engine {
        return Err(Divergence::new(
            "game verdict (fesa-2017)",
            oracle,
            engine,
            subject(),
        ));
    }
    // The move number of the start is irrelevant to the verdict.
    let mut renumbered = match sfen::parse(start) {
        Ok(p) => p,
        Err(e) => unreachable!("{e}"),
    };
    renumbered
        .set_move_number(renumbered.move_number().wrapping_mul(7).wrapping_add(113) % 999 + 1);
    let rec2 = record(&sfen::format(&renumbered), moves, declarer);
    let other = match adjudicate(&rec2, &profile) {
        Ok(j) => summary(&j.verdict),
        Err(e) => format!("error: {e}"),
    };
    if other != oracle {
        return Err(Divergence::new(
            "oracle verdict depends on the SFEN move number",
            oracle,
            format!("(oracle, renumbered start) {other}"),
            subject(),
        ));
    }
    Ok(())
}
