//! SFEN reading and writing: round trips and typed errors for bad input.

use rstest::rstest;
use shogi_bitboard::{Position, SfenError};

#[rstest]
#[case("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")]
#[case("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")]
#[case("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")]
#[case("9/9/9/9/9/9/9/9/9 b - 1")]
#[case("+R+B+S+N+L+P3/9/9/9/9/9/9/9/+r+b+s+n+l+p3 w 2P 120")]
#[case("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1")]
fn round_trip(#[case] sfen: &str) {
    let pos = Position::from_sfen(sfen).expect("valid");
    assert_eq!(pos.to_sfen(), sfen);
    assert!(pos.is_consistent());
}

#[test]
fn move_number_optional_and_hand_order_normalised() {
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b pPrR").expect("valid");
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b RPrp 1");
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 10p").expect("valid");
    assert_eq!(pos.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b 10p 1");
}

fn err(sfen: &str) -> SfenError {
    match Position::from_sfen(sfen) {
        Ok(p) => panic!("accepted {sfen}: {p:?}"),
        Err(e) => e,
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    assert_eq!(err(""), SfenError::MissingField("board"));
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9"),
        SfenError::MissingField("side to move")
    );
    assert_eq!(err("9/9/9/9/9/9/9/9/9 b"), SfenError::MissingField("hand"));
    assert_eq!(err("9/9/9/9/9/9/9/9 b - 1"), SfenError::RankCount(8));
    assert_eq!(err("9/9/9/9/9/9/9/9/9/9 b - 1"), SfenError::RankCount(10));
    assert_eq!(
        err("8/9/9/9/9/9/9/9/9 b - 1"),
        SfenError::RankWidth { rank: 1, width: 8 }
    );
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/K9 b - 1"),
        SfenError::RankWidth { rank: 9, .. }
    ));
    assert_eq!(
        err("9/9/9/9/9/9/9/9/8X b - 1"),
        SfenError::BadBoardChar('X')
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/8+ b - 1"),
        SfenError::BadPromotion("8+".into())
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/8+G b - 1"),
        SfenError::BadPromotion("8+G".into())
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/8+K b - 1"),
        SfenError::BadPromotion("8+K".into())
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/7++P b - 1"),
        SfenError::BadPromotion("7++P".into())
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 x - 1"),
        SfenError::BadSide("x".into())
    );
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b K 1"),
        SfenError::BadHand { .. }
    ));
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b 0p 1"),
        SfenError::BadHand { .. }
    ));
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b 3 1"),
        SfenError::BadHand { .. }
    ));
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b +P 1"),
        SfenError::BadHand { .. }
    ));
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b 999p 1"),
        SfenError::BadHand { .. }
    ));
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b 50p40p 1"),
        SfenError::BadHand { .. }
    ));
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 b G4g 1"),
        SfenError::TooManyPieces {
            kind: shogi_bitboard::Kind::Gold,
            count: 5,
            max: 4
        }
    );
    assert_eq!(
        err("+R8/9/9/9/9/9/9/9/9 b Rr 1"),
        SfenError::TooManyPieces {
            kind: shogi_bitboard::Kind::Rook,
            count: 3,
            max: 2
        }
    );
    assert!(matches!(
        err("ppppppppp/9/9/9/9/9/9/9/9 b 10P 1"),
        SfenError::TooManyPieces { count: 19, .. }
    ));
    // Exactly a full set is fine.
    assert!(Position::from_sfen("9/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1").is_ok());
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 b - 0"),
        SfenError::BadMoveNumber("0".into())
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 b - x"),
        SfenError::BadMoveNumber("x".into())
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9 b - 1 moves"),
        SfenError::TrailingText("moves".into())
    );
    assert_eq!(
        err("K8/9/9/9/9/9/9/9/K8 b - 1"),
        SfenError::TooManyKings(shogi_spec::Color::Sente)
    );
    assert_eq!(
        err("k8/9/9/9/9/9/9/9/k8 b - 1"),
        SfenError::TooManyKings(shogi_spec::Color::Gote)
    );
    assert!(matches!(
        err("9/9/9/9/9/9/9/9/9 b - 1é"),
        SfenError::BadMoveNumber(_)
    ));
    assert!(matches!(
        err("９/9/9/9/9/9/9/9/9 b - 1"),
        SfenError::BadBoardChar(_)
    ));
}

/// Garbage never panics: every prefix and every single-byte corruption of valid SFENs is
/// either read or refused with an error, and what is read can be played on.
#[test]
fn corruptions_never_panic() {
    let bases = [
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    ];
    let alphabet = b"0123456789+/ -bwkKpPlLnNsSgGrRxX";
    for base in bases {
        for cut in 0..=base.len() {
            let _ = Position::from_sfen(&base[..cut]);
        }
        for i in 0..base.len() {
            for &c in alphabet {
                let mut bytes = base.as_bytes().to_vec();
                bytes[i] = c;
                let Ok(text) = String::from_utf8(bytes) else {
                    continue;
                };
                if let Ok(pos) = Position::from_sfen(&text) {
                    assert!(pos.is_consistent());
                    let _ = shogi_bitboard::perft(&pos, 2);
                }
            }
        }
    }
}
