//! Walking a game record event by event and applying the articles in the order the game
//! brings them in.
//!
//! The first event that ends the game fixes the verdict; later events are ignored and the
//! explanation says so. This is how FESA 8.9 and 8.11 ("except where 5.1, 5.2 or 5.3 apply")
//! are read: what ended the game first stands. With `flag_fall: automatic` (UFS 6.8.3, 7.5) a
//! flag falls at the moment the time runs out, so a move, declaration or claim made after that
//! moment comes too late; with `flag_fall: on_claim` (FESA 8.8) the flag only counts once the
//! opponent claims it, and everything before the claim stands.
//!
//! After each move, in this order: the clock (8.1, 8.2), the move's legality (Articles 1 and 3,
//! 9.4, 9.5), mate or no legal move (1.2, 5.1a), repetition and perpetual check (5.2, 3.12).
//!
//! The code is cut along what it holds: here, walking a record (its entry points, what a
//! played record holds, the checks of the setup and of events after the end); the state of
//! the game being walked and how an event is applied to it (`state`); and what is looked at
//! after each move, in the order above (`moves`). The articles themselves live in the
//! `article…` modules beside this one.

pub mod moves;
pub mod state;

use std::fmt;

use conformance_rulebook::profile::reach::Reach;
use shogi_spec::profile::Profile;
use shogi_spec::{ArticleId, Color, Judgement, Reason, ReasonKind, Step, Verdict};

use shogi_spec::FesaId;
use shogi_spec::position::Position;
use shogi_spec::{record::Record, record::Seconds};

pub(super) use state::Game;

/// A record that cannot be judged: events that contradict each other or the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event {event} ({what}): {message}")]
pub struct AdjudicationError {
    /// The event's number, from 1.
    pub event: usize,
    /// The event, in words.
    pub what: String,
    /// What is wrong.
    pub message: String,
}

/// A record played through: the judgement and what the adjudicator saw at the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The verdict and its explanation.
    pub judgement: Judgement,
    /// The position when the game ended (or when the record ended).
    pub position: Position,
    /// The main time each player had left (indexed by [`Color::index`]), when there is a clock.
    pub main_left: Option<[Seconds; 2]>,
    /// Illegal moves that stood because nobody claimed them (9.4 under `illegal_move:
    /// on_claim`): the move's number and its offender, in game order. A verdict reached after
    /// one of them is right by the rules, but a reader must be told the foul was there.
    pub unclaimed_illegal: Vec<(usize, Color)>,
    /// Where the game was decided, when something in the record ended it: comparing two
    /// judgements of one record (`diff`) needs the first ply at which they part.
    pub decided: Option<Decided>,
    /// The knobs whose situation the game met, each at its first ply (the table of
    /// [`crate::game::reach::REACH_RULES`] says when each is reached): under this profile only.
    pub reach: Reach,
}

/// The moment a record's game was decided: the event that ended it and the moves played by
/// then. This is the one value every surface shows as "decided here" (the workbench's opening
/// board, the HTML board, the JSON's `decided`, `judge --explain`, `diff`'s parting ply); none
/// of them works it out again.
///
/// What it means, precisely (and what `conformance/tests/it/games/deciding_ply.rs` holds over the
/// corpus and the real records, by replay):
/// - **Decided by a move** (mate, no legal move, repetition or perpetual check, a king taken,
///   an illegal move under `illegal_move: immediate`, the move limit): `event` is that move and
///   `ply` its number. The record cut after it gives the same verdict; cut before it (one ply
///   earlier) it does not.
/// - **Decided by an event that is not a move** (a resignation — in a KIF, `投了` is read as
///   one —, a claim, a declaration, an agreed draw, flags seen down, an impasse count, a late
///   arrival, or a flag that fell during a timed turn under `flag_fall: automatic`): `event` is
///   that event and `ply` the moves made before it, so the board at `ply` is the board it was
///   decided on. Under `illegal_move: on_claim` the deciding event is the claim, and
///   [`Decided::claimed`] names the illegal move it claims. The record cut after the event
///   gives the same verdict; cut before it, it does not.
/// - **Decided by nothing in the record** (9.1's wrong setup, noticed where the record stops):
///   `event` is `None` and `ply` the moves of the whole record; no shorter record is "one ply
///   earlier" of it, since 9.1 annuls wherever the record stops.
/// - **Not decided** (the game continues, including a record whose written ending the moves
///   cannot show, a *recorded finding*): there is no deciding ply, and [`Played::decided`] is
///   `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decided {
    /// The event that ended the game, from 1; `None` when nothing in the record did and the
    /// verdict comes after its last event (a wrong setup noticed while the game goes on, 9.1).
    pub event: Option<usize>,
    /// The moves made when the game was decided, the deciding move counted: an illegal move
    /// that decides counts, though [`Played::position`] is the board before it when it could
    /// not be made on the board (a piece that cannot go there at all).
    pub ply: usize,
    /// When a claim of an illegal move decided (9.4), the number of the move it claims: the
    /// move just before the claim, or, for a lasting illegal position claimed later (9.4a-c),
    /// the last illegal move of the offender that stood.
    pub claimed: Option<usize>,
}

