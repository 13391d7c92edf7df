//! Board diagrams and Japanese move notation, for the reports people read.
//!
//! A failing case is understood at a glance only when its position is shown the way a shogi
//! player draws it: files 9 to 1 from left to right, ranks 一 to 九 from top to bottom,
//! traditional piece characters, Gote's pieces turned upside down, each side's pieces in hand
//! beside the board (Gote's on the left, Sente's on the right), and the moves in question
//! marked. The diagram is an inline SVG, so a report stays one self-contained file that opens
//! offline, prints, and scales down to a phone.
//!
//! The position is set up by the oracle (leniently: problem positions without a second king
//! must still be drawn). Drawing is presentation only: nothing here decides what is legal.

use std::fmt::Write as _;

use shogi_oracle::Oracle;
use shogi_oracle::game::play_record;
use shogi_records::japanese::{kanji_digit, wide_digit, write_kanji_number};
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::{Color, PositionSpec};
use shogi_spec::{piece::Kind, piece::Piece, position::Position, square::Square, usi::Move};

use crate::corpus::case::Case;

/// Why a case's position cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The case has neither a position nor a game record (a tournament question).
    #[error("the case has no position or game record to draw")]
    NoPosition,
    /// The position or record does not set up.
    #[error("the position cannot be set up: {0}")]
    Setup(String),
}

/// How a square is marked on the diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A move the implementation listed although it is not legal (red).
    Extra,
    /// A legal move the implementation did not list (blue).
    Missing,
    /// A move to point at, neither right nor wrong (yellow): the last move of a game.
    Played,
}

impl Mark {
    fn class(self) -> &'static str {
        match self {
            Mark::Extra => "extra",
            Mark::Missing => "missing",
            Mark::Played => "played",
        }
    }

    fn fill(self) -> &'static str {
        match self {
            Mark::Extra => "#f2a0a0",
            Mark::Missing => "#9cc3f0",
            Mark::Played => "#f5e08a",
        }
    }
}

/// The position a case is about: its position with the setup moves played, or for a game
/// record the position where the game was decided (under `profile`, when it names a
/// built-in profile; FESA 2017 otherwise).
pub fn case_position(case: &Case, profile: &str) -> Result<Position, BoardError> {
    if let Some(spec) = case.position() {
        return Oracle::lenient()
            .setup(&spec)
            .map_err(|e| BoardError::Setup(e.to_string()));
    }
    let record = case.setup.record.as_ref().ok_or(BoardError::NoPosition)?;
    let text = record.to_text();
    let record = Record::from_yaml(&text).map_err(|e| BoardError::Setup(e.message))?;
    let profile = Profile::builtin(profile).unwrap_or_else(|_| Profile::default());
    play_record(&record, &profile)
        .map(|p| p.position)
        .map_err(|e| BoardError::Setup(e.to_string()))
}

/// Sets up a position given as text (`startpos`, an SFEN, `sfen …`, with `moves …`).
pub fn position_of(spec: &PositionSpec) -> Result<Position, BoardError> {
    Oracle::lenient()
        .setup(spec)
        .map_err(|e| BoardError::Setup(e.to_string()))
}

/// The traditional one-character name of a piece as diagrams print it ([`Kind::glyph`]).
fn glyph(piece: Piece) -> &'static str {
    match piece.kind {
        // The senior player's king is 王, the junior's 玉; diagrams conventionally give
        // Sente 玉 and Gote 王.
        Kind::King if piece.color == Color::Gote => "王",
        kind => kind.glyph(),
    }
}

/// The side's mark: ☗ for Sente, ☖ for Gote.
fn side_mark(color: Color) -> &'static str {
    match color {
        Color::Sente => "☗",
        Color::Gote => "☖",
    }
}

fn square_name(sq: Square) -> String {
    let file = u32::try_from(sq.file() + 1).unwrap_or(0);
    let rank = u32::try_from(sq.rank() + 1).unwrap_or(0);
    format!("{}{}", wide_digit(file), kanji_digit(rank))
}

