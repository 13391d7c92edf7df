//! Counting (rfg 6.1a, 8.1–8.3, 9.2) on positions worked out by hand, and the property that
//! filling the neutral points does not change the count (the 7.1 entry of the registry).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use go_oracle::board::Board;
use go_oracle::count::{count, fill_plainly, has_two_eyes, regions, seki, settle};
use go_oracle::play::{Game, Phase};
use go_spec::{BoardSize, Color, Point};
use go_spec::{GameSpec, GoProfile, Komi, Move};
use proptest::prelude::*;

/// A 9×9 board from diagram rows (`X` Black, `O` White, `.` empty), no rules applied.
fn board(rows: &[&str]) -> Board {
    let size = BoardSize::new(9).unwrap();
    let mut b = Board::new(size);
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.split_whitespace().enumerate() {
            let stone = match c {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                _ => None,
            };
            b.set(
                Point::new(u8::try_from(x).unwrap(), u8::try_from(y).unwrap()),
                stone,
            );
        }
    }
    b
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// rfg 8.3 and 8.1: walls on rows c and g with rows d-f empty between them. The free points
/// between the boundaries are neutral (8.3), worth nothing; the points inside each wall are its
/// territory (8.1): 18 for each side, whether or not the neutral rows are filled.
#[test]
fn unfilled_neutral_rows_leave_both_territories_8_1_8_3() {
    let mut rows = vec![". . . . . . . . ."; 9];
    rows[2] = "X X X X X X X X X";
    rows[6] = "O O O O O O O O O";
    let c = count(&board(&rows), [0, 0], &[]).unwrap();
    assert_eq!(c.territory, [18, 18]);
    assert_eq!(c.neutral, 27);
    assert!(c.seki_stones.is_empty());
    rows[3] = "X X X X X X X X X";
    rows[4] = "O X O X O X O X O";
    rows[5] = "O O O O O O O O O";
    let filled = count(&board(&rows), [0, 0], &[]).unwrap();
    assert_eq!(filled.territory, [18, 18]);
    assert_eq!(filled.neutral, 0);
}

/// rfg 6.1a: Black ba bb and White's seven stones share aa and ca only; whoever fills either
/// is left with one liberty and is taken, so neither can finish surrounding: seki. The points
/// of the seki score for nobody; Black's outer wall keeps its 20 points (8.1).
const SEKI: [&str; 9] = [
    ". X . O X O . . .",
    "O X O O X O . . .",
    "O O O X X O . . .",
    "X X X X X O . . .",
    ". . . . X O . . .",
    ". . . . X O . . .",
    ". . . . X O . . .",
    ". . . . X O . . .",
    ". . . . X O . . .",
];

#[test]
fn shared_liberties_neither_side_can_fill_are_seki_6_1a() {
    let (points, stones) = seki(&board(&SEKI));
    assert_eq!(points, vec![p("aa"), p("ca")]);
    for s in ["ba", "bb", "da", "cb", "db", "ab", "ac", "bc", "cc"] {
        assert!(stones.contains(&p(s)), "{s} is in seki");
    }
    assert!(!stones.contains(&p("ea")), "the outer wall is not in seki");
    let c = count(&board(&SEKI), [0, 0], &[]).unwrap();
    assert_eq!(c.territory, [20, 27]);
}

/// rfg 6.1a, registry decision: a point where a stone would capture is no seki point. White ba
/// has one liberty, ca; White cannot fill ca (its stones would have none) and Black filling ca
/// captures, which no filling move does, so ca stays empty after the fills. But Black can
/// finish surrounding there: ba is in atari, not in seki, and the count holds no seki.
#[test]
fn a_stone_in_atari_is_not_in_seki_6_1a() {
    let mut rows = vec![". . . . . . . . ."; 9];
    rows[0] = "X O . X . . . . .";
    rows[1] = ". X X . . . . . .";
    let b = board(&rows);
    assert_eq!(seki(&b), (vec![], vec![]));
    let c = count(&b, [0, 0], &[]).unwrap();
    assert!(c.seki_stones.is_empty());
    assert_eq!(
        (c.territory, c.neutral),
        ([75, 0], 1),
        "ca alone is neutral"
    );
}

