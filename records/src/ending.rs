//! The ending written in a record, kept apart from the moves and compared with the verdict.
//!
//! A record says how its game ended (`%TORYO`, `投了`, `まで64手で先手の勝ち`, a floodgate
//! `'summary:` line). That is a claim by whoever wrote the file, not a fact: the oracle judges
//! the moves, and the written ending is reported beside the verdict as *agrees* or *differs*.
//! Words we do not know are kept as written and reported as *unrecognised*, never dropped.
//!
//! # The vocabulary, sourced
//!
//! "stm" is the side to move where the word stands (after the last move). "Event" is what the
//! importer hands the oracle; "recorded" means none: the moves cannot show the ending, and the
//! verdict follows the record as a *recorded finding* ([`WrittenEnding::recorded_finding`]).
//!
//! Sources: [CSA V2.2] and [CSA V3.0] (the CSA standard record format, 特殊な指し手);
//! shogi-server's `game_result.rb` for the floodgate `'summary:` words; [Kakinoki's KIF
//! definition] for KIF and KI2 words and the `まで…` trailer (and what Kifu for Windows,
//! ShogiGUI, ShogiHome and Shogi Club 24 write); [JKF] for `special`, which holds the CSA word
//! without `%`. Real records in the forms named in the table are kept in `real-records/shogi/` and
//! `real-records/shogi-copyleft/` (their `SOURCES.md` and manifests give repository, commit and licence).
//!
//! | written | format | meaning | event |
//! | --- | --- | --- | --- |
//! | `%TORYO`, 投了 | CSA, KIF, KI2, JKF `TORYO` | stm resigns, the other wins | resignation by stm |
//! | `%TSUMI`, 詰み, 詰 | CSA, KIF, KI2 | stm is mated | none: the oracle looks at the position |
//! | `%SENNICHITE`, 千日手 | CSA, KIF, KI2 | repetition, a draw | repetition claim by stm |
//! | `%TIME_UP`, 切れ負け, 時間切れ | CSA, KIF, KI2 | stm's time ran out, the other wins | flag claim, only with a clock and the losing turn's time; else recorded |
//! | `%ILLEGAL_MOVE` | CSA (V2.2, V3.0), JKF | stm loses by a foul (the refused move is not written) | recorded; when the last written move is itself illegal, a claim by stm against it |
//! | `'ILLEGAL_MOVE(+7776FU)` | floodgate comment | the move shogi-server refused; its maker loses | the move, then the opponent's claim |
//! | `%+ILLEGAL_ACTION` / `%-ILLEGAL_ACTION` | CSA | sente's / gote's foul; the other wins | when the offender made the last written move and it is illegal, the opponent's claim against it (as `%ILLEGAL_MOVE`); otherwise a foul that is not a move: recorded |
//! | 反則勝ち | KIF, KI2 | the opponent's foul: stm wins | when the last written move is illegal, a claim by stm against it; otherwise recorded (the foul is not written, as ShogiHome's CSA bridge writes a server's `#ILLEGAL_MOVE`) |
//! | 反則負け | KIF, KI2 | stm loses by a foul the moves do not show | recorded |
//! | `%KACHI`, 入玉勝ち, 入玉宣言, 宣言勝ち | CSA, KIF, KI2 | stm declares a win (5.3) | declaration by stm (the oracle checks it) |
//! | `%JISHOGI`, 持将棋 | CSA, KIF, KI2 | impasse, a draw | impasse |
//! | `%HIKIWAKE` | CSA | a draw by agreement | agreed draw |
//! | `%MAX_MOVES` | CSA V3.0 | the move limit, a draw | none: the profile's limit decides |
//! | `%CHUDAN`, 中断 | CSA, KIF | interrupted, no result | none |
//! | `%FUZUMI`, 不詰 | CSA, KIF | a mating problem without mate | none |
//! | 封じ手 | KIF | adjourned with a sealed move | none |
//! | `'summary:toryo`, `time up`, `illegal move`, `uchifuzume`, `oute_kaihimore`, `outori`, `kachi`, `illegal kachi`, `sennichite`, `oute_sennichite`, `abnormal`, `max_moves` | floodgate (seen naming the loser first: shogi-server's fixture `test/csa/uchifuzume.csa`) | the result per player (`win`, `lose`, `draw`), read by the names of `N+`/`N-`, not by order | as the `%` word; time up and illegal move recorded when no `%` word or comment shows them; `abnormal` (a disconnection) recorded |
//! | `*反則手にて終局` | KIF, KI2 comment after the last move (81Dojo's KIF export: six real club games in issue 43; read so by the public KIF readers that special-case 81Dojo) | the last written move was a foul and ended the game: stm wins | when that move is illegal (or cannot be made at all), stm's claim against it (9.4), which the oracle checks; otherwise recorded |
//! | `*時間切れにて終局` | KIF, KI2 comment (81Dojo, as above) | stm's time ran out, the other wins | as 時間切れ: a flag claim, only with a clock and the losing turn's time; else recorded |
//! | `*接続切れにて終局` | KIF, KI2 comment (81Dojo, as above) | the connection was lost; no loser named | none (no result) |
//! | `まで64手で先手の勝ち` | KIF, KI2 trailer (seen after a written nifu: bioshogi's `spec/files/反則二歩.ki2`) | the winner; with 反則, 時間切れ, 入玉, 千日手, 持将棋, 中断, 詰み the reason | standing alone (no ending word before it), read the same in KIF and KI2 ([`trailer_event`]): a win for the last mover is stm's resignation; 反則勝ち for stm after a written illegal move is stm's claim against it; otherwise a bare result or a foul not written, recorded |
//!
//! [CSA V2.2]: <http://www2.computer-shogi.org/protocol/record_v22.html>
//! [CSA V3.0]: <http://www2.computer-shogi.org/protocol/record_v3.html>
//! [Kakinoki's KIF definition]: <http://kakinoki.o.oo7.jp/kif_format.html>
//! [JKF]: <https://github.com/na2hiro/json-kifu-format>

