//! The end phase played by the judge (rfg 7.1, 7.2 and their commentary): positions worked out
//! by hand, and the property that where the text leaves no choice — every filling that keeps
//! to 7.1 ends at the same count — the judge's own filling ends there too.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeSet, HashMap};

use go_oracle::board::Board;
use go_oracle::count::{count, regions, settle};
use go_oracle::end_phase::{StepKind, holds, play_out, vertex};
use go_oracle::play::{Game, Phase};
use go_spec::{BoardSize, Color, GameSpec, GoProfile, Komi, Move, Point};
use proptest::prelude::*;

fn nine() -> BoardSize {
    BoardSize::new(9).unwrap()
}

/// A 9x9 game set up from diagram rows (`X` Black, `O` White, `.` empty), `first` to move, no
/// move played.
fn setup(rows: &[&str], first: Color) -> Game {
    let mut spec = GameSpec::new(nine(), Komi::from_halves(0));
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
    Game::start(&spec, &GoProfile::default()).unwrap()
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// One neutral point, db, between Black's wall (columns c-d) and White's (d-e). The White stone
/// da touches White's wall only diagonally: its liberties are db (neutral) and ea (White's
/// territory). Black's stone on db leaves da with ea alone, and White must connect there,
/// inside its own territory: a point lost under territory counting (rfg 7.1, 9.2a). White's
/// stone on db instead joins da to its wall and costs nothing. Counted by hand: Black's
/// territory is columns a-b of rows a-c and a-c of rows d-i, 6 + 18 = 24; White's is columns
/// f-i (36) and ea: 37, or 36 once White has had to connect at ea.
const FORCING: [&str; 9] = [
    ". . X O . . . . .",
    ". . X . O . . . .",
    ". . X X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
];

#[test]
fn a_fill_that_leaves_stones_in_atari_forces_a_connection_inside_territory_7_1() {
    // White to move: three passes (W, B, W) end the main game, and Black fills first.
    let end = play_out(&setup(&FORCING, Color::White), &[], false).unwrap();
    let kinds: Vec<(Color, Move, StepKind)> = end
        .steps
        .iter()
        .filter(|s| s.kind != StepKind::MainPass)
        .map(|s| (s.colour, s.mv, s.kind))
        .collect();
    assert_eq!(
        kinds[..2],
        [
            (
                Color::Black,
                Move::Play(p("db")),
                StepKind::Fill { forces: true }
            ),
            (
                Color::White,
                Move::Play(p("ea")),
                StepKind::Connect { inside: true }
            ),
        ]
    );
    assert!(end.steps.iter().all(|s| s.text.contains("rfg:7.1")));
    assert!(
        end.steps[3].text.starts_with("Black D8 fills"),
        "{}",
        end.steps[3].text
    );
    assert!(end.steps[4].text.contains("inside its own territory"));
    assert_eq!(end.count.territory, [24, 36]);
    assert_eq!(end.game.phase(), Phase::Over);
}

#[test]
fn the_side_to_move_fills_first_and_the_other_order_is_the_alternative_7_1() {
    // Black to move: three passes (B, W, B), White fills first and defends at db.
    let game = setup(&FORCING, Color::Black);
    let end = play_out(&game, &[], false).unwrap();
    let first = end
        .steps
        .iter()
        .find(|s| s.kind != StepKind::MainPass)
        .unwrap();
    assert_eq!(
        (first.colour, first.mv),
        (Color::White, Move::Play(p("db")))
    );
    assert_eq!(end.count.territory, [24, 37]);
    // White passing first instead lets Black take the point that forces the connection.
    let other = play_out(&game, &[], true).unwrap();
    assert_eq!(other.count.territory, [24, 36]);
}

/// A stone with two liberties that the partner takes anyway is no fill (7.1: the players keep
/// to the rules and do not give stones away). Black ab beside White ba and bb: White ac leaves
/// it aa, and Black aa has no liberty at all (White ba): taken. A Black stone alone in the
/// middle, ee, has four liberties and lasts.
#[test]
fn a_stone_the_partner_can_take_does_not_hold_7_1() {
    let mut b = Board::new(nine());
    b.set(p("ba"), Some(Color::White));
    b.set(p("bb"), Some(Color::White));
    b.set(p("ab"), Some(Color::Black));
    assert!(!holds(&b, p("ab"), Color::Black, 3));
    b.set(p("ee"), Some(Color::Black));
    assert!(holds(&b, p("ee"), Color::Black, 3));
    // Two liberties, both attacks answered by extending to three or more: it lasts.
    let mut c = Board::new(nine());
    c.set(p("ea"), Some(Color::Black));
    c.set(p("da"), Some(Color::White));
    assert!(holds(&c, p("ea"), Color::Black, 3));
}

#[test]
fn vertices_are_named_as_a_board_names_them() {
    let size = BoardSize::new(19).unwrap();
    assert_eq!(vertex(size, p("gj")), "G10");
    assert_eq!(vertex(size, p("fi")), "F11");
    assert_eq!(vertex(size, p("ae")), "A15");
    assert_eq!(vertex(size, p("jj")), "K10");
}

/// Fillings already followed: the board, the side to move, the phase and the passes in a row,
/// with the points each ending adds to the prisoners taken before the position. Gains, not
/// totals: the same board can be reached with more prisoners (a stone taken, the point filled
/// again), and the counts from there are then higher by as many.
type Memo = HashMap<(Board, Color, &'static str, u8), BTreeSet<[u32; 2]>>;

/// The counts (Black's, White's: territory plus prisoners, rfg 9.2) that the fillings keeping to
/// 7.1 reach from `game`, in the filling phase (`None` past a budget of positions). A filling
/// here is written from the text, not from the judge: in turn, a player who can take enemy stones in atari or must save their own
/// (the commentary's point-gaining move, 7.1's necessary move inside territory) does one of
/// those; otherwise fills any neutral point (8.3) with a stone that keeps two liberties (a stone
/// with one is given away, which is no filling); otherwise passes; two passes end it.
fn every_count(game: &Game, memo: &mut Memo) -> Option<BTreeSet<[u32; 2]>> {
    // A capture can open the board to many more fills: past this many positions the
    // enumeration gives up, and the position is left out.
    if memo.len() > 5_000 {
        return None;
    }
    let key = (
        game.board.clone(),
        game.to_move,
        game.phase().name(),
        game.filling_passes,
    );
    let here = game.prisoners;
    let plus = |gains: &BTreeSet<[u32; 2]>, sign: i64| -> BTreeSet<[u32; 2]> {
        gains
            .iter()
            .map(|c| {
                let shift =
                    |i: usize| u32::try_from(i64::from(c[i]) + sign * i64::from(here[i])).unwrap();
                [shift(0), shift(1)]
            })
            .collect()
    };
    if let Some(gains) = memo.get(&key) {
        return Some(plus(gains, 1));
    }
    let mut out = BTreeSet::new();
    if game.phase() == Phase::Over {
        let c = count(&game.board, game.prisoners, &[]).unwrap();
        out.insert([
            c.territory[0] + c.prisoners[0],
            c.territory[1] + c.prisoners[1],
        ]);
        memo.insert(key, plus(&out, -1));
        return Some(out);
    }
    let size = game.board.size();
    let colour = game.to_move;
    let board = &game.board;
    let mut urgent = Vec::new();
    let mut fills = Vec::new();
    let (rs, of) = regions(board);
    for q in size.points() {
        if board.get(q).is_some() {
            continue;
        }
        let Ok(Some((after, captured))) = game.check(colour, Move::Play(q)) else {
            continue;
        };
        let saves = size
            .neighbours(q)
            .any(|n| board.get(n) == Some(colour) && board.group(n).1 == [q])
            && after.group(q).1.len() >= 2;
        if !captured.is_empty() || saves {
            urgent.push(q);
        } else if rs[of[size.index(q)]].borders == [true, true] && after.group(q).1.len() >= 2 {
            fills.push(q);
        }
    }
    let moves: Vec<Move> = if !urgent.is_empty() {
        urgent.into_iter().map(Move::Play).collect()
    } else if !fills.is_empty() {
        fills.into_iter().map(Move::Play).collect()
    } else {
        vec![Move::Pass]
    };
    for mv in moves {
        let mut next = game.clone();
        next.play(colour, mv).unwrap();
        out.extend(every_count(&next, memo)?);
    }
    memo.insert(key, plus(&out, -1));
    Some(out)
}

/// The empty points of `board` in regions bordered by both colours (rfg 8.3).
fn neutral_points(board: &Board) -> usize {
    let (rs, _) = regions(board);
    rs.iter()
        .filter(|r| r.borders == [true, true])
        .map(|r| r.points.len())
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random legal 9x9 games, settled as a finished game is (every group without two eyes
    /// taken off, `settle`), are set up afresh and the main game ended by three passes. Where
    /// every filling that keeps to 7.1 (`every_count`, all orders and both colours tried) ends
    /// at one count, the text leaves no choice, and the judge's own filling must end there
    /// too; where they end at several, the judge's must be one of them.
    #[test]
    fn the_judges_filling_counts_as_every_filling_where_the_text_leaves_no_choice(
        choices in proptest::collection::vec(any::<u8>(), 40..160),
        black_first in any::<bool>(),
    ) {
        let size = nine();
        let spec = GameSpec::new(size, Komi::from_halves(0));
        let mut game = Game::start(&spec, &GoProfile::default()).unwrap();
        for byte in choices {
            let colour = game.to_move;
            let legal: Vec<Point> = size
                .points()
                .filter(|q| game.check(colour, Move::Play(*q)).is_ok())
                .collect();
            let mv = if byte > 240 || legal.is_empty() {
                Move::Pass
            } else {
                Move::Play(legal[usize::from(byte) % legal.len()])
            };
            game.play(colour, mv).unwrap();
            if game.phase() != Phase::Main {
                break;
            }
        }
        let settled = settle(&game.board);
        prop_assume!(neutral_points(&settled) <= 6);
        let mut fresh = GameSpec::new(size, Komi::from_halves(0));
        fresh.setup = settled.stones();
        fresh.first = if black_first { Color::Black } else { Color::White };
        let mut start = Game::start(&fresh, &GoProfile::default()).unwrap();
        while start.phase() == Phase::Main {
            let c = start.to_move;
            start.play(c, Move::Pass).unwrap();
        }
        let Some(every) = every_count(&start, &mut HashMap::new()) else {
            return Ok(());
        };
        let judged = play_out(&start, &[], false).unwrap();
        let ours = [
            judged.count.territory[0] + judged.count.prisoners[0],
            judged.count.territory[1] + judged.count.prisoners[1],
        ];
        if every.len() == 1 {
            prop_assert_eq!(Some(&ours), every.first());
        } else {
            prop_assert!(every.contains(&ours), "{:?} not among {:?}", ours, every);
        }
    }
}

/// A finished 9x9 position built for the end phase: Black's wall down the board at column
/// `b[r]` of row r (a second stone where it moves a column, as in `tests/count.rs`), White's the
/// same wall `gap` columns to the right, the points between them neutral. `stones` puts a stone
/// of either colour on some of those points (a filling begun), and `notches` takes out some of
/// the second stones where a wall moves, so that it holds only diagonally: the shape where a
/// fill leaves stones with one liberty and their owner must connect inside their territory.
fn walls_position(b: &[u8], gap: u8, stones: &[u8], notches: &[bool]) -> Board {
    let size = nine();
    let mut board = Board::new(size);
    for (r, &x) in b.iter().enumerate() {
        let prev = if r == 0 { x } else { b[r - 1] };
        let (lo, hi) = (x.min(prev), x.max(prev));
        let y = u8::try_from(r).unwrap();
        for c in lo..=hi {
            board.set(Point::new(c, y), Some(Color::Black));
            board.set(Point::new(c + gap, y), Some(Color::White));
        }
        if hi > lo && notches[r % notches.len()] {
            // The stone on the old column goes: the wall holds diagonally.
            let (black, white) = if x > prev {
                (lo, hi + gap)
            } else {
                (hi, lo + gap)
            };
            if r % 2 == 0 {
                board.set(Point::new(black, y), None);
            } else {
                board.set(Point::new(white, y), None);
            }
        }
    }
    let mut k = 0;
    for q in size.points() {
        let between = q.x > b[usize::from(q.y)].min(b[usize::from(q.y).saturating_sub(1)])
            && q.x < b[usize::from(q.y)].max(b[usize::from(q.y).saturating_sub(1)]) + gap;
        if board.get(q).is_none() && between {
            match stones[k % stones.len()] % 4 {
                0 => board.set(q, Some(Color::Black)),
                1 => board.set(q, Some(Color::White)),
                _ => {}
            }
            k += 1;
        }
    }
    board
}

fn wall_columns() -> impl Strategy<Value = Vec<u8>> {
    (1u8..=4, proptest::collection::vec(-1i8..=1, 8)).prop_map(|(start, steps)| {
        let mut out = vec![start];
        for s in steps {
            let last = *out.last().unwrap();
            out.push(u8::try_from((i16::from(last) + i16::from(s)).clamp(1, 4)).unwrap());
        }
        out
    })
}

/// The counts every filling keeping to 7.1 reaches from `board` (its main game ended by three
/// passes, `first` to move before them), the judge's count, and the position's neutral points.
fn both_counts(board: &Board, first: Color) -> (BTreeSet<[u32; 2]>, [u32; 2], usize) {
    let mut spec = GameSpec::new(nine(), Komi::from_halves(0));
    spec.setup = board.stones();
    spec.first = first;
    // Stones put in the gap can leave a group without a liberty: no position, nothing to say.
    let Ok(mut start) = Game::start(&spec, &GoProfile::default()) else {
        return (BTreeSet::new(), [0, 0], 0);
    };
    while start.phase() == Phase::Main {
        let c = start.to_move;
        start.play(c, Move::Pass).unwrap();
    }
    let judged = play_out(&start, &[], false).unwrap();
    let ours = [
        judged.count.territory[0] + judged.count.prisoners[0],
        judged.count.territory[1] + judged.count.prisoners[1],
    ];
    let every = if neutral_points(board) <= 6 {
        every_count(&start, &mut HashMap::new()).unwrap_or_default()
    } else {
        BTreeSet::new()
    };
    (every, ours, neutral_points(board))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The same property on walls with a filling begun and with notches (`walls_position`):
    /// where every filling keeping to 7.1 ends at one count, the judge's ends there; where
    /// they end at several, the judge's is one of them. Positions of more than six neutral
    /// points are not enumerated.
    #[test]
    fn the_judges_filling_counts_as_every_filling_on_walls_with_notches(
        b in wall_columns(),
        gap in 2u8..=3,
        stones in proptest::collection::vec(any::<u8>(), 1..30),
        notches in proptest::collection::vec(any::<bool>(), 1..9),
        black_first in any::<bool>(),
    ) {
        let board = walls_position(&b, gap, &stones, &notches);
        let first = if black_first { Color::Black } else { Color::White };
        let (every, ours, _) = both_counts(&board, first);
        if every.len() == 1 {
            prop_assert_eq!(Some(&ours), every.first());
        } else if !every.is_empty() {
            prop_assert!(every.contains(&ours), "{:?} not among {:?}", ours, every);
        }
    }
}
