//! The Go corpus case format (`go/corpus/cases/*.yaml`; fields in `go/corpus/README.md`, shape
//! in `schemas/go/case.json`): the raw YAML shape, strict about unknown keys, and its
//! conversion into a [`GameSpec`] for the implementation under test.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use go_spec::{BoardSize, Color, GameSpec, GoProfile, Komi, Move, Point, parse_diagram};

use go_oracle::play::Phase;

/// One case, in the case language both corpora share (`INTERPRETING.md`): `id`, `title`,
/// `note`, `articles`, the `setup` the game starts from and what to `expect`; Go adds the one
/// `profile` the case is played under.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique id, e.g. `capture-corner-single`.
    pub id: String,
    /// One sentence saying what the case shows.
    pub title: String,
    /// Why the expectation follows from the articles, for readers; never compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The RFG articles the case tests, e.g. `rfg:3.2`.
    pub articles: Vec<String>,
    /// The rule profile (`rfg`, `rfg-simple-ko`) the case is played and judged under; `rfg`
    /// when absent.
    #[serde(default = "rfg")]
    pub profile: String,
    /// Where the game starts and the moves played from there; an empty board, Black to move,
    /// when absent.
    #[serde(default)]
    pub setup: Setup,
    /// The expectations.
    pub expect: Expect,
}

/// The start of a case: the board, the handicap and komi, the side to move and the moves
/// played from there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Board lines (9, 13, 19); 9 when absent.
    #[serde(default = "nine")]
    pub size: u8,
    /// Komi; when absent, the one rule of [`GoRules::komi_for`](go_spec::GoRules::komi_for) (rfg 9.3): the profile's
    /// in an even game, 0 in a handicap game.
    #[serde(default)]
    pub komi: Option<Komi>,
    /// The handicap: its stones (Black, before the first move, rfg 2.2), or `1` for handicap
    /// one (no stones, Black starts, a handicap game for komi and rfg 10.2).
    #[serde(default)]
    pub handicap: Handicap,
    /// The side to move first. Required after a `board`; without one, Black, or White when
    /// there are handicap stones (rfg 1.1).
    #[serde(default, alias = "first")]
    pub to_move: Option<Color>,
    /// A starting position as diagram rows (`X` Black, `O` White, `.` empty): the first
    /// position of the game, with no earlier position behind it (rfg 5.2). A case that needs
    /// a history plays it in `moves`. Handicap stones go in `handicap`, never here.
    #[serde(default)]
    pub board: Vec<String>,
    /// The moves after the diagram, colours alternating from the side to move.
    #[serde(default)]
    pub moves: Vec<Move>,
    /// Moves with their colours given, played after `moves`: for records that break the turn
    /// order (rfg 11d), which `moves` cannot express.
    #[serde(default)]
    pub record: Vec<(Color, Move)>,
}

impl Default for Setup {
    fn default() -> Self {
        Self {
            size: nine(),
            komi: None,
            handicap: Handicap::default(),
            to_move: None,
            board: Vec::new(),
            moves: Vec::new(),
            record: Vec::new(),
        }
    }
}

/// A case's handicap: the stones, or handicap one written as the number 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Handicap {
    /// Handicap stones (none for an even game).
    Stones(Vec<Point>),
    /// A handicap by number; only 1 (no stones) is accepted, since the placement of more
    /// stones is not fixed by the rules of play.
    Number(u8),
}

impl Default for Handicap {
    fn default() -> Self {
        Handicap::Stones(Vec::new())
    }
}

fn nine() -> u8 {
    9
}

fn rfg() -> String {
    "rfg".to_owned()
}

