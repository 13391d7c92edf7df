//! The end phase played out by the judge (rfg 7.1, 7.2 and their commentary, printed after 7.3): from a
//! finished game and the agreed dead stones, the players fill the neutral points in turn, make
//! the connections a fill forces, connect open kos and take what is in atari, and only then is
//! the position counted. Professional records stop before this phase; a count of the position
//! as written can be a point or two away from the one the players made (a fill that puts stones
//! in atari makes their owner connect, possibly inside their own territory, which costs that
//! point under territory counting, 9.2a).
//!
//! Where the text leaves the order open, the registry decides (interpretation of rfg 7.1):
//! the player whose turn it is after the third pass fills first, and each side in turn makes
//! the most urgent move, in this order:
//!
//! 1. a capture of a live enemy group in atari (7.1 and its commentary: a move that brings points is
//!    made by the player to move, even if it kills a group) — the open ko of 7.2 included;
//! 2. a connection of one's own live group in atari (7.1: moves inside a territory that the
//!    filling makes necessary; 7.2: every ko is filled);
//! 3. a fill of a neutral point with a stone that cannot be taken ([`holds`]), the one worth
//!    most to the two sides together (what it gains the filler plus what the partner would have
//!    gained there: each side defends its territory), the first in board order on a tie;
//! 4. a pass; two in a row end the phase (registry decision under 7.2).
//!
//! The agreed dead stones come off the board, as prisoners, before the first fill (registry
//! decision: the 7.2 commentary takes them off once the territories are agreed, and stones
//! agreed dead take no liberty from the stones around them — were they able to capture, they
//! would not be dead). Each move is played by [`Game::play`], so 5.2 (the ko) and 5.1 hold in
//! the phase as in the game.

use go_spec::{BoardSize, Color, Move, Point};

use crate::board::Board;
use crate::count::{Count, CountError, count, regions, remove_dead};
use crate::play::{Game, Phase};

/// What a move of the end phase does, for the explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// A pass that ends the main game (7.1: three in a row).
    MainPass,
    /// Takes a live enemy group that had one liberty left (7.1 commentary, 7.2 for a ko).
    Capture,
    /// Connects one's own live group in atari; `inside` says whether the point was one's own
    /// territory (a point lost, 9.2a).
    Connect {
        /// Whether the connecting stone stands in the connector's own territory.
        inside: bool,
    },
    /// Fills a neutral point (7.1); `forces` says whether it leaves enemy stones in atari.
    Fill {
        /// Whether the fill leaves a live enemy group with one liberty.
        forces: bool,
    },
    /// Nothing left to do for this side (7.1, two passes end the phase).
    Pass,
}

/// One move of the end phase with its article and a sentence for the explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The side that made it.
    pub colour: Color,
    /// The move.
    pub mv: Move,
    /// What it does.
    pub kind: StepKind,
    /// The article that calls for it.
    pub article: &'static str,
    /// The move in words, naming its point as a board reads it (`G10`) and the article.
    pub text: String,
}

/// The end phase as played, and the count it leaves.
#[derive(Debug, Clone)]
pub struct EndPhase {
    /// The moves, in order (the record's own moves not included).
    pub steps: Vec<Step>,
    /// The game after them.
    pub game: Game,
    /// The count of that position (rfg 8-9).
    pub count: Count,
}

/// A point as a board names it: the column letter (no I) and the row counted from the bottom.
pub fn vertex(size: BoardSize, p: Point) -> String {
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let column = COLUMNS
        .get(usize::from(p.x))
        .map_or('?', |c| char::from(*c));
    format!("{column}{}", u32::from(size.lines()) - u32::from(p.y))
}