use std::fmt;

use shogi_spec::{Color, Verdict};

/// The result an ending word claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This side won.
    Win(Color),
    /// Nobody won.
    Draw,
    /// The game did not finish (interrupted, adjourned, a problem left unsolved).
    Unfinished,
}

/// What kind of ending the words name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndingKind {
    /// `%TORYO`, 投了.
    Resignation,
    /// `%TSUMI`, 詰み.
    Checkmate,
    /// `%SENNICHITE`, 千日手, floodgate `sennichite`.
    Repetition,
    /// floodgate `oute_sennichite`.
    PerpetualCheck,
    /// `%KACHI`, 入玉勝ち, 入玉宣言.
    Declaration,
    /// floodgate `illegal kachi`.
    FailedDeclaration,
    /// `%TIME_UP`, 切れ負け, 時間切れ, floodgate `time up`.
    TimeUp,
    /// `%ILLEGAL_MOVE`, 反則勝ち, 反則負け, floodgate `illegal move`, `uchifuzume`,
    /// `oute_kaihimore`, `'ILLEGAL_MOVE(…)`.
    IllegalMove,
    /// `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`: a foul that is not a move (e.g. a protocol breach).
    IllegalAction,
    /// `%MAX_MOVES`, floodgate `max_moves`: the move limit.
    MoveLimit,
    /// `%CHUDAN`, 中断.
    Interrupted,
    /// `%JISHOGI`, 持将棋.
    Impasse,
    /// `%FUZUMI`, 不詰: a mating problem with no mate.
    NoMate,
    /// 封じ手: the game was adjourned with a sealed move.
    Sealed,
    /// `%HIKIWAKE`: a draw by agreement.
    Agreement,
    /// floodgate `abnormal`: the opponent disconnected.
    Abnormal,
    /// Only a result is written (a KIF `まで…` trailer such as `先手の勝ち`).
    Unspecified,
}

