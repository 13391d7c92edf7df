//! Counting a finished game (rfg 8–10) given the dead stones the players agreed on. Life and
//! death is not read (rfg 7.2 leaves disputes to play on another board); seki is recognised
//! from the filled board as the registry decides under rfg 6.1a and 8.1: neutral points are
//! filled before counting except inside seki (rfg 7.1), so a live group that still touches a
//! neutral region is in seki, and the empty points it borders are nobody's.

use go_spec::{Colour, Komi, Point, Score};

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
    /// Empty points that are nobody's: neutral (rfg 8.3) or bordered by seki (rfg 8.1).
    pub neutral: u32,
    /// Points of the stones found to be in seki.
    pub seki_stones: Vec<Point>,
}

/// Counts `board` with the `prisoners` already taken and the agreed `dead` stones.
///
/// # Errors
/// [`CountError::EmptyDeadPoint`] for a dead point without a stone.
pub fn count(board: &Board, prisoners: [u32; 2], dead: &[Point]) -> Result<Count, CountError> {
    let size = board.size();
    let mut board = board.clone();
    let mut prisoners = prisoners;
    // rfg 8.2 and the 7.2 commentary: dead stones come off and are prisoners of the other side.
    for &p in dead {
        let Some(colour) = (size.contains(p)).then(|| board.get(p)).flatten() else {
            return Err(CountError::EmptyDeadPoint(p));
        };
        board.set(p, None);
        prisoners[colour.opponent().index()] += 1;
    }
    // Empty regions and the colours bordering each.
    let mut region_of = vec![usize::MAX; size.area()];
    let mut regions: Vec<(Vec<Point>, [bool; 2])> = Vec::new();
    for start in size.points() {
        if board.get(start).is_some() || region_of[size.index(start)] != usize::MAX {
            continue;
        }
        let id = regions.len();
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
        regions.push((points, borders));
    }
    // rfg 8.3: a region touching both colours (or none) is neutral. rfg 6.1a / 8.1: a group
    // touching a neutral region after the filling of 7.1 is in seki.
    let neutral_region = |r: usize| regions[r].1 != [true, false] && regions[r].1 != [false, true];
    let mut seki = vec![false; size.area()];
    let mut seki_stones = Vec::new();
    for p in size.points() {
        if board.get(p).is_none() || seki[size.index(p)] {
            continue;
        }
        let (stones, liberties) = board.group(p);
        if liberties
            .iter()
            .any(|l| neutral_region(region_of[size.index(*l)]))
        {
            for s in stones {
                seki[size.index(s)] = true;
                seki_stones.push(s);
            }
        }
    }
    seki_stones.sort();
    let mut territory = [0u32; 2];
    let mut neutral = 0u32;
    for (r, (points, borders)) in regions.iter().enumerate() {
        let n = u32::try_from(points.len()).unwrap_or(u32::MAX);
        let touches_seki = points.iter().any(|q| {
            size.neighbours(*q)
                .any(|m| board.get(m).is_some() && seki[size.index(m)])
        });
        if neutral_region(r) || touches_seki {
            neutral += n;
        } else if borders[0] {
            territory[Colour::Black.index()] += n;
        } else {
            territory[Colour::White.index()] += n;
        }
    }
    Ok(Count {
        territory,
        prisoners,
        neutral,
        seki_stones,
    })
}

impl Count {
    /// The score: territory plus prisoners per side (rfg 9.2), komi for White (rfg 9.3),
    /// the handicap flag for rfg 10's tie rule.
    pub fn score(&self, komi: Komi, handicap: bool) -> Score {
        Score {
            black: self.territory[0] + self.prisoners[0],
            white: self.territory[1] + self.prisoners[1],
            komi,
            handicap,
        }
    }
}
