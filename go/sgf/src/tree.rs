//! The SGF grammar (`FF[4]` "Collection = GameTree+ ; GameTree = '(' Sequence GameTree* ')'"):
//! text to a tree of nodes and properties, with no meaning given to any property yet.
//!
//! Values come out with their escapes resolved: `\]` is `]`, a backslash before a line break
//! (a "soft" line break) removes both. Property names keep only their capital letters, as the
//! `FF[4]` specification asks readers of older files to do (`AddBlack` reads as `AB`).

use go_spec::Location;

use crate::error::{SgfError, SgfErrorKind};

/// Every game tree of a file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Collection {
    /// The game trees, in file order.
    pub trees: Vec<GameTree>,
    /// Where text other than white space starts before the first tree, if any (skipped, as
    /// FF\[4\] readers customarily do; the reader's ledger accounts for it).
    pub preamble: Option<Location>,
}

/// A sequence of nodes followed by its variations.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GameTree {
    /// The nodes before the first branching point.
    pub nodes: Vec<Node>,
    /// The variations after the sequence; the first is the main line.
    pub variations: Vec<GameTree>,
}

impl GameTree {
    /// The main line: this tree's nodes, then its first variation's, and so on.
    pub fn main_line(&self) -> Vec<&Node> {
        let mut out: Vec<&Node> = Vec::new();
        let mut tree = self;
        loop {
            out.extend(tree.nodes.iter());
            match tree.variations.first() {
                Some(next) => tree = next,
                None => return out,
            }
        }
    }
}

/// One node: its properties in file order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    /// The properties.
    pub properties: Vec<Property>,
    /// Where the node's `;` is.
    pub location: Location,
}

impl Node {
    /// The property with this name, if the node has it.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }
}

/// A property: its name and values.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    /// The name, capitals only.
    pub id: String,
    /// The values with escapes resolved, each with where its `[` is.
    pub values: Vec<(String, Location)>,
    /// Where the name starts.
    pub location: Location,
    /// Where the same property is written again in the node, each time: `FF[4]` forbids it,
    /// servers do it, and the values are joined into this one (see [`Node`]'s reading).
    pub repeats: Vec<Location>,
}

/// Reads a whole collection.
pub fn parse_collection(text: &str) -> Result<Collection, SgfError> {
    let mut cursor = Cursor::new(text);
    let mut trees = Vec::new();
    let mut preamble = None;
    loop {
        cursor.skip_space();
        match cursor.peek() {
            None => break,
            Some('(') => trees.push(cursor.game_tree()?),
            Some(found) if trees.is_empty() => {
                // Text before the first tree (a mail header, a BOM) is skipped, as FF[4]
                // readers customarily do; only text after a tree that is not a tree is an error.
                if !found.is_whitespace() && preamble.is_none() {
                    preamble = Some(cursor.location);
                }
                cursor.bump();
            }
            Some(found) => {
                return Err(cursor.error(SgfErrorKind::Unexpected {
                    found,
                    expected: "'(' (another game tree) or the end of the text",
                }));
            }
        }
    }
    if trees.is_empty() {
        return Err(cursor.error(SgfErrorKind::Empty));
    }
    Ok(Collection { trees, preamble })
}