impl EndingKind {
    /// The reason kind a *recorded finding* of this ending carries in the judge's JSON
    /// (`verdict.reason.kind`): the oracle's vocabulary (`illegal_move`, `flag_fall`, …) where
    /// the ending is one of its reasons, and `illegal_action`, `disconnection`, `unspecified`
    /// for the three the rules have no reason for.
    pub fn reason_word(self) -> &'static str {
        match self {
            EndingKind::Resignation => "resignation",
            EndingKind::Checkmate => "checkmate",
            EndingKind::Repetition => "repetition",
            EndingKind::PerpetualCheck => "perpetual_check",
            EndingKind::Declaration => "declaration",
            EndingKind::FailedDeclaration => "failed_declaration",
            EndingKind::TimeUp => "flag_fall",
            EndingKind::IllegalMove => "illegal_move",
            EndingKind::IllegalAction => "illegal_action",
            EndingKind::MoveLimit => "move_limit",
            EndingKind::Interrupted => "interrupted",
            EndingKind::Impasse => "impasse",
            EndingKind::NoMate => "no_mate",
            EndingKind::Sealed => "sealed_move",
            EndingKind::Agreement => "agreement",
            EndingKind::Abnormal => "disconnection",
            EndingKind::Unspecified => "unspecified",
        }
    }
}

impl EndingKind {
    /// The FESA 2017 article the words name (its number, without the registry prefix): what a
    /// recorded finding of this ending cites, and what an explanation of a written ending the
    /// moves do not bear out starts from. 9.4 for a foul by a move (the claim against an illegal
    /// move), 8.9 for a time loss, 5.1a mate, 5.1b resignation, 5.2 repetition, 3.12 perpetual
    /// check, 5.3 a declaration; `None` for what the rules have no article on (a foul that is
    /// not a move, a disconnection, a bare result, an interruption).
    pub fn article(self) -> Option<&'static str> {
        Some(match self {
            EndingKind::IllegalMove => "9.4",
            EndingKind::TimeUp => "8.9",
            EndingKind::Checkmate => "5.1a",
            EndingKind::Resignation => "5.1b",
            EndingKind::Repetition => "5.2",
            EndingKind::PerpetualCheck => "3.12",
            EndingKind::Declaration | EndingKind::FailedDeclaration => "5.3",
            EndingKind::Impasse
            | EndingKind::IllegalAction
            | EndingKind::MoveLimit
            | EndingKind::Interrupted
            | EndingKind::NoMate
            | EndingKind::Sealed
            | EndingKind::Agreement
            | EndingKind::Abnormal
            | EndingKind::Unspecified => return None,
        })
    }
}

impl fmt::Display for EndingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndingKind::Resignation => "resignation",
            EndingKind::Checkmate => "checkmate",
            EndingKind::Repetition => "repetition",
            EndingKind::PerpetualCheck => "perpetual check",
            EndingKind::Declaration => "declaration",
            EndingKind::FailedDeclaration => "failed declaration",
            EndingKind::TimeUp => "time up",
            EndingKind::IllegalMove => "illegal move",
            EndingKind::IllegalAction => "illegal action",
            EndingKind::MoveLimit => "move limit",
            EndingKind::Interrupted => "interruption",
            EndingKind::Impasse => "impasse",
            EndingKind::NoMate => "no mate",
            EndingKind::Sealed => "sealed move",
            EndingKind::Agreement => "agreement",
            EndingKind::Abnormal => "disconnection",
            EndingKind::Unspecified => "a result with no reason given",
        })
    }
}

/// What recognised ending words mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meaning {
    /// The kind of ending.
    pub kind: EndingKind,
    /// The result claimed.
    pub outcome: Outcome,
}