/// Plays the end phase of `game` (the record's moves already played) with the agreed `dead`
/// stones, as the registry's reading of 7.1 has the players do, and counts the result. With
/// `other_first`, the side that would fill first passes once instead (the alternative order the
/// report shows when it changes the result).
///
/// # Errors
/// [`CountError::EmptyDeadPoint`] for a dead point without a stone.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 7.1, 7.2.
pub fn play_out(game: &Game, dead: &[Point], other_first: bool) -> Result<EndPhase, CountError> {
    let size = game.board.size();
    let mut game = game.clone();
    let mut steps = Vec::new();
    // 7.1: the main game ends with three passes in a row; a record that stops before them
    // implies them.
    while game.phase() == Phase::Main {
        let colour = game.to_move;
        if game.play(colour, Move::Pass).is_err() {
            break;
        }
        steps.push(step(
            size,
            colour,
            Move::Pass,
            StepKind::MainPass,
            "rfg:7.1",
            "passes: the main game ends after three passes in a row",
        ));
    }
    // 7.2 commentary, 8.2: the agreed dead stones are prisoners of the other side.
    remove_dead(&mut game.board, &mut game.prisoners, dead)?;
    if other_first && game.phase() == Phase::Filling {
        let colour = game.to_move;
        if game.play(colour, Move::Pass).is_ok() {
            steps.push(step(
                size,
                colour,
                Move::Pass,
                StepKind::Pass,
                "rfg:7.1",
                "passes first (the other order of the end phase)",
            ));
        }
    }
    // Each move takes a point or a capture; the bound only guards against a cycle the profile
    // lets through (simple ko).
    let mut left = size.area() * 4;
    while game.phase() == Phase::Filling && left > 0 {
        left -= 1;
        let colour = game.to_move;
        let (mv, kind, article, words) = choose(&game, colour);
        if game.play(colour, mv).is_err() {
            // `choose` asks `Game::check` first; a refusal here would be a bug, and passing is
            // always legal.
            let _ = game.play(colour, Move::Pass);
            steps.push(step(
                size,
                colour,
                Move::Pass,
                StepKind::Pass,
                "rfg:7.1",
                "passes",
            ));
            continue;
        }
        steps.push(step(size, colour, mv, kind, article, &words));
    }
    let count = count(&game.board, game.prisoners, &[])?;
    Ok(EndPhase { steps, game, count })
}

fn step(
    size: BoardSize,
    colour: Color,
    mv: Move,
    kind: StepKind,
    article: &'static str,
    words: &str,
) -> Step {
    let who = match colour {
        Color::Black => "Black",
        Color::White => "White",
    };
    let text = match mv {
        Move::Pass => format!("{who} {words} ({article})"),
        Move::Play(p) => format!("{who} {} {words} ({article})", vertex(size, p)),
    };
    Step {
        colour,
        mv,
        kind,
        article,
        text,
    }
}

/// The move `colour` makes next, by the order of the module docs.
fn choose(game: &Game, colour: Color) -> (Move, StepKind, &'static str, String) {
    let board = &game.board;
    let size = board.size();
    let legal = |p: Point| game.check(colour, Move::Play(p)).ok().flatten();
    // 1. Captures of live enemy groups (7.1 commentary; 7.2 for an open ko).
    let mut best: Option<(usize, Point)> = None;
    for p in size.points() {
        if board.get(p).is_some() {
            continue;
        }
        let in_atari_beside = size
            .neighbours(p)
            .any(|n| board.get(n) == Some(colour.opponent()) && board.group(n).1 == [p]);
        if !in_atari_beside {
            continue;
        }
        if let Some((_, captured)) = legal(p) {
            if best.is_none_or(|(n, _)| captured.len() > n) {
                best = Some((captured.len(), p));
            }
        }
    }
    if let Some((n, p)) = best {
        return (
            Move::Play(p),
            StepKind::Capture,
            "rfg:7.1",
            format!(
                "takes {n} stone(s) left with one liberty: a move that brings points is made by the player to move (commentary)"
            ),
        );
    }
    // 2. Connections of one's own live groups in atari (7.1, 7.2).
    let (open_regions, open_region_of) = regions(board);
    let owned_by = |p: Point, c: Color| {
        let r = open_region_of[size.index(p)];
        r != usize::MAX && open_regions[r].owner() == Some(c)
    };
    for p in size.points() {
        if board.get(p) != Some(colour) {
            continue;
        }
        let (_, liberties) = board.group(p);
        let [last] = liberties[..] else { continue };
        let Some((after, _)) = legal(last) else {
            continue;
        };
        if after.group(last).1.len() < 2 {
            continue;
        }
        let inside = owned_by(last, colour);
        let words = if inside {
            "connects inside its own territory: its stones had one liberty left (a point lost, 9.2a)"
        } else {
            "connects: its stones had one liberty left"
        };
        return (
            Move::Play(last),
            StepKind::Connect { inside },
            "rfg:7.1",
            words.to_owned(),
        );
    }
    // 3. Fills of neutral points (7.1), the one worth most to the two sides together.
    let mut best: Option<(i64, Point, bool)> = None;
    for p in size.points() {
        let r = open_region_of[size.index(p)];
        if board.get(p).is_some() || r == usize::MAX || open_regions[r].borders != [true, true] {
            continue;
        }
        let Some((after, captured)) = legal(p) else {
            continue;
        };
        if !captured.is_empty() || !holds(&after, p, colour, 3) {
            continue;
        }
        let mine = gain(board, p, colour);
        let theirs = gain(board, p, colour.opponent());
        let value = mine.map_or(0, |g| g.0) + theirs.map_or(0, |g| g.0);
        if best.is_none_or(|(v, _, _)| value > v) {
            best = Some((value, p, mine.is_some_and(|g| g.1)));
        }
    }
    if let Some((_, p, forces)) = best {
        let words = if forces {
            "fills a neutral point and leaves enemy stones with one liberty"
        } else {
            "fills a neutral point"
        };
        return (
            Move::Play(p),
            StepKind::Fill { forces },
            "rfg:7.1",
            words.to_owned(),
        );
    }
    (
        Move::Pass,
        StepKind::Pass,
        "rfg:7.1",
        "passes: nothing left to fill".to_owned(),
    )
}