/// A USI move in Japanese notation, as kifu write it: `☗７六歩(77)`, `☗１二歩打`, `☖２二角成(88)`,
/// `☗２三銀不成(34)`. The side is the side to move in `pos`; the piece is the one standing on
/// the from-square. `None` for text that is not a USI move, or a board move from an empty square.
pub fn japanese(pos: &Position, usi: &str) -> Option<String> {
    let mv = Move::parse(usi).ok()?;
    let side = pos.side_to_move();
    match mv {
        Move::Drop { kind, to } => Some(format!(
            "{}{}{}打",
            side_mark(side),
            square_name(to),
            kind.kanji()
        )),
        Move::Board { from, to, promote } => {
            let piece = pos.piece_at(from)?;
            let zone = |sq: Square| match side {
                Color::Sente => sq.rank() <= 2,
                Color::Gote => sq.rank() >= 6,
            };
            // Whether the move could have promoted: only then is "not promoting" worth saying.
            let could_promote = piece.kind.promoted().is_some() && (zone(from) || zone(to));
            let suffix = if promote {
                "成"
            } else if could_promote {
                "不成"
            } else {
                ""
            };
            Some(format!(
                "{}{}{}{suffix}({}{})",
                side_mark(side),
                square_name(to),
                piece.kind.kanji(),
                from.file() + 1,
                from.rank() + 1
            ))
        }
    }
}

/// `usi` followed by its Japanese notation in parentheses, when it has one.
pub fn both_notations(pos: Option<&Position>, usi: &str) -> String {
    match pos.and_then(|p| japanese(p, usi)) {
        Some(j) => format!("{usi} {j}"),
        None => usi.to_owned(),
    }
}

use conformance_core::report::escape::html as esc;

// Geometry, in SVG user units. Shogi squares are a little taller than wide.
const CELL_W: i32 = 40;
const CELL_H: i32 = 44;
const HAND_W: i32 = 44;
const GAP: i32 = 10;
const LABEL: i32 = 22;
const BOARD_X: i32 = HAND_W + GAP;
const BOARD_Y: i32 = LABEL;
const WIDTH: i32 = BOARD_X + 9 * CELL_W + LABEL + GAP + HAND_W;
const HEIGHT: i32 = BOARD_Y + 9 * CELL_H + 8;

/// The top-left corner of a square on the diagram (file 9 on the left, rank a at the top).
fn corner(sq: Square) -> (i32, i32) {
    let col = 8 - i32::from(sq.file());
    let row = i32::from(sq.rank());
    (BOARD_X + col * CELL_W, BOARD_Y + row * CELL_H)
}

/// The squares a move touches: (from, to); from is `None` for a drop.
fn squares_of(usi: &str) -> Option<(Option<Square>, Square)> {
    match Move::parse(usi).ok()? {
        Move::Drop { to, .. } => Some((None, to)),
        Move::Board { from, to, .. } => Some((Some(from), to)),
    }
}

/// One side's pieces in hand, written downwards: the side's mark, then each kind with its
/// count (`歩二`), or なし.
fn hand_column(out: &mut String, pos: &Position, color: Color, x: i32, top: bool) {
    let hand = pos.hand(color);
    let mut lines = vec![side_mark(color).to_owned()];
    for kind in shogi_spec::piece::HAND_KINDS {
        let n = hand.count(kind);
        if n == 1 {
            lines.push(kind.kanji().to_owned());
        } else if n > 1 {
            lines.push(format!(
                "{}{}",
                kind.kanji(),
                write_kanji_number(u32::from(n))
            ));
        }
    }
    if lines.len() == 1 {
        lines.push("なし".to_owned());
    }
    let step = 22;
    let height = step * i32::try_from(lines.len()).unwrap_or(9);
    let y0 = if top {
        BOARD_Y + 18
    } else {
        BOARD_Y + 9 * CELL_H - height + 14
    };
    let who = match color {
        Color::Sente => "sente",
        Color::Gote => "gote",
    };
    let _ = write!(
        out,
        "<g class=\"hand hand-{who}\" font-size=\"17\" text-anchor=\"middle\">"
    );
    for (i, line) in lines.iter().enumerate() {
        let y = y0 + step * i32::try_from(i).unwrap_or(0);
        let size = if line.chars().count() > 2 {
            " font-size=\"13\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{y}\"{size}>{}</text>",
            x + HAND_W / 2,
            esc(line)
        );
    }
    out.push_str("</g>");
}

