//! The end phase played out by the judge (rfg 7.1, 7.2 and their commentary, printed after
//! 7.3): from a record's last position and the side to move, the rest of the game — the main
//! game's remaining moves up to the passes the profile needs, then the filling of neutral
//! points, the connections a fill makes necessary, the kos connected and what is in atari
//! taken — and the count of the position it leaves. Professional records stop before this
//! phase; a count of the position as written can be a point or two away from the one the
//! players made (a fill that puts stones in atari makes their owner connect, possibly inside
//! their own territory, which costs that point under territory counting, 9.2a).
//!
//! The moves are searched, not chosen one move ahead ([`crate::end_search`]): each side makes
//! the moves that bring it points, with a pass always allowed, so that no side is made to pass
//! while a move gains, nothing is captured before what must be connected is, and a stone thrown
//! into the partner's area never gains (it is dead at the count, [`end_search::dead_in_filling`]).
//! Who moves first after a record that stops before the main game has ended is the registry's
//! decision under rfg 7.1 ([`Order`]): the side whose turn it is, which may still play or pass;
//! the other reading (the missing passes made at once) is the alternative the report shows when
//! it gives another result. The agreed dead stones come off the board, as prisoners, before the
//! first move (the 7.2 commentary takes them off once the territories are agreed, and stones
//! agreed dead take no liberty from the stones around them). Each move is played by
//! [`Game::play`], so 5.2 (the ko) and 5.1 hold in the phase as in the game.

use go_spec::{BoardSize, Color, Move, Point};

use crate::board::Board;
use crate::count::{Count, CountError, count, regions, remove_dead};
use crate::end_search::{self, Component, Search, components, dead_in_filling};
use crate::play::{Game, Phase};

/// How many whole-board positions before the end phase 5.2 compares with (registry, 7.1).
const HISTORY: usize = 8;

/// The open points of the parts where moving first matters searched together at most; beyond,
/// the position is left to the one-move-ahead choice.
const JOINT_POINTS: usize = 10;

/// The open points of one part searched at most; a bigger part leaves the position to the
/// one-move-ahead choice.
const MAX_PART_POINTS: usize = 7;

/// What a move of the end phase does, for the explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// A pass made while the main game goes on (7.1: the profile's passes in a row end it).
    MainPass,
    /// Takes an enemy group that had one liberty left (7.1 commentary, 7.2 for a ko).
    Capture,
    /// Connects one's own group in atari; `inside` says whether the point was one's own
    /// territory (a point lost, 9.2a).
    Connect {
        /// Whether the connecting stone stands in the connector's own territory.
        inside: bool,
    },
    /// Fills a neutral point (7.1); `forces` says whether it leaves enemy stones in atari.
    Fill {
        /// Whether the fill leaves an enemy group with one liberty.
        forces: bool,
    },
    /// A pass in the filling: no move gains (7.1; two passes in a row end the phase).
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
    /// The empty region the stone went into (its points before the move), empty for a pass.
    pub region: Vec<Point>,
    /// What the move gains its side against passing there (points, 9.2), as the search counts
    /// it; `None` where the one-move-ahead choice made it (a part too big to search).
    pub gain: Option<i64>,
    /// The move in words, naming its point as a board reads it (`G10`), its region, its gain
    /// and the article.
    pub text: String,
}

/// Which side moves first after a record that stops before the main game has ended (fewer
/// passes in a row than the profile's `passes_to_end`): the registry's decision under 7.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The side whose turn it is after the record's last move (1.1) moves next, in the main
    /// game still: it may play or pass (the judge's reading).
    ToMove,
    /// The record's stop read as the end of the main game: the passes it lacks are made at
    /// once, and the side after them moves first in the filling (the other reading).
    PassesFirst,
}

