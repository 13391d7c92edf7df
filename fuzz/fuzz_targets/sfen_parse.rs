//! Any bytes as an SFEN: neither parser panics; a position either accepts round-trips through
//! its own formatter; both parsers agree on acceptance (the oracle may parse positions that it
//! then calls unreachable and the engine refuses outright); when both accept they read the same position, and when it is a
//! position that could occur in a game they agree on its legal moves too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shogi_conformance::fuzzing::differential::{Subject, compare_position};
use shogi_oracle::validate;
use shogi_spec::sfen;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The oracle's reader also takes two conveniences of the command line that are not SFEN:
    // the word `startpos` and a leading `sfen ` keyword (oracle/src/sfen.rs). The engine reads
    // SFEN only, so such texts say nothing about agreement on SFEN. (Found at once by the
    // `startpos` and `sfen ` entries of dicts/sfen.dict.)
    let trimmed = text.trim();
    if trimmed.strip_prefix("sfen ").unwrap_or(trimmed) == "startpos"
        || trimmed.starts_with("sfen ")
    {
        return;
    }
    let oracle = sfen::parse(text);
    let engine = shogi_bitboard::Position::from_sfen(text);
    if let Ok(p) = &oracle {
        let back = sfen::parse(&sfen::format(p)).expect("the oracle reads its own SFEN");
        assert_eq!(&back, p, "oracle SFEN round trip of {text:?}");
    }
    if let Ok(e) = &engine {
        let again = shogi_bitboard::Position::from_sfen(&e.to_sfen())
            .expect("the engine reads its own SFEN");
        assert_eq!(&again, e, "engine SFEN round trip of {text:?}");
        assert_eq!(e.hash(), e.compute_hash());
    }
    match (&oracle, &engine) {
        (Ok(o), Ok(e)) => {
            let from_engine =
                sfen::parse(&e.to_sfen()).expect("the oracle reads the engine's SFEN");
            assert_eq!(
                &from_engine, o,
                "both accept {text:?} but read different positions"
            );
            if validate(o).is_empty() {
                if let Err(d) = compare_position(o, 0, || Subject::Position {
                    start: sfen::format(o),
                    moves: vec![],
                }) {
                    panic!("oracle and engine diverge:\n{}", d.case_yaml());
                }
            }
        }
        (Err(_), Err(_)) => {}
        (Ok(o), Err(e)) => {
            // Documented difference: the oracle parses positions it then calls invalid
            // (`validate`), the engine refuses some of them at parse time.
            assert!(
                !validate(o).is_empty(),
                "the oracle accepts the valid position {text:?}, the engine refuses it: {e}"
            );
        }
        (Err(o), Ok(_)) => panic!("the engine accepts {text:?}, the oracle refuses it: {o}"),
    }
});