/// What the rules say about the case. Every field present is checked.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// Moves asked after the game, each legal or not.
    #[serde(default)]
    pub legal: Vec<LegalCheck>,
    /// The first illegal move of `moves`: its 1-based number there and the article.
    #[serde(default)]
    pub illegal: Option<IllegalAt>,
    /// The board after the moves, as diagram rows.
    #[serde(default)]
    pub board_after: Vec<String>,
    /// Prisoners taken by Black and White over the whole game.
    #[serde(default)]
    pub prisoners: Option<[u32; 2]>,
    /// Whether the main game has ended (rfg 7.1); asked of the oracle only.
    #[serde(default)]
    pub ended: Option<bool>,
    /// Where the game stands: `main`, `filling` (the end-of-game phase after three passes,
    /// rfg 7.1) or `over` (two passes in the filling phase); oracle only.
    #[serde(default)]
    pub phase: Option<Phase>,
    /// Whether the first move was made by the wrong colour, which the game survives (rfg
    /// 13.2); oracle only.
    #[serde(default)]
    pub wrong_colour: Option<bool>,
    /// Whether a whole-board position came back (rfg 6.3: for the arbiter); oracle only.
    #[serde(default)]
    pub arbiter: Option<bool>,
    /// The count with the agreed dead stones (rfg 8–10).
    #[serde(default)]
    pub score: Option<ScoreCheck>,
    /// A clock question (rfg 11a, 12); oracle only.
    #[serde(default)]
    pub clock: Option<ClockCheck>,
    /// A late-arrival question (rfg 11b, 12.7); oracle only.
    #[serde(default)]
    pub late: Option<LateCheck>,
    /// A resignation: who resigned and who wins (rfg 7.3, 10.1); oracle only.
    #[serde(default)]
    pub resign: Option<ResignCheck>,
    /// Impossible moves and their penalties (rfg 13.4b); oracle only.
    #[serde(default)]
    pub impossible: Option<ImpossibleCheck>,
    /// Tournament scores and tie-break indicators (rfg 15.1, TB, McMahon); oracle only.
    #[serde(default)]
    pub tournament: Option<TournamentCheck>,
    /// Team matches and the match points each earns (rfg TB1.1.2); oracle only.
    #[serde(default)]
    pub match_points: Vec<MatchPointsCheck>,
    /// The indicators the appendix recommends for a kind of event (rfg TB2); oracle only.
    #[serde(default)]
    pub recommended: Option<RecommendedCheck>,
    /// Whether a choice of indicators is allowed (rfg TB2); oracle only.
    #[serde(default)]
    pub tie_break_choice: Option<ChoiceCheck>,
    /// McMahon pairing questions (rfg MM A.2, A.6, B, C, D); oracle only.
    #[serde(default)]
    pub mcmahon: Option<crate::pairing_case::McMahonCheck>,
    /// The count after the end phase the judge plays (rfg 7.1, 7.2); oracle only.
    #[serde(default)]
    pub end_phase: Option<EndPhaseCheck>,
}

/// The end phase played from the case's last position, the side to move first (the registry's
/// reading of 7.1), and the count it leaves: what the judge does with a record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndPhaseCheck {
    /// Prisoners taken before the position (a diagram cannot hold them: a record's captures).
    #[serde(default)]
    pub prisoners_before: [u32; 2],
    /// The stones agreed dead.
    #[serde(default)]
    pub dead: Vec<Point>,
    /// The first stone of the end phase, `B cf` / `W cf`, when the case says it.
    #[serde(default)]
    pub first_stone: Option<String>,
    /// Black's territory plus prisoners after the end phase.
    pub black: u32,
    /// White's, before komi.
    pub white: u32,
    /// The result as SGF writes it.
    pub result: String,
}

impl Expect {
    /// Whether it asks something only the oracle is asked (the end of the game, the phase,
    /// colours, the arbiter, clocks, late arrival, resignations, tournaments, McMahon pairing):
    /// another implementation skips the case, never passes it.
    pub fn oracle_only(&self) -> bool {
        self.ended.is_some()
            || self.phase.is_some()
            || self.wrong_colour.is_some()
            || self.arbiter.is_some()
            || self.clock.is_some()
            || self.late.is_some()
            || self.resign.is_some()
            || self.tournament.is_some()
            || !self.match_points.is_empty()
            || self.recommended.is_some()
            || self.tie_break_choice.is_some()
            || self.mcmahon.is_some()
            || self.impossible.is_some()
            || self.end_phase.is_some()
    }

    /// Whether it states anything at all (a case that does not checks nothing: lint says so).
    pub fn states_anything(&self) -> bool {
        !self.legal.is_empty()
            || self.illegal.is_some()
            || !self.board_after.is_empty()
            || self.prisoners.is_some()
            || self.score.is_some()
            || self.oracle_only()
    }
}

/// One team match: the board points a team scored, the boards it had to field, and its match
/// points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchPointsCheck {
    /// The boards the team had to field.
    pub boards: u32,
    /// The board points it scored (whole or half).
    pub scored: f64,
    /// The match points expected: 2, 1 or 0.
    pub match_points: u32,
}

/// An event kind and the indicators recommended for it, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecommendedCheck {
    /// The kind of event.
    pub event: go_oracle::tournament_events::EventKind,
    /// Its indicators in the appendix's order.
    pub indicators: Vec<go_oracle::tournament_events::Indicator>,
}

/// A choice of indicators and whether the rules allow it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceCheck {
    /// The indicators chosen, in order.
    pub chosen: Vec<go_oracle::tournament_events::Indicator>,
    /// Whether the choice is allowed.
    pub allowed: bool,
}

