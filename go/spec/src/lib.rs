//! The shared vocabulary of Go conformance.
//!
//! Everything the Go oracle, corpus, SGF reader and runner exchange lives here: [`Color`],
//! [`Point`] and [`BoardSize`], [`Move`], the game handed to an implementation
//! ([`GameSpec`]) and what comes back ([`BoardState`], [`Score`]), the rule profile
//! ([`GoProfile`], YAML data in `go/spec/profiles/`), a game as a record gives it
//! ([`GoRecord`], with its [`GameResult`]: what every record reader produces and the judge
//! takes), and [`GoImplementation`] — the one boundary between the runner and anything it
//! certifies. The rulebook itself (the Russian Go Federation rules, ids `rfg:…`) is loaded
//! with the game-neutral [`conformance_rulebook::Registry`] loader, see [`rfg`].

mod color;
mod diagram;
mod game;
mod implementation;
mod moves;
mod point;
mod profile;
mod record;
mod rulebook;
mod score;

pub use color::Color;
pub use diagram::{DiagramError, diagram_moves, diagram_rows, parse_diagram};
pub use game::{BoardState, GameSpec};
pub use implementation::{GoImplError, GoImplementation};
pub use moves::{Move, MoveParseError};
pub use point::{BoardSize, Point, PointError};
pub use profile::{
    GoProfile, GoRules, KNOBS, KnobInfo, KomiSource, ProfileError, Repetition, Setting,
};
pub use record::{Entry, GameResult, GoRecord, Ignored, Ledger, Location, ReadRecord, Use, WinBy};
pub use rulebook::{RFG_YAML, load_rfg, rfg};
pub use score::{Komi, KomiError, Score};
