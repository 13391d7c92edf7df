//! The main line of a game tree read into the record model, [`GoRecord`]: the board, the setup,
//! the moves, the result and the territory marks, with the [`Ledger`] of what was done with
//! every property of the file. SGF's letters become the vocabulary's [`Point`] here, once, so
//! that nothing past the reader sees them.
//!
//! Every property is placed in the ledger by its identifier ([`property_use`]): read into the
//! record (header, setup, move, result, territory), a comment (`C`, `GC` only), a variation
//! off the main line, or ignored for one of the fixed reasons of [`Ignored`]. **A property
//! FF\[4\] does not define is ignored, not refused** (decision): FF\[4\] lets applications write
//! private properties and asks readers to skip them, servers write them (KGS `KGSDE`, Fox
//! `TT`), and the grammar delimits a property, so an unknown one cannot hide a move the way an
//! unknown line of a line-based format could; its entry says "unknown to the SGF FF\[4\] spec;
//! no rule reads it". A record is refused when its bytes do not decode ([`crate::decode`]'s
//! order), when a value does not read, or when its first game tree holds nothing a record is
//! made of (no move, setup, `SZ`, `RE` or territory mark: [`SgfErrorKind::NotARecord`]).
//!
//! Two dialects are read, each with a note in the ledger: a whole `KM` of 100 or more is
//! hundredths of a point (Fox writes `KM[750]` for 7.5: no game is played with a komi of 100
//! points, so the magnitude decides), and a malformed `HA` (`HA[7.5]`) is set aside where the
//! `AB` stones or the first Black moves say the handicap.

use go_spec::{
    Color, GameResult, GoRecord, Ignored, Ledger, Location, Move, Point, ReadRecord, Use,
};

use crate::decode::decode;

use crate::error::{SgfError, SgfErrorKind};
use crate::tree::{GameTree, Node, Property, parse_collection};

/// The smallest whole `KM` read as hundredths of a point (Fox's dialect).
const HUNDREDTHS_FROM: f64 = 100.0;

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
    read_game(text).map(|r| r.record)
}

/// Reads every game of an SGF collection.
pub fn parse_games(text: &str) -> Result<Vec<GoRecord>, SgfError> {
    parse_collection(text)?
        .trees
        .iter()
        .map(game_from_tree)
        .collect()
}

/// Reads SGF bytes ([`read_game_bytes`]), the game only.
pub fn parse_game_bytes(bytes: &[u8]) -> Result<GoRecord, SgfError> {
    read_game_bytes(bytes).map(|r| r.record)
}

/// Reads the first game of an SGF text, with the ledger of every property.
pub fn read_game(text: &str) -> Result<ReadRecord, SgfError> {
    read_text(text, "Unicode text".to_owned(), None)
}

/// Reads the first game of SGF bytes, with the ledger of every property and the encoding the
/// bytes were decoded under (`decode`'s order: a byte-order mark, UTF-16 by its NUL bytes,
/// UTF-8, the charset `CA` names, FF\[4\]'s default ISO-8859-1); bytes that do not decode
/// under it are refused with the encoding named, never read with replacement characters.
pub fn read_game_bytes(bytes: &[u8]) -> Result<ReadRecord, SgfError> {
    read_game_bytes_at(bytes, 0)
}

/// As [`read_game_bytes`], the game `index` of the collection (from 0; the others are in the
/// ledger as another game's), for the workbench, which lists each game of a collection. An
/// index past the collection's games is an empty record.
pub fn read_game_bytes_at(bytes: &[u8], index: usize) -> Result<ReadRecord, SgfError> {
    let decoded = decode(bytes)?;
    read_text_at(&decoded.text, decoded.encoding, decoded.ca_note, index)
}

/// How many games an SGF file holds (the game trees of its collection); 0 when it cannot be
/// read.
pub fn count_games_bytes(bytes: &[u8]) -> usize {
    decode(bytes)
        .ok()
        .and_then(|d| parse_collection(&d.text).ok())
        .map_or(0, |c| c.trees.len())
}

fn read_text(
    text: &str,
    encoding: String,
    ca_note: Option<String>,
) -> Result<ReadRecord, SgfError> {
    read_text_at(text, encoding, ca_note, 0)
}

