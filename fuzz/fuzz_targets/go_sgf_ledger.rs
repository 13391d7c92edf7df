//! Any bytes as an SGF record, for the invariant "a verdict ⇒ the ledger is complete": when the
//! reader gives a record, the bytes decoded with no replacement character, its ledger holds
//! exactly one entry per property occurrence of the text's grammar tree (plus one for text
//! before the first tree), no two entries at one place, and at least one structural part (a
//! move, setup, result, territory mark, or `SZ`). Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn occurrences(tree: &go_sgf::GameTree) -> usize {
    tree.nodes
        .iter()
        .flat_map(|n| &n.properties)
        .map(|p| 1 + p.repeats.len())
        .sum::<usize>()
        + tree.variations.iter().map(occurrences).sum::<usize>()
}

fuzz_target!(|data: &[u8]| {
    let Ok(read) = go_sgf::read_game_bytes(data) else {
        return;
    };
    let text = match go_sgf::decode_text(data) {
        Ok(text) => text,
        Err(e) => panic!("a record was read from bytes that do not decode: {e}"),
    };
    assert!(
        !text.contains('\u{FFFD}'),
        "a replacement character in a read record"
    );
    let collection = match go_sgf::parse_collection(&text) {
        Ok(c) => c,
        Err(e) => panic!("a record was read from a text the grammar refuses: {e}"),
    };
    let expected = collection.trees.iter().map(occurrences).sum::<usize>()
        + usize::from(collection.preamble.is_some());
    assert_eq!(read.ledger.entries.len(), expected, "{}", read.ledger);
    let mut places: Vec<_> = read
        .ledger
        .entries
        .iter()
        .map(|e| (e.at.line, e.at.column))
        .collect();
    places.sort_unstable();
    places.dedup();
    assert_eq!(
        places.len(),
        read.ledger.entries.len(),
        "two entries at one place"
    );
    assert!(
        read.ledger
            .entries
            .iter()
            .any(|e| e.used.is_structural() || (e.name == "SZ" && e.used == go_sgf::Use::Header)),
        "a record with no structural part: {}",
        read.ledger
    );
});
