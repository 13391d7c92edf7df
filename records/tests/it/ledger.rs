#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The ledger (issue 51, items 1 and 6): a file gets a result only when every line of it was
//! placed — one ledger entry per line, a structural line among them — and the bytes decoded
//! under a named encoding without loss. Properties over arbitrary text and bytes, and over every
//! real record with one line deleted, doubled or garbled; encodings of a real KIF; the KIF
//! dialect with a stray ending after 投了.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use shogi_records::encoding::{Encoding, each_line, encode};
use shogi_records::{Format, Ignored, ImportError, Imported, LineKind, RECORD_EXTENSIONS, import};
use shogi_spec::profile::Profile;

/// The extensions a record is read under: every one `judge` searches, and the project's YAML.
fn extensions() -> Vec<&'static str> {
    RECORD_EXTENSIONS.iter().copied().chain(["yaml"]).collect()
}

/// What holds of every result: one ledger entry per line of the decoded text, and a line
/// structural for the format among them.
fn assert_earned(bytes: &[u8], imported: &Imported) {
    let text = shogi_records::encoding::decode_strict(bytes).unwrap().text;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    assert_eq!(
        imported.ledger.len(),
        each_line(text).count(),
        "ledger {} for {:?}",
        imported.ledger,
        &text[..text.len().min(200)]
    );
    assert!(
        imported.ledger.first_structural().is_some(),
        "no structural line: {}",
        imported.ledger
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// Arbitrary text under every extension: a result is earned, or a refusal.
    #[test]
    fn a_result_from_arbitrary_text_has_a_complete_ledger(
        text in "(\\PC{0,12}[\\n\\r]{0,2}|[+\\-PNV$%'T/0-9A-Z,: ]{0,10}\\n|[０-９一-九▲△歩投了まで：手数*#&|]{0,8}\\n){0,12}",
        ext in proptest::sample::select(extensions()),
    ) {
        if let Ok(imported) = import(text.as_bytes(), Some(ext)) {
            assert_earned(text.as_bytes(), &imported);
        }
    }

    /// Arbitrary bytes under every extension.
    #[test]
    fn a_result_from_arbitrary_bytes_has_a_complete_ledger(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        ext in proptest::sample::select(extensions()),
    ) {
        if let Ok(imported) = import(&bytes, Some(ext)) {
            assert_earned(&bytes, &imported);
        }
    }
}

/// Every shogi record file of `real-records/`.
fn real_records() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut stack: Vec<PathBuf> = ["real-records/shogi", "real-records/shogi-copyleft"]
        .iter()
        .map(|d| root.join(d))
        .collect();
    let mut files = Vec::new();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        if RECORD_EXTENSIONS.contains(&ext.as_str()) {
            files.push(path);
        }
    }
    files.sort();
    files
}

fn ext_of(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_owned()
}

/// Every game's verdict under fesa-2017, with its written ending: what a mutation must keep.
fn verdicts(imported: &Imported) -> Vec<String> {
    let profile = Profile::builtin("fesa-2017").unwrap();
    imported
        .games
        .iter()
        .map(|g| {
            let played = shogi_oracle::game::play_record(&g.record, &profile);
            format!(
                "{}; written {:?}",
                played.map_or_else(
                    |e| format!("error {e}"),
                    |p| p.judgement.verdict.to_string()
                ),
                g.written.as_ref().map(|w| (&w.text, w.meaning))
            )
        })
        .collect()
}

#[test]
fn every_real_record_that_reads_has_a_complete_ledger() {
    let mut read = 0;
    for path in real_records() {
        let bytes = std::fs::read(&path).unwrap();
        if let Ok(imported) = import(&bytes, Some(&ext_of(&path))) {
            assert_earned(&bytes, &imported);
            read += 1;
        }
    }
    assert!(read >= 180, "only {read} real records read");
}

/// One line changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mutation {
    Delete,
    Duplicate,
    Garble,
}