impl fmt::Display for Meaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.outcome, self.kind) {
            (Outcome::Win(c), EndingKind::Unspecified) => write!(f, "{c} wins"),
            (Outcome::Win(c), k) => write!(f, "{c} wins by {k}"),
            (Outcome::Draw, EndingKind::Unspecified) => f.write_str("draw"),
            (Outcome::Draw, k) => write!(f, "draw by {k}"),
            (Outcome::Unfinished, k) => write!(f, "game unfinished ({k})"),
        }
    }
}

/// The ending as the file writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenEnding {
    /// The words as written (e.g. `%TORYO`, `投了`, `まで64手で先手の勝ち`).
    pub text: String,
    /// The line (from 1) they are on.
    pub line: usize,
    /// What they mean; `None` when the words are not known.
    pub meaning: Option<Meaning>,
}

impl WrittenEnding {
    /// A recognised ending.
    pub fn known(text: &str, line: usize, kind: EndingKind, outcome: Outcome) -> WrittenEnding {
        WrittenEnding {
            text: text.to_owned(),
            line,
            meaning: Some(Meaning { kind, outcome }),
        }
    }

    /// Words that are not known.
    pub fn unrecognised(text: &str, line: usize) -> WrittenEnding {
        WrittenEnding {
            text: text.to_owned(),
            line,
            meaning: None,
        }
    }

    /// Compares the written ending with the verdict. The *result* must match (who won, or a
    /// draw, or an unfinished game) for anything but [`Agreement::Differs`]; then the reason
    /// decides between [`Agreement::Agrees`] and [`Agreement::SameWinnerOtherReason`]: a
    /// record that says "resignation" where the game was decided by an illegal move five plies
    /// earlier has the winner right and the story wrong, and a reader must be told
    /// (issue 37.6). Which written kinds match which verdict reasons is
    /// [`EndingKind::matches_reason`].
    pub fn compare(&self, verdict: &Verdict) -> Agreement {
        let Some(meaning) = self.meaning else {
            return Agreement::Unrecognised;
        };
        let (same, reason) = match (meaning.outcome, verdict) {
            (Outcome::Win(c), Verdict::Win { winner, reason }) => (c == *winner, Some(reason)),
            (Outcome::Draw, Verdict::Draw { reason }) => (true, Some(reason)),
            (Outcome::Unfinished, Verdict::Continues) => (true, None),
            _ => (false, None),
        };
        match (same, reason) {
            (false, _) => Agreement::Differs,
            (true, Some(r)) if !meaning.kind.matches_reason(r.kind) => {
                Agreement::SameWinnerOtherReason
            }
            (true, _) => Agreement::Agrees,
        }
    }
}

impl EndingKind {
    /// Whether a verdict's reason is the ending these words name. Besides the same kind: a
    /// bare result (`まで…で先手の勝ち`) names no reason and matches any; a resignation matches a
    /// mate or a position without legal moves (a mated program resigns: shogi-server writes
    /// `%TORYO` after a mate, as the side to move can only resign or lose on time); the CSA
    /// `%TSUMI` and 詰み match a position without legal moves too; an illegal move matches a
    /// captured king (9.5: the move that leaves the king en prise is the foul); a time loss
    /// matches a flag fall either way; an illegal move (反則) also matches perpetual check, which
    /// 3.12 forbids among the moves (KIF writes 反則勝ち for it); the server's `%MAX_MOVES` and 持将棋 match the move
    /// limit and the impasse.
    pub fn matches_reason(self, reason: shogi_spec::ReasonKind) -> bool {
        use shogi_spec::ReasonKind as R;
        match self {
            EndingKind::Unspecified => true,
            EndingKind::Resignation => {
                matches!(reason, R::Resignation | R::Checkmate | R::NoLegalMoves)
            }
            EndingKind::Checkmate => matches!(reason, R::Checkmate | R::NoLegalMoves),
            EndingKind::Repetition => reason == R::Repetition,
            EndingKind::PerpetualCheck => reason == R::PerpetualCheck,
            EndingKind::Declaration => reason == R::Declaration,
            EndingKind::FailedDeclaration => reason == R::FailedDeclaration,
            EndingKind::TimeUp => matches!(reason, R::FlagFall | R::DoubleFlagFall),
            EndingKind::IllegalMove | EndingKind::IllegalAction => {
                matches!(reason, R::IllegalMove | R::KingCaptured | R::PerpetualCheck)
            }
            EndingKind::MoveLimit | EndingKind::Impasse => {
                matches!(reason, R::MoveLimit | R::Impasse)
            }
            EndingKind::Agreement => matches!(reason, R::Repetition | R::Impasse),
            EndingKind::Interrupted
            | EndingKind::NoMate
            | EndingKind::Sealed
            | EndingKind::Abnormal => false,
        }
    }
}

