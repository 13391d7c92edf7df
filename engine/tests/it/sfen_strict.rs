//! The engine's SFEN reader is as strict as the format: the same spellings the oracle refuses
//! (found by the `sfen_parse` fuzz target, see fuzz/README.md) are refused here too.

use shogi_bitboard::Position;

#[test]
fn non_canonical_spellings_are_refused() {
    for bad in [
        "ln11gg1nl/1r1s1k1b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b GG 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 02P 1",
        "4k4/9/9/9/9/9/9/9/4K4 b - +1",
    ] {
        assert!(Position::from_sfen(bad).is_err(), "{bad}");
    }
    assert!(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2G 1").is_ok());
    assert!(Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 10P 1").is_ok());
}

/// `5e5e` leaves the piece where it stood: not a move, for the engine as for the oracle (found
/// by the `usi_move_parse` fuzz target).
#[test]
fn a_null_move_is_not_usi() {
    assert!(shogi_bitboard::Move::from_usi_syntax("5e5e").is_none());
    assert!(shogi_bitboard::Move::from_usi_syntax("5e5e+").is_none());
    assert!(shogi_bitboard::Move::from_usi_syntax("5e5d").is_some());
}
