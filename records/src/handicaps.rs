//! Handicap starts by name: every 手合割 of Kakinoki's KIF definition, with the JKF preset
//! code json-kifu-format gives it, and the position.
//!
//! The list of names is Kakinoki's (the KIF format definition's 手合割 list, which
//! json-kifu-format's `InitialPresetString` repeats as codes). The positions follow the GUIs
//! that write these records — MyShogi's `Sfens` table (yaneurao/MyShogi) and ShogiHome/tsshogi
//! agree — and each was checked by hand: the giver (上手) is gote, moves first, and "left" and
//! "right" are the giver's own, so the giver's left is file 1 and the right file 9 (香落ち
//! removes the lance on 1a, 右香落ち the one on 9a; 五枚落ち keeps the knight on 2a, 左五枚落ち
//! the one on 8a). Names the oracle's own handicap list covers come out of
//! [`crate::board::start_of`] as that handicap again; the others (右香落ち, 三枚落ち, 左五枚落ち,
//! the sevens, 八枚落ち, 十枚落ち) are recorded as their position.

use shogi_spec::position::Position;

/// One handicap: the KIF name, the JKF preset code, and the start (giver to move).
struct Named {
    kif: &'static str,
    jkf: &'static str,
    sfen: &'static str,
}

/// Every handicap the KIF definition names, smallest first.
const NAMED: &[Named] = &[
    Named {
        kif: "香落ち",
        jkf: "KY",
        sfen: "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "右香落ち",
        jkf: "KY_R",
        sfen: "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "角落ち",
        jkf: "KA",
        sfen: "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "飛車落ち",
        jkf: "HI",
        sfen: "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "飛香落ち",
        jkf: "HIKY",
        sfen: "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "二枚落ち",
        jkf: "2",
        sfen: "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "三枚落ち",
        jkf: "3",
        sfen: "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "四枚落ち",
        jkf: "4",
        sfen: "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "五枚落ち",
        jkf: "5",
        sfen: "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "左五枚落ち",
        jkf: "5_L",
        sfen: "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "六枚落ち",
        jkf: "6",
        sfen: "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "左七枚落ち",
        jkf: "7_L",
        sfen: "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "右七枚落ち",
        jkf: "7_R",
        sfen: "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "八枚落ち",
        jkf: "8",
        sfen: "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
    Named {
        kif: "十枚落ち",
        jkf: "10",
        sfen: "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    },
];

fn position(sfen: &str) -> Option<Position> {
    shogi_spec::sfen::parse(sfen).ok()
}

/// The start a KIF 手合割 names (`None` for a name the KIF definition does not list).
pub fn by_kif_name(name: &str) -> Option<Position> {
    let name = name.trim();
    NAMED
        .iter()
        .find(|h| h.kif == name)
        .and_then(|h| position(h.sfen))
}

/// The start a JKF `initial.preset` code names (`None` for an unknown code).
pub fn by_jkf_preset(code: &str) -> Option<Position> {
    NAMED
        .iter()
        .find(|h| h.jkf == code)
        .and_then(|h| position(h.sfen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_spec::Color;
    use shogi_spec::piece::Kind;
    use shogi_spec::square::Square;

    /// The giver's pieces missing from the initial position, as USI squares.
    fn removed(pos: &Position) -> Vec<String> {
        let full = Position::startpos();
        Square::all()
            .filter(|&sq| full.piece_at(sq).is_some_and(|p| p.color == Color::Gote))
            .filter(|&sq| pos.piece_at(sq).is_none())
            .map(|sq| sq.to_string())
            .collect()
    }

    /// Each name removes exactly the pieces its words say, on the giver's own left (file 1) or
    /// right (file 9); sente's side is untouched and the giver moves first.
    #[test]
    fn each_name_removes_what_it_says() {
        for (name, squares) in [
            ("香落ち", vec!["1a"]),
            ("右香落ち", vec!["9a"]),
            ("角落ち", vec!["2b"]),
            ("飛車落ち", vec!["8b"]),
            ("飛香落ち", vec!["1a", "8b"]),
            ("二枚落ち", vec!["8b", "2b"]),
            ("三枚落ち", vec!["1a", "8b", "2b"]),
            ("四枚落ち", vec!["1a", "9a", "8b", "2b"]),
            ("五枚落ち", vec!["1a", "8a", "9a", "8b", "2b"]),
            ("左五枚落ち", vec!["1a", "2a", "9a", "8b", "2b"]),
            ("六枚落ち", vec!["1a", "2a", "8a", "9a", "8b", "2b"]),
            ("左七枚落ち", vec!["1a", "2a", "3a", "8a", "9a", "8b", "2b"]),
            ("右七枚落ち", vec!["1a", "2a", "7a", "8a", "9a", "8b", "2b"]),
            (
                "八枚落ち",
                vec!["1a", "2a", "3a", "7a", "8a", "9a", "8b", "2b"],
            ),
            (
                "十枚落ち",
                vec!["1a", "2a", "3a", "4a", "6a", "7a", "8a", "9a", "8b", "2b"],
            ),
        ] {
            let pos = by_kif_name(name).unwrap_or_else(|| panic!("{name}"));
            let mut got = removed(&pos);
            let mut want: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{name}");
            assert_eq!(pos.side_to_move(), Color::Gote, "{name}");
            assert_eq!(
                pos.pieces()
                    .filter(|(_, p)| p.color == Color::Sente && p.kind != Kind::King)
                    .count(),
                19,
                "{name}"
            );
        }
        assert!(by_kif_name("九枚落ち").is_none());
    }

    #[test]
    fn jkf_codes_name_the_same_positions() {
        for h in NAMED {
            assert_eq!(by_jkf_preset(h.jkf), by_kif_name(h.kif), "{}", h.kif);
        }
    }
}
