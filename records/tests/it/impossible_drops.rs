#![allow(clippy::unwrap_used)]
//! Impossible drops, one rule for every piece (issue 43.3; the decision is in the registry's
//! interpretation of `fesa2017:9.4` and in `board`'s module documentation): a drop of a piece
//! the mover does not hold, or onto an occupied square, followed at once by an ending that
//! names it a foul, is the foul — the opponent's claim wins (9.4; Article 3 lets a player drop
//! only a piece in hand, only on an empty square); followed by anything else, the record is
//! unreadable at the drop. Every droppable kind, in every format that writes drops.

use rstest::rstest;
use shogi_oracle::game::adjudicate;
use shogi_records::{Game, import};
use shogi_spec::profile::Profile;
use shogi_spec::{Color, ReasonKind, Verdict};

/// Kanji, CSA code for the seven kinds a player can hold.
const KINDS: [(&str, &str); 7] = [
    ("歩", "FU"),
    ("香", "KY"),
    ("桂", "KE"),
    ("銀", "GI"),
    ("金", "KI"),
    ("角", "KA"),
    ("飛", "HI"),
];

fn one(text: &str, ext: &str) -> Result<Game, shogi_records::ImportError> {
    import(text.as_bytes(), Some(ext)).map(|mut i| i.games.remove(0))
}

/// Gote wins by illegal move (sente made the impossible first move; gote's claim, 9.4).
fn gote_wins_by_the_foul(game: &Game, what: &str) {
    let verdict = adjudicate(&game.record, &Profile::default())
        .unwrap()
        .verdict;
    match verdict {
        Verdict::Win { winner, reason } => {
            assert_eq!(winner, Color::Gote, "{what}");
            assert_eq!(reason.kind, ReasonKind::IllegalMove, "{what}");
        }
        other => panic!("{what}: {other}"),
    }
}

const KIF_HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

#[rstest]
#[case::kif_word("   2 反則勝ち\n")]
#[case::kif_comment("*反則手にて終局\n")]
#[case::kif_trailer("まで1手で後手の反則勝ち\n")]
fn kif_drop_not_held_then_a_foul_ending(#[case] ending: &str) {
    for (kanji, _) in KINDS {
        let text = format!("{KIF_HEAD}   1 ５五{kanji}打\n{ending}");
        let g = one(&text, "kif").unwrap_or_else(|e| panic!("{kanji}: {e}"));
        gote_wins_by_the_foul(&g, kanji);
    }
}

#[test]
fn kif_drop_not_held_then_anything_else_is_unreadable() {
    for (kanji, _) in KINDS {
        for rest in [
            "",
            "   2 ３四歩(33)\n",
            "   2 投了\n",
            "まで1手で先手の勝ち\n",
        ] {
            let text = format!("{KIF_HEAD}   1 ５五{kanji}打\n{rest}");
            let e = one(&text, "kif").unwrap_err();
            assert_eq!((e.line, e.ply), (3, Some(1)), "{kanji} {rest}: {e}");
        }
    }
}

#[test]
fn ki2_drop_not_held() {
    for (kanji, _) in KINDS {
        for ending in ["まで1手で後手の反則勝ち\n", "*反則手にて終局\n"] {
            let text = format!("手合割：平手\n▲５五{kanji}打\n{ending}");
            let g = one(&text, "ki2").unwrap_or_else(|e| panic!("{kanji}: {e}"));
            gote_wins_by_the_foul(&g, kanji);
        }
        for rest in ["", "△３四歩\n", "まで1手で先手の勝ち\n"] {
            let text = format!("手合割：平手\n▲５五{kanji}打\n{rest}");
            let e = one(&text, "ki2").unwrap_err();
            assert_eq!((e.line, e.ply), (2, Some(1)), "{kanji} {rest}: {e}");
        }
    }
}

#[test]
fn csa_drop_not_held() {
    for (_, code) in KINDS {
        for ending in ["%ILLEGAL_MOVE", "%+ILLEGAL_ACTION"] {
            let text = format!("PI\n+\n+0055{code}\nT3\n{ending}\n");
            let g = one(&text, "csa").unwrap_or_else(|e| panic!("{code}: {e}"));
            gote_wins_by_the_foul(&g, code);
        }
        for rest in ["", "-3334FU\n", "%TORYO\n", "%-ILLEGAL_ACTION\n"] {
            let text = format!("PI\n+\n+0055{code}\n{rest}");
            let e = one(&text, "csa").unwrap_err();
            assert_eq!((e.line, e.ply), (3, Some(1)), "{code} {rest}: {e}");
        }
    }
}

/// Onto an occupied square: gote's lance, knight, silver, gold, bishop, rook and a pawn are in
/// sente's hand (a position a game can reach), and sente drops one on 5g, where its own pawn
/// stands.
#[test]
fn csa_drop_onto_an_occupied_square() {
    for (_, code) in KINDS {
        let head = "PI11KY21KE31GI41KI22KA82HI13FU\nP+00FU00KY00KE00GI00KI00KA00HI\n+\n";
        let g = one(&format!("{head}+0057{code}\n%ILLEGAL_MOVE\n"), "csa")
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        gote_wins_by_the_foul(&g, code);
        let e = one(&format!("{head}+0057{code}\n-3334FU\n"), "csa").unwrap_err();
        assert_eq!((e.line, e.ply), (4, Some(1)), "{code}: {e}");
    }
}

#[test]
fn jkf_drop_not_held() {
    for (_, code) in KINDS {
        let drop = format!(r#"{{"move":{{"to":{{"x":5,"y":5}},"piece":"{code}","color":0}}}}"#);
        let text =
            format!(r#"{{"header":{{}},"moves":[{{}},{drop},{{"special":"ILLEGAL_MOVE"}}]}}"#);
        let g = one(&text, "jkf").unwrap_or_else(|e| panic!("{code}: {e}"));
        gote_wins_by_the_foul(&g, code);
        let text = format!(r#"{{"header":{{}},"moves":[{{}},{drop},{{"special":"TORYO"}}]}}"#);
        assert!(one(&text, "jkf").is_err(), "{code}");
    }
}
