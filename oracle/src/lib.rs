//! The reference oracle: the FESA 2017 rules of shogi, transcribed article by article.
//!
//! This crate is meant to be read next to the rulebook. It keeps a 9×9 array board and seven
//! counters per hand, generates moves with plain loops, and copies the position for every move.
//! There are no bitboards and no incremental state; whatever is slow here is slow on purpose,
//! so that each rule can be checked by reading. The fast reading of the same rules lives in
//! `shogi-bitboard`, which shares no rule code with this crate.
//!
//! The modules follow the rulebook: [`article1_check`] (1.2, 3.3: check, king safety),
//! [`article3_moves`] (3.1–3.10, 2.4), [`article3_drops`] (3.11), [`legality`] (all of them
//! together: legal moves, status, perft), [`mod@validate`] (whether a written position could
//! occur in a game), and [`game`] (5, 7, 8, 9, 12, 14, 15: how a game ended, and why).
//!
//! ## Example
//!
//! Read a position from SFEN, list its legal moves, play a move written in USI, and ask the
//! status of the side to move:
//!
//! ```
//! use shogi_oracle::{IllegalMove, legal_moves, perft, play, status};
//! use shogi_spec::Status;
//! use shogi_spec::position::Position;
//!
//! // The initial position of FESA 2.3, as SFEN.
//! let start: Position =
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".parse()?;
//! assert_eq!(start, Position::startpos());
//!
//! // 30 legal moves, and 900 sequences of two: the perft counts of the initial position at
//! // depths 1 and 2 published on the Shogi Programming wiki's "Perft" page.
//! assert_eq!(legal_moves(&start).len(), 30);
//! assert_eq!(perft(&start, 2), 900);
//!
//! // Sente pushes the pawn in front of the bishop: 7g to 7f. Gote is to move, move 2.
//! let after = play(&start, "7g7f".parse()?)?;
//! assert_eq!(
//!     after.to_string(),
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
//! );
//! assert_eq!(status(&after), Status::Normal);
//!
//! // Gote's king on 1a, Sente's pawn on 1c: a gold dropped on 1b covers 1a, 2a and 2b (3.6),
//! // and the pawn guards it, so the king is attacked and cannot escape: mate (1.2).
//! let net: Position = "8k/9/8P/9/9/9/9/9/K8 b G 1".parse()?;
//! assert_eq!(status(&play(&net, "G*1b".parse()?)?), Status::Checkmate);
//!
//! // The same mate given by a dropped pawn is forbidden (3.11c), and the error says so.
//! let net: Position = "7lk/7p1/8G/9/9/9/9/9/K8 b P 1".parse()?;
//! let refused = play(&net, "P*1b".parse()?).unwrap_err();
//! assert_eq!(refused, IllegalMove::PawnDropMate);
//! assert_eq!(refused.to_string(), "the pawn drop mates at once (fesa2017:3.11c)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Oracle`] answers the same questions through the runner's `Implementation` trait, from a
//! position given as text with a list of moves ([`Oracle::setup`]).
//!
//! ## Article index
//!
//! Every article of FESA 2017 that the project can test (`testable: true` in
//! `spec/data/fesa2017.yaml`), with its title there, and where it is implemented. The table is
//! [`ARTICLE_INDEX`] written out: that constant is the one list (the rulebook site reads it
//! too), and `tests/it/article_index.rs` fails when a testable article is missing from it, when a
//! name in it is not an item of the crate, or when this table differs from it (printing the
//! rows to paste). Names without a link are private steps of the adjudicator, each after the
//! module whose file defines it.
//!
//! | article | title | implemented by |
//! | --- | --- | --- |
//! | 1 | Nature and aim of the game | [`legality`], [`game::adjudicate::adjudicate`] |
//! | 1.1 | Players and turns | [`position::MakeMove::after`], [`legality::play`] (the side to move changes with every move) |
//! | 1.2 | Checkmate and king safety | [`article1_check::in_check`], [`article1_check::king_safe`], [`legality::status`] |
//! | 1.3 | Draws are rare and cannot be agreed | [`game::article5_draws`], `game::article5_draws::agree_draw` (with 5.4) |
//! | 2 | Board and initial setup | [`position`], [`shogi_spec::square`] |
//! | 2.1 | The board | [`shogi_spec::square::Square`], [`shogi_spec::position::Position`] |
//! | 2.2 | The pieces | [`shogi_spec::piece::Kind`], [`shogi_spec::piece::Kind::set_total`], [`validate::validate`] |
//! | 2.3 | Initial position | [`shogi_spec::position::Position::startpos`] |
//! | 2.4 | Files, ranks, diagonals and promotion zone | [`article3_moves::in_promotion_zone`], [`article3_moves::relative_rank`] |
//! | 3 | Moving the pieces | [`article3_moves::board_moves`], [`legality::legal_moves`] |
//! | 3.1 | Captures and pieces in hand | [`position::MakeMove::after`] |
//! | 3.2 | Promotion | [`article3_moves::promotion_options`], [`article3_moves::can_move_again`] |
//! | 3.3 | King | [`article3_moves::steps`], [`article1_check::king_safe`] |
//! | 3.4 | Rook and promoted rook | [`article3_moves::steps`], [`article3_moves::destinations`] |
//! | 3.5 | Bishop and promoted bishop | [`article3_moves::steps`], [`article3_moves::destinations`] |
//! | 3.6 | Gold general | [`article3_moves::steps`] |
//! | 3.7 | Silver general and promoted silver | [`article3_moves::steps`] |
//! | 3.8 | Knight and promoted knight | [`article3_moves::steps`] |
//! | 3.9 | Lance and promoted lance | [`article3_moves::steps`], [`article3_moves::destinations`] |
//! | 3.10 | Pawn and tokin | [`article3_moves::steps`] |
//! | 3.11 | Drops | [`article3_drops::drop_moves`] |
//! | 3.11a | No second pawn on a file (nifu) | [`article3_drops::is_nifu`] |
//! | 3.11b | No drop where the piece could never move | [`article3_drops::is_dead_square`] |
//! | 3.11c | No mate by pawn drop (uchifuzume) | [`article3_drops::is_pawn_drop_mate`] |
//! | 3.12 | Perpetual check | [`game::repetition::judge_repetition`] |
//! | 5 | End of the game | [`game::adjudicate::adjudicate`] (the order in which the articles apply) |
//! | 5.1 | Winning the game | [`game::adjudicate::adjudicate`] |
//! | 5.1a | Checkmate ends the game | [`legality::status`], [`game::adjudicate::adjudicate`] (the status finds the mate, the adjudicator applies it) |
//! | 5.1b | Resignation | [`game::adjudicate::adjudicate`] (a `resign` event) |
//! | 5.2 | Repetition draw (sennichite) | [`game::repetition::judge_repetition`], [`game::article5_draws`], `game::article5_draws::claim_repetition`, `game::article5_draws::apply_repetition` |
//! | 5.3 | Declaration of victory (27-point rule) | [`game::article5_declaration::judge_declaration`], `game::article5_declaration::declare` (judged by `judge_declaration`, applied by `declare`) |
//! | 5.3.1 | King in the promotion zone | [`game::article5_declaration::judge_declaration`] |
//! | 5.3.2 | Enough points | [`game::article5_declaration::points_needed`], [`game::article5_declaration::declaration_count`] |
//! | 5.3.3 | Which pieces count | [`game::article5_declaration::piece_points`], [`game::article5_declaration::declaration_count`] |
//! | 5.3.4 | Ten pieces in the zone | [`game::article5_declaration::judge_declaration`] |
//! | 5.3.5 | Time left on the clock | [`game::article5_declaration::judge_declaration`] |
//! | 5.3.6 | Not in check | [`game::article5_declaration::judge_declaration`] |
//! | 5.4 | No draw offers | [`game::article5_draws`], `game::article5_draws::agree_draw` |
//! | 7 | Deciding who moves first | [`game::article7_furigoma`] |
//! | 7.1 | Furigoma | [`game::article7_furigoma::furigoma`] |
//! | 8 | The shogi clock | [`game::article8_clock`] |
//! | 8.1 | Clock and flag fall | [`game::article8_clock::Clock::runs_out`], [`game::article8_clock::Clock::complete_move`] |
//! | 8.2 | Time controls | [`game::article8_clock::Clock::available`] |
//! | 8.3 | Claiming a win on time | [`game::article8_clock`], `game::article8_clock::claim_flag` |
//! | 8.6 | Late arrival | [`game::article8_arrival::absence`], `game::article8_arrival::arrive` |
//! | 8.7 | Pressing the clock | [`game::article8_clock::Clock::complete_move`] |
//! | 8.7a | Press the clock after each move | [`game::article8_clock::Clock::complete_move`] |
//! | 8.8 | A flag falls only when claimed | [`game::article8_clock`], `game::article8_clock::claim_flag`, `game::article8_clock::flag_is_down` |
//! | 8.9 | Flag fall loses | [`game::article8_clock`], `game::article8_clock::claim_flag`, `game::article8_clock::automatic_flag_fell` |
//! | 8.11 | Both flags down | [`game::article8_clock`], `game::article8_clock::flags_down`, `game::article8_clock::claim_flag` |
//! | 9 | Irregularities | [`game::article9_illegal`] |
//! | 9.1 | Wrong initial setup | [`game::article9_illegal::lasting_illegalities`] |
//! | 9.4 | Claiming an illegal move | [`legality::check_move`], [`game::article9_illegal`], `game::article9_illegal::claim_illegal` |
//! | 9.4a | King left in check | [`legality::check_move`], [`legality::IllegalMove`], [`game::article9_illegal::lasting_illegalities`] |
//! | 9.4b | Two unpromoted pawns on a file | [`game::article9_illegal::lasting_illegalities`], [`article3_drops::is_nifu`] |
//! | 9.4c | Piece that can never move | [`game::article9_illegal::lasting_illegalities`], [`article3_moves::can_move_again`] |
//! | 9.5 | Capturing the king | [`game::adjudicate::adjudicate`], [`game::article9_illegal`], `game::adjudicate::moves::fesa9_5_king_taken` (a move that takes a king left in check wins) |
//! | 12 | Scoring | [`game::article12_scoring`] |
//! | 12.1 | Points for a game | [`game::article12_scoring::score`] |
//! | 12.2 | Replaying a drawn game | [`game::article12_scoring::replay`] |
//! | 12.3 | Other time controls for the replay | [`game::article12_scoring::replay`] |
//! | 14 | Tournament pairings | [`game::article14_pairing`] |
//! | 14.4 | Disputed pairings and basic pairing rules | [`game::article14_pairing::check_round`] |
//! | 14.4a | No repeat pairings | [`game::article14_pairing::check_round`] |
//! | 14.4b | No second bye | [`game::article14_pairing::check_round`] |
//! | 15 | Rating | [`game::article15_time_control`] |
//! | 15.4 | Minimum time control for rated games | [`game::article15_time_control::acceptable_for_rating`] |
//!
//! The other rulebooks' testable articles (UFS 2016, `spec/data/ufs2016.yaml`; the textbook
//! chapter, `spec/data/ru-ch2.yaml`) are implemented by the functions of the FESA articles
//! their registry entries link them to, except those FESA has no counterpart for: the impasse
//! count, handicap games, both players absent. Those have rows of their own, decided under the
//! `ufs-2016` profile's knobs; this table is [`OTHER_ARTICLE_INDEX`] written out.
//!
//! | article | title | implemented by |
//! | --- | --- | --- |
//! | ru-ch2:draw.2.1 | Both have 24: a draw | [`game::article5_declaration::judge_impasse`], `game::adjudicate::state::event` (knob `impasse: points_24`, as UFS 5.8.6.3) |
//! | ru-ch2:draw.2.2 | Below 24 loses | [`game::article5_declaration::judge_impasse`], `game::adjudicate::state::event` (knob `impasse: points_24`, as UFS 5.8.6.3) |
//! | ufs2016:5.8.6.1 | Nyūgyoku: stopping the game when both kings have entered | [`game::article5_declaration::judge_impasse`], `game::adjudicate::state::event` (knob `impasse`: a record's `impasse` event stands for the players' agreement and `event` hands it to `judge_impasse`, which counts nothing unless both kings stand in the opponent's camp; that no mate is possible is left to the players) |
//! | ufs2016:5.8.6.3 | The 24-point threshold | [`game::article5_declaration::judge_impasse`], `game::adjudicate::state::event` (knob `impasse: points_24`: `judge_impasse` counts, `event` applies the result) |
//! | ufs2016:5.9 | Handicap games | [`shogi_spec::handicap`], [`shogi_spec::handicap::Handicap`], [`game::article5_declaration::points_needed`], [`game::article5_declaration::needs_sente_threshold`] (knobs `handicap_declaration` and `handicap_28_points`: the declaration thresholds in a handicap game) |
//! | ufs2016:5.9.1 | What a handicap may change | [`shogi_spec::handicap::Handicap::sfen`], [`game::article5_declaration::points_needed`], [`game::article5_declaration::judge_impasse`] (a handicap changes only the start, fewer pieces and the giver to move; the declaration thresholds (knob `handicap_declaration: unadjusted`) and the impasse count stay) |
//! | ufs2016:5.9.3 | Removed pieces stay out | [`shogi_spec::handicap::Handicap::sfen`], [`shogi_spec::handicap::Handicap::position`] (the removed pieces are neither on the board nor in hand) |
//! | ufs2016:5.9.5 | The standard handicaps and rank differences | [`shogi_spec::handicap::Handicap`], [`shogi_spec::handicap::Handicap::sfen`] (the handicaps that remove pieces; which rank difference each suits is for the organisers, not decided by the oracle) |
//! | ufs2016:6.11.1 | When both players are absent at the start | [`game::article8_arrival::absence`], `game::article8_arrival::arrive` (only the first mover's clock runs before the first move, so only its absence costs time) |
pub mod article1_check;
pub mod article3_drops;
pub mod article3_moves;
pub mod article_index;
pub mod game;
mod implementation;
pub mod legality;
pub mod position;
pub mod tournament_questions;
pub mod validate;

pub use article_index::{ARTICLE_INDEX, ArticleEntry, OTHER_ARTICLE_INDEX};
pub use implementation::{Oracle, SetupError};
pub use legality::{
    IllegalMove, check_move, divide, has_legal_move, legal_moves, perft, play, status,
};
pub use position::MakeMove;
pub use validate::{Invalidity, validate};
