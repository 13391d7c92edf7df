//! Every property accounted for: the reader's ledger, its refusals and its dialect readings.
//!
//! The invariant "a verdict ⇒ the ledger is complete" is a property over arbitrary bytes and
//! over SGF-like text built from real properties, unknown ones, comments, variations and
//! noise: whenever the reader returns a record, its ledger holds exactly one entry per property
//! occurrence of the parsed text (counted here from the grammar's tree, independently of the
//! reader), plus one for text before the first tree, and at least one structural part.

#![allow(clippy::unwrap_used)]

use go_sgf::{Collection, GameTree, Ignored, Use, parse_collection, read_game, read_game_bytes};
use go_spec::{Color, Move, Point};
use proptest::prelude::*;

/// Property occurrences of a tree and its variations, counted from the grammar alone.
fn occurrences(tree: &GameTree) -> usize {
    tree.nodes
        .iter()
        .flat_map(|n| &n.properties)
        .map(|p| 1 + p.repeats.len())
        .sum::<usize>()
        + tree.variations.iter().map(occurrences).sum::<usize>()
}

fn expected_entries(c: &Collection) -> usize {
    c.trees.iter().map(occurrences).sum::<usize>() + usize::from(c.preamble.is_some())
}

/// The invariant, for a text the reader accepted.
fn ledger_is_complete(text: &str, read: &go_sgf::ReadRecord) -> Result<(), TestCaseError> {
    let c = parse_collection(text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(read.ledger.entries.len(), expected_entries(&c));
    let structural = read
        .ledger
        .entries
        .iter()
        .any(|e| e.used.is_structural() || (e.name == "SZ" && e.used == Use::Header));
    prop_assert!(structural, "a record with no structural part: {}", text);
    // No entry is counted twice: entries are one per place in the text.
    let mut places: Vec<_> = read
        .ledger
        .entries
        .iter()
        .map(|e| (e.at.line, e.at.column))
        .collect();
    places.sort_unstable();
    places.dedup();
    prop_assert_eq!(places.len(), read.ledger.entries.len());
    Ok(())
}

/// Pieces of SGF-like text: real properties of every use, unknown and old ones, escapes,
/// variations, broken values and prose.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("(".to_owned()),
        Just(")".to_owned()),
        Just(";".to_owned()),
        Just("(;".to_owned()),
        Just("GM[1]".to_owned()),
        Just("SZ[9]".to_owned()),
        Just("SZ[19]".to_owned()),
        Just("KM[6.5]".to_owned()),
        Just("KM[750]".to_owned()),
        Just("HA[2]".to_owned()),
        Just("HA[7.5]".to_owned()),
        Just("RE[B+R]".to_owned()),
        Just("AB[cc][gg]".to_owned()),
        Just("AW[dd]".to_owned()),
        Just("PL[W]".to_owned()),
        Just("B[ee]".to_owned()),
        Just("W[cc]".to_owned()),
        Just("B[]".to_owned()),
        Just("TB[aa:bb]".to_owned()),
        Just("C[a comment \\] with an escape]".to_owned()),
        Just("GC[game comment]".to_owned()),
        Just("PB[Black]".to_owned()),
        Just("CR[aa]".to_owned()),
        Just("BL[30]".to_owned()),
        Just("MULTIGOGM[1]".to_owned()),
        Just("TC[3]".to_owned()),
        Just("KGSDE[]".to_owned()),
        Just("Dear friend, ".to_owned()),
        Just("\n".to_owned()),
        "[A-Za-z]{1,3}\\[[a-z0-9.+ ]{0,4}\\]",
        "[ -~]{0,6}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn a_verdict_means_the_ledger_is_complete_for_sgf_like_text(
        pieces in proptest::collection::vec(piece(), 0..40)
    ) {
        let text: String = pieces.concat();
        if let Ok(read) = read_game(&text) {
            ledger_is_complete(&text, &read)?;
        }
    }

    #[test]
    fn a_verdict_means_the_ledger_is_complete_for_any_bytes(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        prefix in prop_oneof![Just(&b""[..]), Just(&b"(;SZ[9]"[..]), Just(&b"(;B[aa]C["[..])]
    ) {
        let mut all = prefix.to_vec();
        all.extend(&bytes);
        if let Ok(read) = read_game_bytes(&all) {
            // The bytes decoded without loss: the text holds no replacement character.
            let text = go_sgf::decode_text(&all).unwrap();
            let lossless = !text.contains('\u{FFFD}');
            prop_assert!(lossless);
            ledger_is_complete(&text, &read)?;
        }
    }
}

