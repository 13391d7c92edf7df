//! A Go board as an inline SVG element: the one drawing of a Go board, for the workbench
//! (`go-conformance serve`), the HTML run report (each case's position) and the HTML `diff`
//! report (the board where two profiles part).
//!
//! Our own drawing rather than a board component from npm: the page must work offline from the
//! binary alone, the board only has to be shown (never played on), and what it must mark —
//! territory, neutral points, stones in seki, dead stones, the fills of the end phase — is the
//! oracle's count, which no component knows. A few dozen lines of SVG do that, print, and
//! scale to any screen. Columns are lettered A–T without I and rows numbered from the bottom,
//! as Go players write coordinates.

use std::fmt::Write as _;

use go_spec::{Color, Point};

/// What is marked on the board besides the stones.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// The last move played (a ring on its stone).
    pub last: Option<Point>,
    /// Territory of Black (0) and White (1): a small square of the owner's colour.
    pub territory: [Vec<Point>; 2],
    /// Neutral empty points (rfg 8.3): a small grey dot.
    pub neutral: Vec<Point>,
    /// Stones in seki (rfg 6.1a): a blue ring.
    pub seki: Vec<Point>,
    /// Dead stones (rfg 7.2): a red cross, the stone faded.
    pub dead: Vec<Point>,
    /// Stones of the end phase's fills (rfg 7.1): a green dot, with their number.
    pub fills: Vec<Point>,
    /// Stones the last move captured (rfg 3.2), now empty points: a blue cross.
    pub captured: Vec<Point>,
    /// A move the rules refused: a dashed red circle where it was tried.
    pub refused: Option<Point>,
    /// Whether the stones (and the dead stones' crosses) can be clicked to mark them dead:
    /// each then carries `data-mark` with its point in players' coordinates (`D4`), which the
    /// workbench's page sends back (`mark=D4`), and a tooltip naming it.
    pub clickable: bool,
}

/// The column letters of Go coordinates (no I).
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// A point in players' coordinates: `D4` (column letter, row counted from the bottom).
pub fn coordinate(p: Point, size: u8) -> String {
    let letter = LETTERS
        .get(usize::from(p.x))
        .map_or('?', |&b| char::from(b));
    format!("{letter}{}", size.saturating_sub(p.y))
}

fn escape(s: &str) -> String {
    conformance_core::report::escape::html(s)
}

/// The board of `size`×`size` with `stones`, the marks drawn over them; `caption` becomes the
/// SVG's accessible title.
pub fn svg(size: u8, stones: &[(Point, Color)], marks: &Marks, caption: &str) -> String {
    let cell = 30.0_f64;
    let margin = 38.0_f64;
    let n = f64::from(size);
    let extent = margin * 2.0 + cell * (n - 1.0);
    let at = |v: u8| margin + cell * f64::from(v);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"board go-board\" role=\"img\" viewBox=\"0 0 {extent} {extent}\" xmlns=\"http://www.w3.org/2000/svg\" data-size=\"{size}\" data-stones=\"{}\"><title>{}</title>",
        stones.len(),
        escape(caption)
    );
    let _ = write!(
        out,
        "<rect width=\"{extent}\" height=\"{extent}\" fill=\"#dcb35c\"/>"
    );
    for i in 0..size {
        let (a, b, c) = (at(i), at(0), at(size - 1));
        let _ = write!(
            out,
            "<line x1=\"{b}\" y1=\"{a}\" x2=\"{c}\" y2=\"{a}\" stroke=\"#333\"/><line x1=\"{a}\" y1=\"{b}\" x2=\"{a}\" y2=\"{c}\" stroke=\"#333\"/>"
        );
        let letter = LETTERS.get(usize::from(i)).map_or('?', |&l| char::from(l));
        // The SGF letter of the column and of the row, in a tooltip (`aa` is A19 on 19x19).
        let sgf = char::from(b'a' + i);
        let _ = write!(
            out,
            "<g class=\"edge column\"><title>column {letter}: SGF {sgf}</title><text x=\"{a}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{letter}</text></g><g class=\"edge row\"><title>row {}: SGF {sgf}</title><text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\" fill=\"#333\">{}</text></g>",
            margin * 0.5,
            size - i,
            margin * 0.4,
            a + 4.0,
            size - i
        );
    }
    for (p, colour) in stones {
        let (fill, stroke) = match colour {
            Color::Black => ("#111", "#000"),
            Color::White => ("#f8f8f8", "#555"),
        };
        let opacity = if marks.dead.contains(p) { "0.45" } else { "1" };
        let _ = write!(
            out,
            "<circle class=\"stone {}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" opacity=\"{opacity}\"{}",
            match colour {
                Color::Black => "black",
                Color::White => "white",
            },
            at(p.x),
            at(p.y),
            cell * 0.47,
            clickable_end(marks, *p, size)
        );
    }
    for (k, owner) in marks.territory.iter().enumerate() {
        let fill = if k == 0 { "#111" } else { "#fff" };
        for p in owner {
            let s = cell * 0.3;
            let _ = write!(
                out,
                "<rect class=\"territory {}\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>",
                if k == 0 { "black" } else { "white" },
                at(p.x) - s / 2.0,
                at(p.y) - s / 2.0
            );
        }
    }
    for p in &marks.neutral {
        let _ = write!(
            out,
            "<circle class=\"neutral\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#888\"/>",
            at(p.x),
            at(p.y),
            cell * 0.12
        );
    }
    for p in &marks.seki {
        let _ = write!(
            out,
            "<circle class=\"seki\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#1e63d6\" stroke-width=\"3\"/>",
            at(p.x),
            at(p.y),
            cell * 0.38
        );
    }
    for p in &marks.dead {
        cross(&mut out, at(p.x), at(p.y), cell * 0.25, "dead", "#d22");
        if marks.clickable && !stones.iter().any(|(q, _)| q == p) {
            // A dead stone already taken off (the count's board): its point stays clickable.
            let _ = write!(
                out,
                "<circle class=\"taken-off\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"transparent\"{}",
                at(p.x),
                at(p.y),
                cell * 0.47,
                clickable_end(marks, *p, size)
            );
        }
    }
    for (k, p) in marks.fills.iter().enumerate() {
        let _ = write!(
            out,
            "<circle class=\"fill\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#2a9d3a\"/><text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
            at(p.x),
            at(p.y),
            cell * 0.2,
            at(p.x),
            at(p.y) + 3.0,
            k + 1
        );
    }
    for p in &marks.captured {
        cross(&mut out, at(p.x), at(p.y), cell * 0.25, "captured", "#06c");
    }
    if let Some(p) = marks.refused {
        let _ = write!(
            out,
            "<circle class=\"refused\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#c00\" stroke-width=\"2\" stroke-dasharray=\"3 2\"/>",
            at(p.x),
            at(p.y),
            cell * 0.47
        );
    }
    if let Some(p) = marks.last {
        let _ = write!(
            out,
            "<circle class=\"last\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#e03\" stroke-width=\"2.5\"/>",
            at(p.x),
            at(p.y),
            cell * 0.22
        );
    }
    out.push_str("</svg>");
    out
}

