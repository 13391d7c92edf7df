//! One game of a match: the engines' answers turned into the events of a YAML record, the
//! oracle adjudicating after each event, the violations found, and the finished record written
//! as YAML, CSA and KIF. Separate from the match, which only schedules games and tallies them.

use std::time::Duration;

use shogi_oracle::check_move;
use shogi_oracle::game::adjudicate;
use shogi_records::encoding::{Encoding, encode};
use shogi_records::{Format, export};
use shogi_spec::FesaId;
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::usi::Move;
use shogi_spec::{ArticleId, Color, ReasonKind, Verdict};

use super::clock::{millis, seconds};
use super::player::{Answer, Player};
use super::{Clock, GameSummary, MatchError, MatchOptions, Violation};
use crate::run::probe::setup_position;
use conformance_core::process::CommandLine;

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The record as YAML text, in the format `judge` reads.
fn record_yaml(start: &str, players: [&str; 2], clock: &Clock, events: &[String]) -> String {
    let mut out = format!(
        "start: {}\nplayers: {{sente: {}, gote: {}}}\ntime_control: {}\nevents:\n",
        quote(start),
        quote(players[0]),
        quote(players[1]),
        clock.yaml()
    );
    for e in events {
        out.push_str(&format!("  - {e}\n"));
    }
    out
}

fn side(c: Color) -> &'static str {
    match c {
        Color::Sente => "sente",
        Color::Gote => "gote",
    }
}

/// A file of a game: its path under the output folder, and its bytes.
type GameFile = (String, Vec<u8>);

pub(super) struct Game<'a> {
    pub(super) opts: &'a MatchOptions,
    pub(super) profile: &'a Profile,
    pub(super) index: usize,
    pub(super) names: [String; 2],
    pub(super) commands: [CommandLine; 2],
    pub(super) opening: shogi_spec::PositionSpec,
}

/// A game in progress: what is played so far and what each side has left.
struct InPlay {
    /// The engines, by engine number; `None` once one has stopped playing.
    players: [Option<Player>; 2],
    /// The record's events so far.
    events: Vec<String>,
    /// The moves played so far (the opening's first), for the next position.
    moves: Vec<String>,
    /// Each side's time left, by colour.
    left: [Duration; 2],
    /// The rule breaches found so far.
    violations: Vec<Violation>,
    /// How the last player who did not answer failed to: the violation's `move`.
    silent: Option<&'static str>,
}

/// What a turn asked for, to turn the mover's answer into events.
struct Turn {
    /// The side to move.
    mover: Color,
    /// Its engine's number.
    engine: usize,
    /// The ply being played (1-based).
    ply: usize,
    /// The time the move is charged, in the record's notation.
    time: String,
    /// The opponent's flag claim, the event when the mover does not move.
    flag: String,
}