fn read_text_at(
    text: &str,
    encoding: String,
    ca_note: Option<String>,
    index: usize,
) -> Result<ReadRecord, SgfError> {
    if let Some(at) = text.find('\u{FFFD}') {
        return Err(SgfError::new(
            location_of(text, at),
            SgfErrorKind::ReplacementCharacter,
        ));
    }
    let collection = parse_collection(text)?;
    let mut ledger = Ledger::default();
    if let Some(at) = collection.preamble {
        ledger.push("(text)", at, Use::Ignored(Ignored::BeforeTheRecord));
    }
    let Some(first) = collection.trees.get(index) else {
        return Err(SgfError::new(Location::default(), SgfErrorKind::Empty));
    };
    let mut reader = Reader {
        game: GoRecord::default(),
        ledger,
        marks: Vec::new(),
        ca_note,
        root: true,
        bad_handicap: None,
    };
    reader.walk(first, true)?;
    for (k, other) in collection.trees.iter().enumerate() {
        if k != index {
            account(&mut reader.ledger, other, Use::Ignored(Ignored::OtherGame));
        }
    }
    reader.settle_handicap()?;
    let structural = reader.ledger.has_structure()
        || reader
            .ledger
            .entries
            .iter()
            .any(|e| e.name == "SZ" && e.used == Use::Header);
    if !structural {
        return Err(SgfError::new(
            first
                .nodes
                .first()
                .map_or_else(Location::default, |n| n.location),
            SgfErrorKind::NotARecord,
        ));
    }
    Ok(ReadRecord {
        record: reader.game,
        ledger: reader.ledger,
        encoding,
    })
}

/// The line and column of a byte offset of `text`.
fn location_of(text: &str, offset: usize) -> Location {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Location { line, column }
}

/// Every property of a tree (and its variations), each occurrence once, put down as `used`.
fn account(ledger: &mut Ledger, tree: &GameTree, used: Use) {
    for node in &tree.nodes {
        for p in &node.properties {
            for at in std::iter::once(p.location).chain(p.repeats.iter().copied()) {
                ledger.push(&p.id, at, used);
            }
        }
    }
    for v in &tree.variations {
        account(ledger, v, used);
    }
}

/// What the reader does with a property of the main line, by its identifier: the closed
/// table of [`Use`] for SGF `FF[4]` (its property index), `FF[3]`'s dropped properties, and
/// anything else ignored as unknown (the module's decision).
pub fn property_use(id: &str) -> Use {
    match id {
        "GM" | "FF" | "SZ" | "CA" | "KM" | "HA" => Use::Header,
        "AB" | "AW" | "AE" | "PL" => Use::Setup,
        "B" | "W" => Use::Move,
        "RE" => Use::Result,
        "TB" | "TW" => Use::Territory,
        "C" | "GC" => Use::Comment,
        "AN" | "AP" | "BR" | "BT" | "CP" | "DT" | "EV" | "GN" | "ON" | "OT" | "PB" | "PC"
        | "PW" | "RO" | "RU" | "SO" | "TM" | "US" | "WR" | "WT" => Use::Ignored(Ignored::GameInfo),
        "AR" | "CR" | "DD" | "LB" | "LN" | "MA" | "SL" | "SQ" | "TR" => {
            Use::Ignored(Ignored::Markup)
        }
        "BM" | "DO" | "IT" | "TE" | "DM" | "GB" | "GW" | "HO" | "N" | "UC" | "V" => {
            Use::Ignored(Ignored::Annotation)
        }
        "BL" | "WL" | "OB" | "OW" => Use::Ignored(Ignored::Timing),
        "FG" | "PM" | "VW" | "ST" | "MN" | "KO" => Use::Ignored(Ignored::Display),
        "BS" | "CH" | "EL" | "EX" | "ID" | "L" | "LT" | "M" | "OM" | "OP" | "OV" | "RG" | "SC"
        | "SE" | "SI" | "TC" | "WS" => Use::Ignored(Ignored::OlderFormat),
        _ => Use::Ignored(Ignored::Unknown),
    }
}

/// The game of a tree's main line (no ledger, no structure check: [`read_game`] has them).
pub fn game_from_tree(tree: &GameTree) -> Result<GoRecord, SgfError> {
    let mut reader = Reader {
        game: GoRecord::default(),
        ledger: Ledger::default(),
        marks: Vec::new(),
        ca_note: None,
        root: true,
        bad_handicap: None,
    };
    reader.walk(tree, true)?;
    reader.settle_handicap()?;
    Ok(reader.game)
}