/// The end phase as played, and the count it leaves.
#[derive(Debug, Clone)]
pub struct EndPhase {
    /// The moves, in order (the record's own moves not included).
    pub steps: Vec<Step>,
    /// The game after them.
    pub game: Game,
    /// Stones put on the board in the end phase that are dead at the count (8.1 commentary):
    /// taken off as prisoners of the other side.
    pub dead_in_filling: Vec<Point>,
    /// Whether every part was searched (false: a part too big for the search was filled by the
    /// one-move-ahead choice).
    pub searched: bool,
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

/// Points as a board names them, joined: `C3, C4, C5` (the first six, then how many).
pub fn vertices(size: BoardSize, points: &[Point]) -> String {
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| (p.x, std::cmp::Reverse(p.y)));
    let mut names: Vec<String> = sorted.iter().take(6).map(|p| vertex(size, *p)).collect();
    if sorted.len() > 6 {
        names.push(format!("… {} points", sorted.len()));
    }
    names.join(", ")
}

/// Plays the end phase of `game` (the record's moves already played) with the agreed `dead`
/// stones, the first mover by `order`, as the registry's reading of 7.1 has the players do,
/// and counts the result.
///
/// # Errors
/// [`CountError::EmptyDeadPoint`] for a dead point without a stone.
///
/// Articles (see [`crate::ARTICLE_INDEX`]): rfg 7.1, 7.2.
pub fn play_out(game: &Game, dead: &[Point], order: Order) -> Result<EndPhase, CountError> {
    let mut game = game.clone();
    game.keep_recent_history(HISTORY);
    let mut steps = Vec::new();
    if order == Order::PassesFirst {
        while game.phase() == Phase::Main {
            let colour = game.to_move;
            if game.play(colour, Move::Pass).is_err() {
                break;
            }
            steps.push(pass_step(
                colour,
                StepKind::MainPass,
                "passes: the record's stop read as the end of the main game",
            ));
        }
    }
    // The live stones: the record's when its main game ended (stones of the filling written
    // in the record are the filling's), the agreed dead taken off.
    let mut live = game
        .main_end_board
        .clone()
        .unwrap_or_else(|| game.board.clone());
    for &d in dead {
        if live.size().contains(d) {
            live.set(d, None);
        }
    }
    // 7.2 commentary, 8.2: the agreed dead stones are prisoners of the other side.
    remove_dead(&mut game.board, &mut game.prisoners, dead)?;
    let start = live;
    let (hot, searched) = classify(&start, &game.board, &game);
    let mut played = settle(&start, game.clone(), &hot, searched);
    if order == Order::ToMove && game.phase() == Phase::Main {
        // A pass is always allowed: the side to move takes the better of moving now and
        // passing now (the other side then moving first), so it never loses by moving first.
        let mover = game.to_move;
        let mut passed = game;
        let mut pass = Vec::new();
        if play_step(&mut passed, Move::Pass, Some(0), &mut pass) {
            let other = settle(&start, passed, &hot, searched);
            let (mine, theirs) = (
                final_value(&start, &played.1),
                final_value(&start, &other.1),
            );
            let better = match mover {
                Color::Black => theirs > mine,
                Color::White => theirs < mine,
            };
            if better {
                pass.extend(other.0);
                played = (pass, other.1, other.2);
            }
        }
    }
    let (more, game, searched) = played;
    steps.extend(more);
    let dead_in_filling = dead_in_filling(&start, &game.board);
    let count = count(&game.board, game.prisoners, &dead_in_filling)?;
    Ok(EndPhase {
        steps,
        game,
        dead_in_filling,
        searched,
        count,
    })
}

/// Territory plus prisoners, Black's minus White's, of a finished end phase from `start`.
fn final_value(start: &Board, game: &Game) -> i64 {
    let dead = dead_in_filling(start, &game.board);
    count(&game.board, game.prisoners, &dead).map_or(0, |c| {
        i64::from(c.territory[0]) + i64::from(c.prisoners[0])
            - i64::from(c.territory[1])
            - i64::from(c.prisoners[1])
    })
}