/// The same seki with White's group given an outside liberty cd that Black's live wall can
/// fill (cd touches Black's wall, which has territory behind it): left unfilled, cd is an
/// ordinary neutral point (8.3), the seki is still a seki (aa and ca cannot be filled by
/// either side once cd is), and Black's area keeps its territory: 19 points (rows e-i of
/// columns a-d, less ce, which holds a black stone), not 0.
#[test]
fn unfilled_outside_liberty_of_a_seki_is_only_neutral_6_1a_8_3() {
    let mut rows = SEKI;
    rows[3] = "X X . X X O . . .";
    rows[4] = ". . X . X O . . .";
    let b = board(&rows);
    let (points, _) = seki(&b);
    assert_eq!(points, vec![p("aa"), p("ca")]);
    let c = count(&b, [0, 0], &[]).unwrap();
    assert_eq!(c.territory, [19, 27]);
    assert_eq!(c.neutral, 3, "aa, ca and cd");
}

/// rfg 8.1 commentary: the eyes of groups in seki are not territory. Black ba ab bb has the eye
/// aa, White's nine stones the eye ea; they share ca, which either side fills only by putting
/// itself in atari.
#[test]
fn eyes_inside_a_seki_are_nobodys_8_1() {
    let rows = [
        ". X . O . O X O .",
        "X X O O O O X O .",
        "O O O X X X X O .",
        "X X X X X X X O .",
        ". . . . . . X O .",
        ". . . . . . X O .",
        ". . . . . . X O .",
        ". . . . . . X O .",
        ". . . . . . X O .",
    ];
    let c = count(&board(&rows), [0, 0], &[]).unwrap();
    assert_eq!(c.territory, [30, 9]);
    assert_eq!(c.neutral, 3, "the eyes aa and ea and the shared ca");
}

/// rfg 8.2: agreed dead stones come off, are prisoners of the side whose territory they sit in,
/// and their points are territory.
#[test]
fn dead_stones_are_prisoners_and_territory_8_2() {
    let mut rows = vec![". . . . X O . . ."; 9];
    rows[4] = ". . . . X O . X .";
    let c = count(&board(&rows), [2, 1], &[p("he")]).unwrap();
    assert_eq!(c.territory, [36, 27]);
    assert_eq!(c.prisoners, [2, 2]);
}

/// A neutral point and the colours of the stones beside it.
type Touching = (Point, Vec<Color>);