/// Words a record's reader turned into the record's last event: a KIF's `千日手` read as a
/// claim of repetition by the side to move, `切れ負け` as the winner's flag claim. The
/// explanation then says that the claim is a reading of these words, not that a player was
/// seen claiming (nobody may have: the record writes a result, not who claimed it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadFrom<'a> {
    /// The words as written.
    pub text: &'a str,
    /// Their line in the file, from 1.
    pub line: usize,
}

/// Judges a game record under a profile: the verdict, and the articles that produced it.
pub fn adjudicate(record: &Record, profile: &Profile) -> Result<Judgement, AdjudicationError> {
    play_record(record, profile).map(|p| p.judgement)
}

std::thread_local! {
    /// How many records this thread has played through (see [`records_played`]).
    static PLAYED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many records the calling thread has played through with [`play_record`]. A tool that
/// judges a record promises to play it once whatever it prints; a test holds it to that by
/// this count (per thread, so that tests running side by side do not disturb it).
pub fn records_played() -> usize {
    PLAYED.with(std::cell::Cell::get)
}

/// Plays a record through under a profile; [`adjudicate`] keeps only the judgement.
pub fn play_record(record: &Record, profile: &Profile) -> Result<Played, AdjudicationError> {
    play_record_read(record, profile, None)
}

/// As [`play_record`], told that the record's last event was read from written words
/// (`ending`): a claim made by that event is explained as the reading of those words.
pub fn play_record_read(
    record: &Record,
    profile: &Profile,
    ending: Option<ReadFrom<'_>>,
) -> Result<Played, AdjudicationError> {
    PLAYED.with(|n| n.set(n.get() + 1));
    let mut game = Game::new(record, &profile.rules);
    let mut wrong_setup = false;
    if let Some(setup) = &record.setup {
        let intended = record.start.position();
        if setup.position().same_position(&intended) {
            game.note(Step::new(
                ArticleId::fesa("9.1"),
                "the recorded setup is the intended start position",
            ));
        } else {
            wrong_setup = true;
            game.note(Step::new(
                ArticleId::fesa("9.1"),
                "the pieces were set up wrongly at the start; 9.1 annuls the game only if this is noticed while the game is still going",
            ));
        }
    }
    let mut ignored = 0;
    let mut decided = None;
    for (i, event) in record.events.iter().enumerate() {
        if game.verdict.is_some() {
            ignored += 1;
            continue;
        }
        if i + 1 == record.events.len() {
            game.read_from = ending.map(|r| (r.text.to_owned(), r.line));
        }
        game.event(i + 1, event, record.events.get(i + 1))?;
        if game.verdict.is_some() {
            decided = Some(Decided {
                event: Some(i + 1),
                ply: game.moves_played,
                claimed: game.claimed,
            });
        }
    }
    if ignored > 0 {
        game.note(Step::new(
            ArticleId::fesa("5"),
            format!("{ignored} later event(s) ignored: the game had already ended"),
        ));
    }
    if wrong_setup {
        if game.verdict.is_some() {
            game.note(Step::new(
                ArticleId::fesa("9.1"),
                "the wrong setup came to light only after the game had ended: 9.1 covers a discovery during the game, so the result stands",
            ));
        } else {
            game.end(
                Verdict::Annulled {
                    reason: reason(ReasonKind::WrongSetup, "9.1"),
                },
                Step::new(
                    ArticleId::fesa("9.1"),
                    "the wrong setup is noticed while the game is still going (where the record stops): the game is annulled",
                ),
            );
            decided = Some(Decided {
                event: None,
                ply: game.moves_played,
                claimed: None,
            });
        }
    }
    let main_left = game
        .clocks
        .as_ref()
        .map(|c| [c[0].main_left(), c[1].main_left()]);
    let position = *game.pos();
    let verdict = game.verdict.take().unwrap_or(Verdict::Continues);
    if verdict == Verdict::Continues {
        // Said of the moves and events only: a written ending the reader could not turn into
        // an event (a foul the moves do not show) is the judge's to explain, and this sentence
        // must not read as contradicting it.
        game.note(Step::new(
            ArticleId::fesa("5"),
            "no move or event of the record ends the game: by the rules it goes on",
        ));
    }
    Ok(Played {
        judgement: Judgement {
            verdict,
            explanation: game.steps,
        },
        position,
        main_left,
        unclaimed_illegal: game.illegal_standing,
        decided,
        reach: game.reach,
    })
}

pub(super) fn reason(kind: ReasonKind, article: &str) -> Reason {
    Reason {
        kind,
        article: ArticleId::fesa(article),
    }
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.judgement.verdict)?;
        for step in &self.judgement.explanation {
            writeln!(f, "  {step}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a game was decided: the event that ended it and the moves made by then (for
    /// `diff`'s first parting ply). Two moves then Gote's resignation (5.1b): event 3, ply 2.
    /// Four moves that end nothing: not decided. An illegal first move (a pawn moved two
    /// squares, 3.1) claimed by Gote before replying loses under fesa-2017 (9.4): event 2 (the
    /// claim), ply 1 (the illegal move counted); the pawn could physically move, so under
    /// `on_claim` the board shows it on 7e, Gote to move.
    #[test]
    fn the_deciding_event_and_ply_are_kept() {
        let play = |events: &str| {
            let record = Record::from_yaml(&format!("events: [{events}]")).unwrap();
            play_record(&record, &Profile::default()).unwrap()
        };
        let p = play("{move: 7g7f}, {move: 3c3d}, {resign: gote}, {move: 2g2f}");
        assert_eq!(
            p.decided,
            Some(Decided {
                event: Some(3),
                ply: 2,
                claimed: None,
            })
        );
        let p = play("{move: 7g7f}, {move: 3c3d}, {move: 2g2f}, {move: 8c8d}");
        assert_eq!(p.decided, None);
        let p = play("{move: 7g7e}, {claim: illegal_move, by: gote}");
        assert_eq!(
            p.decided,
            Some(Decided {
                event: Some(2),
                ply: 1,
                claimed: Some(1),
            })
        );
        assert!(
            p.position
                .to_string()
                .starts_with("lnsgkgsnl/1r5b1/ppppppppp/9/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - "),
            "{}",
            p.position
        );
    }

    /// A claim on a later turn of a position still illegal (9.4b, two unpromoted pawns on a
    /// file) names the move that made it: sente's pawns promote on 7c and gote's on 3g, each
    /// taking a pawn; sente drops its pawn on 5e beside its own on 5g (move 9, 3.11a); gote
    /// replies, sente moves, and gote claims on its turn: decided at event 12, after ply 11,
    /// the claimed move 9, which no longer stands unclaimed.
    #[test]
    fn a_later_claim_names_the_move_it_claims() {
        let record = Record::from_yaml(
            "events: [{move: 7g7f}, {move: 3c3d}, {move: 7f7e}, {move: 3d3e}, {move: 7e7d}, \
             {move: 3e3f}, {move: 7d7c+}, {move: 3f3g+}, {move: P*5e}, {move: 1c1d}, \
             {move: 1g1f}, {claim: illegal_move, by: gote}]",
        )
        .unwrap();
        let p = play_record(&record, &Profile::default()).unwrap();
        assert_eq!(
            p.decided,
            Some(Decided {
                event: Some(12),
                ply: 11,
                claimed: Some(9),
            })
        );
        assert!(p.unclaimed_illegal.is_empty(), "{:?}", p.unclaimed_illegal);
    }

    /// A claim the reader read from written words (a KIF's `千日手`) is explained as that
    /// reading; the same claim written as one is the player's. Four shuttle moves: the start
    /// position has occurred twice, too few for 5.2, so the claim fails either way.
    #[test]
    fn a_claim_read_from_words_names_them() {
        let record = Record::from_yaml(
            "events: [{move: 2h3h}, {move: 8b7b}, {move: 3h2h}, {move: 7b8b}, \
             {claim: repetition, by: sente}]",
        )
        .unwrap();
        let last = |p: Played| p.judgement.explanation[0].fact.clone();
        let read = ReadFrom {
            text: "千日手",
            line: 21,
        };
        let fact = last(play_record_read(&record, &Profile::default(), Some(read)).unwrap());
        assert!(
            fact.starts_with(
                "the record's `千日手` (line 21), read as sente's claim, claims a repetition"
            ),
            "{fact}"
        );
        let fact = last(play_record(&record, &Profile::default()).unwrap());
        assert!(fact.starts_with("sente claims a repetition"), "{fact}");
    }

    /// Plays `events` from the initial position (or with Gote to move) under fesa-2017 with
    /// 600 s of main time, and returns the main time left to each side.
    fn main_left(gote_first: bool, events: &str) -> [Seconds; 2] {
        let start = if gote_first {
            "start: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1'\n"
        } else {
            ""
        };
        let yaml = format!("{start}time_control: {{main: 600}}\nevents: [{events}]\n");
        let record = Record::from_yaml(&yaml).unwrap();
        let played = play_record(&record, &Profile::default()).unwrap();
        played.main_left.unwrap()
    }

    /// Issue 11, defect 2: the absence is part of the late player's turn and is charged once.
    /// Sente arrives at 300 s and moves at 400 s into its turn: 600 - 400 = 200 s left (not
    /// 600 - 300 - 400).
    #[test]
    fn a_late_turn_is_charged_once() {
        let left = main_left(false, "{arrive: sente, at: 300}, {move: 7g7f, time: 400}");
        assert_eq!(left, [Seconds::whole(200), Seconds::whole(600)]);
        let left = main_left(true, "{arrive: gote, at: 300}, {move: 3c3d, time: 400}");
        assert_eq!(left, [Seconds::whole(600), Seconds::whole(200)]);
    }

    /// Issue 11, defect 1: the second player's clock starts with the first move. Sente moves
    /// at 500 s; Gote arrives at 550 s and moves 80 s into its turn: 520 s left.
    #[test]
    fn the_second_players_clock_starts_with_the_first_move() {
        let left = main_left(
            false,
            "{move: 7g7f, time: 500}, {arrive: gote, at: 550}, {move: 3c3d, time: 80}",
        );
        assert_eq!(left, [Seconds::whole(100), Seconds::whole(520)]);
        let left = main_left(
            true,
            "{move: 3c3d, time: 500}, {arrive: sente, at: 550}, {move: 7g7f, time: 80}",
        );
        assert_eq!(left, [Seconds::whole(520), Seconds::whole(100)]);
    }

    /// A second player who arrives while the first mover still thinks is charged nothing for
    /// the wait: Gote arrives at 550 s, Sente moves at 590 s, Gote takes 100 s: 500 s left.
    #[test]
    fn waiting_for_the_first_move_costs_nothing() {
        let left = main_left(
            false,
            "{arrive: gote, at: 550}, {move: 7g7f, time: 590}, {move: 3c3d, time: 100}",
        );
        assert_eq!(left, [Seconds::whole(10), Seconds::whole(500)]);
    }
}
