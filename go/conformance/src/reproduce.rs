//! A case as a GTP script: the commands that set its game up on any GTP engine and then ask
//! what the case asks, so that a failing case can be replayed by hand
//! (`go-conformance reproduce ID | gnugo --mode gtp`).
//!
//! The set-up is the driver's ([`crate::gtp`]) written out for an engine whose commands are not
//! known in advance: `boardsize`, `clear_board`, `komi`, the handicap stones with `play black`
//! (which every engine offers, where `set_free_handicap` is optional), the starting position
//! played in an order that captures nothing, then the case's moves. Each of these must be
//! accepted (`=`); what the case asks comes last — the move it expects refused, `is_legal` for
//! its legality questions, `list_stones`/`captures` for the board it expects — and is the
//! engine's answer to compare with the expectation written beside it as a comment. What GTP
//! cannot ask (the phase, clocks, the count with agreed dead stones, …) is named in a comment.

use go_spec::{Color, GameSpec, Move};

use crate::case::{Case, CaseError};
use crate::gtp::to_vertex;

/// A case's GTP script: the set-up every engine must accept, then the queries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GtpScript {
    /// Commands that must each be answered `=`.
    pub setup: Vec<String>,
    /// What the case asks, in order, each with the answer it expects.
    pub queries: Vec<Query>,
    /// What the case checks that GTP cannot ask.
    pub not_asked: Vec<String>,
}

/// One command after the set-up and the answer the case expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// The GTP command.
    pub command: String,
    /// The answer the case expects.
    pub expected: Expected,
}

/// The answer a case expects to a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// A step between questions that must be accepted (`=`): the pass that gives the other
    /// side the turn.
    Accepted,
    /// The move is refused (`?`), by this article.
    Refused(String),
    /// Accepted with exactly this answer (`is_legal`: `1` or `0`).
    Answer(String),
    /// Accepted, with the answer described in words (the stones, the prisoners).
    Described(String),
}

impl Expected {
    fn words(&self) -> String {
        match self {
            Expected::Accepted => "accepted (=)".to_owned(),
            Expected::Refused(article) => format!("refused (?), {article}"),
            Expected::Answer(a) => format!("= {a}"),
            Expected::Described(d) => format!("= {d}"),
        }
    }
}

impl GtpScript {
    /// The script as text for a GTP engine's standard input: comments (`#`, which GTP engines
    /// ignore) name the case and the expected answers.
    pub fn text(&self, case: &Case) -> String {
        let mut out = format!(
            "# case {} [{}]: replay with e.g. `gnugo --mode gtp`\n",
            case.id,
            case.articles.join(", ")
        );
        for command in &self.setup {
            out.push_str(command);
            out.push('\n');
        }
        for q in &self.queries {
            out.push_str(&format!(
                "# expected: {}\n{}\n",
                q.expected.words(),
                q.command
            ));
        }
        for what in &self.not_asked {
            out.push_str(&format!("# not asked over GTP: {what}\n"));
        }
        out
    }
}

