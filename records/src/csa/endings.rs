//! How a CSA game ends: the `%` special moves (`%TORYO`, `%SENNICHITE`, `%TIME_UP`, …), the
//! ending written after a move the board could not carry out, and the `'` comments a server
//! writes (its summary of the result, the clock). Apart from the moves because they decide the
//! written ending the judge compares with its verdict.

use shogi_spec::Color;
use shogi_spec::record::{ClaimKind, Event, Seconds};
use shogi_spec::usi::Move;

use crate::ImportError;
use crate::board::{self};
use crate::ending::{EndingKind, Outcome, WrittenEnding};
use crate::ledger::{Ignored, LineKind};

use super::floodgate::Summary;
use super::{Reader, claim, parse_move, parse_seconds};

impl Reader {
    /// The ending after a move the board could not carry out: `%ILLEGAL_MOVE` or the mover's
    /// `%±ILLEGAL_ACTION` say the record ends on that move as a foul, and it is kept as the foul,
    /// with the opponent's claim (9.4) — for every piece alike (`board::refused_foul`). Any
    /// other ending makes the record unreadable at the move.
    pub(super) fn refused_ending(&mut self, s: &str, n: usize) -> Result<(), ImportError> {
        let Some((mv, error)) = self.refused.take() else {
            return Ok(());
        };
        let word = s.split_whitespace().next().unwrap_or(s);
        let mover = self.play().side();
        let sign = if mover == Color::Sente { '+' } else { '-' };
        if word != "%ILLEGAL_MOVE" && word != format!("%{sign}ILLEGAL_ACTION") {
            return Err(error);
        }
        let play = self.play();
        play.events.push(Event::Move {
            mv: shogi_spec::record::UsiMove(mv),
            time: None,
        });
        play.events.push(claim(ClaimKind::IllegalMove, !mover));
        self.ended = true;
        self.written = Some(WrittenEnding::known(
            s,
            n,
            EndingKind::IllegalMove,
            Outcome::Win(!mover),
        ));
        Ok(())
    }

    /// A `%` special move: the ending, or an ending-only line after the game's ending. A `%`
    /// word CSA does not define is kept as the written ending, unrecognised (the judge says so).
    pub(super) fn special(&mut self, s: &str, n: usize) -> LineKind {
        let word = s.split_whitespace().next().unwrap_or(s);
        let stm = self.play().side();
        use EndingKind as K;
        let (kind, outcome, event) = match word {
            "%TORYO" => (
                K::Resignation,
                Outcome::Win(!stm),
                Some(Event::Resign {
                    player: stm,
                    time: None,
                }),
            ),
            "%TSUMI" => (K::Checkmate, Outcome::Win(!stm), None),
            "%SENNICHITE" => (
                K::Repetition,
                Outcome::Draw,
                Some(claim(ClaimKind::Repetition, stm)),
            ),
            // The side to move ran out of time (CSA V2.2 and V3.0, 特殊な指し手). The claim is
            // kept only if the losing turn's time follows (`T…`): see `finish`.
            "%TIME_UP" => (
                K::TimeUp,
                Outcome::Win(!stm),
                Some(claim(ClaimKind::Flag, !stm)),
            ),
            // The side to move loses by a foul (CSA V2.2 and V3.0); the refused move itself is
            // not written (shogi-server logs it, if at all, as a `'ILLEGAL_MOVE(…)` comment, read
            // in `comment`). Nothing in the moves shows it: a recorded finding, no claim. Some
            // writers do write the illegal move before `%ILLEGAL_MOVE`; when the last move breaks
            // a rule, the foul is that move, and its maker loses on the opponent's claim.
            "%ILLEGAL_MOVE" if self.play().last_move_illegal() => (
                K::IllegalMove,
                Outcome::Win(stm),
                Some(claim(ClaimKind::IllegalMove, stm)),
            ),
            "%ILLEGAL_MOVE" => (K::IllegalMove, Outcome::Win(!stm), None),
            // The sign names the offender (CSA V2.2, V3.0). When the offender made the last
            // written move and it breaks a rule, the foul is on the board: the opponent's
            // claim against it, as for `%ILLEGAL_MOVE` and KIF/KI2 反則勝ち.
            "%+ILLEGAL_ACTION" | "%-ILLEGAL_ACTION" => {
                let offender = if word.starts_with("%+") {
                    Color::Sente
                } else {
                    Color::Gote
                };
                if offender == !stm && self.play().last_move_illegal() {
                    (
                        K::IllegalMove,
                        Outcome::Win(stm),
                        Some(claim(ClaimKind::IllegalMove, stm)),
                    )
                } else {
                    (K::IllegalAction, Outcome::Win(!offender), None)
                }
            }
            "%MAX_MOVES" => (K::MoveLimit, Outcome::Draw, None),
            "%CHUDAN" => (K::Interrupted, Outcome::Unfinished, None),
            "%JISHOGI" => (
                K::Impasse,
                Outcome::Draw,
                Some(Event::Impasse { time: None }),
            ),
            "%KACHI" => (
                K::Declaration,
                Outcome::Win(stm),
                Some(Event::Declare {
                    player: stm,
                    time: None,
                }),
            ),
            "%FUZUMI" => (K::NoMate, Outcome::Unfinished, None),
            "%HIKIWAKE" => (
                K::Agreement,
                Outcome::Draw,
                Some(Event::AgreeDraw { time: None }),
            ),
            _ => {
                if self.written.is_none() {
                    self.written = Some(WrittenEnding::unrecognised(s, n));
                    return LineKind::Ending;
                }
                return LineKind::Ignored(Ignored::EndingAfterEnding);
            }
        };
        if self.ended {
            return LineKind::Ignored(Ignored::EndingAfterEnding);
        }
        self.ended = true;
        if let Some(e) = event {
            self.play().events.push(e);
        }
        self.written = Some(WrittenEnding::known(s, n, kind, outcome));
        LineKind::Ending
    }