/// The end of a stone's `<circle`: its `data-mark` and tooltip when the board is clickable.
fn clickable_end(marks: &Marks, p: Point, size: u8) -> String {
    if !marks.clickable {
        return "/>".to_owned();
    }
    let name = coordinate(p, size);
    format!(
        " data-mark=\"{name}\" style=\"cursor:pointer\"><title>{name} (SGF {p}): click to mark its group dead, or alive again</title></circle>"
    )
}

/// A cross of half-width `d` centred on (`x`, `y`), of class `class`.
fn cross(out: &mut String, x: f64, y: f64, d: f64, class: &str, colour: &str) {
    let _ = write!(
        out,
        "<path class=\"{class}\" d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{colour}\" stroke-width=\"3\"/>",
        x - d,
        y - d,
        x + d,
        y + d,
        x - d,
        y + d,
        x + d,
        y - d
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_skip_i_and_count_rows_from_the_bottom() {
        // SGF `aa` is the top left corner: A19 on a 19x19 board; `ss` is T1 (no column I).
        assert_eq!(coordinate(Point::new(0, 0), 19), "A19");
        assert_eq!(coordinate(Point::new(18, 18), 19), "T1");
        assert_eq!(coordinate(Point::new(8, 4), 9), "J5");
    }

    #[test]
    fn every_stone_and_mark_is_drawn() {
        let stones = [
            (Point::new(2, 2), Color::Black),
            (Point::new(3, 3), Color::White),
        ];
        let marks = Marks {
            last: Some(Point::new(3, 3)),
            territory: [
                vec![Point::new(0, 0)],
                vec![Point::new(8, 8), Point::new(8, 7)],
            ],
            neutral: vec![Point::new(4, 4)],
            seki: vec![Point::new(2, 2)],
            dead: vec![Point::new(3, 3)],
            fills: vec![Point::new(5, 5)],
            captured: vec![Point::new(6, 6)],
            refused: Some(Point::new(7, 7)),
            clickable: false,
        };
        let s = svg(9, &stones, &marks, "a <test>");
        assert_eq!(s.matches("class=\"stone ").count(), 2);
        assert_eq!(s.matches("class=\"territory white\"").count(), 2);
        assert_eq!(s.matches("class=\"territory black\"").count(), 1);
        for class in [
            "neutral", "seki", "dead", "fill", "last", "captured", "refused",
        ] {
            assert_eq!(
                s.matches(&format!("class=\"{class}\"")).count(),
                1,
                "{class}"
            );
        }
        assert!(s.contains("<title>a &lt;test&gt;</title>"));
        assert!(!s.contains("data-mark"));
        // The edges: A-J without I on 9x9, rows 9 at the top to 1, each with its SGF letter.
        assert!(s.contains("<title>column J: SGF i</title>"), "{s}");
        assert!(s.contains("<title>row 9: SGF a</title>"), "{s}");
        assert!(!s.contains(">I</text>"));
    }

    /// On a clickable board each stone names its point (players' coordinates); a dead stone
    /// already taken off keeps a clickable point.
    #[test]
    fn clickable_stones_carry_their_point() {
        let stones = [(Point::new(3, 5), Color::Black)];
        let marks = Marks {
            dead: vec![Point::new(6, 2)],
            clickable: true,
            ..Marks::default()
        };
        let s = svg(9, &stones, &marks, "end");
        assert!(s.contains("data-mark=\"D4\""), "{s}");
        assert!(s.contains("class=\"taken-off\""), "{s}");
        assert!(s.contains("data-mark=\"G7\""), "{s}");
        assert!(s.contains("(SGF df)"), "{s}");
    }
}