impl fmt::Display for WrittenEnding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.meaning {
            Some(m) => write!(f, "{m}"),
            None => write!(f, "`{}` (unrecognised)", self.text),
        }
    }
}

/// How the written ending compares with the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// The same result.
    Agrees,
    /// A different result.
    Differs,
    /// The same result for another reason (the record says resignation, the game was decided
    /// by an illegal move): not agreement, and not a different winner either.
    SameWinnerOtherReason,
    /// The written words are not known, so nothing can be compared.
    Unrecognised,
}

impl Agreement {
    /// `Some(true)` for agrees, `Some(false)` for differs and for the same winner with another
    /// reason, `None` when unrecognised.
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Agreement::Agrees => Some(true),
            Agreement::Differs | Agreement::SameWinnerOtherReason => Some(false),
            Agreement::Unrecognised => None,
        }
    }
}

impl fmt::Display for Agreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Agreement::Agrees => "agrees",
            Agreement::Differs => "differs",
            Agreement::SameWinnerOtherReason => "same winner, other reason",
            Agreement::Unrecognised => "unrecognised",
        })
    }
}

/// What a `まで…` trailer standing alone (no ending word on a move line before it) tells the
/// oracle, in KIF and KI2 alike (Kakinoki's KIF/KI2 definition: the trailer closes the moves
/// and names the winner; KI2 has no 投了 line at all, and a KIF written without one ends the
/// same way). Read identically in both formats:
/// - 「まで9手で先手の勝ち」 naming the last mover as the winner: the side to move resigned
///   (the kind becomes a resignation, and the event is the resignation);
/// - 「まで88手で先手の反則勝ち」 naming the side to move as the winner, when the last written
///   move is itself illegal: the side to move's claim against it (9.4), which the oracle checks;
/// - anything else is left as written (a bare result, or a foul the moves do not show: a
///   recorded finding).
pub fn trailer_event(
    trailer: &mut WrittenEnding,
    stm: Color,
    last_move_illegal: bool,
) -> Option<shogi_spec::record::Event> {
    use shogi_spec::record::{ClaimKind, Event};
    let m = trailer.meaning.as_mut()?;
    match (m.kind, m.outcome) {
        (EndingKind::Unspecified, Outcome::Win(w)) if w == !stm => {
            m.kind = EndingKind::Resignation;
            Some(Event::Resign {
                player: stm,
                time: None,
            })
        }
        (EndingKind::IllegalMove, Outcome::Win(w)) if w == stm && last_move_illegal => {
            Some(Event::Claim {
                claim: ClaimKind::IllegalMove,
                by: stm,
                time: None,
            })
        }
        _ => None,
    }
}

