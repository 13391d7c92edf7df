//! The writer: a [`GoRecord`] as an `FF[4]` text that the reader gives back unchanged.

use go_spec::{GameResult, GoRecord, Move};

use crate::game::sgf_point;

/// Writes a game as one `FF[4]` game tree: the root holds the game information and setup, each
/// move is a node, territory marks go on the last node.
pub fn write_game(game: &GoRecord) -> String {
    let mut out = format!("(;GM[1]FF[4]SZ[{}]", game.size);
    if let Some(komi) = game.komi {
        out.push_str(&format!("KM[{komi}]"));
    }
    if let Some(handicap) = game.handicap {
        out.push_str(&format!("HA[{handicap}]"));
    }
    if let Some(result) = &game.result {
        out.push_str(&format!("RE[{}]", escape(&result_text(result))));
    }
    for (id, points) in [("AB", &game.setup_black), ("AW", &game.setup_white)] {
        if !points.is_empty() {
            out.push_str(id);
            for p in points {
                out.push_str(&format!("[{}]", sgf_point(*p)));
            }
        }
    }
    if let Some(colour) = game.to_play {
        out.push_str(&format!("PL[{}]", colour.sgf_letter()));
    }
    for (colour, mv) in &game.moves {
        out.push_str(&format!("\n;{}[", colour.sgf_letter()));
        if let Move::Play(p) = mv {
            out.push_str(&sgf_point(*p));
        }
        out.push(']');
    }
    if !game.territory_black.is_empty() || !game.territory_white.is_empty() {
        if !game.moves.is_empty() {
            out.push_str("\n;");
        }
        // An empty list is written `[]` so that the reader sees the marks' node at all.
        for (id, points) in [("TB", &game.territory_black), ("TW", &game.territory_white)] {
            out.push_str(id);
            if points.is_empty() {
                out.push_str("[]");
            }
            for p in points {
                out.push_str(&format!("[{}]", sgf_point(*p)));
            }
        }
    }
    out.push_str(")\n");
    out
}

fn result_text(result: &GameResult) -> String {
    result.to_string()
}

/// Escapes a text value: `]` and `\` take a backslash.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