/// The diagram of `pos` as an inline SVG element, the given moves marked: the to-square
/// filled (red for an extra move, blue for a missing one), the from-square outlined, and an
/// arrow between them. `caption` becomes the SVG's accessible title.
pub fn svg(pos: &Position, marks: &[(String, Mark)], caption: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"board\" role=\"img\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" xmlns=\"http://www.w3.org/2000/svg\" \
         font-family=\"'Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho',serif\">\
         <title>{}</title>",
        esc(caption)
    );
    // The board's wood and grid.
    let _ = write!(
        out,
        "<rect x=\"{BOARD_X}\" y=\"{BOARD_Y}\" width=\"{}\" height=\"{}\" fill=\"#f3d9a4\" stroke=\"#333\" stroke-width=\"2\"/>",
        9 * CELL_W,
        9 * CELL_H
    );
    for (usi, mark) in marks {
        let Some((from, to)) = squares_of(usi) else {
            continue;
        };
        let (x, y) = corner(to);
        let _ = write!(
            out,
            "<rect class=\"mark mark-{}\" data-move=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{CELL_W}\" height=\"{CELL_H}\" fill=\"{}\"/>",
            mark.class(),
            esc(usi),
            mark.fill()
        );
        if let Some(from) = from {
            let (fx, fy) = corner(from);
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"3\" stroke-dasharray=\"5 3\"/>",
                fx + 2,
                fy + 2,
                CELL_W - 4,
                CELL_H - 4,
                mark.fill()
            );
        }
    }
    for i in 1..9 {
        let x = BOARD_X + i * CELL_W;
        let y = BOARD_Y + i * CELL_H;
        let _ = write!(
            out,
            "<line x1=\"{x}\" y1=\"{BOARD_Y}\" x2=\"{x}\" y2=\"{}\" stroke=\"#333\"/>\
             <line x1=\"{BOARD_X}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#333\"/>",
            BOARD_Y + 9 * CELL_H,
            BOARD_X + 9 * CELL_W
        );
    }
    // The star points that mark the promotion zones.
    for (c, r) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#333\"/>",
            BOARD_X + c * CELL_W,
            BOARD_Y + r * CELL_H
        );
    }
    // Coordinates: files ９…１ above, ranks 一…九 to the right.
    out.push_str("<g font-size=\"14\" fill=\"#444\" text-anchor=\"middle\">");
    for i in 0..9_usize {
        let col = i32::try_from(i).unwrap_or(0);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\">{}</text><text x=\"{}\" y=\"{}\">{}</text>",
            BOARD_X + col * CELL_W + CELL_W / 2,
            BOARD_Y - 6,
            wide_digit(9 - col.unsigned_abs()),
            BOARD_X + 9 * CELL_W + LABEL / 2 + 2,
            BOARD_Y + col * CELL_H + CELL_H / 2 + 5,
            kanji_digit(col.unsigned_abs() + 1)
        );
    }
    out.push_str("</g>");
    // Pieces: a pentagon with the character, turned half a circle for Gote.
    for (sq, piece) in pos.pieces() {
        let (x, y) = corner(sq);
        let (cx, cy) = (x + CELL_W / 2, y + CELL_H / 2);
        let turn = if piece.color == Color::Gote {
            format!(" transform=\"rotate(180 {cx} {cy})\"")
        } else {
            String::new()
        };
        let colour = if piece.kind.is_promoted() {
            "#b00000"
        } else {
            "#111"
        };
        let who = match piece.color {
            Color::Sente => "sente",
            Color::Gote => "gote",
        };
        let _ = write!(
            out,
            "<g class=\"piece piece-{who}\" data-square=\"{sq}\"{turn}>\
             <path d=\"M{cx} {} L{} {} L{} {} L{} {} L{} {} Z\" fill=\"#fbe9c6\" stroke=\"#7a5a2a\"/>\
             <text x=\"{cx}\" y=\"{}\" font-size=\"22\" text-anchor=\"middle\" fill=\"{colour}\">{}</text></g>",
            y + 4,
            x + 31,
            y + 11,
            x + 34,
            y + 40,
            x + 6,
            y + 40,
            x + 9,
            y + 11,
            y + 33,
            glyph(piece)
        );
    }
    // Arrows for board moves, drawn over the pieces.
    for (usi, mark) in marks {
        if let Some((Some(from), to)) = squares_of(usi) {
            let (fx, fy) = corner(from);
            let (tx, ty) = corner(to);
            let _ = write!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"4\" stroke-linecap=\"round\" opacity=\"0.8\"/>",
                fx + CELL_W / 2,
                fy + CELL_H / 2,
                tx + CELL_W / 2,
                ty + CELL_H / 2,
                match mark {
                    Mark::Extra => "#c00000",
                    Mark::Missing => "#0050b0",
                    Mark::Played => "#a08000",
                }
            );
        }
    }
    hand_column(&mut out, pos, Color::Gote, 0, true);
    hand_column(&mut out, pos, Color::Sente, WIDTH - HAND_W, false);
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(sfen: &str) -> Position {
        position_of(&PositionSpec::parse(sfen).unwrap()).unwrap()
    }

    #[test]
    fn japanese_notation_follows_kifu_conventions() {
        let start = pos("startpos");
        assert_eq!(japanese(&start, "7g7f").as_deref(), Some("☗７六歩(77)"));
        let corner = pos("7lk/7p1/8G/9/9/9/9/9/K8 b P 1");
        assert_eq!(japanese(&corner, "P*1b").as_deref(), Some("☗１二歩打"));
        // The bishop exchange: Gote's bishop takes on 8h and promotes.
        let b = pos("startpos moves 7g7f 3c3d 8h2b+");
        assert_eq!(japanese(&b, "3a2b").as_deref(), Some("☖２二銀(31)"));
        let silver = pos(
            "4k4/9/9/9/9/9/9/9/4K2S1 b - 1 moves 2i2h 5a5b 2h2g 5b5a 2g2f 5a5b 2f2e 5b5a 2e2d 5a5b",
        );
        assert_eq!(
            japanese(&silver, "2d2c").as_deref(),
            Some("☗２三銀不成(24)")
        );
        assert_eq!(japanese(&silver, "2d2c+").as_deref(), Some("☗２三銀成(24)"));
        assert_eq!(japanese(&start, "5e5d"), None, "no piece on 5e");
        assert_eq!(japanese(&start, "zz"), None);
    }

    #[test]
    fn the_diagram_turns_gote_and_shows_hands_and_marks() {
        let corner = pos("7lk/7p1/8G/9/9/9/9/9/K8 b P 1");
        let svg = svg(&corner, &[("P*1b".to_owned(), Mark::Extra)], "t");
        assert_eq!(svg.matches("class=\"piece piece-gote\"").count(), 3);
        assert_eq!(
            svg.matches("rotate(180").count(),
            3,
            "Gote's pieces are turned"
        );
        assert_eq!(svg.matches("class=\"piece piece-sente\"").count(), 2);
        assert!(svg.contains(">歩<"), "Sente's pawn in hand: {svg}");
        assert!(svg.contains(">なし<"), "Gote's empty hand");
        assert!(svg.contains("class=\"mark mark-extra\" data-move=\"P*1b\""));
        assert!(svg.contains(">王<") && svg.contains(">玉<"));
        // 1b is the rightmost file, second rank.
        let (x, y) = corner_of("1b");
        assert!(svg.contains(&format!("x=\"{x}\" y=\"{y}\"")), "{svg}");
    }

    fn corner_of(sq: &str) -> (i32, i32) {
        corner(Square::parse(sq).unwrap())
    }

    #[test]
    fn coordinates_read_like_a_diagram() {
        assert!(corner_of("9a").0 < corner_of("1a").0, "file 9 on the left");
        assert!(corner_of("5a").1 < corner_of("5i").1, "rank a at the top");
    }
}
