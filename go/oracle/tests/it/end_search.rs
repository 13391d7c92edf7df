//! The end phase searched (rfg 7.1, 7.2 and their commentary): positions worked out by hand,
//! and the search held to a brute-force enumeration of every fill order.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;

use go_oracle::board::Board;
use go_oracle::count::{count, regions};
use go_oracle::end_phase::{Order, StepKind, play_out};
use go_oracle::play::{Game, Phase};
use go_spec::{BoardSize, Color, GameSpec, GoProfile, Komi, Move, Point};
use proptest::prelude::*;

fn nine() -> BoardSize {
    BoardSize::new(9).unwrap()
}

/// A 9x9 game set up from diagram rows (`X` Black, `O` White, `.` empty), `first` to move,
/// then `moves` (`pass` or SGF points) played.
fn game(rows: &[&str], first: Color, moves: &[&str]) -> Game {
    let mut spec = GameSpec::new(nine(), Komi::from_halves(15));
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.split_whitespace().enumerate() {
            let p = Point::new(u8::try_from(x).unwrap(), u8::try_from(y).unwrap());
            match c {
                "X" => spec.setup.push((p, Color::Black)),
                "O" => spec.setup.push((p, Color::White)),
                _ => {}
            }
        }
    }
    spec.first = first;
    let mut g = Game::start(&spec, &GoProfile::default()).unwrap();
    for m in moves {
        let c = g.to_move;
        g.play(c, m.parse::<Move>().unwrap()).unwrap();
    }
    g
}

/// The 9x9 corridor of issue 55 (a CGOS game, captures Black 14, White 21, KM 7.5).
const CORRIDOR: [&str; 9] = [
    "O . O O O O X . X",
    ". O O O O X X X X",
    "O . O O O X X X X",
    "O O . O X X X X X",
    ". O . O O O X X X",
    "X X . O O O O X .",
    ". X . O O O X . X",
    "X X X O O X X X .",
    "X . X O O X . X X",
];

/// Black's and White's points (territory plus prisoners, rfg 9.2).
fn points(end: &go_oracle::end_phase::EndPhase) -> [u32; 2] {
    [
        end.count.territory[0] + end.count.prisoners[0],
        end.count.territory[1] + end.count.prisoners[1],
    ]
}

