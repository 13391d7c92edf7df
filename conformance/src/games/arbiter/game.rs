//! One game of a match: the engines' answers turned into the events of a YAML record, the
//! oracle adjudicating after each event, the violations found, and the finished record written
//! as YAML, CSA and KIF. Separate from the match, which only schedules games and tallies them.

use std::time::Duration;

use shogi_oracle::game::{Record, adjudicate};
use shogi_oracle::{Move, check_move};
use shogi_records::encoding::{Encoding, encode};
use shogi_records::{Format, export};
use shogi_spec::FesaId;
use shogi_spec::profile::Profile;
use shogi_spec::{ArticleId, Color, ReasonKind, Verdict};

use super::clock::{millis, seconds};
use super::player::{Answer, Player};
use super::{Clock, GameSummary, MatchError, MatchOptions, Violation};
use crate::implementations::process::CommandLine;
use crate::run::probe::setup_position;

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

impl Game<'_> {
    /// Plays the game; the summary and the files to write (path under the output folder, bytes).
    pub(super) fn play(&self) -> Result<(GameSummary, Vec<GameFile>), MatchError> {
        let sente_engine = self.index % 2;
        let who = |c: Color| match c {
            Color::Sente => sente_engine,
            Color::Gote => 1 - sente_engine,
        };
        // `startpos` by name, so that KIF says 平手 rather than drawing the board.
        let start = self.opening.sfen.clone();
        let record_start = if start == shogi_spec::PositionSpec::startpos().sfen {
            "startpos"
        } else {
            start.as_str()
        };
        let mut events: Vec<String> = self.opening.moves.clone();
        let mut moves: Vec<String> = self.opening.moves.clone();
        let mut players: [Option<Player>; 2] = [
            Player::start(&self.commands[0], &self.opts.usi_options[0])
                .ok()
                .map(|(p, _)| p),
            Player::start(&self.commands[1], &self.opts.usi_options[1])
                .ok()
                .map(|(p, _)| p),
        ];
        let mut violations = Vec::new();
        let clock = self.opts.clock;
        let mut left = [clock.main, clock.main];
        let mut move_limit = false;
        // How the last player who did not answer failed to: the violation's `move`.
        let mut silent: Option<&str> = None;
        let players_named = [
            self.names[sente_engine].as_str(),
            self.names[1 - sente_engine].as_str(),
        ];
        let judge = |events: &[String]| -> Result<Verdict, MatchError> {
            let text = record_yaml(record_start, players_named, &clock, events);
            let record = Record::from_yaml(&text)
                .map_err(|e| MatchError::Arbiter(self.index, e.message.clone()))?;
            adjudicate(&record, self.profile)
                .map(|j| j.verdict)
                .map_err(|e| MatchError::Arbiter(self.index, e.to_string()))
        };
        let mut verdict = judge(&events)?;
        while verdict == Verdict::Continues {
            // Kept for a profile whose limit is larger than the match's (never, as
            // `play_match` sets it): a game never runs past `--max-moves`.
            if moves.len() >= self.opts.max_moves {
                move_limit = true;
                break;
            }
            let spec = shogi_spec::PositionSpec {
                sfen: start.clone(),
                moves: moves.clone(),
            };
            let pos = setup_position(&spec)
                .map_err(|e| MatchError::Arbiter(self.index, e.to_string()))?;
            let mover = pos.side_to_move();
            let engine = who(mover);
            let ply = moves.len() + 1;
            let available = clock.available(left[mover.index()]);
            let wait = available + self.opts.margin + Duration::from_secs(5);
            let (answer, took) = match players[engine].as_mut() {
                Some(p) => p.go(&spec.to_string(), &clock.go(left), wait),
                None => (Answer::Exited, Duration::ZERO),
            };
            let late = took > available + self.opts.margin;
            // Time is counted in milliseconds, as USI sends it, and the records keep them
            // (YAML, CSA V3.0 `T0.213`; KIF drops the fractions and says so). Within the margin
            // a move counts as made in time, and the record must say so: 8.1 lets the flag fall
            // once the time used reaches the time available, so a move that came within the
            // margin is charged a millisecond less than all the time there was.
            let spent = millis(took).min(available.saturating_sub(Duration::from_millis(1)));
            let time = seconds(spent);
            left[mover.index()] = clock.after(left[mover.index()], spent);
            let opponent = side(!mover);
            // A flag claim is made after the whole of the time available: rounded up.
            let claimed = (available + self.opts.margin).max(took);
            let claimed = seconds(millis(claimed + Duration::from_nanos(999_999)));
            let flag = format!("{{claim: flag, by: {opponent}, time: {claimed}}}");
            let answer = match answer {
                Answer::Best(_) if late => Answer::Silent,
                other => other,
            };
            let text = match answer {
                Answer::Best(text) => text,
                Answer::Exited | Answer::Silent => {
                    // A player who stops playing loses when the opponent claims the flag: the
                    // rulebooks' forfeit (see the module docs).
                    let what = if matches!(answer, Answer::Exited) {
                        "(process exited)"
                    } else {
                        "(no answer in time)"
                    };
                    silent = Some(what);
                    events.push(flag);
                    if let Some(mut p) = players[engine].take() {
                        p.process.shutdown(Some("quit"), Duration::from_millis(200));
                    }
                    verdict = judge(&events)?;
                    continue;
                }
            };
            match text.as_str() {
                "resign" => events.push(format!("{{resign: {}, time: {time}}}", side(mover))),
                "win" => events.push(format!("{{declare: {}, time: {time}}}", side(mover))),
                text => match Move::parse(text) {
                    Err(_) => {
                        // Not a move at all: as if no answer came, the flag falls.
                        violations.push(Violation {
                            engine: self.names[engine].clone(),
                            ply,
                            r#move: text.to_owned(),
                            article: ArticleId::fesa("9.4"),
                        });
                        events.push(flag);
                    }
                    Ok(mv) => {
                        events.push(format!("{{move: {text}, time: {time}}}"));
                        if let Err(e) = check_move(&pos, mv) {
                            violations.push(Violation {
                                engine: self.names[engine].clone(),
                                ply,
                                r#move: text.to_owned(),
                                article: e.article(),
                            });
                            events.push(format!("{{claim: illegal_move, by: {opponent}}}"));
                        } else {
                            moves.push(text.to_owned());
                        }
                    }
                },
            }
            verdict = judge(&events)?;
        }
        if matches!(&verdict, Verdict::Draw { reason } if reason.kind == ReasonKind::MoveLimit) {
            move_limit = true;
        }
        // The loser of a rule-decided game broke the rule the verdict cites.
        if let Verdict::Win { winner, reason } = &verdict {
            let loser = self.names[who(!*winner)].clone();
            let decided_by_rule = matches!(
                reason.kind,
                ReasonKind::FailedDeclaration | ReasonKind::PerpetualCheck | ReasonKind::FlagFall
            );
            if decided_by_rule && !violations.iter().any(|v| v.engine == loser) {
                violations.push(Violation {
                    engine: loser,
                    ply: moves.len() + 1,
                    r#move: silent.unwrap_or_default().to_owned(),
                    article: reason.article.clone(),
                });
            }
        }
        for (i, p) in players.into_iter().enumerate() {
            if let Some(p) = p {
                let result = match &verdict {
                    Verdict::Win { winner, .. } if who(*winner) == i => "win",
                    Verdict::Win { .. } => "lose",
                    _ => "draw",
                };
                p.finish(result);
            }
        }
        let stem = format!("games/{:04}", self.index + 1);
        let yaml = record_yaml(record_start, players_named, &clock, &events);
        let record = Record::from_yaml(&yaml)
            .map_err(|e| MatchError::Arbiter(self.index, e.message.clone()))?;
        let mut files = vec![(format!("{stem}.yaml"), yaml.into_bytes())];
        for (format, ext) in [(Format::Csa, "csa"), (Format::Kif, "kif")] {
            let text = export::write(&record, &verdict, format)
                .map_err(|e| MatchError::Arbiter(self.index, format!("{ext}: {e}")))?;
            let bytes = match format {
                // `.kif` files are Shift_JIS by convention (`.kifu` names the UTF-8 form).
                Format::Kif => encode(&text, Encoding::ShiftJis),
                _ => text.into_bytes(),
            };
            files.push((format!("{stem}.{ext}"), bytes));
        }
        Ok((
            GameSummary {
                index: self.index,
                sente: self.names[sente_engine].clone(),
                gote: self.names[1 - sente_engine].clone(),
                verdict_text: verdict.to_string(),
                verdict,
                move_limit,
                record: format!("{stem}.csa"),
                kif: format!("{stem}.kif"),
                yaml: format!("{stem}.yaml"),
                violations,
            },
            files,
        ))
    }
}