/// The parts of the open points of `start` where moving first changes the result, and whether
/// every part could be searched (a part of more than [`MAX_PART_POINTS`] points, or past the
/// search's budget, cannot).
fn classify(start: &Board, current: &Board, game: &Game) -> (Vec<Component>, bool) {
    let mut hot = Vec::new();
    let mut searched = true;
    for part in components(current) {
        if part.points.len() > MAX_PART_POINTS {
            searched = false;
            continue;
        }
        match swing(start, game, &part) {
            Some(Some(_)) => hot.push(part),
            Some(None) => {}
            None => searched = false,
        }
    }
    let total: usize = hot.iter().map(|c| c.points.len()).sum();
    (hot, searched && total <= JOINT_POINTS)
}

/// The end phase from `game` (the agreed dead stones taken off; `start` its position): the
/// `hot` parts searched together when every part could be searched, the one-move-ahead choice
/// over the whole board otherwise; then the passes that end the game. The steps, the game
/// after them, and whether it was searched.
fn settle(
    start: &Board,
    mut game: Game,
    hot: &[Component],
    searched: bool,
) -> (Vec<Step>, Game, bool) {
    let mut steps = Vec::new();
    let mut searched = searched;
    if searched && !hot.is_empty() && joint(start, &mut game, hot, &mut steps).is_err() {
        searched = false;
    }
    if !searched {
        let everywhere = vec![true; start.size().area()];
        one_move_ahead(&mut game, &everywhere, &mut steps);
    }
    connect_what_is_left(&mut game, &mut steps);
    finish(&mut game, &mut steps);
    (steps, game, searched)
}

/// The connections left at the end (7.2: every direct ko is filled; 7.1: the moves inside a
/// territory the filling makes necessary): while a group stands with one liberty where its
/// owner can connect, the owner connects, the partner passing when it is the partner's turn.
/// A part searched alone cannot see a ko retaken after a move elsewhere (5.2 compares whole
/// boards), so the ko is connected here, as the search's count assumes.
fn connect_what_is_left(game: &mut Game, steps: &mut Vec<Step>) {
    let mut left = 16;
    while game.phase() != Phase::Over && left > 0 {
        left -= 1;
        let Some((owner, point)) = connection_left(game) else {
            return;
        };
        let mv = if owner == game.to_move {
            Move::Play(point)
        } else {
            Move::Pass
        };
        let note = "made at the end: every direct ko is filled (rfg:7.2)";
        if !play_step_noted(game, mv, None, note, steps) {
            return;
        }
    }
}

/// A group with one liberty whose owner can connect there and keep two liberties, if any.
fn connection_left(game: &Game) -> Option<(Color, Point)> {
    let board = &game.board;
    for p in board.size().points() {
        let Some(owner) = board.get(p) else { continue };
        let (_, liberties) = board.group(p);
        let [last] = liberties[..] else { continue };
        let mut after = board.clone();
        if after.place(last, owner).is_ok() && after.group(last).1.len() >= 2 {
            return Some((owner, last));
        }
    }
    None
}

/// The part's values with each side first (Black's points minus White's): `Some(None)` when
/// neither side gains by moving there (both equal the position as it stands), `Some(Some(d))`
/// with what moving first is worth (`d`, Black first against White first), `None` when the
/// part is too big to search.
fn swing(start: &Board, game: &Game, part: &Component) -> Option<Option<i64>> {
    let mut search = Search::new(start, &game.board, part.zone.clone(), part.local.clone());
    let still = search.static_value(game);
    let mut first = |colour: Color| {
        let mut g = game.clone();
        g.begin_filling(colour);
        search.value(&g).ok()
    };
    let black = first(Color::Black)?;
    let white = first(Color::White)?;
    Some((black != still || white != still).then_some(black - white))
}