/// Issue 55's corridor, White to move after "W pass, B pass" (rfg 7.1: three passes end the
/// main game, so White may still play). Worked by hand: Black's territory is A3, B1, G1, H3,
/// H9, J2, J4 (7), White's B7, A8, B9 (3); C3-C6 is open and A5 a neutral point (8.3). White
/// C4 joins D4 and closes C5 and C6 (White's, 8.1): White 5 + 21 = 26, Black 7 + 14 = 21, KM
/// 7.5: W+12.5. Black C4 first (the record's stop read as the end of the main game, White's
/// third pass implied) joins B4; White C5 then closes C6 only: White 4 + 21, W+11.5.
#[test]
fn the_corridor_white_to_move_takes_c4_7_1() {
    let mut g = game(&CORRIDOR, Color::White, &["pass", "pass"]);
    g.prisoners = [14, 21];
    let end = play_out(&g, &[], Order::ToMove).unwrap();
    let first = end.steps.first().unwrap();
    assert_eq!(
        (first.colour, first.mv),
        (Color::White, Move::Play(p("cf")))
    );
    assert!(first.text.starts_with("White C4 fills"), "{}", first.text);
    assert!(
        first.text.contains("region C3, C4, C5, C6"),
        "{}",
        first.text
    );
    assert_eq!(first.gain, Some(1), "{}", first.text);
    assert_eq!(points(&end), [21, 26]);
    assert_eq!(end.count.territory, [7, 5]);
    assert_eq!(end.game.phase(), Phase::Over);
    let other = play_out(&g, &[], Order::PassesFirst).unwrap();
    assert_eq!(points(&other), [21, 25]);
    let first = other
        .steps
        .iter()
        .find(|s| s.kind != StepKind::MainPass)
        .unwrap();
    assert_eq!(
        (first.colour, first.mv),
        (Color::Black, Move::Play(p("cf")))
    );
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// A Black area cut into small eyes (A9, A1) and a pocket A4-C5 of six points; White lives on
/// the right with four eyes (F9, H8, H2, F1). `pocket` says what stands on B4.
fn pocket(b4: &str) -> Vec<String> {
    [
        ". X X X O . O O O",
        "X X X X O O O . O",
        "X X X X O O O O O",
        "X X X X O O O O O",
        ". . . X O O O O O",
        &format!(". {b4} . X O O O O O"),
        "X X X X O O O O O",
        "X X X X O O O . O",
        ". X X X O . O O O",
    ]
    .iter()
    .map(ToString::to_string)
    .collect()
}

/// A lone White stone on B4, alive only by agreement (no dead stone named), with open points
/// around it: the pocket is neutral (8.3) until Black takes the stone. Worked by hand (rfg
/// 7.1 commentary: the player to move makes the move that brings points, even if it kills a
/// group): Black fills B5, A4, C4 and takes B4; White cannot gain by extending (each White
/// stone becomes a prisoner and needs a further Black stone, so Black's pocket points less
/// its stones plus its prisoners stay 4). Black: A9, A1, A5, C5, B4 = 5 territory + 1
/// prisoner = 6; White: 4 territory. Left as it stands the pocket would be nobody's, and Black
/// would have 2.
#[test]
fn a_lone_stone_alive_by_agreement_is_captured_in_the_filling_7_1() {
    let rows = pocket("O");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    for first in [Color::White, Color::Black] {
        let g = game(&rows, first, &["pass", "pass"]);
        let end = play_out(&g, &[], Order::ToMove).unwrap();
        assert_eq!(points(&end), [6, 4], "{first}");
        assert!(end.steps.iter().any(|s| s.kind == StepKind::Capture));
        assert!(end.dead_in_filling.is_empty());
    }
}

/// A White stone thrown into Black's closed pocket (on B5) in the filling (after the third pass) can
/// be captured whatever the turn: it cannot be joined to a live White stone (8.1 commentary),
/// so it is dead and comes off as Black's prisoner at the count (commentary to 5 and 7.2), and
/// its point is Black's (8.2). Black need not answer it. Worked by hand: Black A9, A1 and the
/// six pocket points = 8 territory + 1 prisoner = 9; White 4. Without the throw-in: 8 and 4.
/// The throw-in gains White nothing.
#[test]
fn a_throw_in_into_a_closed_area_gains_nothing_5_7_2() {
    let rows = pocket(".");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let quiet = play_out(
        &game(&rows, Color::Black, &["pass", "pass", "pass"]),
        &[],
        Order::ToMove,
    )
    .unwrap();
    assert_eq!(points(&quiet), [8, 4]);
    let thrown = game(&rows, Color::Black, &["pass", "pass", "pass", "be"]);
    assert_eq!(thrown.phase(), Phase::Filling);
    let end = play_out(&thrown, &[], Order::ToMove).unwrap();
    assert_eq!(points(&end), [9, 4]);
    assert_eq!(end.dead_in_filling, vec![p("be")]);
    assert!(
        end.steps
            .iter()
            .all(|s| s.colour == Color::White || s.mv == Move::Pass),
        "Black need not answer: {:?}",
        end.steps.iter().map(|s| &s.text).collect::<Vec<_>>()
    );
}

/// A finished position with small neutral regions, drawn from `walls` (per row: Black's
/// columns end at `b`, White's start `gap` later) and `cells` (what stands in each gap point:
/// nothing or a stone joined to a wall). Black lives with an eye on A8 and one of
/// `eye` points from A5 down; White the same on J8 and from J5. Groups without a liberty, or
/// more than `most` empty points, give `None`.
fn finished(walls: &[(u8, u8)], cells: &[u8], eye: u8, most: usize) -> Option<Board> {
    let size = nine();
    let mut board = Board::new(size);
    let mut k = 0;
    for (y, &(b, gap)) in walls.iter().enumerate() {
        let y = u8::try_from(y).unwrap();
        for x in 0..9u8 {
            let stone = if x < b {
                Some(Color::Black)
            } else if x >= b + gap {
                Some(Color::White)
            } else {
                k += 1;
                // A gap stone stands beside its own wall, so that only the filling can take
                // stones (the brute force stays small).
                let own = if x == b { Color::Black } else { Color::White };
                match (cells[k % cells.len()] % 3, gap) {
                    (0, _) => None,
                    (1, 1) => Some(Color::Black),
                    (2, 1) => Some(Color::White),
                    _ => Some(own),
                }
            };
            board.set(Point::new(x, y), stone);
        }
    }
    let eyes = [1u8].into_iter().chain(4..4 + eye);
    for y in eyes {
        board.set(Point::new(0, y), None);
        board.set(Point::new(8, y), None);
    }
    let empty = size.points().filter(|p| board.get(*p).is_none()).count();
    let breathes = size
        .points()
        .all(|p| board.get(p).is_none() || !board.group(p).1.is_empty());
    (empty <= most && breathes).then_some(board)
}

/// Walls for [`finished`]: Black to column 2-5, a gap of 1 (or 2, one row in four), White to
/// the edge.
fn walls() -> impl Strategy<Value = Vec<(u8, u8)>> {
    proptest::collection::vec((2u8..=5, prop_oneof![3 => Just(1u8), 1 => Just(2u8)]), 9).prop_map(
        |rows| {
            rows.into_iter()
                .map(|(b, gap)| (b, gap.min(7 - b)))
                .collect()
        },
    )
}

/// Positions remembered by [`brute`], with the points gained from there.
type Memo = HashMap<(Board, Color, &'static str, u8, u8, Option<Point>), i64>;

/// The count at the end, Black's points minus White's (9.2), written here from the text and
/// not from the search: the stones placed since `live` that cannot be joined through empty
/// points to a live stone of their colour are inside the partner's area (8.1 commentary),
/// dead, and the partner's prisoners (commentary to 5 and 7.2); a group left with one liberty
/// in its own territory is connected there (7.2: every direct ko is filled), a point less.
fn final_points(game: &Game, live: &Board) -> i64 {
    let size = game.board.size();
    let board = &game.board;
    let mut dead = Vec::new();
    for q in size.points() {
        let Some(c) = board.get(q) else { continue };
        if live.get(q) == Some(c) {
            continue;
        }
        let mut seen = vec![q];
        let mut at = 0;
        let mut joined = false;
        while at < seen.len() {
            let x = seen[at];
            at += 1;
            joined |= live.get(x) == Some(c) && board.get(x) == Some(c);
            for n in size.neighbours(x) {
                if board.get(n) != Some(c.opponent()) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        if !joined {
            dead.push(q);
        }
    }
    let c = count(board, game.prisoners, &dead).unwrap();
    let mut after = board.clone();
    for &d in &dead {
        after.set(d, None);
    }
    let (rs, of) = regions(&after);
    let mut points = [
        i64::from(c.territory[0] + c.prisoners[0]),
        i64::from(c.territory[1] + c.prisoners[1]),
    ];
    let mut counted = Vec::new();
    for q in size.points() {
        let Some(owner) = after.get(q) else { continue };
        let (stones, liberties) = after.group(q);
        if counted.contains(&stones[0]) {
            continue;
        }
        counted.push(stones[0]);
        if let [last] = liberties[..] {
            if rs[of[size.index(last)]].owner() == Some(owner) {
                points[owner.index()] -= 1;
            }
        }
    }
    points[0] - points[1]
}

/// Every order of the rest of the game from `game` under optimal play: each side in turn
/// plays any legal stone on any empty point — throw-ins into the partner's territory too,
/// unless `throw_ins` is false; not a stone in its own eye, nor one that leaves a live group
/// of its own in atari without capturing — or passes, Black maximising its points minus White's, White
/// minimising, until the game is over (7.1: the passes that end the main game, then two in the
/// filling). No choice of the search's (regions, moves, order) is used.
fn brute(game: &Game, live: &Board, throw_ins: bool, memo: &mut Memo, depth: usize) -> i64 {
    let here = i64::from(game.prisoners[0]) - i64::from(game.prisoners[1]);
    if game.phase() == Phase::Over || depth > 24 {
        // The count depends on the board and the prisoners only: remembered by board.
        let key = (game.board.clone(), Color::Black, "end", 0, 0, None);
        if let Some(v) = memo.get(&key) {
            return v + here;
        }
        let v = final_points(game, live);
        memo.insert(key, v - here);
        return v;
    }
    let key = (
        game.board.clone(),
        game.to_move,
        game.phase().name(),
        game.passes_in_row,
        game.filling_passes,
        game.ko_point(),
    );
    if let Some(v) = memo.get(&key) {
        return v + here;
    }
    let colour = game.to_move;
    let size = game.board.size();
    let (rs, of) = regions(&game.board);
    let mut best: Option<i64> = None;
    let moves = size
        .points()
        .filter(|p| game.board.get(*p).is_none())
        .map(Move::Play)
        .chain([Move::Pass]);
    for mv in moves {
        let Ok(placed) = game.check(colour, mv) else {
            continue;
        };
        if let (Move::Play(p), Some((after, captured))) = (mv, &placed) {
            let theirs = rs[of[size.index(p)]].owner() == Some(colour.opponent());
            if theirs && captured.is_empty() && !throw_ins {
                continue;
            }
            // A stone in one's own eye (every neighbour one's own stone) costs a point of
            // territory (9.2a) and gains nothing; one that leaves a live group of its own with
            // one liberty gives the group away: no side keeping to the rules plays either.
            if size
                .neighbours(p)
                .all(|n| game.board.get(n) == Some(colour))
            {
                continue;
            }
            let (stones, liberties) = after.group(p);
            if captured.is_empty()
                && liberties.len() < 2
                && stones.iter().any(|s| live.get(*s) == Some(colour))
            {
                continue;
            }
        }
        let mut next = game.clone();
        next.play(colour, mv).unwrap();
        let v = brute(&next, live, throw_ins, memo, depth + 1);
        best = Some(match (best, colour) {
            (None, _) => v,
            (Some(b), Color::Black) => b.max(v),
            (Some(b), Color::White) => b.min(v),
        });
    }
    let v = best.unwrap_or_else(|| final_points(game, live));
    memo.insert(key, v - here);
    v
}

/// Black's points minus White's after the judge's end phase.
fn judged(game: &Game, order: Order) -> (i64, bool) {
    let end = play_out(game, &[], order).unwrap();
    let [b, w] = points(&end);
    (i64::from(b) - i64::from(w), end.searched)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_shrink_iters: 64, ..ProptestConfig::default() })]

    /// Generated finished positions with small neutral regions, the record stopping after two
    /// passes (rfg 7.1 needs three: the side to move may still play): the search's count is
    /// the count of optimal play over every order of every legal move (brute force); allowing
    /// throw-ins into the partner's territory changes nothing; and the side to move never
    /// does worse than by letting the other side fill first (the other reading).
    #[test]
    fn the_search_counts_as_optimal_play_over_every_fill_order_7_1(
        rows in walls(),
        cells in proptest::collection::vec(any::<u8>(), 1..24),
        eye in 1u8..=2,
        black_first in any::<bool>(),
    ) {
        let board = finished(&rows, &cells, eye, 8);
        prop_assume!(board.is_some());
        let board = board.unwrap();
        let first = if black_first { Color::Black } else { Color::White };
        let mut spec = GameSpec::new(nine(), Komi::from_halves(0));
        spec.setup = board.stones();
        spec.first = first;
        let mut start = Game::start(&spec, &GoProfile::default()).unwrap();
        for _ in 0..2 {
            let c = start.to_move;
            start.play(c, Move::Pass).unwrap();
        }
        let (ours, searched) = judged(&start, Order::ToMove);
        prop_assume!(searched);
        let every = brute(&start, &board, true, &mut HashMap::new(), 0);
        prop_assert_eq!(ours, every, "the search against every order");
        let no_throw_ins = brute(&start, &board, false, &mut HashMap::new(), 0);
        prop_assert_eq!(every, no_throw_ins, "throw-ins changed the count");
        let (other, _) = judged(&start, Order::PassesFirst);
        let mover_gain = match first {
            Color::Black => ours - other,
            Color::White => other - ours,
        };
        prop_assert!(mover_gain >= 0, "the side to move lost {} by filling first", -mover_gain);
    }
}