/// Who made each impossible move, in order, and what follows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImpossibleCheck {
    /// The player of each impossible move.
    pub by: Vec<Color>,
    /// Extra minutes given to Black and to White.
    pub extra_minutes: [u32; 2],
    /// The player who loses, if any.
    pub loser: Option<Color>,
}

/// A tournament table and the indicators expected for some players.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentCheck {
    /// The players and their McMahon starting scores.
    pub entrants: Vec<go_oracle::tournament::Entrant>,
    /// The pairings and their results: a winner (`forfeit: true` for a win by award), or
    /// `result: draw` / `result: both_lose`.
    pub games: Vec<go_oracle::tournament::Pairing>,
    /// Rounds a player sat out without a partner (MM A.5).
    #[serde(default)]
    pub byes: Vec<go_oracle::tournament::Bye>,
    /// For each named player, indicator name (`score`, `buchholz`, `sos`, …) to value (whole
    /// or half points); `null` where the indicator decides nothing (`head_to_head` when the
    /// tied players did not all meet, `average_rating` with an unrated opponent).
    pub expect: std::collections::BTreeMap<String, std::collections::BTreeMap<String, Option<f64>>>,
}

/// One legality question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegalCheck {
    /// The move asked about.
    #[serde(rename = "move")]
    pub mv: Move,
    /// Whose move: the side to move when absent. For the other side the question is whether
    /// the move would be legal once it has the turn, that is after the side to move passes
    /// (rfg 1.1: the turn passes with a move, and a pass is a move, 3.1b).
    #[serde(default)]
    pub colour: Option<Color>,
    /// Whether the rules allow it.
    pub legal: bool,
    /// The article that forbids it, for an illegal move (checked against the oracle only).
    #[serde(default)]
    pub article: Option<String>,
}

/// Where the game breaks the rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IllegalAt {
    /// 1-based number within `moves`.
    pub ply: usize,
    /// The article broken (checked against the oracle only).
    pub article: String,
}

/// The count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreCheck {
    /// The stones agreed dead.
    #[serde(default)]
    pub dead: Vec<Point>,
    /// Black's territory plus prisoners.
    pub black: u32,
    /// White's territory plus prisoners, before komi.
    pub white: u32,
    /// The result as SGF writes it (`B+2.5`, `W+0.5`, `0`).
    pub result: String,
}

/// A clock question: each move's colour and seconds taken; who runs out first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockCheck {
    /// Main time in seconds.
    pub main: f64,
    /// Byo-yomi by move: seconds per move (rfg 12.2.1).
    #[serde(default)]
    pub per_move: Option<f64>,
    /// Byo-yomi by period: seconds and number of moves (rfg 12.2.2).
    #[serde(default)]
    pub per_period: Option<(f64, u32)>,
    /// The seconds each move took, in game order, colours alternating from Black.
    pub spent: Vec<f64>,
    /// The side that loses on time, if any.
    pub loser: Option<Color>,
    /// The 1-based move during which the time ran out.
    #[serde(default)]
    pub ply: Option<usize>,
}

/// A late-arrival question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LateCheck {
    /// Main time in minutes.
    pub main_minutes: f64,
    /// How late Black and White arrived, minutes (`null` for no-show).
    pub black: Option<f64>,
    /// How late White arrived.
    pub white: Option<f64>,
    /// `black`, `white` (the winner), `both_lose` or `play_on`.
    pub outcome: String,
}

/// A resignation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignCheck {
    /// Who resigned.
    pub resigns: Color,
    /// Who wins.
    pub winner: Color,
}

/// A case file that could not be used.
#[derive(Debug, thiserror::Error)]
pub enum CaseError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The YAML does not fit the schema.
    #[error("{path}: {message}")]
    Yaml {
        /// The file.
        path: PathBuf,
        /// The parser's message with line and column.
        message: String,
    },
    /// A case's setup is unusable (size, profile, diagram).
    #[error("case `{id}`: {problem}")]
    Setup {
        /// The case.
        id: String,
        /// What is wrong.
        problem: String,
    },
}

/// A case with the file it came from.
#[derive(Debug, Clone)]
pub struct LoadedCase {
    /// The case.
    pub case: Case,
    /// Its file.
    pub file: PathBuf,
    /// Its title and note as one text ([`Case::text`]): what reports print above the case and
    /// what a bare word of `--filter` is looked for in.
    pub text: String,
}

/// Reads the corpus embedded in this build ([`go_conformance_corpus`]): the case files of
/// `go/corpus/cases/` as they were when it was built, each named by that path.
///
/// # Errors
/// The first file that cannot be parsed.
pub fn load_embedded() -> Result<Vec<LoadedCase>, CaseError> {
    let mut out = Vec::new();
    for f in go_conformance_corpus::case_files() {
        let file = Path::new("go/corpus").join(f.path);
        let text = std::str::from_utf8(f.bytes).map_err(|e| CaseError::Yaml {
            path: file.clone(),
            message: format!("not UTF-8: {e}"),
        })?;
        out.extend(parse_cases(text, &file)?);
    }
    Ok(out)
}

