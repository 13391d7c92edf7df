//! Counting a finished game (rfg 8–10) given the dead stones the players agreed on.
//!
//! Life and death is not read: rfg 7.2 leaves disputes to play on another board, so the count
//! takes the agreed dead stones and treats every other stone as alive. What remains to decide
//! from the position is which empty points are territory (rfg 8.1), which are neutral (rfg
//! 8.3) and which groups live in seki (rfg 6.1a), whose enclosed points are nobody's (8.1
//! commentary). The registry records the decision (interpretations of 6.1a, 7.1 and 8.1):
//!
//! - an empty region bordered by one colour only is that colour's territory, unless a group in
//!   seki borders it;
//! - an empty region bordered by both colours is neutral; it is *not* a reason to void the
//!   territory of the groups touching it, so a position with unfilled neutral points counts
//!   the same as the position with them filled;
//! - a group is in seki when it borders a *seki point*: a neutral point that is still empty
//!   after every neutral point that can be filled safely has been filled ([`seki`]).
//!   That is 6.1a's "neither side can finish surrounding": at such a point either side's stone
//!   would leave its own stones with one liberty or none, and 7.1 leaves it empty.

use go_spec::{BoardSize, Color, Komi, Point, Score};

use crate::board::Board;

/// Why the count cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// A point named dead holds no stone.
    #[error("dead stone {0} names an empty point")]
    EmptyDeadPoint(Point),
}

/// The count in detail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// Territory points of Black and White (rfg 9.2a), dead-stone points included (rfg 8.2).
    pub territory: [u32; 2],
    /// Prisoners of Black and White, captures and dead stones together (rfg 9.2b).
    pub prisoners: [u32; 2],
    /// Empty points that are nobody's: neutral (rfg 8.3) or enclosed by seki (rfg 8.1).
    pub neutral: u32,
    /// Points of the stones found to be in seki (rfg 6.1a).
    pub seki_stones: Vec<Point>,
}

/// An empty region: its points and whether Black (0) and White (1) stones border it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// The empty points, joined along the lines.
    pub points: Vec<Point>,
    /// Whether a stone of each colour touches the region.
    pub borders: [bool; 2],
}

impl Region {
    /// The one colour that borders the region, if only one does (rfg 8.1's candidate
    /// territory); `None` for a region touching both colours (neutral, rfg 8.3) or neither.
    pub fn owner(&self) -> Option<Color> {
        match self.borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }
}

/// The empty regions of `board` and, for each point, the index of its region
/// (`usize::MAX` for a point holding a stone).
pub fn regions(board: &Board) -> (Vec<Region>, Vec<usize>) {
    let size = board.size();
    let mut region_of = vec![usize::MAX; size.area()];
    let mut out: Vec<Region> = Vec::new();
    for start in size.points() {
        if board.get(start).is_some() || region_of[size.index(start)] != usize::MAX {
            continue;
        }
        let id = out.len();
        let mut points = Vec::new();
        let mut borders = [false; 2];
        let mut stack = vec![start];
        region_of[size.index(start)] = id;
        while let Some(q) = stack.pop() {
            points.push(q);
            for n in size.neighbours(q) {
                match board.get(n) {
                    Some(c) => borders[c.index()] = true,
                    None if region_of[size.index(n)] == usize::MAX => {
                        region_of[size.index(n)] = id;
                        stack.push(n);
                    }
                    None => {}
                }
            }
        }
        out.push(Region { points, borders });
    }
    (out, region_of)
}

/// Takes the agreed dead stones off `board` (rfg 8.2 and the 7.2 commentary): each becomes a
/// prisoner of the other side, and its point is then an empty point like any other.
///
/// # Errors
/// [`CountError::EmptyDeadPoint`] for a dead point without a stone.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 3.3.
pub fn remove_dead(
    board: &mut Board,
    prisoners: &mut [u32; 2],
    dead: &[Point],
) -> Result<(), CountError> {
    let size = board.size();
    for &p in dead {
        let Some(colour) = size.contains(p).then(|| board.get(p)).flatten() else {
            return Err(CountError::EmptyDeadPoint(p));
        };
        board.set(p, None);
        prisoners[colour.opponent().index()] += 1;
    }
    Ok(())
}