/// The hot parts searched together from the game as it stands, the search's line played until
/// both sides would pass.
fn joint(
    start: &Board,
    game: &mut Game,
    parts: &[Component],
    steps: &mut Vec<Step>,
) -> Result<(), end_search::Exhausted> {
    let size = start.size();
    let mut zone = vec![false; size.area()];
    let mut local = vec![false; size.area()];
    for part in parts {
        for i in 0..size.area() {
            zone[i] |= part.zone[i];
            local[i] |= part.local[i];
        }
    }
    let mut search = Search::new(start, &game.board, zone, local);
    let mut left = size.area() * 4;
    while game.phase() != Phase::Over && left > 0 {
        left -= 1;
        let (mv, value) = search.best(game)?;
        if mv == Move::Pass {
            let mut after = game.clone();
            let _ = after.play(game.to_move, Move::Pass);
            if after.phase() == Phase::Over || search.best(&after)?.0 == Move::Pass {
                return Ok(());
            }
        }
        let gain = gain_over_pass(&mut search, game, mv, value)?;
        if !play_step(game, mv, Some(gain), steps) {
            return Ok(());
        }
    }
    Ok(())
}

/// What `mv` gains the side to move in `game` against a pass there, by `search`.
fn gain_over_pass(
    search: &mut Search<'_>,
    game: &Game,
    mv: Move,
    value: i64,
) -> Result<i64, end_search::Exhausted> {
    if mv == Move::Pass {
        return Ok(0);
    }
    let passed = search.value_after(game, Move::Pass)?.unwrap_or(value);
    Ok(match game.to_move {
        Color::Black => value - passed,
        Color::White => passed - value,
    })
}

/// A position too big to search, filled by the one-move-ahead choice ([`choose`]) over the
/// points of `zone`, each side in turn, until two passes in a row in the filling end it.
fn one_move_ahead(game: &mut Game, zone: &[bool], steps: &mut Vec<Step>) {
    let mut left = game.board.size().area() * 4;
    while game.phase() != Phase::Over && left > 0 {
        left -= 1;
        let (mv, _, _, _) = choose(game, game.to_move, zone);
        if !play_step(game, mv, None, steps) {
            return;
        }
    }
}

/// Passes until the game is over (the main game's passes, then two in the filling).
fn finish(game: &mut Game, steps: &mut Vec<Step>) {
    let mut left = 8;
    while game.phase() != Phase::Over && left > 0 {
        left -= 1;
        if !play_step(game, Move::Pass, Some(0), steps) {
            return;
        }
    }
}

/// Plays `mv` for the side to move and writes its step; false when the game refuses it.
fn play_step(game: &mut Game, mv: Move, gain: Option<i64>, steps: &mut Vec<Step>) -> bool {
    play_step_noted(game, mv, gain, ONE_MOVE_AHEAD, steps)
}

/// What a step says when the search did not make it: the one-move-ahead choice.
const ONE_MOVE_AHEAD: &str =
    "chosen one move ahead (a part too big to search: a heuristic, not a proof)";

/// What the explanation of an end phase says after its moves when a part was too big to
/// search ([`EndPhase::searched`] false): the one-move-ahead choice filled it, a heuristic
/// there, not a proof that the count is what both sides can force. It names the limits.
pub fn fallback_note() -> String {
    format!(
        "a part of the open points was too big to search (more than {MAX_PART_POINTS} points, more than {JOINT_POINTS} where moving first matters, or more than {} positions) and was filled one move ahead: a heuristic there, not a proof that this count is what both sides can force (rfg:7.1, registry)",
        end_search::BUDGET
    )
}

