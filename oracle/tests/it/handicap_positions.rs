//! The handicap starts of UFS 5.9.5 (data in `shogi_spec::handicap`) checked against the
//! rules: each is a valid position (the oracle's `validate`), the giver moves first (5.9.4) and
//! only the giver's listed pieces are gone (5.9.3).

use shogi_oracle::validate;
use shogi_spec::handicap::Handicap;
use shogi_spec::{Color, position::Position, sfen};
use shogi_spec::{piece::HAND_KINDS, piece::Kind};

fn points(kind: Kind) -> u32 {
    if matches!(kind, Kind::Rook | Kind::Bishop) {
        5
    } else {
        1
    }
}

/// Each handicap position is the initial position minus exactly the giver's removed pieces.
#[test]
fn positions_remove_only_the_givers_pieces() {
    let full = Position::startpos();
    for h in Handicap::ALL {
        let pos = sfen::parse(h.sfen()).unwrap();
        assert!(validate(&pos).is_empty(), "{h}");
        assert_eq!(
            pos.side_to_move(),
            Color::Gote,
            "{h}: the giver moves first"
        );
        let count = |p: &Position, c: Color| -> u32 {
            p.pieces()
                .filter(|(_, pc)| pc.color == c && pc.kind != Kind::King)
                .map(|(_, pc)| points(pc.kind))
                .sum()
        };
        assert_eq!(count(&pos, Color::Sente), count(&full, Color::Sente), "{h}");
        assert_eq!(
            count(&full, Color::Gote) - count(&pos, Color::Gote),
            h.removed_points(),
            "{h}"
        );
        assert!(
            HAND_KINDS
                .iter()
                .all(|&k| pos.hand(Color::Gote).count(k) == 0)
        );
        assert_eq!(h.name().parse::<Handicap>(), Ok(h));
    }
}