    /// A `'` comment: floodgate's summary of the result and its refused move are the ending,
    /// its `'Max_Moves:` and `'Increment:` headers; anything else is a comment.
    pub(super) fn comment(&mut self, c: &str, n: usize) -> Result<LineKind, ImportError> {
        if let Some(rest) = c.strip_prefix("summary:") {
            // KIND:NAME result:NAME result (shogi_server/game_result.rb, `log_summary`).
            let (kind, results) = rest.split_once(':').unwrap_or((rest, ""));
            let pairs = results
                .split(':')
                .map(|r| match r.rsplit_once(' ') {
                    Some((name, result)) => (name.to_owned(), result.to_owned()),
                    None => (String::new(), r.to_owned()),
                })
                .collect();
            self.summary = Some(Summary {
                text: format!("'{c}"),
                line: n,
                kind: kind.to_owned(),
                pairs,
            });
            return Ok(LineKind::Ending);
        } else if let Some(rest) = c.strip_prefix("ILLEGAL_MOVE(") {
            let text = rest.trim_end_matches(')');
            let (mv, color, named) = parse_move(text)
                .ok_or_else(|| ImportError::at(n, format!("`{text}` is not a CSA move")))?;
            let play = self.play();
            if color == play.side() {
                let mv = match mv {
                    Move::Board { from, to, .. } => board::board_move(play.pos(), from, to, named),
                    drop => drop,
                };
                // The server refused the move, so it may even be impossible on the board; then
                // it cannot be replayed, and only the claim is kept.
                let pos_before = *play.pos();
                if board::check_possible(&pos_before, mv, Some(named)).is_ok() {
                    play.push(mv, Some(named), None, n)?;
                } else {
                    play.events.push(Event::Move {
                        mv: shogi_spec::record::UsiMove(mv),
                        time: None,
                    });
                }
                play.events.push(claim(ClaimKind::IllegalMove, !color));
                self.illegal_comment = true;
                if !self.ended {
                    self.ended = true;
                    self.written = Some(WrittenEnding::known(
                        &format!("'{c}"),
                        n,
                        EndingKind::IllegalMove,
                        Outcome::Win(!color),
                    ));
                }
                return Ok(LineKind::Ending);
            }
            // The other side's move logged as refused: the record is the other side's turn.
            return Ok(LineKind::Comment);
        } else if c.starts_with("Least_Time_Per_Move:") {
            // Written by shogi-server's `Game#propose` (game.rb) and by no other writer known.
            self.shogi_server = true;
            return Ok(LineKind::Header);
        } else if let Some(v) = c.strip_prefix("Max_Moves:") {
            self.max_moves = v.trim().parse().ok();
            return Ok(LineKind::Header);
        } else if let Some(v) = c.strip_prefix("Increment:") {
            // Only meaningful beside a main time, which may come later in the header.
            self.increment = parse_seconds(v.trim()).filter(|t| *t > Seconds::ZERO);
            return Ok(LineKind::Header);
        }
        Ok(LineKind::Comment)
    }
}