/// A line garbled: its first character that is not blank, from a third of the way in, becomes
/// `~`, which no format writes in a move, a header key or a board; a blank line becomes `~`.
fn garble(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let from = chars.len() / 3;
    match (from..chars.len()).find(|&i| !chars[i].is_whitespace()) {
        Some(i) => chars
            .iter()
            .enumerate()
            .map(|(k, c)| if k == i { '~' } else { *c })
            .collect(),
        None => "~".to_owned(),
    }
}

/// The text with line `at` (from 0) changed.
fn mutate(lines: &[&str], at: usize, m: Mutation) -> String {
    let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    match m {
        Mutation::Delete => {
            out.remove(at);
        }
        Mutation::Duplicate => out.insert(at, lines[at].to_owned()),
        Mutation::Garble => out[at] = garble(lines[at]),
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

/// How many moves a KI2 line holds (its colour marks).
fn marks(line: &str) -> usize {
    line.chars().filter(|c| "▲△▽☗☖".contains(*c)).count()
}

/// Whether the format itself can tell the mutation (issue 51: a KIF move number out of
/// sequence, a CSA move with the wrong side's sign, a KI2 move with the wrong mark, a garbled
/// move): such a mutation must be refused.
fn detectable(format: Format, lines: &[&str], kinds: &[LineKind], at: usize, m: Mutation) -> bool {
    if kinds[at] != LineKind::Move {
        return false;
    }
    // The last move of the game the line is in (CSA games are separated by `/`).
    let end = kinds[at..]
        .iter()
        .position(|k| *k == LineKind::Frame && format == Format::Csa)
        .map_or(kinds.len(), |k| at + k);
    let last_move = kinds[..end].iter().rposition(|k| *k == LineKind::Move);
    match (format, m) {
        (_, Mutation::Garble) => matches!(format, Format::Csa | Format::Kif | Format::Ki2),
        (Format::Kif | Format::Csa, Mutation::Duplicate) => true,
        (Format::Kif | Format::Csa, Mutation::Delete) => Some(at) != last_move,
        (Format::Ki2, Mutation::Duplicate) => marks(lines[at]) % 2 == 1,
        (Format::Ki2, Mutation::Delete) => marks(lines[at]) % 2 == 1 && Some(at) != last_move,
        _ => false,
    }
}

/// Whether the ledger of the mutated text is the original's changed by exactly that line.
fn changed_by_the_line(before: &[LineKind], after: &[LineKind], at: usize, m: Mutation) -> bool {
    match m {
        Mutation::Delete => {
            after.len() + 1 == before.len()
                && after[..at] == before[..at]
                && after[at..] == before[at + 1..]
        }
        Mutation::Duplicate => {
            after.len() == before.len() + 1
                && after[..at] == before[..at]
                && after[at + 1..] == before[at..]
        }
        Mutation::Garble => {
            after.len() == before.len()
                && after[..at] == before[..at]
                && after[at + 1..] == before[at + 1..]
        }
    }
}

/// The mutation property (issue 51, item 1) over every shogi file of `real-records/`: after
/// deleting, doubling or garbling one line, the outcome is a refusal; or the same verdict with
/// the ledger changed by exactly that line; or, where the line was the game itself (a move, the
/// ending, the start, a header the judge reads, a time), the mutated record's own verdict. A
/// mutation the format can detect is always refused. Every line of files up to 60 lines, and
/// 40 lines spread over each longer file (the first, the last, and evenly between).
#[test]
fn one_line_deleted_doubled_or_garbled_is_refused_or_accounted_for() {
    let mut checked = 0;
    let mut refused = 0;
    for path in real_records() {
        let bytes = std::fs::read(&path).unwrap();
        let ext = ext_of(&path);
        let Ok(original) = import(&bytes, Some(&ext)) else {
            continue;
        };
        let text = shogi_records::encoding::decode_strict(&bytes).unwrap().text;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned();
        let lines: Vec<&str> = each_line(&text).collect();
        let kinds = original.ledger.kinds();
        let before = verdicts(&original);
        let picks: Vec<usize> = if lines.len() <= 60 {
            (0..lines.len()).collect()
        } else {
            (0..40).map(|k| k * (lines.len() - 1) / 39).collect()
        };
        for &at in &picks {
            for m in [Mutation::Delete, Mutation::Duplicate, Mutation::Garble] {
                let mutated = mutate(&lines, at, m);
                let what = format!(
                    "{}: line {} {m:?} 「{}」",
                    path.display(),
                    at + 1,
                    lines[at]
                );
                checked += 1;
                let result = import(mutated.as_bytes(), Some(&ext));
                let Ok(after) = result else {
                    refused += 1;
                    continue;
                };
                assert!(
                    !detectable(original.format, &lines, kinds, at, m),
                    "{what}: the format can tell, yet it was read: {}",
                    after.ledger
                );
                assert_earned(mutated.as_bytes(), &after);
                let game_line = matches!(
                    kinds[at],
                    LineKind::Move
                        | LineKind::Ending
                        | LineKind::Start
                        | LineKind::Header
                        | LineKind::Time
                );
                if game_line {
                    // The mutated text is a record of its own: its verdict is whatever its
                    // game gives (computed: it must not fail to judge for want of a line).
                    let _ = verdicts(&after);
                    continue;
                }
                assert!(
                    changed_by_the_line(kinds, after.ledger.kinds(), at, m),
                    "{what}: the ledger changed beyond the line: {} → {}",
                    original.ledger,
                    after.ledger
                );
                assert_eq!(verdicts(&after), before, "{what}");
            }
        }
    }
    assert!(checked > 5000, "only {checked} mutations");
    assert!(refused > 0);
}

/// Reads `text` as a UTF-8 KIF.
fn kif(text: &str) -> Result<Imported, ImportError> {
    import(text.as_bytes(), Some("kif"))
}

/// 棋譜解説's dialect (issue 51, item 6): `N 投了`, then a stray `N+1 中断` and `まで N手で中断`.
/// The game ended at the first ending (5.1b: resigning ends the game), so it reads as the
/// resignation, and both later lines are ledger entries "an ending-only line after the game's
/// ending".
#[test]
fn a_stray_interruption_after_a_resignation_reads_as_the_resignation() {
    let text = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 投了\n   5 中断\nまで4手で中断\n";
    let imported = kif(text).unwrap();
    let game = &imported.games[0];
    let w = game.written.as_ref().unwrap();
    assert_eq!((w.text.as_str(), w.line), ("投了", 8));
    assert_eq!(
        w.meaning.map(|m| (m.kind, m.outcome)),
        Some((
            shogi_records::EndingKind::Resignation,
            shogi_records::Outcome::Win(shogi_spec::Color::Sente)
        ))
    );
    assert_eq!(
        imported.ledger.ignored().collect::<Vec<_>>(),
        vec![
            (9, Ignored::EndingAfterEnding),
            (10, Ignored::EndingAfterEnding)
        ]
    );
    assert_eq!(imported.ledger.kind(8), Some(LineKind::Ending));
    // Gote, to move at ply 4, resigned: sente wins (fesa2017:5.1b).
    let verdict = verdicts(&imported);
    assert!(verdict[0].starts_with("sente wins"), "{verdict:?}");
    // A move after the ending still refuses the record.
    let moved = text.replace("   5 中断", "   5 ８四歩(83)");
    let e = kif(&moved).unwrap_err();
    assert_eq!(e.line, 9, "{e}");
    assert!(e.message.contains("after the ending"), "{e}");
}

/// A real KIF (UTF-8) saved as UTF-16 in both byte orders, with and without a byte-order mark,
/// and as ISO-2022-JP reads as the same games, with the same ledger, under its encoding's name.
#[test]
fn a_real_kif_in_utf16_or_iso_2022_jp_reads_as_its_utf8_copy() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../real-records/shogi/mog-core-scala/kif-game-001.kif");
    let bytes = std::fs::read(path).unwrap();
    let utf8 = import(&bytes, Some("kif")).unwrap();
    assert_eq!(utf8.encoding, Encoding::Utf8);
    let text = String::from_utf8(bytes).unwrap();
    let with_bom = |mark: &[u8], body: Vec<u8>| [mark.to_vec(), body].concat();
    for (bytes, encoding, bom) in [
        (encode(&text, Encoding::Utf16Le), Encoding::Utf16Le, false),
        (encode(&text, Encoding::Utf16Be), Encoding::Utf16Be, false),
        (
            with_bom(&[0xFF, 0xFE], encode(&text, Encoding::Utf16Le)),
            Encoding::Utf16Le,
            true,
        ),
        (
            with_bom(&[0xFE, 0xFF], encode(&text, Encoding::Utf16Be)),
            Encoding::Utf16Be,
            true,
        ),
        (
            encode(&text, Encoding::Iso2022Jp),
            Encoding::Iso2022Jp,
            false,
        ),
    ] {
        let other = import(&bytes, Some("kif")).unwrap_or_else(|e| panic!("{encoding}: {e}"));
        assert_eq!((other.encoding, other.bom), (encoding, bom));
        assert_eq!(other.games, utf8.games, "{encoding}");
        assert_eq!(other.ledger, utf8.ledger, "{encoding}");
    }
}

/// Bytes the encoding cannot map are refused, naming the encoding and the line, never read as
/// U+FFFD: Shift_JIS with a byte it lacks, UTF-8 after a byte-order mark with a byte that is no
/// UTF-8, EUC-JP (by name), UTF-16 with a lone surrogate.
#[test]
fn text_that_decodes_with_loss_is_refused_naming_the_encoding_and_line() {
    let good = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
    // Shift_JIS: 0x85 0x40 is unassigned in Windows-31J (row 9 of the NEC extensions is empty).
    let mut sjis = encode(good, Encoding::ShiftJis);
    sjis.extend_from_slice(b"   2 \x85\x40\n");
    let e = import(&sjis, Some("kif")).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("Shift_JIS"), "{e}");
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(good.as_bytes());
    bom.extend_from_slice(b"   2 \xFF\n");
    let e = import(&bom, Some("kif")).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("UTF-8"), "{e}");
    let euc = encoding_rs::EUC_JP.encode(good).0.into_owned();
    let e = import(&euc, Some("kif")).unwrap_err();
    assert!(e.message.contains("EUC-JP"), "{e}");
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(encode(good, Encoding::Utf16Le));
    utf16.extend([0x00, 0xD8, b'\n', 0]);
    let e = import(&utf16, Some("kif")).unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("utf-16le"), "{e}");
}