/// The record and its ledger as read so far: what a node means depends on what came before it
/// (the size for its points, the moves for whether setup may still come).
struct Reader {
    game: GoRecord,
    ledger: Ledger,
    /// What the node being read does with a property other than [`property_use`] says, or
    /// a note on how it was read: (identifier, use, note).
    marks: Vec<(&'static str, Use, Option<String>)>,
    /// The decoder's note on `CA`, for its entry.
    ca_note: Option<String>,
    /// Whether the next node of the main line is the root.
    root: bool,
    /// A malformed `HA`: its value, where, and its ledger entry, settled once the setup and
    /// the moves are known.
    bad_handicap: Option<(String, Location, usize)>,
}

impl Reader {
    /// The nodes of a tree in file order: the main line read, the other variations accounted
    /// for as variations.
    fn walk(&mut self, tree: &GameTree, main: bool) -> Result<(), SgfError> {
        if !main {
            account(&mut self.ledger, tree, Use::Variation);
            return Ok(());
        }
        for node in &tree.nodes {
            self.read_node(node)?;
            self.enter(node);
        }
        for (k, v) in tree.variations.iter().enumerate() {
            self.walk(v, k == 0)?;
        }
        Ok(())
    }

    /// The node's properties into the ledger, in file order, with what reading them did.
    fn enter(&mut self, node: &Node) {
        for p in &node.properties {
            let mark = self
                .marks
                .iter()
                .position(|(id, _, _)| *id == p.id)
                .map(|k| self.marks.swap_remove(k));
            let (used, note) = match mark {
                Some((_, used, note)) => (used, note),
                None => (property_use(&p.id), None),
            };
            if p.id == "HA" && used == Use::Ignored(Ignored::Malformed) {
                if let Some(pending) = &mut self.bad_handicap {
                    pending.2 = self.ledger.entries.len();
                }
            }
            match note {
                Some(note) => self.ledger.push_noted(&p.id, p.location, used, note),
                None => self.ledger.push(&p.id, p.location, used),
            }
            for at in &p.repeats {
                self.ledger.push(&p.id, *at, used);
            }
        }
        self.marks.clear();
        self.root = false;
    }

    fn read_info(&mut self, node: &Node) -> Result<(), SgfError> {
        for id in ["GM", "FF", "SZ", "CA", "AP", "ST"] {
            if let (false, Some(p)) = (self.root, node.get(id)) {
                return Err(SgfError::new(
                    p.location,
                    SgfErrorKind::RootPropertyElsewhere(id.to_owned()),
                ));
            }
        }
        if let Some(p) = node.get("GM") {
            let (v, _) = single(p)?;
            if v.trim() != "1" {
                return Err(SgfError::new(
                    p.location,
                    SgfErrorKind::NotGo(v.to_string()),
                ));
            }
        }
        if let Some(p) = node.get("SZ") {
            let (v, at) = single(p)?;
            self.game.size = match v.trim().parse::<u8>() {
                Ok(n @ 1..=52) => n,
                _ => return Err(SgfError::new(at, SgfErrorKind::BadSize(v.to_string()))),
            };
        }
        if let (Some(_), Some(note)) = (node.get("CA"), self.ca_note.take()) {
            self.marks.push(("CA", Use::Header, Some(note)));
        }
        if let Some(p) = node.get("KM") {
            self.read_komi(p)?;
        }
        if let Some(p) = node.get("HA") {
            let (v, at) = single(p)?;
            match v.trim().parse::<u32>() {
                Ok(n) => self.game.handicap = Some(n),
                Err(_) => {
                    self.bad_handicap = Some((v.to_owned(), at, 0));
                    self.marks
                        .push(("HA", Use::Ignored(Ignored::Malformed), None));
                }
            }
        }
        if let Some(p) = node.get("RE") {
            let (v, _) = single(p)?;
            self.game.result = Some(GameResult::parse(v));
        }
        Ok(())
    }