/// [`play_step`], with what the step says when `gain` is `None`.
fn play_step_noted(
    game: &mut Game,
    mv: Move,
    gain: Option<i64>,
    note: &str,
    steps: &mut Vec<Step>,
) -> bool {
    let colour = game.to_move;
    let before = game.board.clone();
    let phase = game.phase();
    let Ok(Some((after, captured))) = game.check(colour, mv).map(|placed| match mv {
        Move::Pass => Some((before.clone(), Vec::new())),
        Move::Play(_) => placed,
    }) else {
        return false;
    };
    if game.play(colour, mv).is_err() {
        return false;
    }
    let Move::Play(p) = mv else {
        let (kind, words) = if phase == Phase::Main {
            (
                StepKind::MainPass,
                "passes in the main game (the profile's passes in a row end it)",
            )
        } else {
            (StepKind::Pass, "passes: no move gains a point")
        };
        steps.push(pass_step(colour, kind, words));
        return true;
    };
    steps.push(stone_step(
        &before, &after, &captured, colour, p, gain, note,
    ));
    true
}

fn who(colour: Color) -> &'static str {
    match colour {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn pass_step(colour: Color, kind: StepKind, words: &str) -> Step {
    Step {
        colour,
        mv: Move::Pass,
        kind,
        article: "rfg:7.1",
        region: Vec::new(),
        gain: Some(0),
        text: format!("{} {words} (rfg:7.1)", who(colour)),
    }
}

/// The step of a stone of `colour` on `p`: what it does (a capture, a connection, a fill),
/// the empty region it went into, what it gained.
fn stone_step(
    before: &Board,
    after: &Board,
    captured: &[Point],
    colour: Color,
    p: Point,
    gain: Option<i64>,
    note: &str,
) -> Step {
    let size = before.size();
    let (rs, of) = regions(before);
    let region = rs[of[size.index(p)]].points.clone();
    let owned = rs[of[size.index(p)]].owner() == Some(colour);
    let connects = size
        .neighbours(p)
        .any(|n| before.get(n) == Some(colour) && before.group(n).1 == [p]);
    let forces = size
        .neighbours(p)
        .any(|n| after.get(n) == Some(colour.opponent()) && after.group(n).1.len() == 1);
    let (kind, words) = if !captured.is_empty() {
        (
            StepKind::Capture,
            format!(
                "takes {} stone(s) left with one liberty ({}): a move that brings points is made by the player to move (commentary)",
                captured.len(),
                vertices(size, captured)
            ),
        )
    } else if connects {
        let words = if owned {
            "connects inside its own territory: its stones had one liberty left (a point lost, 9.2a)"
        } else {
            "connects: its stones had one liberty left"
        };
        (StepKind::Connect { inside: owned }, words.to_owned())
    } else if forces {
        (
            StepKind::Fill { forces },
            "fills a neutral point and leaves enemy stones with one liberty".to_owned(),
        )
    } else {
        (
            StepKind::Fill { forces },
            "fills a neutral point".to_owned(),
        )
    };
    let gained = match gain {
        Some(0) => ", gaining nothing over a pass".to_owned(),
        Some(1) => ", gaining 1 point over a pass".to_owned(),
        Some(g) => format!(", gaining {g} points over a pass"),
        None => format!(", {note}"),
    };
    let text = format!(
        "{} {} {words}; region {} ({} point(s)){gained} (rfg:7.1)",
        who(colour),
        vertex(size, p),
        vertices(size, &region),
        region.len()
    );
    Step {
        colour,
        mv: Move::Play(p),
        kind,
        article: "rfg:7.1",
        region,
        gain,
        text,
    }
}

/// The move `colour` makes next looking one move ahead, the judge's choice before the search
/// and now its fallback for a part too big to search: (1) a capture of an enemy group in atari,
/// the largest, anywhere; (2) a connection of its own group in atari, anywhere; (3) a fill of a
/// neutral point of `zone` with a stone that lasts ([`holds`]), the one worth most to the two
/// sides together; (4) a pass.
fn choose(game: &Game, colour: Color, zone: &[bool]) -> (Move, StepKind, &'static str, String) {
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
        if board.get(p).is_some()
            || !zone[size.index(p)]
            || r == usize::MAX
            || open_regions[r].borders != [true, true]
        {
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