/// What `colour` gains by a stone on the neutral point `p` of `board`, read statically: its
/// territory minus the partner's after the fill against before (8.1),
/// plus a point for each partner's liberty in the partner's own territory that the fill leaves
/// as the last of a group (the partner must connect there, 9.2a); and whether it leaves
/// such a group. `None` when `colour` cannot put a lasting stone there.
fn gain(board: &Board, p: Point, colour: Color) -> Option<(i64, bool)> {
    let size = board.size();
    let mut after = board.clone();
    match after.place(p, colour) {
        Ok(captured) if captured.is_empty() => {}
        _ => return None,
    }
    if after.group(p).1.len() < 2 {
        return None;
    }
    let balance = |b: &Board| -> i64 {
        let (rs, _) = regions(b);
        rs.iter()
            .map(|r| {
                let n = i64::try_from(r.points.len()).unwrap_or(0);
                match r.owner() {
                    Some(c) if c == colour => n,
                    Some(_) => -n,
                    None => 0,
                }
            })
            .sum()
    };
    let mut value = balance(&after) - balance(board);
    let (rs, region_of) = regions(&after);
    let mut lasts: Vec<Point> = Vec::new();
    for n in size.neighbours(p) {
        if after.get(n) != Some(colour.opponent()) {
            continue;
        }
        if let [last] = after.group(n).1[..] {
            if !lasts.contains(&last) {
                lasts.push(last);
            }
        }
    }
    let forces = !lasts.is_empty();
    for last in lasts {
        let r = region_of[size.index(last)];
        if r != usize::MAX && rs[r].owner() == Some(colour.opponent()) {
            value += 1;
        }
    }
    Some((value, forces))
}

/// Whether the group of `colour` at `at` on `board` (the partner to move) lasts: it has three
/// liberties or more, or two and the partner cannot take it by playing on either of them —
/// after such a play the group either takes the attacker (in atari itself), or extends on its
/// last liberty and lasts again (looked at `depth` moves deep; deeper is taken as lasting). A
/// fill made with a stone that the partner can take is not a filling move of 7.1 (keeping to
/// the rules, the players do not give stones away).
pub fn holds(board: &Board, at: Point, colour: Color, depth: u8) -> bool {
    let (_, liberties) = board.group(at);
    if liberties.len() >= 3 {
        return true;
    }
    if liberties.len() <= 1 {
        return false;
    }
    if depth == 0 {
        return true;
    }
    for &l in &liberties {
        let mut attacked = board.clone();
        if attacked.place(l, colour.opponent()).is_err() {
            continue;
        }
        if attacked.get(at) != Some(colour) {
            return false;
        }
        let (_, left) = attacked.group(at);
        if left.len() >= 2 {
            continue;
        }
        if attacked.group(l).1.len() == 1 {
            // The attacker is in atari itself: the group takes it.
            continue;
        }
        let mut extended = attacked.clone();
        let Some(&m) = left.first() else {
            return false;
        };
        if extended.place(m, colour).is_err() || !holds(&extended, at, colour, depth - 1) {
            return false;
        }
    }
    true
}
