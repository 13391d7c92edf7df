//! The `Implementation` boundary: setup errors are typed, answers are sorted and complete.

use shogi_bitboard::Engine;
use shogi_spec::{ImplError, Implementation, PositionSpec, Status};

#[test]
fn setup_errors_are_typed() {
    let bad = PositionSpec::from_sfen("9/9/9 b - 1");
    assert!(matches!(
        Engine.legal_moves(&bad),
        Err(ImplError::InvalidPosition(_))
    ));
    let illegal = PositionSpec::parse("startpos moves 7g7f 7g7f").expect("shape");
    assert!(
        matches!(Engine.perft(&illegal, 1), Err(ImplError::InvalidMove { mv, .. }) if mv == "7g7f")
    );
    let garbage = PositionSpec::parse("startpos moves 7g7").expect("shape");
    assert!(matches!(
        Engine.status(&garbage),
        Err(ImplError::InvalidMove { .. })
    ));
    // Gote's pawn is not Sente's to move.
    let wrong_side = PositionSpec::parse("startpos moves 3c3d").expect("shape");
    assert!(matches!(
        Engine.divide(&wrong_side, 1),
        Err(ImplError::InvalidMove { .. })
    ));
    assert!(Engine.divide(&PositionSpec::startpos(), 0).is_err());
    assert_eq!(Engine.name(), "engine");
}

#[test]
fn answers_follow_the_boundary_conventions() {
    let spec = PositionSpec::parse("startpos moves 7g7f 3c3d 8h2b+").expect("shape");
    let moves = Engine.legal_moves(&spec).expect("sets up");
    let mut sorted = moves.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(moves, sorted);
    // Gote can take the horse with the silver on 3a.
    assert!(moves.contains(&"3a2b".to_owned()));
    let divide = Engine.divide(&spec, 2).expect("sets up");
    assert_eq!(
        divide.iter().map(|(m, _)| m.clone()).collect::<Vec<_>>(),
        moves
    );
    assert_eq!(
        divide.iter().map(|(_, n)| n).sum::<u64>(),
        Engine.perft(&spec, 2).expect("sets up")
    );
    assert_eq!(Engine.status(&spec).expect("sets up"), Status::Normal);
    // `startpos` as the SFEN field is expanded too.
    let spec = PositionSpec {
        sfen: "startpos".into(),
        moves: vec![],
    };
    assert_eq!(Engine.perft(&spec, 2).expect("sets up"), 900);
}