fn colour_word(colour: Color) -> &'static str {
    match colour {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn play(game: &GameSpec, colour: Color, mv: Move) -> String {
    format!("play {} {}", colour_word(colour), to_vertex(game.size, mv))
}

/// The GTP commands that replay `case` and ask what it asks.
///
/// # Errors
/// [`CaseError::Setup`] when the case's setup is unusable (the same errors as a run).
pub fn gtp_script(case: &Case) -> Result<GtpScript, CaseError> {
    let game = case.game()?;
    let size = game.size;
    let mut setup = vec![
        format!("boardsize {}", size.lines()),
        "clear_board".to_owned(),
        format!("komi {}", game.komi),
    ];
    for p in &game.handicap {
        setup.push(play(&game, Color::Black, Move::Play(*p)));
    }
    if !game.setup.is_empty() {
        // As the driver: the diagram (handicap stones drawn too, so that the order is
        // capture-free on the board they are on) in a capture-free order, passes left out.
        let mut all = game.setup.clone();
        all.extend(game.handicap.iter().map(|p| (*p, Color::Black)));
        let rows = go_spec::diagram_rows(size, &all);
        let order =
            go_spec::diagram_moves(size, &rows, Color::Black).map_err(|e| CaseError::Setup {
                id: case.id.clone(),
                problem: format!("the starting position is not usable: {e}"),
            })?;
        for (colour, mv) in order {
            if matches!(mv, Move::Play(p) if !game.handicap.contains(&p)) {
                setup.push(play(&game, colour, mv));
            }
        }
    }
    let expect = &case.expect;
    let mut queries = Vec::new();
    let mut not_asked = Vec::new();
    let over = |article: &str| article == "rfg:7.2";
    match &expect.illegal {
        Some(want) if over(&want.article) => {
            not_asked.push(format!(
                "move {} is refused because the game is over ({}; GTP has no end of game)",
                want.ply, want.article
            ));
        }
        Some(want) => {
            for (i, (colour, mv)) in game.moves.iter().enumerate() {
                let command = play(&game, *colour, *mv);
                if i + 1 == want.ply {
                    queries.push(Query {
                        command,
                        expected: Expected::Refused(want.article.clone()),
                    });
                    break;
                }
                setup.push(command);
            }
        }
        None => {
            for (colour, mv) in &game.moves {
                setup.push(play(&game, *colour, *mv));
            }
        }
    }
    if !expect.board_after.is_empty() || expect.prisoners.is_some() {
        for colour in [Color::Black, Color::White] {
            queries.push(Query {
                command: format!("list_stones {}", colour_word(colour)),
                expected: Expected::Described(format!(
                    "the {} stones of the case's `board_after`",
                    colour_word(colour)
                )),
            });
        }
        let prisoners = expect
            .prisoners
            .map(|[b, w]| format!("{b} by black, {w} by white"))
            .unwrap_or_else(|| "the case's prisoners".to_owned());
        for colour in [Color::Black, Color::White] {
            queries.push(Query {
                command: format!("captures {}", colour_word(colour)),
                expected: Expected::Described(format!("stones captured: {prisoners}")),
            });
        }
    }
    // The side to move's questions first; then one pass gives the other side the turn (rfg
    // 1.1, 3.1b: as the driver asks them) for the rest.
    let mut legal: Vec<_> = expect
        .legal
        .iter()
        .map(|q| (q.colour.unwrap_or_else(|| game.to_move()), q))
        .collect();
    legal.sort_by_key(|(colour, _)| *colour != game.to_move());
    let mut passed = false;
    for (colour, q) in legal {
        if q.article.as_deref().is_some_and(over) {
            not_asked.push(format!(
                "whether {colour} {} is legal after the end of the game (rfg:7.2)",
                q.mv
            ));
            continue;
        }
        if colour != game.to_move() && !passed {
            passed = true;
            queries.push(Query {
                command: play(&game, game.to_move(), Move::Pass),
                expected: Expected::Accepted,
            });
        }
        queries.push(Query {
            command: format!("is_legal {} {}", colour_word(colour), to_vertex(size, q.mv)),
            expected: Expected::Answer(u8::from(q.legal).to_string()),
        });
    }
    for (present, what) in [
        (expect.score.is_some(), "the count with agreed dead stones"),
        (
            expect.ended.is_some(),
            "whether three passes ended the main game",
        ),
        (expect.phase.is_some(), "the phase of the game"),
        (expect.wrong_colour.is_some(), "a wrong-colour start"),
        (expect.arbiter.is_some(), "a repetition sent to the arbiter"),
        (expect.clock.is_some(), "the clock"),
        (expect.late.is_some(), "late arrival"),
        (expect.resign.is_some(), "a resignation"),
        (expect.impossible.is_some(), "impossible moves"),
        (expect.tournament.is_some(), "a tournament table"),
        (!expect.match_points.is_empty(), "team match points"),
        (expect.recommended.is_some(), "the indicators for an event"),
        (expect.tie_break_choice.is_some(), "a choice of indicators"),
        (expect.mcmahon.is_some(), "a McMahon pairing"),
    ] {
        if present {
            not_asked.push(what.to_owned());
        }
    }
    Ok(GtpScript {
        setup,
        queries,
        not_asked,
    })
}