    /// `KM`: a number, or (Fox's dialect, by its magnitude) a whole number of hundredths.
    fn read_komi(&mut self, p: &Property) -> Result<(), SgfError> {
        let (v, at) = single(p)?;
        // An empty KM is written by some programs for "no komi given".
        if v.trim().is_empty() {
            self.marks.push((
                "KM",
                Use::Header,
                Some("KM[] gives no komi: read as no KM".to_owned()),
            ));
            return Ok(());
        }
        let k = number(v, at, "KM")?;
        if k.abs() >= HUNDREDTHS_FROM && k.fract() == 0.0 {
            let komi = k / 100.0;
            self.marks.push((
                "KM",
                Use::Header,
                Some(format!(
                    "KM[{}] read as {komi}: Fox (野狐) writes komi in hundredths (KM[750] for 7.5); a whole komi of {HUNDREDTHS_FROM} or more is read so, since no game gives 100 points of komi",
                    v.trim()
                )),
            ));
            self.game.komi = Some(komi);
        } else {
            self.game.komi = Some(k);
        }
        Ok(())
    }

    /// A malformed `HA` set aside where the record says its handicap otherwise: the `AB`
    /// stones, or the first Black moves in a row (a free placement written as moves); refused
    /// where nothing does.
    fn settle_handicap(&mut self) -> Result<(), SgfError> {
        let Some((value, at, entry)) = self.bad_handicap.take() else {
            return Ok(());
        };
        let placed = self
            .game
            .moves
            .iter()
            .take_while(|(c, m)| *c == Color::Black && matches!(m, Move::Play(_)))
            .count();
        let note = if !self.game.setup_black.is_empty() {
            format!(
                "HA[{value}] is not a number of stones: set aside, the handicap is the {} AB stones",
                self.game.setup_black.len()
            )
        } else if placed >= 2 {
            self.game.handicap = u32::try_from(placed).ok();
            format!(
                "HA[{value}] is not a number of stones: set aside, the handicap is the first {placed} Black moves in a row (a placement written as moves)"
            )
        } else {
            return Err(SgfError::new(
                at,
                SgfErrorKind::BadNumber {
                    property: "HA",
                    value,
                },
            ));
        };
        if let Some(e) = self.ledger.entries.get_mut(entry) {
            e.note = Some(note);
        }
        Ok(())
    }

    fn read_node(&mut self, node: &Node) -> Result<(), SgfError> {
        self.read_info(node)?;
        let black = node.get("B");
        let white = node.get("W");
        if black.is_some() && white.is_some() {
            return Err(SgfError::new(node.location, SgfErrorKind::TwoMoves));
        }
        for id in ["AB", "AW", "AE"] {
            if let Some(p) = node.get(id) {
                if !self.game.moves.is_empty() || black.is_some() || white.is_some() || id == "AE" {
                    return Err(SgfError::new(
                        p.location,
                        SgfErrorKind::SetupAfterMoves(id.into()),
                    ));
                }
                let points = self.point_list(p)?;
                if id == "AB" {
                    self.game.setup_black.extend(points);
                } else {
                    self.game.setup_white.extend(points);
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
            if self.game.moves.is_empty() {
                self.game.to_play = Some(colour);
            }
        }
        for (colour, p) in [(Color::Black, black), (Color::White, white)] {
            if let Some(p) = p {
                let (v, at) = single(p)?;
                let mv = self.move_value(v, at)?;
                self.game.moves.push((colour, mv));
                self.game.move_locations.push(at);
            }
        }
        let tb = node.get("TB");
        let tw = node.get("TW");
        if tb.is_some() || tw.is_some() {
            self.game.territory_black = match tb {
                Some(p) => self.point_list(p)?,
                None => Vec::new(),
            };
            self.game.territory_white = match tw {
                Some(p) => self.point_list(p)?,
                None => Vec::new(),
            };
        }
        Ok(())
    }

    fn move_value(&self, v: &str, at: Location) -> Result<Move, SgfError> {
        let v = v.trim();
        if v.is_empty() || (v == "tt" && self.game.size <= 19) {
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
                    size: self.game.size,
                },
            )
        };
        let mut chars = v.chars();
        let (Some(a), Some(b), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(bad());
        };
        match (coordinate(a), coordinate(b)) {
            (Some(x), Some(y)) if x < self.game.size && y < self.game.size => Ok(Point::new(x, y)),
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
