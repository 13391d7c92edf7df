//! The reach of a rule: which knobs a judged game *reached* — at some ply the game was in the
//! situation the knob's rule decides (a position equal to the start recurred, for a knob on
//! whether the start counts; a declaration was made, for a declaration knob; a clock ran out,
//! for a flag knob) — and the ply where it first did.
//!
//! Reaching is not reading: a judge may look at a knob's value on every move without the
//! knob's situation ever arising, and a knob it never looked at may still be reached. A game
//! writes down a knob as reached where its situation occurs, and each game keeps a table of
//! [`ReachRule`]s (one per knob, checked against the knob table by [`missing_rules`]) saying
//! in words when that is and why. A committee reads "reached by 0 games" as "never tested",
//! and "reached by 4, changed 0" as "tested, and no effect".

use super::Knobs;

/// The knobs one judgement reached, each with the first ply (moves made) at which it did, in
/// the order they were first reached. Empty for most games, so recording it costs a few
/// pushes per game at most.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    knobs: Vec<(&'static str, usize)>,
}

impl Reach {
    /// Notes that `knob`'s situation occurred at `ply`; a knob already reached keeps its first
    /// ply.
    pub fn mark(&mut self, knob: &'static str, ply: usize) {
        if !self.reached(knob) {
            self.knobs.push((knob, ply));
        }
    }

    /// Whether `knob` was reached.
    pub fn reached(&self, knob: &str) -> bool {
        self.knobs.iter().any(|(k, _)| *k == knob)
    }

    /// The first ply at which `knob` was reached.
    pub fn ply(&self, knob: &str) -> Option<usize> {
        self.knobs.iter().find(|(k, _)| *k == knob).map(|(_, p)| *p)
    }

    /// Every knob reached with its first ply, in the order first reached.
    pub fn knobs(&self) -> &[(&'static str, usize)] {
        &self.knobs
    }

    /// Whether no knob was reached.
    pub fn is_empty(&self) -> bool {
        self.knobs.is_empty()
    }

    /// The knobs either judgement reached (the two sides of a comparison): a knob's situation
    /// that arose under one reading of the rules and not under the other was still met by the
    /// game. Each knob keeps the earlier of its two plies.
    pub fn union(&self, other: &Reach) -> Reach {
        let mut out = self.clone();
        for &(k, p) in &other.knobs {
            match out.knobs.iter_mut().find(|(o, _)| *o == k) {
                Some(slot) => slot.1 = slot.1.min(p),
                None => out.knobs.push((k, p)),
            }
        }
        out
    }
}

/// When a game reaches one knob, and why that is the situation the knob's rule decides: a row
/// of a game's reach table, which the game's judge follows where it marks a [`Reach`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReachRule {
    /// The knob.
    pub knob: &'static str,
    /// The situation, in words (`a position equal to the start position recurred`).
    pub situation: &'static str,
    /// Why that situation is the one the knob's rule decides: the project's reading, never
    /// presented as the rulebook's text.
    pub why: &'static str,
}

/// The knobs of `R`'s table without a row in `rules`, and the rows naming no knob of the table:
/// both must be empty (a game's test holds its reach table to its knob table, so a knob added
/// without a reach rule is caught).
pub fn missing_rules<R: Knobs>(rules: &[ReachRule]) -> (Vec<&'static str>, Vec<&'static str>) {
    let without: Vec<&'static str> = R::KNOBS
        .iter()
        .map(|k| k.name)
        .filter(|name| !rules.iter().any(|r| r.knob == *name))
        .collect();
    let unknown: Vec<&'static str> = rules
        .iter()
        .map(|r| r.knob)
        .filter(|knob| !R::KNOBS.iter().any(|k| k.name == *knob))
        .collect();
    (without, unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_knob_keeps_its_first_ply_and_a_union_the_earlier() {
        let mut a = Reach::default();
        assert!(a.is_empty());
        a.mark("x", 12);
        a.mark("x", 20);
        a.mark("y", 30);
        assert_eq!(a.ply("x"), Some(12));
        assert_eq!(a.knobs(), [("x", 12), ("y", 30)]);
        let mut b = Reach::default();
        b.mark("y", 4);
        b.mark("z", 9);
        let u = a.union(&b);
        assert_eq!(u.knobs(), [("x", 12), ("y", 4), ("z", 9)]);
        assert!(u.reached("z") && !u.reached("w"));
    }
}