/// How sure a filling stone must be of its own safety (see [`fill_neutral`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Safety {
    /// At least two liberties in regions of its own colour only (its eyes or territory).
    Anchored,
    /// At least two liberties of any kind, and no enemy group left with fewer than two.
    Quiet,
}

/// Whether `colour` may fill the neutral point `p` of `board` without harm to itself (rfg 7.1:
/// the players fill neutral points while keeping to the rules, which excludes putting one's
/// own stones where they would be captured, 3.2, 5.1). A fill that captures is not a filling
/// move: the count never takes stones the players agreed are alive.
fn fills_safely(
    board: &Board,
    region_of: &[usize],
    regions: &[Region],
    p: Point,
    colour: Color,
    safety: Safety,
) -> bool {
    let size = board.size();
    let mut after = board.clone();
    match after.place(p, colour) {
        Ok(captured) if captured.is_empty() => {}
        _ => return false,
    }
    let (_, liberties) = after.group(p);
    match safety {
        Safety::Anchored => {
            let own = liberties
                .iter()
                .filter(|l| regions[region_of[size.index(**l)]].owner() == Some(colour))
                .count();
            own >= 2
        }
        Safety::Quiet => {
            liberties.len() >= 2
                && size
                    .neighbours(p)
                    .all(|n| after.get(n) != Some(colour.opponent()) || after.group(n).1.len() >= 2)
        }
    }
}

/// Whether `p` is an empty point of a region bordered by both colours (rfg 8.3).
fn is_neutral(regions: &[Region], region_of: &[usize], size: BoardSize, p: Point) -> bool {
    let r = region_of[size.index(p)];
    r != usize::MAX && regions[r].borders == [true, true]
}

/// `board` (dead stones already removed) with every neutral point filled that one side can
/// fill safely, repeatedly, as 7.1 has the players do. Fills anchored on eyes or territory are
/// made first, so that a seki's outside liberties are filled before its shared liberties are
/// judged; a fill that would leave an enemy group in atari is never the quiet kind. The order
/// of the points and the colour tried first change which stones fill, not which points stay
/// empty in the positions the tests cover.
pub fn fill_neutral(board: &Board) -> Board {
    let size = board.size();
    let mut filled = board.clone();
    loop {
        let (regions, region_of) = regions(&filled);
        // Anchored fills in one sweep: a region of one colour stays so while neutral points
        // elsewhere fill, so the region map read before the sweep never overstates a liberty.
        let mut anchored = false;
        for p in size.points() {
            if filled.get(p).is_some() || !is_neutral(&regions, &region_of, size, p) {
                continue;
            }
            for colour in [Color::Black, Color::White] {
                if fills_safely(&filled, &region_of, &regions, p, colour, Safety::Anchored) {
                    filled.set(p, Some(colour));
                    anchored = true;
                    break;
                }
            }
        }
        if anchored {
            continue;
        }
        // Then one quiet fill at a time, anchored fills being tried again after each.
        let quiet = size.points().find_map(|p| {
            if !is_neutral(&regions, &region_of, size, p) {
                return None;
            }
            [Color::Black, Color::White].into_iter().find_map(|colour| {
                fills_safely(&filled, &region_of, &regions, p, colour, Safety::Quiet)
                    .then_some((p, colour))
            })
        });
        match quiet {
            Some((p, colour)) => filled.set(p, Some(colour)),
            None => return filled,
        }
    }
}

/// Whether `group` (of `colour`) has two eyes in the sense 6.1a uses to set seki apart: it
/// borders two regions of its own colour, or one of three points or more, which the project
/// counts as room for two eyes (registry decision under 6.1a: a group with a one-colour space
/// of three points beside a shared liberty can make two eyes and then capture the partner, so
/// it is not in seki).
pub fn has_two_eyes(
    board: &Board,
    regions: &[Region],
    region_of: &[usize],
    group: &[Point],
    colour: Color,
) -> bool {
    let size = board.size();
    let mut own: Vec<usize> = group
        .iter()
        .flat_map(|&s| size.neighbours(s))
        .map(|n| region_of[size.index(n)])
        .filter(|&r| r != usize::MAX && regions[r].owner() == Some(colour))
        .collect();
    own.sort_unstable();
    own.dedup();
    own.len() >= 2 || own.iter().any(|&r| regions[r].points.len() >= 3)
}

