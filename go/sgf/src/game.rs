//! The main line of a game tree read into the record model, [`GoRecord`]: the board, the setup,
//! the moves, the result and the territory marks. This is what a judge needs; everything else in
//! the file (comments, names, markup, variations other than the main line) is read past. SGF's
//! letters become the vocabulary's [`Point`] here, once, so that nothing past the reader sees
//! them.

use go_spec::{Color, GameResult, GoRecord, Location, Move, Point};

use crate::error::{SgfError, SgfErrorKind};
use crate::tree::{GameTree, Node, Property, parse_collection};

/// A point's two SGF letters, `a`–`z` then `A`–`Z` (boards up to 52 lines a side, as the
/// reader takes them; [`Point`]'s own `Display` knows the rules' boards only).
pub(crate) fn sgf_point(p: Point) -> String {
    format!("{}{}", letter(p.x), letter(p.y))
}

fn letter(n: u8) -> char {
    if n < 26 {
        char::from(b'a' + n)
    } else {
        char::from(b'A' + n - 26)
    }
}

fn coordinate(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

/// Reads the first game of an SGF text.
pub fn parse_game(text: &str) -> Result<GoRecord, SgfError> {
    let collection = parse_collection(text)?;
    match collection.trees.first() {
        Some(tree) => game_from_tree(tree),
        None => Err(SgfError::new(Location::default(), SgfErrorKind::Empty)),
    }
}

/// Reads every game of an SGF collection.
pub fn parse_games(text: &str) -> Result<Vec<GoRecord>, SgfError> {
    parse_collection(text)?
        .trees
        .iter()
        .map(game_from_tree)
        .collect()
}

/// Reads SGF bytes: UTF-8, or Latin-1 when the bytes are not UTF-8 (old records in other
/// charsets keep their moves readable; only free text would come out wrong).
pub fn parse_game_bytes(bytes: &[u8]) -> Result<GoRecord, SgfError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_game(text),
        Err(_) => parse_game(&bytes.iter().map(|&b| char::from(b)).collect::<String>()),
    }
}

/// The game of a tree's main line.
pub fn game_from_tree(tree: &GameTree) -> Result<GoRecord, SgfError> {
    let nodes = tree.main_line();
    let mut reader = Reader(GoRecord::default());
    if let Some(root) = nodes.first() {
        reader.read_root(root)?;
    }
    for node in &nodes {
        reader.read_node(node)?;
    }
    Ok(reader.0)
}

/// The record as read so far: what a node means depends on what came before it (the size for
/// its points, the moves for whether setup may still come).
struct Reader(GoRecord);

impl Reader {
    fn read_root(&mut self, root: &Node) -> Result<(), SgfError> {
        if let Some(p) = root.get("GM") {
            let (v, _) = single(p)?;
            if v.trim() != "1" {
                return Err(SgfError::new(
                    p.location,
                    SgfErrorKind::NotGo(v.to_string()),
                ));
            }
        }
        if let Some(p) = root.get("SZ") {
            let (v, at) = single(p)?;
            self.0.size = match v.trim().parse::<u8>() {
                Ok(n @ 1..=52) => n,
                _ => return Err(SgfError::new(at, SgfErrorKind::BadSize(v.to_string()))),
            };
        }
        if let Some(p) = root.get("KM") {
            let (v, at) = single(p)?;
            // An empty KM is written by some programs for "no komi given".
            if !v.trim().is_empty() {
                self.0.komi = Some(number(v, at, "KM")?);
            }
        }
        if let Some(p) = root.get("HA") {
            let (v, at) = single(p)?;
            self.0.handicap = Some(v.trim().parse::<u32>().map_err(|_| {
                SgfError::new(
                    at,
                    SgfErrorKind::BadNumber {
                        property: "HA",
                        value: v.to_string(),
                    },
                )
            })?);
        }
        if let Some(p) = root.get("RE") {
            let (v, _) = single(p)?;
            self.0.result = Some(GameResult::parse(v));
        }
        Ok(())
    }

    fn read_node(&mut self, node: &Node) -> Result<(), SgfError> {
        let black = node.get("B");
        let white = node.get("W");
        if black.is_some() && white.is_some() {
            return Err(SgfError::new(node.location, SgfErrorKind::TwoMoves));
        }
        for id in ["AB", "AW", "AE"] {
            if let Some(p) = node.get(id) {
                if !self.0.moves.is_empty() || black.is_some() || white.is_some() || id == "AE" {
                    return Err(SgfError::new(
                        p.location,
                        SgfErrorKind::SetupAfterMoves(id.into()),
                    ));
                }
                let points = self.point_list(p)?;
                if id == "AB" {
                    self.0.setup_black.extend(points);
                } else {
                    self.0.setup_white.extend(points);
                }
            }
        }
        if let Some(p) = node.get("PL") {
            let (v, at) = single(p)?;
            let colour = match v.trim() {
                "B" | "b" | "1" => Color::Black,
                "W" | "w" | "2" => Color::White,
                _ => return Err(SgfError::new(at, SgfErrorKind::BadColor(v.to_string()))),
            };
            if self.0.moves.is_empty() {
                self.0.to_play = Some(colour);
            }
        }
        for (colour, p) in [(Color::Black, black), (Color::White, white)] {
            if let Some(p) = p {
                let (v, at) = single(p)?;
                self.0.moves.push((colour, self.move_value(v, at)?));
                self.0.move_locations.push(at);
            }
        }
        let tb = node.get("TB");
        let tw = node.get("TW");
        if tb.is_some() || tw.is_some() {
            self.0.territory_black = match tb {
                Some(p) => self.point_list(p)?,
                None => Vec::new(),
            };
            self.0.territory_white = match tw {
                Some(p) => self.point_list(p)?,
                None => Vec::new(),
            };
        }
        Ok(())
    }

