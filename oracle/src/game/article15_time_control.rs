//! FESA 2017 15.4: the shortest time control accepted for a rated game.
//!
//! The minimum is 20 minutes per player with 40 seconds of byo-yomi, or 30 minutes with 30
//! seconds. Project readings, where the article is silent:
//! - a time control is acceptable when it gives at least as much as one of the two minima, in
//!   both main time and byo-yomi (so 25 minutes + 35 seconds is not, 40 minutes + 30 seconds is);
//! - a Fischer increment counts as byo-yomi of the same length, since accumulating time is never
//!   less than the same non-accumulating time;
//! - periods of N moves in M seconds are not byo-yomi in the sense of 15.4 and do not count.

use shogi_spec::{ArticleId, Step};

use shogi_spec::FesaId;
use shogi_spec::record::{Seconds, TimeControl};

/// The two minima of 15.4: (main time, byo-yomi).
pub const RATED_MINIMA: [(Seconds, Seconds); 2] = [
    (Seconds::whole(20 * 60), Seconds::whole(40)),
    (Seconds::whole(30 * 60), Seconds::whole(30)),
];

/// 15.4: whether `tc` is acceptable for a rated game, with the reason.
pub fn acceptable_for_rating(tc: &TimeControl) -> (bool, Step) {
    let per_move = tc
        .byoyomi
        .unwrap_or(Seconds::ZERO)
        .max(tc.increment.unwrap_or(Seconds::ZERO));
    let ok = RATED_MINIMA
        .iter()
        .any(|&(main, byo)| tc.main >= main && per_move >= byo);
    let fact = format!(
        "{} main time and {per_move} per move {} 20 min + 40s or 30 min + 30s",
        tc.main,
        if ok {
            "reach at least one of"
        } else {
            "reach neither"
        }
    );
    (ok, Step::new(ArticleId::fesa("15.4"), fact))
}
