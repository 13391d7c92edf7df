//! Game-level rules: fourfold repetition, perpetual check, the 27-point declaration.

use shogi_bitboard::Position;
use shogi_bitboard::game::{Game, Repetition, declaration_count, declaration_wins, points_needed};
use shogi_spec::Color;

fn game(sfen: &str, moves: &[&str]) -> Game {
    let mut g = Game::new(Position::from_sfen(sfen).expect("valid"));
    for m in moves {
        g.play_usi(m).expect("legal");
    }
    g
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const SHUFFLE: [&str; 4] = ["5i4h", "5a4b", "4h5i", "4b5a"];

#[test]
fn fourfold_repetition_counts_the_start() {
    let mut moves = Vec::new();
    for round in 1..=3 {
        moves.extend(SHUFFLE);
        let g = game(START, &moves);
        assert_eq!(g.occurrences(), round + 1);
        let expected = if round == 3 {
            Repetition::Draw
        } else {
            Repetition::None
        };
        assert_eq!(g.repetition(), expected);
    }
}

#[test]
fn no_look_back_window() {
    // The repetition is found however long the cycle: 3 × 40 plies of king walks.
    let walk = [
        "5i4h", "5a4b", "4h3h", "4b3b", "3h4h", "3b4b", "4h5i", "4b5a",
    ];
    let mut moves = Vec::new();
    for _ in 0..3 {
        for _ in 0..5 {
            moves.extend(walk);
        }
    }
    assert_eq!(game(START, &moves).repetition(), Repetition::Draw);
}

#[test]
fn side_to_move_is_part_of_the_identity() {
    // Same board after an odd number of king moves is not a repetition of the start.
    let g = game(START, &["5i4h", "5a4b", "4h5i"]);
    assert_eq!(g.occurrences(), 1);
}

#[test]
fn hands_are_part_of_the_identity() {
    // The board returns to the same squares, but a pawn has changed hands each cycle.
    // Sente rook and Gote king shuffle while pieces are exchanged: simpler to check directly.
    let a = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").expect("valid");
    let b = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p 1").expect("valid");
    assert!(!a.same_identity(&b));
}

#[test]
fn perpetual_check_loses() {
    // Sente's rook checks from 1a and 1b while the Gote king steps between 5a and 5b.
    let sfen = "4k4/9/9/9/9/9/9/9/K7R b - 1";
    let mut moves = vec!["1i1a"];
    for _ in 0..3 {
        moves.extend(["5a5b", "1a1b", "5b5a", "1b1a"]);
    }
    let g = game(sfen, &moves);
    assert_eq!(g.occurrences(), 4);
    assert_eq!(
        g.repetition(),
        Repetition::PerpetualCheck {
            checker: Color::Sente
        }
    );
    // One round short: not yet.
    let g = game(sfen, &moves[..moves.len() - 4]);
    assert_eq!(g.repetition(), Repetition::None);
}

#[test]
fn checks_interrupted_once_is_a_draw() {
    // Same, but one of Sente's moves inside the cycle is a quiet king move.
    let sfen = "4k4/9/9/9/9/9/9/9/K7R b - 1";
    let moves = [
        "1i1a", "5a5b", "1a1b", "5b5a", "1b1a", // occurrence 2 after "1b1a"
        "5a5b", "9i8i", "5b6b", "8i9i", "6b5b", // a quiet Sente pair inside the cycle
        "1a1b", "5b5a", "1b1a", // occurrence 3
        "5a5b", "1a1b", "5b5a", "1b1a", // occurrence 4
    ];
    let g = game(sfen, &moves);
    assert_eq!(g.occurrences(), 4);
    assert_eq!(g.repetition(), Repetition::Draw);
}

// Sente king on 5b with ten pieces in ranks a–c (8 on rank a, 2 pawns on rank c).
const DECLARE: &str = "LNSG1GSNL/4K4/PP7/9/9/9/9/9/4k4 b 2R2B 1";

#[test]
fn declaration_points_and_conditions() {
    let pos = Position::from_sfen(DECLARE).expect("valid");
    let d = declaration_count(&pos, Color::Sente);
    assert!(d.king_in_camp);
    assert_eq!(d.pieces_in_camp, 10);
    assert_eq!(d.points, 10 + 4 * 5);
    assert!(!d.in_check && d.on_move);
    assert_eq!(points_needed(Color::Sente), 28);
    assert_eq!(points_needed(Color::Gote), 27);
    assert!(declaration_wins(&pos, Color::Sente, true));
    assert!(!declaration_wins(&pos, Color::Sente, false), "no time left");
    // Gote to move: Sente cannot declare.
    let pos = Position::from_sfen("LNSG1GSNL/4K4/PP7/9/9/9/9/9/4k4 w 2R2B 1").expect("valid");
    assert!(!declaration_wins(&pos, Color::Sente, true));
    // 25 points: short of 28.
    let pos = Position::from_sfen("LNSG1GSNL/4K4/PP7/9/9/9/9/9/4k4 b 2RB 1").expect("valid");
    assert_eq!(declaration_count(&pos, Color::Sente).points, 25);
    assert!(!declaration_wins(&pos, Color::Sente, true));
    // Nine pieces in the camp.
    let pos = Position::from_sfen("LNSG1GSNL/4K4/P8/9/9/9/9/9/4k4 b 2R2BP 1").expect("valid");
    assert_eq!(declaration_count(&pos, Color::Sente).pieces_in_camp, 9);
    assert!(!declaration_wins(&pos, Color::Sente, true));
    // In check (a Gote gold on 5c).
    let pos = Position::from_sfen("LNSG1GSNL/4K4/PP2g4/9/9/9/9/9/4k4 b 2R2B 1").expect("valid");
    assert!(declaration_count(&pos, Color::Sente).in_check);
    assert!(!declaration_wins(&pos, Color::Sente, true));
    // King outside the camp.
    let pos = Position::from_sfen("LNSG1GSNL/9/PP7/4K4/9/9/9/9/4k4 b 2R2B 1").expect("valid");
    assert!(!declaration_wins(&pos, Color::Sente, true));
    // No king at all: never a declaration, no panic.
    let pos = Position::from_sfen("LNSG1GSNL/9/PP7/9/9/9/9/9/4k4 b 2R2B 1").expect("valid");
    assert!(!declaration_wins(&pos, Color::Sente, true));
    // Promoted rooks and bishops count 5, promoted small pieces 1.
    let pos = Position::from_sfen("+R+B+S+N+LG1GS/4K4/+PP7/9/9/9/9/9/4k4 b R 1").expect("valid");
    let d = declaration_count(&pos, Color::Sente);
    assert_eq!((d.pieces_in_camp, d.points), (10, 5 + 5 + 8 + 5));
}

#[test]
fn gote_needs_27() {
    // Gote mirror: king on 5h, ten pieces in ranks g–i, 27 points exactly.
    let pos = Position::from_sfen("4K4/9/9/9/9/9/7pp/4k4/lnsg1gsnl w 2r1b1p 1");
    let pos = pos.expect("valid");
    let d = declaration_count(&pos, Color::Gote);
    assert_eq!((d.pieces_in_camp, d.points), (10, 10 + 15 + 1));
    assert!(!declaration_wins(&pos, Color::Gote, true), "26 < 27");
    let pos = Position::from_sfen("4K4/9/9/9/9/9/7pp/4k4/lnsg1gsnl w 2r1b2p 1").expect("valid");
    assert_eq!(declaration_count(&pos, Color::Gote).points, 27);
    assert!(declaration_wins(&pos, Color::Gote, true));
}