impl Game<'_> {
    /// Plays the game; the summary and the files to write (path under the output folder, bytes).
    pub(super) fn play(&self) -> Result<(GameSummary, Vec<GameFile>), MatchError> {
        let clock = self.opts.clock;
        let mut g = InPlay {
            players: self.start_players(),
            events: self.opening.moves.clone(),
            moves: self.opening.moves.clone(),
            left: [clock.main, clock.main],
            violations: Vec::new(),
            silent: None,
        };
        let mut move_limit = false;
        let mut verdict = self.judge(&g.events)?;
        while verdict == Verdict::Continues {
            // Kept for a profile whose limit is larger than the match's (never, as
            // `play_match` sets it): a game never runs past `--max-moves`.
            if g.moves.len() >= self.opts.max_moves {
                move_limit = true;
                break;
            }
            self.play_turn(&mut g)?;
            verdict = self.judge(&g.events)?;
        }
        if matches!(&verdict, Verdict::Draw { reason } if reason.kind == ReasonKind::MoveLimit) {
            move_limit = true;
        }
        self.blame_loser(&verdict, &mut g);
        self.finish_players(g.players, &verdict);
        let (stem, files) = self.files(&g.events, &verdict)?;
        Ok((
            GameSummary {
                index: self.index,
                sente: self.names[self.engine_of(Color::Sente)].clone(),
                gote: self.names[self.engine_of(Color::Gote)].clone(),
                verdict_text: verdict.to_string(),
                verdict,
                move_limit,
                record: format!("{stem}.csa"),
                kif: format!("{stem}.kif"),
                yaml: format!("{stem}.yaml"),
                violations: g.violations,
            },
            files,
        ))
    }

    /// The number of the engine playing `c`: the engines change sides every game.
    fn engine_of(&self, c: Color) -> usize {
        let sente_engine = self.index % 2;
        match c {
            Color::Sente => sente_engine,
            Color::Gote => 1 - sente_engine,
        }
    }

    /// The record's start: `startpos` by name, so that KIF says 平手 rather than drawing the
    /// board.
    fn record_start(&self) -> &str {
        if self.opening.sfen == shogi_spec::PositionSpec::startpos().sfen {
            "startpos"
        } else {
            self.opening.sfen.as_str()
        }
    }

    /// The players' names, Sente first, as the record names them.
    fn players_named(&self) -> [&str; 2] {
        [Color::Sente, Color::Gote].map(|c| self.names[self.engine_of(c)].as_str())
    }

    /// The record of the events so far as YAML.
    fn yaml(&self, events: &[String]) -> String {
        record_yaml(
            self.record_start(),
            self.players_named(),
            &self.opts.clock,
            events,
        )
    }

    /// The oracle's verdict on the events so far: the arbiter judges its own record, so that
    /// the game ends exactly when `judge` would say it ended.
    fn judge(&self, events: &[String]) -> Result<Verdict, MatchError> {
        let record = Record::from_yaml(&self.yaml(events))
            .map_err(|e| MatchError::Arbiter(self.index, e.message.clone()))?;
        adjudicate(&record, self.profile)
            .map(|j| j.verdict)
            .map_err(|e| MatchError::Arbiter(self.index, e.to_string()))
    }

    /// Starts both engines afresh for this game; one that cannot start plays as if it had
    /// exited (it loses on time), since the match already checked it starts.
    fn start_players(&self) -> [Option<Player>; 2] {
        [0, 1].map(|i| {
            Player::start(&self.commands[i], &self.opts.usi_options[i])
                .ok()
                .map(|(p, _)| p)
        })
    }

    /// One turn: the mover's engine is asked for its move on its clock, and its answer (or
    /// silence) becomes the record's events.
    fn play_turn(&self, g: &mut InPlay) -> Result<(), MatchError> {
        let spec = shogi_spec::PositionSpec {
            sfen: self.opening.sfen.clone(),
            moves: g.moves.clone(),
        };
        let pos =
            setup_position(&spec).map_err(|e| MatchError::Arbiter(self.index, e.to_string()))?;
        let mover = pos.side_to_move();
        let engine = self.engine_of(mover);
        let clock = self.opts.clock;
        let available = clock.available(g.left[mover.index()]);
        let wait = available + self.opts.margin + Duration::from_secs(5);
        let (answer, took) = match g.players[engine].as_mut() {
            Some(p) => p.go(&spec.to_string(), &clock.go(g.left), wait),
            None => (Answer::Exited, Duration::ZERO),
        };
        let late = took > available + self.opts.margin;
        // Time is counted in milliseconds, as USI sends it, and the records keep them
        // (YAML, CSA V3.0 `T0.213`; KIF drops the fractions and says so). Within the margin
        // a move counts as made in time, and the record must say so: 8.1 lets the flag fall
        // once the time used reaches the time available, so a move that came within the
        // margin is charged a millisecond less than all the time there was.
        let spent = millis(took).min(available.saturating_sub(Duration::from_millis(1)));
        g.left[mover.index()] = clock.after(g.left[mover.index()], spent);
        let turn = Turn {
            mover,
            engine,
            ply: g.moves.len() + 1,
            time: seconds(spent),
            flag: self.flag_claim(!mover, available, took),
        };
        match answer {
            Answer::Best(text) if !late => self.record_answer(g, &pos, &turn, &text),
            Answer::Best(_) | Answer::Silent => stop_playing(g, turn, "(no answer in time)"),
            Answer::Exited => stop_playing(g, turn, "(process exited)"),
        }
        Ok(())
    }

    /// The event of `by` claiming the flag. A flag claim is made after the whole of the time
    /// available: rounded up.
    fn flag_claim(&self, by: Color, available: Duration, took: Duration) -> String {
        let claimed = (available + self.opts.margin).max(took);
        let claimed = seconds(millis(claimed + Duration::from_nanos(999_999)));
        format!("{{claim: flag, by: {}, time: {claimed}}}", side(by))
    }

    /// Records an answer that came in time: resignation, declaration, or a move, checked
    /// against the oracle (an illegal one is claimed by the opponent; a word that is no move
    /// lets the flag fall, as if no answer came).
    fn record_answer(
        &self,
        g: &mut InPlay,
        pos: &shogi_spec::position::Position,
        turn: &Turn,
        text: &str,
    ) {
        let time = &turn.time;
        match text {
            "resign" => g
                .events
                .push(format!("{{resign: {}, time: {time}}}", side(turn.mover))),
            "win" => g
                .events
                .push(format!("{{declare: {}, time: {time}}}", side(turn.mover))),
            text => match Move::parse(text) {
                Err(_) => {
                    g.violations
                        .push(self.violation(turn, text, ArticleId::fesa("9.4")));
                    g.events.push(turn.flag.clone());
                }
                Ok(mv) => {
                    g.events.push(format!("{{move: {text}, time: {time}}}"));
                    if let Err(e) = check_move(pos, mv) {
                        g.violations.push(self.violation(turn, text, e.article()));
                        g.events.push(format!(
                            "{{claim: illegal_move, by: {}}}",
                            side(!turn.mover)
                        ));
                    } else {
                        g.moves.push(text.to_owned());
                    }
                }
            },
        }
    }

    /// The mover's engine broke `article` with `text` on this turn.
    fn violation(&self, turn: &Turn, text: &str, article: ArticleId) -> Violation {
        Violation {
            engine: self.names[turn.engine].clone(),
            ply: turn.ply,
            r#move: text.to_owned(),
            article,
        }
    }

    /// The loser of a rule-decided game broke the rule the verdict cites: a violation for it
    /// unless one was already found.
    fn blame_loser(&self, verdict: &Verdict, g: &mut InPlay) {
        let Verdict::Win { winner, reason } = verdict else {
            return;
        };
        let loser = self.names[self.engine_of(!*winner)].clone();
        let decided_by_rule = matches!(
            reason.kind,
            ReasonKind::FailedDeclaration | ReasonKind::PerpetualCheck | ReasonKind::FlagFall
        );
        if decided_by_rule && !g.violations.iter().any(|v| v.engine == loser) {
            g.violations.push(Violation {
                engine: loser,
                ply: g.moves.len() + 1,
                r#move: g.silent.unwrap_or_default().to_owned(),
                article: reason.article.clone(),
            });
        }
    }

    /// Tells the engines still playing the result (`gameover`) and ends them.
    fn finish_players(&self, players: [Option<Player>; 2], verdict: &Verdict) {
        for (i, p) in players.into_iter().enumerate() {
            if let Some(p) = p {
                let result = match verdict {
                    Verdict::Win { winner, .. } if self.engine_of(*winner) == i => "win",
                    Verdict::Win { .. } => "lose",
                    _ => "draw",
                };
                p.finish(result);
            }
        }
    }

    /// The finished record's files (YAML, CSA, KIF) and their common stem `games/NNNN`.
    fn files(
        &self,
        events: &[String],
        verdict: &Verdict,
    ) -> Result<(String, Vec<GameFile>), MatchError> {
        let stem = format!("games/{:04}", self.index + 1);
        let yaml = self.yaml(events);
        let record = Record::from_yaml(&yaml)
            .map_err(|e| MatchError::Arbiter(self.index, e.message.clone()))?;
        let mut files = vec![(format!("{stem}.yaml"), yaml.into_bytes())];
        for (format, ext) in [(Format::Csa, "csa"), (Format::Kif, "kif")] {
            let text = export::write(&record, verdict, format)
                .map_err(|e| MatchError::Arbiter(self.index, format!("{ext}: {e}")))?;
            let bytes = match format {
                // `.kif` files are Shift_JIS by convention (`.kifu` names the UTF-8 form).
                Format::Kif => encode(&text, Encoding::ShiftJis),
                _ => text.into_bytes(),
            };
            files.push((format!("{stem}.{ext}"), bytes));
        }
        Ok((stem, files))
    }
}

/// A player who stops playing (`what` says how, for the violation) loses when the opponent
/// claims the flag: the rulebooks' forfeit (see the module docs). Its process is ended.
fn stop_playing(g: &mut InPlay, turn: Turn, what: &'static str) {
    g.silent = Some(what);
    g.events.push(turn.flag);
    if let Some(mut p) = g.players[turn.engine].take() {
        p.process.shutdown(Some("quit"), Duration::from_millis(200));
    }
}
