//! Positions written as text diagrams (`X` Black, `O` White, `.` empty, one row per line),
//! turned into a legal opening sequence so any implementation — the oracle or an engine that
//! only takes moves — can be put in the position.
//!
//! The stones are played in row order, colours alternating from the side to start, a pass
//! standing in for the side that has no stone left. In a diagram where every group has a
//! liberty no move of that sequence captures or is suicide: a part of a final group that is
//! not yet whole touches an empty point where the rest will go, and a whole group already has
//! its final liberties. So the positions only grow (no repetition) and passes never come
//! three in a row.

use crate::{BoardSize, Color, Move, Point};

/// Why a diagram is not a usable position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// Wrong number of rows or columns for the board.
    #[error("diagram row {row}: expected {expected} points, found {found}")]
    Shape {
        /// The 1-based row (0 when the number of rows is wrong).
        row: usize,
        /// Points expected.
        expected: usize,
        /// Points found.
        found: usize,
    },
    /// A character other than `X`, `O`, `.` (or `+` for an empty star point).
    #[error("diagram row {row}: unexpected character `{ch}` (use X, O, . or +)")]
    BadChar {
        /// The 1-based row.
        row: usize,
        /// The character.
        ch: char,
    },
    /// A group without liberties cannot stand on a board.
    #[error("diagram: the group at {0} has no liberty")]
    NoLiberty(Point),
}

/// The stones of a diagram.
///
/// # Errors
/// [`DiagramError`] for a wrong shape or character.
pub fn parse_diagram(
    size: BoardSize,
    rows: &[String],
) -> Result<Vec<(Point, Color)>, DiagramError> {
    let n = usize::from(size.lines());
    if rows.len() != n {
        return Err(DiagramError::Shape {
            row: 0,
            expected: n,
            found: rows.len(),
        });
    }
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != n {
            return Err(DiagramError::Shape {
                row: y + 1,
                expected: n,
                found: cells.len(),
            });
        }
        for (x, ch) in cells.into_iter().enumerate() {
            let colour = match ch {
                'X' | 'x' | 'B' => Color::Black,
                'O' | 'o' | 'W' => Color::White,
                '.' | '+' => continue,
                _ => return Err(DiagramError::BadChar { row: y + 1, ch }),
            };
            // x, y < n <= 19, so they fit in u8.
            let p = Point::new(
                u8::try_from(x).unwrap_or(u8::MAX),
                u8::try_from(y).unwrap_or(u8::MAX),
            );
            stones.push((p, colour));
        }
    }
    Ok(stones)
}

/// The diagram rows of `stones` on a board of `size` (`X` Black, `O` White, `.` empty), the
/// inverse of [`parse_diagram`].
pub fn diagram_rows(size: BoardSize, stones: &[(Point, Color)]) -> Vec<String> {
    let n = size.lines();
    (0..n)
        .map(|y| {
            (0..n)
                .map(
                    |x| match stones.iter().find(|(p, _)| *p == Point::new(x, y)) {
                        Some((_, Color::Black)) => "X",
                        Some((_, Color::White)) => "O",
                        None => ".",
                    },
                )
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A move sequence that reaches the diagram from an empty board, `first` to move.
///
/// # Errors
/// [`DiagramError`] for a bad diagram or a group without liberties.
pub fn diagram_moves(
    size: BoardSize,
    rows: &[String],
    first: Color,
) -> Result<Vec<(Color, Move)>, DiagramError> {
    let stones = parse_diagram(size, rows)?;
    let at = |p: Point| stones.iter().find(|(q, _)| *q == p).map(|(_, c)| *c);
    // Every group needs a liberty: flood each group and look for an empty neighbour.
    for &(p, colour) in &stones {
        let mut seen = vec![p];
        let mut stack = vec![p];
        let mut free = false;
        while let Some(q) = stack.pop() {
            for nb in size.neighbours(q) {
                match at(nb) {
                    None => free = true,
                    Some(c) if c == colour && !seen.contains(&nb) => {
                        seen.push(nb);
                        stack.push(nb);
                    }
                    Some(_) => {}
                }
            }
        }
        if !free {
            return Err(DiagramError::NoLiberty(p));
        }
    }
    let mut queues = [
        stones
            .iter()
            .filter(|(_, c)| *c == Color::Black)
            .map(|(p, _)| *p)
            .collect::<Vec<_>>(),
        stones
            .iter()
            .filter(|(_, c)| *c == Color::White)
            .map(|(p, _)| *p)
            .collect::<Vec<_>>(),
    ];
    for q in &mut queues {
        q.reverse();
    }
    let mut moves = Vec::new();
    let mut colour = first;
    while queues.iter().any(|q| !q.is_empty()) {
        let mv = queues[colour.index()].pop().map_or(Move::Pass, Move::Play);
        moves.push((colour, mv));
        colour = colour.opponent();
    }
    Ok(moves)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn rows(s: &[&str]) -> Vec<String> {
        s.iter().map(|r| (*r).to_owned()).collect()
    }

    #[test]
    fn sequences_alternate_and_pass_for_the_short_side() {
        let nine = BoardSize::new(9).unwrap();
        let mut d = vec![". . . . . . . . ."; 9];
        d[0] = "X X X . . . . . O";
        let moves = diagram_moves(nine, &rows(&d), Color::Black).unwrap();
        let text: Vec<String> = moves
            .iter()
            .map(|(c, m)| format!("{}{m}", c.sgf_letter()))
            .collect();
        assert_eq!(text, ["Baa", "Wia", "Bba", "Wpass", "Bca"]);
    }

    #[test]
    fn a_group_without_liberty_is_refused() {
        let nine = BoardSize::new(9).unwrap();
        let mut d = vec![". . . . . . . . ."; 9];
        d[0] = "X O . . . . . . .";
        d[1] = "O . . . . . . . .";
        assert_eq!(
            diagram_moves(nine, &rows(&d), Color::Black),
            Err(DiagramError::NoLiberty(Point::new(0, 0)))
        );
        d[1] = "O . . . . . . .";
        assert!(matches!(
            diagram_moves(nine, &rows(&d), Color::Black),
            Err(DiagramError::Shape { row: 2, .. })
        ));
    }
}