/// Whether a stone on the empty point `p` would capture: a group beside it has `p` as its
/// last liberty. Such a point is open to the side that captures there, so the surrounding can
/// be finished: a fight left open (or a stone the players did not take off), never a seki point
/// (registry decision under rfg 6.1a). The fills of [`fill_neutral`] never capture, so
/// without this the order in which they came could decide whether a position has a seki.
fn captures_at(board: &Board, p: Point) -> bool {
    board.size().neighbours(p).any(|n| {
        board.get(n).is_some() && {
            let (_, liberties) = board.group(n);
            liberties == [p]
        }
    })
}

/// The stones of the groups that lack two eyes ([`has_two_eyes`], 6.1a) among the groups of
/// `board` that hold a point of `starts`, each group looked at once. [`seki`] asks it about the
/// groups beside the seki points, [`settle`] about every group.
fn without_two_eyes(
    board: &Board,
    regions: &[Region],
    region_of: &[usize],
    starts: impl Iterator<Item = Point>,
) -> Vec<Point> {
    let size = board.size();
    let mut seen = vec![false; size.area()];
    let mut out = Vec::new();
    for p in starts {
        let Some(colour) = board.get(p) else {
            continue;
        };
        if seen[size.index(p)] {
            continue;
        }
        let (group, _) = board.group(p);
        for &s in &group {
            seen[size.index(s)] = true;
        }
        if !has_two_eyes(board, regions, region_of, &group, colour) {
            out.extend(group);
        }
    }
    out
}

/// The seki points of `board` (dead stones removed) and the stones in seki (rfg 6.1a).
///
/// A seki point is a neutral point still empty after [`fill_neutral`]: one that either side
/// could only fill by leaving its own stones with one liberty or none, which is how 6.1a's
/// "neither side can finish surrounding" shows on a finished board; 7.1 leaves it empty. A
/// point where a stone would capture is not one (`captures_at`). The
/// stones in seki are those whose group, once the fillable points are filled (a fill joins a
/// group to its outside liberties), touches a seki point and lacks two eyes (6.1a: seki is
/// between groups without two eyes; see `has_two_eyes`). Registry decision under rfg 6.1a.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 6, 6.1.
pub fn seki(board: &Board) -> (Vec<Point>, Vec<Point>) {
    let size = board.size();
    let filled = fill_neutral(board);
    let (regions, region_of) = regions(&filled);
    let points: Vec<Point> = size
        .points()
        .filter(|&p| is_neutral(&regions, &region_of, size, p) && !captures_at(&filled, p))
        .collect();
    let mut in_seki = vec![false; size.area()];
    let touching = points.iter().flat_map(|&p| size.neighbours(p));
    for s in without_two_eyes(&filled, &regions, &region_of, touching) {
        in_seki[size.index(s)] = true;
    }
    let mut stones: Vec<Point> = size
        .points()
        .filter(|&p| board.get(p).is_some() && in_seki[size.index(p)])
        .collect();
    stones.sort();
    let mut points = points;
    points.sort();
    (points, stones)
}

