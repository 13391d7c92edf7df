//! The tests about whole games — judging records (`judge`, the real records of
//! `real-records/shogi/`) and playing them (`match`, with the oracle as arbiter) — one
//! module per subject, with the helpers they share in `tests/it/common/`.

mod club_fouls;
mod deciding_knobs;
mod deciding_ply;
mod diff_records;
mod explanations;
mod judge;
mod judge_once;
mod judge_records;
mod judge_verdicts;
mod ledger;
mod match_arbiter;
mod one_voice;
mod reach;
mod real_records;
