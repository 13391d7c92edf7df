//! The `Implementation` boundary: setup errors are typed, answers are sorted and complete.

use shogi_bitboard::{Engine, EngineSession};
use shogi_spec::{ImplError, Implementation, PositionSpec, Status, check_divide_depth};

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
    // A divide lists root moves: depth 0 is refused, with the reason every implementation gives.
    assert_eq!(
        Engine.divide(&PositionSpec::startpos(), 0),
        check_divide_depth(0).map(|()| Vec::new())
    );
    assert!(matches!(
        check_divide_depth(0),
        Err(ImplError::Unsupported(_))
    ));
    assert_eq!(check_divide_depth(1), Ok(()));
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

/// A session replays only the moves beyond the position it set up last; whatever the order of
/// the questions, its answers must be the stateless engine's.
#[test]
fn a_session_answers_as_the_stateless_engine_whatever_it_was_asked_before() {
    // A game (7g7f 3c3d 8h2b+ 3a2b B*4e — the bishop exchange, then a drop), walked forwards,
    // then questions that jump back, branch off, change the start and hit an illegal move.
    let game = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];
    let mut specs: Vec<PositionSpec> = (0..=game.len())
        .map(|n| PositionSpec {
            sfen: "startpos".into(),
            moves: game[..n].iter().map(|m| (*m).to_owned()).collect(),
        })
        .collect();
    specs.push(specs[2].clone());
    specs.push(PositionSpec::parse("startpos moves 7g7f 3c3d 2g2f").expect("shape"));
    specs.push(PositionSpec::parse("startpos moves 7g7f 3c3d 2g2f 9z9z").expect("shape"));
    specs.push(PositionSpec::parse("startpos moves 7g7f 3c3d 2g2f 8c8d").expect("shape"));
    specs.push(PositionSpec::parse("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b").expect("shape"));
    specs.push(PositionSpec::parse("sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1").expect("shape"));
    let mut session = EngineSession::new();
    for spec in &specs {
        assert_eq!(
            session.legal_moves(spec),
            Engine.legal_moves(spec),
            "{spec}"
        );
        assert_eq!(session.status(spec), Engine.status(spec), "{spec}");
        assert_eq!(session.perft(spec, 2), Engine.perft(spec, 2), "{spec}");
    }
    // After 5b, Gote's king is in check from the gold and can take it (5a5b) or step aside.
    let checked = &specs[specs.len() - 2];
    assert_eq!(session.status(checked), Ok(Status::Check));
    assert!(matches!(
        session.legal_moves(&specs[specs.len() - 4]),
        Err(ImplError::InvalidMove { mv, .. }) if mv == "9z9z"
    ));
    assert_eq!(session.name(), "engine");
}