/// The plain filling of neutral points for which the registry (7.1) says the count does not
/// change: one at a time, a stone on an empty point beside both colours, of a colour beside
/// it, that captures nothing, keeps at least two liberties, leaves no enemy group beside it in
/// atari (a move that threatens is not a neutral fill) and leaves every one-colour region as
/// it was. What it leaves empty stays neutral. The property tests and the `go_play` fuzz
/// target compare the count of `board` with the count of this filling.
pub fn fill_plainly(board: &Board) -> Board {
    let size = board.size();
    let owned = |b: &Board| -> Vec<(Point, Color)> {
        let (rs, _) = regions(b);
        let mut out: Vec<(Point, Color)> = rs
            .iter()
            .filter_map(|r| r.owner().map(|c| (r, c)))
            .flat_map(|(r, c)| r.points.iter().map(move |p| (*p, c)))
            .collect();
        out.sort_by_key(|(p, _)| *p);
        out
    };
    let before = owned(board);
    let mut filled = board.clone();
    for p in size.points() {
        if filled.get(p).is_some() {
            continue;
        }
        let beside = |b: &Board, c: Color| size.neighbours(p).any(|n| b.get(n) == Some(c));
        if !(beside(&filled, Color::Black) && beside(&filled, Color::White)) {
            continue;
        }
        for colour in [Color::Black, Color::White] {
            let mut trial = filled.clone();
            match trial.place(p, colour) {
                Ok(captured) if captured.is_empty() => {}
                _ => continue,
            }
            let quiet = trial.group(p).1.len() >= 2
                && size.neighbours(p).all(|n| {
                    trial.get(n) != Some(colour.opponent()) || trial.group(n).1.len() >= 2
                });
            if !quiet || owned(&trial) != before {
                continue;
            }
            filled = trial;
            break;
        }
    }
    filled
}

/// `board` settled as a finished game is once the players agree: every group that lacks two
/// eyes as [`has_two_eyes`] reads 6.1a taken off (as dead, 7.2), again until none is left, so
/// that every group standing has two eyes and none is in seki. The registry's 7.1 entry claims
/// that such a position counts the same with its neutral points filled ([`fill_plainly`]) as
/// left empty; the property tests and the `go_play` fuzz target check it on random games
/// settled so. A random board still full of weak groups has no agreed count: there the fills
/// can part it in more than one way.
pub fn settle(board: &Board) -> Board {
    let size = board.size();
    let mut board = board.clone();
    loop {
        let (regions, region_of) = regions(&board);
        let dead = without_two_eyes(&board, &regions, &region_of, size.points());
        if dead.is_empty() {
            return board;
        }
        for p in dead {
            board.set(p, None);
        }
    }
}

/// Counts `board` with the `prisoners` already taken and the agreed `dead` stones: territory
/// by rfg 8.1 and 8.2, neutral points by 8.3, seki by 6.1a and the 8.1 commentary, points by
/// 9.2.
///
/// # Errors
/// [`CountError::EmptyDeadPoint`] for a dead point without a stone.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 1, 8, 9, 9.2a.
pub fn count(board: &Board, prisoners: [u32; 2], dead: &[Point]) -> Result<Count, CountError> {
    let size = board.size();
    let mut board = board.clone();
    let mut prisoners = prisoners;
    remove_dead(&mut board, &mut prisoners, dead)?;
    let (_, seki_stones) = seki(&board);
    let in_seki = |p: Point| seki_stones.binary_search(&p).is_ok();
    let (regions, _) = regions(&board);
    let mut territory = [0u32; 2];
    let mut neutral = 0u32;
    for region in &regions {
        let n = u32::try_from(region.points.len()).unwrap_or(u32::MAX);
        match region.owner() {
            Some(owner) if !borders_seki(size, &board, region, &in_seki) => {
                territory[owner.index()] += n;
            }
            _ => neutral += n,
        }
    }
    Ok(Count {
        territory,
        prisoners,
        neutral,
        seki_stones,
    })
}

/// Whether a stone in seki borders `region` (rfg 8.1 commentary: points enclosed by groups
/// living in seki are not territory).
fn borders_seki(
    size: BoardSize,
    board: &Board,
    region: &Region,
    in_seki: &dyn Fn(Point) -> bool,
) -> bool {
    region.points.iter().any(|q| {
        size.neighbours(*q)
            .any(|m| board.get(m).is_some() && in_seki(m))
    })
}

impl Count {
    /// The score: territory plus prisoners per side (rfg 9.2), komi for White (rfg 9.3),
    /// the handicap flag for rfg 10's tie rule.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 9, 9.2b.
    pub fn score(&self, komi: Komi, handicap: bool) -> Score {
        Score {
            black: self.territory[0] + self.prisoners[0],
            white: self.territory[1] + self.prisoners[1],
            komi,
            handicap,
        }
    }
}