    fn move_value(&self, v: &str, at: Location) -> Result<Move, SgfError> {
        let v = v.trim();
        if v.is_empty() || (v == "tt" && self.0.size <= 19) {
            return Ok(Move::Pass);
        }
        Ok(Move::Play(self.point(v, at)?))
    }

    fn point(&self, v: &str, at: Location) -> Result<Point, SgfError> {
        let bad = || {
            SgfError::new(
                at,
                SgfErrorKind::BadPoint {
                    value: v.to_string(),
                    size: self.0.size,
                },
            )
        };
        let mut chars = v.chars();
        let (Some(a), Some(b), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        match (coordinate(a), coordinate(b)) {
            (Some(x), Some(y)) if x < self.0.size && y < self.0.size => Ok(Point::new(x, y)),
            _ => Err(bad()),
        }
    }

    /// A list of points, each value a point or a rectangle `aa:cc` (`FF[4]` "compressed point
    /// list"). Empty values (`TB[]`) mean no point.
    fn point_list(&self, p: &Property) -> Result<Vec<Point>, SgfError> {
        let mut out = Vec::new();
        for (v, at) in &p.values {
            let v = v.trim();
            if v.is_empty() {
                continue;
            }
            match v.split_once(':') {
                None => out.push(self.point(v, *at)?),
                Some((a, b)) => {
                    let (a, b) = (self.point(a, *at)?, self.point(b, *at)?);
                    if a.x > b.x || a.y > b.y {
                        return Err(SgfError::new(
                            *at,
                            SgfErrorKind::BadRectangle(v.to_string()),
                        ));
                    }
                    for y in a.y..=b.y {
                        for x in a.x..=b.x {
                            out.push(Point::new(x, y));
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

fn single(p: &Property) -> Result<(&str, Location), SgfError> {
    match p.values.as_slice() {
        [(v, at)] => Ok((v.as_str(), *at)),
        _ => Err(SgfError::new(
            p.location,
            SgfErrorKind::ManyValues(p.id.clone()),
        )),
    }
}

fn number(v: &str, at: Location, property: &'static str) -> Result<f64, SgfError> {
    match v.trim().parse::<f64>() {
        Ok(n) if n.is_finite() => Ok(n),
        _ => Err(SgfError::new(
            at,
            SgfErrorKind::BadNumber {
                property,
                value: v.to_string(),
            },
        )),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use go_spec::WinBy;

    #[test]
    fn root_properties_and_moves() {
        let g = parse_game("(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]AB[cc][gg]PL[W]RE[W+R];W[ee];B[];W[tt])")
            .unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.handicap, Some(2));
        assert_eq!(g.setup_black, vec![Point::new(2, 2), Point::new(6, 6)]);
        assert_eq!(g.to_play, Some(Color::White));
        assert_eq!(
            g.result,
            Some(GameResult::Win {
                winner: Color::White,
                by: WinBy::Resignation
            })
        );
        assert_eq!(
            g.moves,
            vec![
                (Color::White, Move::Play(Point::new(4, 4))),
                (Color::Black, Move::Pass),
                (Color::White, Move::Pass),
            ]
        );
    }

    #[test]
    fn tt_is_a_point_above_19() {
        let g = parse_game("(;SZ[21];B[tt])").unwrap();
        assert_eq!(g.moves[0].1, Move::Play(Point::new(19, 19)));
    }

    #[test]
    fn compressed_lists() {
        let g = parse_game("(;SZ[9];B[aa];TB[aa:bc][ii]TW[])").unwrap();
        assert_eq!(g.territory_black.len(), 7);
        assert!(g.territory_white.is_empty());
        let e = parse_game("(;SZ[9]AB[cc:aa])").unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::BadRectangle("cc:aa".into()));
    }

    #[test]
    fn rectangular_boards_are_refused_with_their_place() {
        let e = parse_game("(;GM[1]\nSZ[19:13])").unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::BadSize("19:13".into()));
        assert_eq!(e.location, Location { line: 2, column: 3 });
    }

    #[test]
    fn off_board_move() {
        let e = parse_game("(;SZ[9];B[jj])").unwrap_err();
        assert_eq!(
            e.kind,
            SgfErrorKind::BadPoint {
                value: "jj".into(),
                size: 9
            }
        );
    }

    #[test]
    fn a_move_written_twice_in_a_node_is_refused() {
        let e = parse_game("(;SZ[9];B[aa]B[bb])").unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::ManyValues("B".into()));
        assert_eq!(e.location, Location { line: 1, column: 9 });
    }

    #[test]
    fn not_go() {
        assert_eq!(
            parse_game("(;GM[3])").unwrap_err().kind,
            SgfErrorKind::NotGo("3".into())
        );
    }
}