fn parse_cases(text: &str, file: &Path) -> Result<Vec<LoadedCase>, CaseError> {
    let cases: Vec<Case> = serde_norway::from_str(text).map_err(|e| CaseError::Yaml {
        path: file.to_owned(),
        message: e.to_string(),
    })?;
    Ok(cases
        .into_iter()
        .map(|case| LoadedCase {
            text: case.text(),
            case,
            file: file.to_owned(),
        })
        .collect())
}

/// Reads every `*.yaml` file under `dir` (found as every folder is: [`conformance_core::walk`],
/// depth first in name order), each a list of cases.
///
/// # Errors
/// The first file that cannot be read or parsed.
pub fn load_dir(dir: &Path) -> Result<Vec<LoadedCase>, CaseError> {
    let yaml = |path: &Path| path.extension().is_some_and(|x| x == "yaml");
    let files = conformance_core::walk::files_under(dir, &yaml).map_err(|e| CaseError::Io {
        path: e.path,
        source: e.source,
    })?;
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(|source| CaseError::Io {
            path: file.clone(),
            source,
        })?;
        out.extend(parse_cases(&text, &file)?);
    }
    Ok(out)
}

impl Case {
    /// What the case says for readers: its title, then its note. Reports, `explain` and the
    /// site print this (a Go case's one `description` before the keys were shared).
    pub fn text(&self) -> String {
        match &self.note {
            Some(note) => format!("{} {note}", self.title),
            None => self.title.clone(),
        }
    }

    /// The case's profile.
    ///
    /// # Errors
    /// [`CaseError::Setup`] for an unknown profile.
    pub fn profile(&self) -> Result<GoProfile, CaseError> {
        GoProfile::builtin(&self.profile).map_err(|e| self.setup(e.to_string()))
    }

    fn setup(&self, problem: String) -> CaseError {
        CaseError::Setup {
            id: self.id.clone(),
            problem,
        }
    }

    /// The handicap stones and whether the game is a handicap game.
    ///
    /// # Errors
    /// [`CaseError::Setup`] for a handicap number other than 1.
    pub fn handicap(&self) -> Result<(Vec<Point>, bool), CaseError> {
        match &self.setup.handicap {
            Handicap::Stones(stones) => Ok((stones.clone(), !stones.is_empty())),
            Handicap::Number(1) => Ok((Vec::new(), true)),
            Handicap::Number(n) => Err(self.setup(format!(
                "handicap {n}: write the stones as a list of points (only handicap 1, which has none, is written as a number)"
            ))),
        }
    }

    /// The game to hand to an implementation: the handicap, the starting position as setup
    /// stones (no history behind it), then the moves.
    ///
    /// # Errors
    /// [`CaseError::Setup`] for a bad size, profile, handicap or diagram, a diagram without
    /// `to_move`, or a diagram stone on a handicap point.
    pub fn game(&self) -> Result<GameSpec, CaseError> {
        let setup = &self.setup;
        let size = BoardSize::new(setup.size).map_err(|e| self.setup(e.to_string()))?;
        let profile = self.profile()?;
        let (handicap, handicap_game) = self.handicap()?;
        let komi = setup.komi.unwrap_or(profile.rules.komi_for(handicap_game));
        let first = match (setup.to_move, setup.board.is_empty()) {
            (Some(c), _) => c,
            (None, false) => {
                return Err(self.setup(
                    "a case with a `board` must say `to_move` (black or white): stone counts do not decide it".to_owned(),
                ));
            }
            (None, true) if handicap.is_empty() => Color::Black,
            (None, true) => Color::White,
        };
        let mut game = GameSpec::new(size, komi);
        game.handicap = handicap;
        game.handicap_game = handicap_game;
        game.first = first;
        if !setup.board.is_empty() {
            game.setup =
                parse_diagram(size, &setup.board).map_err(|e| self.setup(e.to_string()))?;
            if let Some((p, _)) = game.setup.iter().find(|(p, _)| game.handicap.contains(p)) {
                return Err(self.setup(format!(
                    "the board draws a stone on the handicap point {p}: handicap stones go only in `handicap`"
                )));
            }
        }
        go_oracle::play::Game::start(&game, &profile).map_err(|e| self.setup(e.to_string()))?;
        for &mv in &setup.moves {
            game.play(mv);
        }
        game.moves.extend(setup.record.iter().copied());
        Ok(game)
    }
}
