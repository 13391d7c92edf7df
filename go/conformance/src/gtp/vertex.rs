//! GTP vertices: a column letter `A`–`T` without `I`, then the row counted from the bottom
//! (GTP 2, section 2.11). Our points count rows from the top, as SGF does, so `aa` on 19x19 is
//! `A19`.

use go_spec::{BoardSize, Move, Point};

const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The GTP vertex of a move (`pass` for a pass).
pub fn to_vertex(size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".to_owned(),
        Move::Play(p) => {
            let column = char::from(COLUMNS[usize::from(p.x)]);
            format!("{column}{}", size.lines() - p.y)
        }
    }
}

/// Reads a vertex an engine wrote (any case); `None` when it names no point of the board.
pub fn from_vertex(size: BoardSize, text: &str) -> Option<Move> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Some(Move::Pass);
    }
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let x = COLUMNS.iter().position(|&c| char::from(c) == letter)?;
    let row: u8 = chars.as_str().parse().ok()?;
    let x = u8::try_from(x).ok()?;
    if row == 0 || row > size.lines() || x >= size.lines() {
        return None;
    }
    Some(Move::Play(Point::new(x, size.lines() - row)))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    // GTP 2 section 2.11: columns skip I, rows count from the bottom (A1 is the lower left).
    #[test]
    fn corners_and_the_missing_i() {
        let s19 = BoardSize::new(19).unwrap();
        assert_eq!(to_vertex(s19, Move::Play(Point::new(0, 0))), "A19");
        assert_eq!(to_vertex(s19, Move::Play(Point::new(0, 18))), "A1");
        assert_eq!(to_vertex(s19, Move::Play(Point::new(8, 18))), "J1");
        assert_eq!(to_vertex(s19, Move::Play(Point::new(18, 0))), "T19");
        assert_eq!(from_vertex(s19, "j1"), Some(Move::Play(Point::new(8, 18))));
        assert_eq!(from_vertex(s19, "PASS"), Some(Move::Pass));
        assert_eq!(from_vertex(s19, "I5"), None);
        let s9 = BoardSize::new(9).unwrap();
        assert_eq!(from_vertex(s9, "K1"), None);
        assert_eq!(from_vertex(s9, "A10"), None);
        assert_eq!(from_vertex(s9, "E5"), Some(Move::Play(Point::new(4, 4))));
    }
}