#[test]
fn every_property_has_a_use_and_unknown_ones_say_so() {
    let text = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[b]RE[B+R]XY[private]MULTIGOGM[1]C[hello]GC[g]\n\
                ;B[ee]BL[30]CR[ee];W[cc]LB[cc:x](;B[dd])(;B[ff]C[other line]))";
    let read = read_game(text).unwrap();
    let uses: Vec<(&str, Use)> = read
        .ledger
        .entries
        .iter()
        .map(|e| (e.name.as_str(), e.used))
        .collect();
    assert_eq!(
        uses,
        vec![
            ("GM", Use::Header),
            ("FF", Use::Header),
            ("SZ", Use::Header),
            ("KM", Use::Header),
            ("PB", Use::Ignored(Ignored::GameInfo)),
            ("RE", Use::Result),
            ("XY", Use::Ignored(Ignored::Unknown)),
            ("MULTIGOGM", Use::Ignored(Ignored::Unknown)),
            ("C", Use::Comment),
            ("GC", Use::Comment),
            ("B", Use::Move),
            ("BL", Use::Ignored(Ignored::Timing)),
            ("CR", Use::Ignored(Ignored::Markup)),
            ("W", Use::Move),
            ("LB", Use::Ignored(Ignored::Markup)),
            ("B", Use::Move),
            ("B", Use::Variation),
            ("C", Use::Variation),
        ]
    );
    assert_eq!(
        read.ledger.summary(),
        "18 properties: 4 headers, 3 moves, 1 result, 2 comments, 2 variations, 6 ignored (1 game information the rules do not use, 2 board markup, 1 clock reading, 2 unknown to the SGF FF[4] spec; no rule reads it)"
    );
    assert_eq!(
        Ignored::Unknown.reason(),
        "unknown to the SGF FF[4] spec; no rule reads it"
    );
}

#[test]
fn a_property_written_twice_in_a_node_is_two_entries() {
    // Fox repeats AP in the root; FF[4] forbids it, the values are joined, both are counted.
    let read = read_game("(;SZ[9]AP[GNU Go:3.8]AP[foxwq];B[aa])").unwrap();
    let aps = read
        .ledger
        .entries
        .iter()
        .filter(|e| e.name == "AP")
        .count();
    assert_eq!(aps, 2);
}

