//! Run-time choice of the move generator's copy compiled for this CPU's bit instructions.
//!
//! The portable x86-64 baseline (what `cargo install` builds) has no `popcnt`, `lzcnt` or BMI1,
//! and the counting sink and the bit scans of the generator gain from each. So the generator is
//! compiled three times here: for the baseline, for `popcnt`, and for `popcnt` with `lzcnt` and
//! BMI1; the CPU is asked once which it has, and each call goes to the best copy it can run.
//!
//! This is the one module of the crate that may use `unsafe` (the crate docs say why): on the
//! Rust versions the crate supports, a function compiled with `#[target_feature]` may only be
//! called from code without those features inside `unsafe`, with the caller vouching that the
//! CPU has them. Each such call below is made only after the CPU said so.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicU8, Ordering};

use crate::attacks::{Hardware, Portable};
use crate::movegen::{Lister, count_with, generate};
use crate::moves::Move;
use crate::position::Position;

/// Which copy of the generator this CPU runs, best first; stored in [`LEVEL`] as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    /// x86-64 with `popcnt`, `lzcnt` and BMI1.
    PopcntLzcntBmi1 = 1,
    /// x86-64 with `popcnt`.
    Popcnt = 2,
    /// Whatever the build targets: nothing asked of the CPU.
    Baseline = 3,
}

/// The answer of [`detect`], kept after the first call (0: not asked yet).
static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The best copy this CPU can run (asked once; later calls are one relaxed load).
#[inline]
fn level() -> Level {
    match LEVEL.load(Ordering::Relaxed) {
        1 => Level::PopcntLzcntBmi1,
        2 => Level::Popcnt,
        3 => Level::Baseline,
        _ => {
            let level = detect();
            LEVEL.store(level as u8, Ordering::Relaxed);
            level
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Level {
    if cfg!(all(
        target_feature = "popcnt",
        target_feature = "lzcnt",
        target_feature = "bmi1"
    )) {
        // A build for a CPU with every feature (`-C target-cpu=native`): the baseline copy is
        // the best one.
        Level::Baseline
    } else if !std::is_x86_feature_detected!("popcnt") {
        Level::Baseline
    } else if std::is_x86_feature_detected!("lzcnt") && std::is_x86_feature_detected!("bmi1") {
        Level::PopcntLzcntBmi1
    } else {
        Level::Popcnt
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Level {
    Level::Baseline
}

/// The number of legal moves of the side to move (bulk counting).
///
/// Counted by the copy of the generator compiled for this CPU (see the module docs): with
/// `count_ones`, one `popcnt` per half, where the CPU has it, and with a portable SWAR popcount
/// (see [`crate::perft_portable`]) elsewhere ([`hardware_popcount`] says which). A build for a
/// CPU that has the features anyway (`-C target-cpu=native`) counts with `count_ones`
/// everywhere.
pub fn count_legal(pos: &Position) -> u64 {
    match level() {
        // SAFETY: `level` returned this only after the CPU reported popcnt, lzcnt and BMI1,
        // the features the callee is compiled for.
        Level::PopcntLzcntBmi1 => unsafe { count_legal_popcnt_lzcnt_bmi1(pos) },
        // SAFETY: `level` returned this only after the CPU reported popcnt, the one feature
        // the callee is compiled for.
        Level::Popcnt => unsafe { count_legal_popcnt(pos) },
        Level::Baseline => count_with::<Portable>(pos),
    }
}

/// Appends every legal move of the side to move to `out`.
///
/// Run by the same copy as [`count_legal`] (the bit scans of the generator and of the move
/// expansion gain from `lzcnt` and BMI1).
pub fn generate_legal(pos: &Position, out: &mut Vec<Move>) {
    match level() {
        // SAFETY: as in `count_legal`: the CPU reported every feature the callee assumes.
        Level::PopcntLzcntBmi1 => unsafe { generate_legal_popcnt_lzcnt_bmi1(pos, out) },
        // SAFETY: as in `count_legal`: the CPU reported popcnt.
        Level::Popcnt => unsafe { generate_legal_popcnt(pos, out) },
        Level::Baseline => generate(pos, &mut Lister(out)),
    }
}

/// Whether [`count_legal`] counts with the CPU's `popcnt` instruction on this machine (the
/// same choice it makes; for reports and tests).
pub fn hardware_popcount() -> bool {
    cfg!(target_feature = "popcnt") || level() != Level::Baseline
}

// The copies. Each is the generator inlined (`count_with` and `generate` are
// `#[inline(always)]`) into a function compiled with the features of its level. Off x86-64
// they are never called.

#[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,lzcnt,bmi1"))]
unsafe fn count_legal_popcnt_lzcnt_bmi1(pos: &Position) -> u64 {
    count_with::<Hardware>(pos)
}

#[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt"))]
unsafe fn count_legal_popcnt(pos: &Position) -> u64 {
    count_with::<Hardware>(pos)
}

#[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,lzcnt,bmi1"))]
unsafe fn generate_legal_popcnt_lzcnt_bmi1(pos: &Position, out: &mut Vec<Move>) {
    generate(pos, &mut Lister(out));
}

#[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt"))]
unsafe fn generate_legal_popcnt(pos: &Position, out: &mut Vec<Move>) {
    generate(pos, &mut Lister(out));
}
