//! Points as players read them, for the workbench page: columns A–T without I, rows numbered
//! from the bottom (`D4`), whatever the board's size — with the SGF letters (`dp`) kept for a
//! tooltip only.
//!
//! The oracle and the judge name a refused move the way SGF writes it (`move 132 (black ac): ac
//! recreates an earlier whole-board position`), which the command line keeps: the page shows
//! the same sentences with the points in players' coordinates, so that one coordinate system
//! is on the page ([`refusal_words`]). Only the sentences our own oracle writes are rewritten,
//! and only the points they name (the move, and the stone a ko retake takes back): free text is
//! never guessed at.

use conformance_core::report::escape::html as esc;
use go_spec::Point;

use crate::board_svg::coordinate;

/// A point for HTML: players' coordinate, the SGF letters in its tooltip (`title`).
pub fn point_html(p: Point, size: u8) -> String {
    format!(
        "<span class=\"point\" title=\"SGF {}\">{}</span>",
        esc(&p.to_string()),
        esc(&coordinate(p, size))
    )
}

/// Points for HTML, in board order (columns left to right, rows from the bottom), joined by
/// commas.
pub fn points_html(points: &[Point], size: u8) -> String {
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| (p.x, std::cmp::Reverse(p.y)));
    sorted
        .iter()
        .map(|p| point_html(*p, size))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A point written in players' coordinates (`D4`, `t19`) on a board of `size`; `None` for
/// anything else (no column I, no row 0, nothing off the board).
pub fn parse_coordinate(text: &str, size: u8) -> Option<Point> {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let x = LETTERS.iter().position(|&l| char::from(l) == letter)?;
    let row: u8 = chars.as_str().parse().ok()?;
    let x = u8::try_from(x).ok()?;
    (x < size && (1..=size).contains(&row)).then(|| Point::new(x, size - row))
}

/// An SGF point written as two letters (`ac`) on a board of `size`, when `word` is one.
fn sgf_point(word: &str, size: u8) -> Option<Point> {
    match word.as_bytes() {
        [x @ b'a'..=b's', y @ b'a'..=b's'] if x - b'a' < size && y - b'a' < size => {
            Some(Point::new(x - b'a', y - b'a'))
        }
        _ => None,
    }
}

/// The sentence the oracle writes of a refused move (`move 132 (black ac): ac recreates …`;
/// `…: ab retakes the ko at once: the stone on ac has just captured one stone …`) in players'
/// words: `move 132, Black A17: A17 recreates …`. The move's point and the point after "the
/// stone on " are the ones rewritten, wherever they stand as a word; any other text is left
/// as it is. Text without the oracle's `move N (colour point)` stays unchanged.
pub fn refusal_words(text: &str, size: u8) -> String {
    let mut points: Vec<(String, Point)> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    // `move N (black xy)` → `move N, Black D4`.
    while let Some(at) = rest.find("move ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let tail = &after[digits..];
        let parsed = (digits > 0)
            .then(|| tail.strip_prefix(" ("))
            .flatten()
            .and_then(|t| {
                let close = t.find(')')?;
                let (colour, mv) = t[..close].split_once(' ')?;
                let colour = match colour {
                    "black" => "Black",
                    "white" => "White",
                    _ => return None,
                };
                Some((colour, mv, &t[close + 1..]))
            });
        match parsed {
            Some((colour, mv, remaining)) => {
                let shown = match sgf_point(mv, size) {
                    Some(p) => {
                        points.push((mv.to_owned(), p));
                        coordinate(p, size)
                    }
                    None => mv.to_owned(),
                };
                out.push_str(&format!("move {}, {colour} {shown}", &after[..digits]));
                rest = remaining;
            }
            None => {
                out.push_str("move ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if let Some(at) = out.find("the stone on ") {
        let word: String = out[at + 13..]
            .chars()
            .take_while(char::is_ascii_lowercase)
            .collect();
        if let Some(p) = sgf_point(&word, size) {
            points.push((word, p));
        }
    }
    replace_words(&out, &points, size)
}

/// `text` with each whole word equal to one of `points`' SGF names replaced by its players'
/// coordinate.
fn replace_words(text: &str, points: &[(String, Point)], size: u8) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match points.iter().find(|(name, _)| name == word) {
            Some((_, p)) => out.push_str(&coordinate(*p, size)),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The oracle's superko sentence (reading41's move 132, SGF `ac` on 19x19: column a = A,
    /// row c = the third from the top = 17).
    #[test]
    fn a_superko_refusal_is_told_in_players_coordinates() {
        let text = "the record holds an illegal move: move 132 (black ac): ac recreates an earlier whole-board position (rfg:5.2, positional superko)";
        assert_eq!(
            refusal_words(text, 19),
            "the record holds an illegal move: move 132, Black A17: A17 recreates an earlier whole-board position (rfg:5.2, positional superko)"
        );
    }

    /// The ko sentence names two points: the retake and the stone taken back (on 9x9, `ee` is
    /// E5 and `ed` is E6).
    #[test]
    fn a_ko_refusal_names_both_points_in_players_coordinates() {
        let text = "move 7 (white ee): ee retakes the ko at once: the stone on ed has just captured one stone (rfg:5.2)";
        assert_eq!(
            refusal_words(text, 9),
            "move 7, White E5: E5 retakes the ko at once: the stone on E6 has just captured one stone (rfg:5.2)"
        );
    }

    #[test]
    fn other_text_is_left_as_written() {
        for text in [
            "the game is finished at move 12",
            "no RE in the record",
            "move on (at ab)",
        ] {
            assert_eq!(refusal_words(text, 19), text);
        }
        assert_eq!(
            refusal_words("move 3 (black pass): x", 19),
            "move 3, Black pass: x"
        );
    }

    #[test]
    fn players_coordinates_read_back() {
        assert_eq!(parse_coordinate("A17", 19), Some(Point::new(0, 2)));
        assert_eq!(parse_coordinate("t1", 19), Some(Point::new(18, 18)));
        assert_eq!(parse_coordinate("J9", 9), Some(Point::new(8, 0)));
        for bad in ["I5", "A0", "A20", "K5", "", "D", "Dx"] {
            let size = if bad == "K5" { 9 } else { 19 };
            assert_eq!(parse_coordinate(bad, size), None, "{bad}");
        }
    }

    #[test]
    fn points_in_html_carry_their_sgf_letters() {
        let p = Point::new(0, 2);
        assert_eq!(
            point_html(p, 19),
            "<span class=\"point\" title=\"SGF ac\">A17</span>"
        );
        let listed = points_html(&[Point::new(3, 3), Point::new(0, 8)], 9);
        assert!(listed.starts_with("<span class=\"point\" title=\"SGF ai\">A1</span>, "));
    }
}
