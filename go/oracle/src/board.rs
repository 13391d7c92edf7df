//! The board as an array of points, and the rules of a single placement: empty point (rfg
//! 3.1a), capture (rfg 3.2) and suicide (rfg 5.1). Written as plain loops on purpose: this is
//! the reference others are checked against, so it is meant to be read, not to be fast.

use go_spec::{BoardSize, Color, Point};

/// The stones on the board, one cell per point in row-major order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: BoardSize,
    cells: Vec<Option<Color>>,
}

/// Why a placement is refused, with the article that refuses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceError {
    /// The point is not on the board.
    OffBoard,
    /// The point holds a stone (rfg 3.1a: a stone goes on an empty point).
    Occupied,
    /// The move would leave its own stones without liberties and captures nothing (rfg 5.1).
    Suicide,
}

impl PlaceError {
    /// The article that forbids the move.
    pub fn article(self) -> &'static str {
        match self {
            PlaceError::OffBoard => "rfg:2.3",
            PlaceError::Occupied => "rfg:3.1a",
            PlaceError::Suicide => "rfg:5.1",
        }
    }

    /// A sentence naming the rule.
    pub fn describe(self) -> &'static str {
        match self {
            PlaceError::OffBoard => "the point is off the board (rfg:2.3)",
            PlaceError::Occupied => "the point is not empty (rfg:3.1a)",
            PlaceError::Suicide => {
                "the move takes its own last liberty and captures nothing (rfg:5.1)"
            }
        }
    }
}

impl Board {
    /// An empty board.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 2.3, 2.4.
    pub fn new(size: BoardSize) -> Self {
        Board {
            size,
            cells: vec![None; size.area()],
        }
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, if any.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[self.size.index(p)]
    }

    /// Puts or clears a stone without applying any rule (setup, removal of dead stones).
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let i = self.size.index(p);
        self.cells[i] = stone;
    }

    /// Every stone on the board, in point order.
    pub fn stones(&self) -> Vec<(Point, Color)> {
        let mut out: Vec<(Point, Color)> = self
            .size
            .points()
            .filter_map(|p| self.get(p).map(|c| (p, c)))
            .collect();
        out.sort_by_key(|(p, _)| *p);
        out
    }

    /// The group holding `p` — the stones of its colour joined to it along the lines — and the
    /// group's liberties, the empty points next to it (rfg 3.2 and its commentary on dame).
    /// Empty when `p` holds no stone.
    pub fn group(&self, p: Point) -> (Vec<Point>, Vec<Point>) {
        let Some(colour) = self.get(p) else {
            return (Vec::new(), Vec::new());
        };
        let mut seen = vec![false; self.size.area()];
        let mut stones = Vec::new();
        let mut liberties = Vec::new();
        let mut stack = vec![p];
        seen[self.size.index(p)] = true;
        while let Some(q) = stack.pop() {
            stones.push(q);
            for n in self.size.neighbours(q) {
                let i = self.size.index(n);
                if seen[i] {
                    continue;
                }
                match self.get(n) {
                    None => {
                        seen[i] = true;
                        liberties.push(n);
                    }
                    Some(c) if c == colour => {
                        seen[i] = true;
                        stack.push(n);
                    }
                    Some(_) => {}
                }
            }
        }
        (stones, liberties)
    }

    /// Places a stone of `colour` on `p`: the enemy groups left without liberties are removed
    /// (rfg 3.2), then the move is refused if its own group has none (rfg 5.1). Returns the
    /// captured points; on error the board is unchanged.
    ///
    /// # Errors
    /// [`PlaceError`] naming the rule broken.
    ///
    /// Articles (see [`crate::ARTICLE_INDEX`]): rfg 3, 3.1a, 3.3, 5.
    pub fn place(&mut self, p: Point, colour: Color) -> Result<Vec<Point>, PlaceError> {
        if !self.size.contains(p) {
            return Err(PlaceError::OffBoard);
        }
        if self.get(p).is_some() {
            return Err(PlaceError::Occupied);
        }
        let before = self.clone();
        self.set(p, Some(colour));
        // rfg 3.2: every enemy group whose last liberty this stone took is captured.
        let mut captured = Vec::new();
        for n in self.size.neighbours(p) {
            if self.get(n) == Some(colour.opponent()) {
                let (stones, liberties) = self.group(n);
                if liberties.is_empty() {
                    for s in stones {
                        self.set(s, None);
                        captured.push(s);
                    }
                }
            }
        }
        // rfg 5.1: without a capture, the mover's own group must keep a liberty.
        if captured.is_empty() && self.group(p).1.is_empty() {
            *self = before;
            return Err(PlaceError::Suicide);
        }
        captured.sort();
        Ok(captured)
    }
}
