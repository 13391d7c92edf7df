//! Typed errors of the SGF reader. Every error carries the line and column (both 1-based, columns
//! counted in characters) of the place it was found, so that a broken file can be fixed by hand.

use go_spec::Location;

/// An SGF text that could not be read, and where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{location}: {kind}")]
pub struct SgfError {
    /// Where the problem is.
    pub location: Location,
    /// What the problem is.
    pub kind: SgfErrorKind,
}

impl SgfError {
    pub(crate) fn new(location: Location, kind: SgfErrorKind) -> Self {
        Self { location, kind }
    }
}

/// What went wrong while reading an SGF text.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfErrorKind {
    /// The text holds no game tree at all.
    #[error("no game tree: an SGF collection starts with '('")]
    Empty,
    /// A character that the grammar does not allow here.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The character found.
        found: char,
        /// What the grammar allows here.
        expected: &'static str,
    },
    /// The text ended inside a tree, node or value.
    #[error("the text ends inside {inside}")]
    UnexpectedEnd {
        /// What was still open.
        inside: &'static str,
    },
    /// A property name followed by no `[value]`.
    #[error("property {0} has no value")]
    NoValue(String),
    /// A game tree with no node.
    #[error("a game tree holds no node")]
    EmptyTree,
    /// `SZ` names a board this reader does not take.
    #[error("board size {0:?}: only square boards of 1 to 52 points a side are read")]
    BadSize(String),
    /// `GM` says the record is not of Go.
    #[error("GM[{0}] is not Go (GM[1])")]
    NotGo(String),
    /// A point that is not two letters on the board.
    #[error("point {value:?} is not on a {size}x{size} board")]
    BadPoint {
        /// The value as written.
        value: String,
        /// The board size in force.
        size: u8,
    },
    /// A compressed point list `[aa:cc]` whose corners are not ordered.
    #[error("rectangle {0:?}: the first corner must be above and left of the second")]
    BadRectangle(String),
    /// A number (komi, handicap) that does not read.
    #[error("{property}[{value}] is not a number")]
    BadNumber {
        /// The property.
        property: &'static str,
        /// The value as written.
        value: String,
    },
    /// `PL` is neither `B` nor `W`.
    #[error("PL[{0}] names no colour (B or W)")]
    BadColor(String),
    /// A property that holds one value was given several (or was written twice in a node).
    #[error("property {0} takes one value")]
    ManyValues(String),
    /// A node holds both a move and setup (`FF[4]` forbids it), or setup follows a move.
    #[error(
        "setup ({0}) after the first move is not supported: the record must start from its setup"
    )]
    SetupAfterMoves(String),
    /// A node holds both a black and a white move.
    #[error("a node holds both B and W")]
    TwoMoves,
    /// The bytes do not decode under the encoding they are in (named in the message).
    #[error("{0}")]
    Encoding(String),
    /// The first game tree holds nothing a Go record is made of: no move, no setup, no `SZ`,
    /// no `RE`, no territory mark. A file that merely contains `(;` is not a record.
    #[error(
        "not a Go record: the first game tree holds no move (B, W), setup (AB, AW, AE, PL), board size (SZ), result (RE) or territory mark (TB, TW)"
    )]
    NotARecord,
    /// A root property (`FF[4]`: `GM`, `FF`, `SZ`, `CA`, `AP`, `ST`) outside the root node.
    #[error("{0} outside the root node: FF[4] allows it only in the first node of a game")]
    RootPropertyElsewhere(String),
    /// The text holds U+FFFD, the mark of a lossy conversion before the file was saved.
    #[error(
        "a replacement character (U+FFFD): the text was converted with losses before it was saved"
    )]
    ReplacementCharacter,
}