#[test]
fn files_that_are_not_records_are_refused_by_name() {
    let refused = |bytes: &[u8]| read_game_bytes(bytes).unwrap_err().to_string();
    // A letter: no game tree at all.
    assert!(refused(b"Dear committee,\nplease find the game attached.\n").contains("no game tree"));
    // A letter with a parenthesis in it: not SGF's grammar.
    assert!(refused(b"Dear committee (see below);\nthanks").contains("unexpected"));
    // A tree with nothing a record is made of.
    let why = refused(b"(;GM[1]FF[4]C[just a comment]PB[someone])");
    assert!(
        why.contains("not a Go record") && why.contains("line 1, column 2"),
        "{why}"
    );
    // 4 MiB of one letter.
    assert!(refused(&vec![b'a'; 4 << 20]).contains("no game tree"));
    // A JSON error body.
    assert!(refused(br#"{"error": "not found", "status": 404}"#).contains("no game tree"));
    // A lossy conversion already made: U+FFFD in the text.
    let why = refused("(;SZ[9]C[caf\u{FFFD}];B[aa])".as_bytes());
    assert!(
        why.contains("U+FFFD") && why.contains("line 1, column 13"),
        "{why}"
    );
}

#[test]
fn a_record_saved_as_utf16_reads_as_its_utf8_copy() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../real-records/go-sgf/katrain/fox-sgf-works.sgf");
    let utf8 = std::fs::read(path).unwrap();
    let text = std::str::from_utf8(&utf8).unwrap();
    let original = read_game_bytes(&utf8).unwrap();
    for (bom, little) in [(true, true), (false, true), (true, false), (false, false)] {
        let mut bytes: Vec<u8> = match (bom, little) {
            (true, true) => vec![0xFF, 0xFE],
            (true, false) => vec![0xFE, 0xFF],
            _ => Vec::new(),
        };
        for unit in text.encode_utf16() {
            bytes.extend(if little {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            });
        }
        let read = read_game_bytes(&bytes).unwrap();
        assert_eq!(read.record, original.record);
        assert_eq!(read.ledger.summary(), original.ledger.summary());
        assert!(read.encoding.starts_with("UTF-16"), "{}", read.encoding);
    }
}

#[test]
fn fox_komi_in_hundredths_is_read_with_a_note() {
    for (written, komi) in [("750", 7.5), ("375", 3.75), ("650", 6.5)] {
        let read = read_game(&format!("(;GM[1]SZ[19]KM[{written}]RE[W+R];B[pd])")).unwrap();
        assert_eq!(read.record.komi, Some(komi));
        let km = read.ledger.entries.iter().find(|e| e.name == "KM").unwrap();
        assert_eq!(km.used, Use::Header);
        let note = km.note.as_deref().unwrap();
        assert!(
            note.contains("Fox") && note.contains("hundredths"),
            "{note}"
        );
    }
    // A komi as people usually write it has no note; neither has a fraction above 100.
    let read = read_game("(;SZ[19]KM[6.5];B[pd])").unwrap();
    assert_eq!(read.record.komi, Some(6.5));
    assert!(read.ledger.notes().is_empty());
    let read = read_game("(;SZ[19]KM[100.5];B[pd])").unwrap();
    assert_eq!(read.record.komi, Some(100.5));
}

#[test]
fn a_malformed_handicap_is_set_aside_where_the_record_says_it_otherwise() {
    // HA[7.5] beside two AB stones: the stones are the handicap.
    let read = read_game("(;SZ[19]HA[7.5]AB[dd][pp]RE[W+R];W[dp])").unwrap();
    assert_eq!(read.record.handicap, None);
    assert_eq!(
        read.record.setup_black,
        vec![Point::new(3, 3), Point::new(15, 15)]
    );
    let ha = read.ledger.entries.iter().find(|e| e.name == "HA").unwrap();
    assert_eq!(ha.used, Use::Ignored(Ignored::Malformed));
    assert!(ha.note.as_deref().unwrap().contains("2 AB stones"));
    // With no AB, the first Black moves in a row are the placement.
    let read = read_game("(;SZ[19]HA[2.0];B[dd];B[pp];W[dp])").unwrap();
    assert_eq!(read.record.handicap, Some(2));
    assert_eq!(
        read.record.moves[2],
        (Color::White, Move::Play(Point::new(3, 15)))
    );
    assert!(read.ledger.notes()[0].contains("first 2 Black moves"));
    // Nothing says the handicap: refused, with the place.
    let e = read_game("(;SZ[19]\nHA[7.5];B[dd];W[pp])").unwrap_err();
    assert_eq!(e.location.line, 2);
    assert!(e.to_string().contains("HA[7.5] is not a number"));
}

#[test]
fn a_root_property_outside_the_root_is_refused() {
    let e = read_game("(;SZ[9];B[aa]SZ[19])").unwrap_err();
    assert!(e.to_string().contains("SZ outside the root node"));
}
