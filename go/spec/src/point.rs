//! Board sizes and intersections. A point is written as SGF writes it: two lowercase letters,
//! column then row, `a` being the leftmost column and the top row, so `Point { x: 0, y: 0 }`
//! is `aa`. The RFG rules know three boards (9, 13 and 19 lines, rfg 2), so a size is
//! validated against those.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A board of `n × n` lines, `n` one of 9, 13, 19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct BoardSize(u8);

/// Why a size or point is not acceptable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointError {
    /// The rules know boards of 9, 13 and 19 lines only.
    #[error("board size {0} is not one of 9, 13, 19")]
    BadSize(u8),
    /// The text is not two lowercase letters.
    #[error("point `{0}` is not two letters a–s (SGF coordinates, column then row)")]
    Malformed(String),
    /// The point lies outside a board of the given size.
    #[error("point `{point}` is off a {size}×{size} board")]
    OffBoard {
        /// The point as written.
        point: String,
        /// The board's number of lines.
        size: u8,
    },
}

impl BoardSize {
    /// The sizes the rules name.
    pub const ALL: [u8; 3] = [9, 13, 19];

    /// A validated size.
    ///
    /// # Errors
    /// [`PointError::BadSize`] for anything but 9, 13 or 19.
    pub fn new(lines: u8) -> Result<Self, PointError> {
        if Self::ALL.contains(&lines) {
            Ok(BoardSize(lines))
        } else {
            Err(PointError::BadSize(lines))
        }
    }

    /// The number of lines.
    pub fn lines(self) -> u8 {
        self.0
    }

    /// The number of intersections.
    pub fn area(self) -> usize {
        usize::from(self.0) * usize::from(self.0)
    }

    /// Whether `p` lies on this board.
    pub fn contains(self, p: Point) -> bool {
        p.x < self.0 && p.y < self.0
    }

    /// Every point, row by row from the top-left.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point { x, y }))
    }

    /// The row-major index of `p` (which must be on the board).
    pub fn index(self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.0) + usize::from(p.x)
    }

    /// The points orthogonally next to `p` on this board (rfg 3.1: the lines joining points).
    pub fn neighbours(self, p: Point) -> impl Iterator<Item = Point> {
        let n = self.0;
        let candidates = [
            (p.x.checked_sub(1), Some(p.y)),
            (p.x.checked_add(1).filter(|&x| x < n), Some(p.y)),
            (Some(p.x), p.y.checked_sub(1)),
            (Some(p.x), p.y.checked_add(1).filter(|&y| y < n)),
        ];
        candidates.into_iter().filter_map(|c| match c {
            (Some(x), Some(y)) => Some(Point { x, y }),
            _ => None,
        })
    }

    /// Parses `s` as a point and checks that it is on this board.
    ///
    /// # Errors
    /// [`PointError::Malformed`] or [`PointError::OffBoard`].
    pub fn point(self, s: &str) -> Result<Point, PointError> {
        let p: Point = s.parse()?;
        if self.contains(p) {
            Ok(p)
        } else {
            Err(PointError::OffBoard {
                point: s.to_owned(),
                size: self.0,
            })
        }
    }
}

impl TryFrom<u8> for BoardSize {
    type Error = PointError;
    fn try_from(lines: u8) -> Result<Self, PointError> {
        BoardSize::new(lines)
    }
}

impl From<BoardSize> for u8 {
    fn from(size: BoardSize) -> u8 {
        size.0
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An intersection, 0-based from the top-left: `x` the column, `y` the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Point {
    /// The column, 0 = leftmost (SGF `a`).
    pub x: u8,
    /// The row, 0 = top (SGF `a`).
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub fn new(x: u8, y: u8) -> Self {
        Point { x, y }
    }
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Self, PointError> {
        let bytes = s.as_bytes();
        let coord = |b: u8| (b'a'..=b's').contains(&b).then(|| b - b'a');
        match bytes {
            [c, r] => match (coord(*c), coord(*r)) {
                (Some(x), Some(y)) => Ok(Point { x, y }),
                _ => Err(PointError::Malformed(s.to_owned())),
            },
            _ => Err(PointError::Malformed(s.to_owned())),
        }
    }
}

impl TryFrom<String> for Point {
    type Error = PointError;
    fn try_from(s: String) -> Result<Self, PointError> {
        s.parse()
    }
}

impl From<Point> for String {
    fn from(p: Point) -> String {
        p.to_string()
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.x),
            char::from(b'a' + self.y)
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_the_three_boards() {
        for n in [9, 13, 19] {
            assert_eq!(BoardSize::new(n).unwrap().lines(), n);
        }
        for n in [0, 7, 15, 21] {
            assert_eq!(BoardSize::new(n), Err(PointError::BadSize(n)));
        }
    }

    #[test]
    fn points_are_sgf_letters() {
        assert_eq!("aa".parse::<Point>().unwrap(), Point::new(0, 0));
        assert_eq!("sa".parse::<Point>().unwrap(), Point::new(18, 0));
        assert_eq!(Point::new(2, 3).to_string(), "cd");
        assert!("tt".parse::<Point>().is_err());
        assert!("a".parse::<Point>().is_err());
        let nine = BoardSize::new(9).unwrap();
        assert!(matches!(nine.point("jj"), Err(PointError::OffBoard { .. })));
        assert_eq!(nine.point("ii").unwrap(), Point::new(8, 8));
    }

    #[test]
    fn corner_edge_centre_neighbours() {
        let nine = BoardSize::new(9).unwrap();
        assert_eq!(nine.neighbours(Point::new(0, 0)).count(), 2);
        assert_eq!(nine.neighbours(Point::new(4, 0)).count(), 3);
        assert_eq!(nine.neighbours(Point::new(4, 4)).count(), 4);
        assert_eq!(nine.neighbours(Point::new(8, 8)).count(), 2);
        assert_eq!(nine.points().count(), 81);
    }
}