/// A finished 9×9 position: Black's wall runs down the board at `b[r]` (moving at most one
/// column a row, joined by a second stone where it moves), White's is the same wall `gap`
/// columns to the right; the points between are neutral. Returns the board, the neutral
/// points with the colours that touch each, and the territories by rfg 8.1 counted from the
/// construction: columns left of Black's wall, right of White's.
fn walls(b: &[u8], gap: u8) -> (Board, Vec<Touching>, [u32; 2]) {
    let size = BoardSize::new(9).unwrap();
    let mut board = Board::new(size);
    let mut territory = [0u32; 2];
    for (r, &x) in b.iter().enumerate() {
        let prev = if r == 0 { x } else { b[r - 1] };
        let (lo, hi) = (x.min(prev), x.max(prev));
        let y = u8::try_from(r).unwrap();
        for c in lo..=hi {
            board.set(Point::new(c, y), Some(Color::Black));
            board.set(Point::new(c + gap, y), Some(Color::White));
        }
        territory[0] += u32::from(lo);
        territory[1] += u32::from(8 - (hi + gap));
    }
    let mut neutral = Vec::new();
    for q in size.points() {
        if board.get(q).is_some() {
            continue;
        }
        let touching: Vec<Color> = [Color::Black, Color::White]
            .into_iter()
            .filter(|c| size.neighbours(q).any(|n| board.get(n) == Some(*c)))
            .collect();
        let left_of_black = b[usize::from(q.y)].min(b[usize::from(q.y).saturating_sub(1)]) > q.x;
        let right_of_white =
            b[usize::from(q.y)].max(b[usize::from(q.y).saturating_sub(1)]) + gap < q.x;
        if !left_of_black && !right_of_white {
            neutral.push((q, touching));
        }
    }
    (board, neutral, territory)
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

proptest! {
    /// rfg 7.1 (registry): filling the neutral points, each with a stone of a colour already
    /// beside it, gives the same territories and prisoners as leaving them empty, and both are
    /// the territories the construction encloses (8.1).
    #[test]
    fn filling_neutral_points_does_not_change_the_count(
        b in wall_columns(),
        gap in 2u8..=3,
        picks in proptest::collection::vec(any::<bool>(), 40),
        prisoners in (0u32..20, 0u32..20),
    ) {
        let (open, neutral, territory) = walls(&b, gap);
        let mut filled = open.clone();
        for (i, (q, touching)) in neutral.iter().enumerate() {
            let colour = if touching.len() == 2 {
                touching[usize::from(picks[i % picks.len()])]
            } else {
                touching[0]
            };
            filled.set(*q, Some(colour));
        }
        let prisoners = [prisoners.0, prisoners.1];
        let a = count(&open, prisoners, &[]).unwrap();
        let f = count(&filled, prisoners, &[]).unwrap();
        prop_assert_eq!(a.territory, territory);
        prop_assert_eq!(f.territory, territory);
        prop_assert_eq!(a.prisoners, f.prisoners);
        prop_assert!(a.seki_stones.is_empty());
        prop_assert!(f.seki_stones.is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random legal 9×9 games run through the three passes and the filling phase (rfg 7.1):
    /// every move the oracle lists as legal is accepted; every point is counted once (stone,
    /// territory or nobody's); and the end position settled as a finished game's is once the
    /// dead stones are off (`settle`: every group without two eyes taken off, so none is in
    /// seki) counts the same territories with its neutral points plainly filled as left empty
    /// (registry 7.1). A random position full of weak groups is not a finished game: there
    /// the fills can part the board in more than one way, and no property is claimed.
    #[test]
    fn random_games_count_the_same_filled_or_not(choices in proptest::collection::vec(any::<u8>(), 0..160)) {
        let size = BoardSize::new(9).unwrap();
        let spec = GameSpec::new(size, Komi::from_halves(13));
        let mut game = Game::start(&spec, &GoProfile::default()).unwrap();
        for byte in choices {
            if game.phase() == Phase::Over {
                break;
            }
            let colour = game.to_move;
            let mut legal = vec![Move::Pass];
            for q in size.points() {
                if game.check(colour, Move::Play(q)).is_ok() {
                    legal.push(Move::Play(q));
                }
            }
            let mv = if byte > 230 { Move::Pass } else { legal[usize::from(byte) % legal.len()] };
            prop_assert!(game.play(colour, mv).is_ok());
        }
        let open = count(&game.board, game.prisoners, &[]).unwrap();
        let stones = u32::try_from(game.board.stones().len()).unwrap();
        prop_assert_eq!(open.territory[0] + open.territory[1] + open.neutral + stones, 81);
        let settled = settle(&game.board);
        let before = count(&settled, game.prisoners, &[]).unwrap();
        prop_assert!(before.seki_stones.is_empty());
        let filled = count(&fill_plainly(&settled), game.prisoners, &[]).unwrap();
        prop_assert_eq!(before.territory, filled.territory);
    }
}

/// Registry decision under 6.1a: a group has two eyes, and so is never in seki, when it borders
/// two regions of its own colour, or one of three points or more; one region of one or two
/// points is one eye.
#[test]
fn two_eyes_set_a_group_apart_from_seki_6_1a() {
    let eyes = |rows: &[&str]| {
        let mut all: Vec<&str> = rows.to_vec();
        while all.len() < 9 {
            all.push("O O O O O O O O O");
        }
        let b = board(&all);
        let (rs, of) = regions(&b);
        let (group, _) = b.group(p("ab"));
        has_two_eyes(&b, &rs, &of, &group, Color::Black)
    };
    // Two one-point eyes, aa and ca: two eyes.
    assert!(eyes(&[". X . X O O O O O", "X X X X O . O O O"]));
    // One one-point eye: one eye.
    assert!(!eyes(&[". X X X O O O O O", "X X X X O . O O O"]));
    // One two-point eye (aa ba): one eye.
    assert!(!eyes(&[". . X X O O O O O", "X X X X O . O O O"]));
    // One three-point space (aa ba ca): room for two eyes.
    assert!(eyes(&[". . . X O O O O O", "X X X X O . O O O"]));
}