/// A position in the text, with line and column kept up to date.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    location: Location,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            chars: text.chars().peekable(),
            location: Location { line: 1, column: 1 },
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.location.line += 1;
            self.location.column = 1;
        } else {
            self.location.column += 1;
        }
        Some(c)
    }

    fn error(&self, kind: SgfErrorKind) -> SgfError {
        SgfError::new(self.location, kind)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// `'(' Sequence GameTree* ')'`, the `(` not yet taken.
    fn game_tree(&mut self) -> Result<GameTree, SgfError> {
        let open = self.location;
        self.bump();
        let mut tree = GameTree::default();
        loop {
            self.skip_space();
            match self.peek() {
                Some(';') if tree.variations.is_empty() => tree.nodes.push(self.node()?),
                Some('(') => {
                    if tree.nodes.is_empty() {
                        return Err(SgfError::new(open, SgfErrorKind::EmptyTree));
                    }
                    tree.variations.push(self.game_tree()?);
                }
                Some(')') => {
                    self.bump();
                    if tree.nodes.is_empty() {
                        return Err(SgfError::new(open, SgfErrorKind::EmptyTree));
                    }
                    return Ok(tree);
                }
                Some(found) => {
                    return Err(self.error(SgfErrorKind::Unexpected {
                        found,
                        expected: if tree.variations.is_empty() {
                            "';' (a node), '(' or ')'"
                        } else {
                            "'(' (a variation) or ')'"
                        },
                    }));
                }
                None => {
                    return Err(self.error(SgfErrorKind::UnexpectedEnd {
                        inside: "a game tree",
                    }));
                }
            }
        }
    }

    /// `';' Property*`, the `;` not yet taken.
    fn node(&mut self) -> Result<Node, SgfError> {
        let location = self.location;
        self.bump();
        let mut node = Node {
            properties: Vec::new(),
            location,
        };
        loop {
            self.skip_space();
            match self.peek() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let property = self.property()?;
                    // FF[4] forbids a property twice in a node, yet servers write it (Fox
                    // repeats `AP`): the values are joined, and a property that takes one value
                    // then fails where it is read, with its place.
                    match node.properties.iter_mut().find(|p| p.id == property.id) {
                        Some(earlier) => {
                            earlier.values.extend(property.values);
                            earlier.repeats.push(property.location);
                        }
                        None => node.properties.push(property),
                    }
                }
                _ => return Ok(node),
            }
        }
    }

    /// `PropIdent PropValue+`.
    fn property(&mut self) -> Result<Property, SgfError> {
        let location = self.location;
        let mut id = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            if c.is_ascii_uppercase() {
                id.push(c);
            }
            self.bump();
        }
        let mut values = Vec::new();
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                break;
            }
            let at = self.location;
            values.push((self.value()?, at));
        }
        if values.is_empty() {
            return Err(SgfError::new(location, SgfErrorKind::NoValue(id)));
        }
        Ok(Property {
            id,
            values,
            location,
            repeats: Vec::new(),
        })
    }

    /// `'[' CValueType ']'` with escapes and soft line breaks resolved.
    fn value(&mut self) -> Result<String, SgfError> {
        self.bump();
        let mut out = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(self.error(SgfErrorKind::UnexpectedEnd {
                        inside: "a [value]",
                    }));
                }
                Some(']') => return Ok(out),
                Some('\\') => match self.bump() {
                    None => {
                        return Err(self.error(SgfErrorKind::UnexpectedEnd {
                            inside: "a [value]",
                        }));
                    }
                    // A soft line break: the backslash and the break vanish ("\r\n" and "\n\r"
                    // count as one break).
                    Some(c @ ('\n' | '\r')) => {
                        let other = if c == '\n' { '\r' } else { '\n' };
                        if self.peek() == Some(other) {
                            self.bump();
                        }
                    }
                    Some(c) => out.push(c),
                },
                Some(c) => out.push(c),
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn variations_main_line_takes_the_first() {
        let c = parse_collection("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap();
        let line = c.trees[0].main_line();
        assert_eq!(line.len(), 4);
        assert_eq!(line[3].get("B").unwrap().values[0].0, "cc");
    }

    #[test]
    fn escapes_and_soft_breaks() {
        let c = parse_collection("(;C[a\\]b\\\\c\\\nd])").unwrap();
        assert_eq!(c.trees[0].nodes[0].get("C").unwrap().values[0].0, "a]b\\cd");
    }

    #[test]
    fn old_style_long_names_keep_capitals() {
        let c = parse_collection("(;AddBlack[aa])").unwrap();
        assert!(c.trees[0].nodes[0].get("AB").is_some());
    }

    #[test]
    fn unclosed_value_names_the_end() {
        let e = parse_collection("(;C[abc").unwrap_err();
        assert_eq!(
            e.kind,
            SgfErrorKind::UnexpectedEnd {
                inside: "a [value]"
            }
        );
        assert_eq!(e.location, Location { line: 1, column: 8 });
    }

    #[test]
    fn error_location_counts_lines() {
        let e = parse_collection("(;GM[1]\n  ;B[aa]\n x)").unwrap_err();
        assert_eq!(e.location, Location { line: 3, column: 2 });
    }

    #[test]
    fn duplicate_property_values_are_joined() {
        let c = parse_collection("(;AP[a]AP[b])").unwrap();
        assert_eq!(c.trees[0].nodes[0].get("AP").unwrap().values.len(), 2);
    }
}