/// The files of issue 51's "done when" that are no records, refused naming the line that
/// could not be placed.
#[test]
fn files_that_are_not_records_are_refused_at_their_first_line() {
    let letter = "Dear Ms Tanaka,\n\nThank you for your letter of 3 March.\n\nYours sincerely,\nJohn Smith\n";
    let e = kif(letter).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    assert!(e.message.contains("Dear Ms Tanaka"), "{e}");
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(encode(letter, Encoding::Utf16Le));
    let e = import(&utf16, Some("kif")).unwrap_err();
    assert!(e.message.contains("Dear Ms Tanaka"), "{e}");
    let a = "a".repeat(4 << 20);
    let e = kif(&a).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.len() < 400, "the refusal quotes the whole line");
    let e = import(br#"{"error":"not found"}"#, Some("csa")).unwrap_err();
    assert!(
        e.message.contains("`error` is not a key JKF defines"),
        "{e}"
    );
    let e = kif("(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n").unwrap_err();
    assert!(e.message.contains("SGF"), "{e}");
    // Comments alone are no record: nothing structural.
    let e = kif("# a comment\n* another\n").unwrap_err();
    assert!(e.message.contains("not a KIF record"), "{e}");
    let e = import(b"'a comment\n", Some("csa")).unwrap_err();
    assert!(e.message.contains("not a CSA record"), "{e}");
}
