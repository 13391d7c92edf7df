//! Adjudicating whole games: how a game ended, and why.
//!
//! Move legality answers "may this move be played"; this module answers "how did this game
//! end", from a [`Record`](shogi_spec::record::Record) of what happened and a rule [`Profile`](shogi_spec::profile::Profile)
//! that fixes what the rulebook leaves open. Every verdict comes with its explanation, the chain
//! of articles that produced it.
//!
//! | module | articles |
//! | --- | --- |
//! | [`shogi_spec::record`] | the game record (YAML), in `shogi_spec`: the readers produce it, this module plays it |
//! | [`adjudicate`](mod@adjudicate) | the order in which the articles below are applied |
//! | [`repetition`] | 5.2 sennichite, 3.12 perpetual check |
//! | [`article5_declaration`] | 5.3 the 27-point declaration; UFS 5.8.6, 5.8.7 impasse counts |
//! | [`article5_draws`] | 5.2 claiming a repetition, 5.4 the agreed draw |
//! | [`article8_clock`] | 8.1, 8.2 the clock; 8.3, 8.8, 8.9, 8.11 flag claims and falls |
//! | [`article8_arrival`] | 8.5, 8.6 late arrival: when the absent player's clock started |
//! | [`article9_illegal`] | 9.1 wrong setup, 9.4 claims of an illegal move, 9.5 capturing the king |
//! | [`article12_scoring`] | 12.1 scoring, 12.2 and 12.3 the replay of a draw |
//! | [`article7_furigoma`] | 7.1 who moves first |
//! | [`article14_pairing`] | 14.4 the basic pairing rules |
//! | [`article15_time_control`] | 15.4 the minimum rated time control |
//! | [`reach`] | when a game reaches each knob's situation (no article: the project's table) |
//! | [`shogi_spec::handicap`] | UFS 5.9 handicap positions (data, in `shogi_spec`) |
//!
//! Mate and resignation (1.2, 5.1) are short enough to live in the driver.

pub mod adjudicate;
pub mod article12_scoring;
pub mod article14_pairing;
pub mod article15_time_control;
pub mod article5_declaration;
pub mod article5_draws;
pub mod article7_furigoma;
pub mod article8_arrival;
pub mod article8_clock;
pub mod article9_illegal;
pub mod reach;
pub mod repetition;

pub use adjudicate::{
    AdjudicationError, Decided, Played, ReadFrom, adjudicate, play_record, play_record_read,
    records_played,
};