/// A written time loss (`%TIME_UP`, 切れ負け, 時間切れ) becomes the winner's flag claim only
/// when the record can prove it: a time control, and the time of the losing turn written with
/// the claim. Records rarely have that turn's time (a server ends the game before the move that
/// never came; floodgate logs have no `T` after `%TIME_UP`), and a claim judged without it is
/// refuted by times the record does not have. Without them the claim is dropped and the ending
/// stays a *recorded finding*: the verdict follows the record and says it is not provable.
pub fn drop_unprovable_flag_claim(
    events: &mut Vec<shogi_spec::record::Event>,
    has_time_control: bool,
) {
    use shogi_spec::record::{ClaimKind, Event};
    if let Some(Event::Claim {
        claim: ClaimKind::Flag,
        time,
        ..
    }) = events.last()
    {
        if !has_time_control || time.is_none() {
            events.pop();
        }
    }
}

impl EndingKind {
    /// Whether a record's moves can show this ending to the oracle at all. Resignation,
    /// checkmate, repetition, perpetual check, declarations, impasse, the move limit and the
    /// endings without a result can be judged from the moves (and the events the importer makes
    /// of the words). A foul that is not a move, an illegal move the record does not write, a
    /// time loss without the losing turn's time, a disconnection and a bare result cannot.
    pub fn shown_by_moves(self) -> bool {
        !matches!(
            self,
            EndingKind::IllegalAction
                | EndingKind::IllegalMove
                | EndingKind::TimeUp
                | EndingKind::Abnormal
                | EndingKind::Unspecified
        )
    }
}

impl WrittenEnding {
    /// The result this ending asserts as a *recorded finding*: the record says the game ended
    /// with a result, its moves leave the game going on (`verdict` is
    /// [`Verdict::Continues`]), the ending is of a kind the moves cannot show
    /// ([`EndingKind::shown_by_moves`]) and nothing after the last move turned it into an event
    /// the oracle could check (`ended_by_event`). Then the verdict follows the record, marked
    /// as not provable from the moves; in every other case the record is compared with the
    /// verdict (agrees or differs).
    pub fn recorded_finding(&self, verdict: &Verdict, ended_by_event: bool) -> Option<Meaning> {
        let meaning = self.meaning?;
        let asserts_result = matches!(meaning.outcome, Outcome::Win(_) | Outcome::Draw);
        (matches!(verdict, Verdict::Continues)
            && asserts_result
            && !meaning.kind.shown_by_moves()
            && !ended_by_event)
            .then_some(meaning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::FesaId;
    use shogi_spec::{ArticleId, Reason, ReasonKind};

    fn win(c: Color, kind: ReasonKind) -> Verdict {
        Verdict::Win {
            winner: c,
            reason: Reason {
                kind,
                article: ArticleId::fesa("5.1b"),
            },
        }
    }

    #[test]
    fn compares_results_not_reasons() {
        let toryo = WrittenEnding::known(
            "%TORYO",
            9,
            EndingKind::Resignation,
            Outcome::Win(Color::Sente),
        );
        assert_eq!(
            toryo.compare(&win(Color::Sente, ReasonKind::Checkmate)),
            Agreement::Agrees
        );
        assert_eq!(
            toryo.compare(&win(Color::Gote, ReasonKind::PerpetualCheck)),
            Agreement::Differs
        );
        assert_eq!(toryo.compare(&Verdict::Continues), Agreement::Differs);
        // 37.6: the winner right, the reason not: a resignation after an illegal move that
        // decided the game.
        assert_eq!(
            toryo.compare(&win(Color::Sente, ReasonKind::IllegalMove)),
            Agreement::SameWinnerOtherReason
        );
        assert_eq!(
            Agreement::SameWinnerOtherReason.to_string(),
            "same winner, other reason"
        );
        let unknown = WrittenEnding::unrecognised("%WHATEVER", 3);
        assert_eq!(
            unknown.compare(&Verdict::Continues),
            Agreement::Unrecognised
        );
        assert_eq!(unknown.to_string(), "`%WHATEVER` (unrecognised)");
        assert_eq!(toryo.to_string(), "sente wins by resignation");
    }
}
