//! Bytes to text under a named encoding, with no replacement character, or a refusal that
//! names the encoding.
//!
//! The order, and why:
//! 1. A byte-order mark names its encoding (UTF-8, UTF-16 LE or BE).
//! 2. NUL bytes never occur in SGF text; in the bytes of a file they are UTF-16's high (or
//!    low) halves of ASCII characters, so a file whose NULs fall mostly on odd offsets is read
//!    as UTF-16 LE, mostly on even offsets as UTF-16 BE (Notepad's "Unicode" without a mark);
//!    NULs with no such pattern are refused.
//! 3. Bytes that are valid UTF-8 are read as UTF-8, whatever `CA` says: text in a legacy
//!    charset is valid UTF-8 only by accident on a few bytes (the WHATWG practice), while
//!    applications that write UTF-8 and keep a stale `CA` are common. The reader's ledger
//!    notes a `CA` that names another charset.
//! 4. Otherwise the charset `CA[...]` names (a WHATWG label: `GB2312`, `Shift_JIS`, `EUC-KR`,
//!    `Big5`, `ISO-8859-1`…), strictly: a byte that does not decode refuses the record, named.
//! 5. With no `CA`, ISO-8859-1, FF\[4\]'s default for `CA`: every byte is a character, so
//!    nothing is replaced (the free text of an undeclared legacy charset reads wrong, the moves
//!    do not).

use encoding_rs::{DecoderResult, Encoding, UTF_16BE, UTF_16LE};
use go_spec::Location;

use crate::error::{SgfError, SgfErrorKind};

/// Text decoded from bytes: the text, the encoding in words (with why that one), and a note
/// for the `CA` property when it names a charset the bytes are not in.
#[derive(Debug)]
pub(crate) struct Decoded {
    pub text: String,
    pub encoding: String,
    pub ca_note: Option<String>,
}

/// Decodes SGF bytes (see the module's order).
pub(crate) fn decode(bytes: &[u8]) -> Result<Decoded, SgfError> {
    let plain = |text: String, encoding: &str| Decoded {
        text,
        encoding: encoding.to_owned(),
        ca_note: None,
    };
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return match std::str::from_utf8(rest) {
            Ok(text) => Ok(plain(text.to_owned(), "UTF-8 (byte-order mark)")),
            Err(e) => Err(refusal(
                rest,
                e.valid_up_to(),
                "the bytes after a UTF-8 byte-order mark are not UTF-8",
            )),
        };
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(rest, UTF_16LE, "UTF-16LE (byte-order mark)");
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(rest, UTF_16BE, "UTF-16BE (byte-order mark)");
    }
    if bytes.contains(&0) {
        let odd = bytes.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
        let even = bytes.iter().step_by(2).filter(|&&b| b == 0).count();
        return if odd > 2 * even {
            utf16(
                bytes,
                UTF_16LE,
                "UTF-16LE (no byte-order mark: NUL bytes at odd offsets)",
            )
        } else if even > 2 * odd {
            utf16(
                bytes,
                UTF_16BE,
                "UTF-16BE (no byte-order mark: NUL bytes at even offsets)",
            )
        } else {
            let at = bytes.iter().position(|&b| b == 0).unwrap_or(0);
            Err(refusal(
                bytes,
                at,
                "a NUL byte, in no UTF-16 pattern: not a text file",
            ))
        };
    }
    let ca = charset_named(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        let ca_note = ca.as_ref().and_then(|label| {
            let named = Encoding::for_label(label.trim().as_bytes());
            let utf8_named = named == Some(encoding_rs::UTF_8);
            (!utf8_named && !text.is_ascii()).then(|| {
                format!("CA[{label}] names another charset, but the bytes are valid UTF-8: read as UTF-8")
            })
        });
        return Ok(Decoded {
            text: text.to_owned(),
            encoding: "UTF-8".to_owned(),
            ca_note,
        });
    }
    let Some(label) = ca else {
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        return Ok(plain(text, "ISO-8859-1 (no CA: FF[4]'s default charset)"));
    };
    let Some(encoding) = Encoding::for_label(label.trim().as_bytes()) else {
        return Err(SgfError::new(
            Location { line: 1, column: 1 },
            SgfErrorKind::Encoding(format!(
                "CA[{label}] names no charset this reader knows, and the bytes are not UTF-8"
            )),
        ));
    };
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(bytes.len() * 2);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        DecoderResult::InputEmpty => Ok(plain(text, &format!("{} (CA[{label}])", encoding.name()))),
        DecoderResult::Malformed(bad, _) => Err(refusal(
            bytes,
            read.saturating_sub(usize::from(bad)),
            &format!("the bytes are not {} (CA[{label}])", encoding.name()),
        )),
        // The string was given room for every byte twice over; a decoder that still wants
        // more is refused rather than trusted.
        DecoderResult::OutputFull => Err(refusal(
            bytes,
            read,
            &format!(
                "the bytes did not decode as {} (CA[{label}])",
                encoding.name()
            ),
        )),
    }
}

/// The text of SGF bytes as the reader decodes them (the module's order), or the refusal.
pub fn decode_text(bytes: &[u8]) -> Result<String, SgfError> {
    decode(bytes).map(|d| d.text)
}

/// UTF-16 in one byte order, strictly.
fn utf16(bytes: &[u8], encoding: &'static Encoding, words: &str) -> Result<Decoded, SgfError> {
    match encoding.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) => Ok(Decoded {
            text: text.into_owned(),
            encoding: words.to_owned(),
            ca_note: None,
        }),
        None => Err(SgfError::new(
            Location { line: 1, column: 1 },
            SgfErrorKind::Encoding(format!(
                "the bytes look like {} but do not decode as it",
                encoding.name()
            )),
        )),
    }
}

/// The value of the first `CA[...]` in the bytes (an ASCII property in any ASCII-compatible
/// charset), if any: `CA` not preceded by another capital letter.
fn charset_named(bytes: &[u8]) -> Option<String> {
    let mut from = 0;
    while let Some(k) = find(&bytes[from..], b"CA[") {
        let at = from + k;
        let before = at.checked_sub(1).map(|i| bytes[i]);
        if !before.is_some_and(|b| b.is_ascii_uppercase()) {
            let value = &bytes[at + 3..];
            let end = value.iter().position(|&b| b == b']')?;
            return Some(String::from_utf8_lossy(&value[..end]).into_owned());
        }
        from = at + 3;
    }
    None
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A refusal at byte `offset`, placed by its line (the lines before it counted in bytes).
fn refusal(bytes: &[u8], offset: usize, why: &str) -> SgfError {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = before.len()
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    SgfError::new(
        Location { line, column },
        SgfErrorKind::Encoding(format!("{why} (byte {offset})")),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn utf16le(text: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        for unit in text.encode_utf16() {
            out.extend(unit.to_le_bytes());
        }
        out
    }

    fn utf16be(text: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xFE, 0xFF] } else { Vec::new() };
        for unit in text.encode_utf16() {
            out.extend(unit.to_be_bytes());
        }
        out
    }

    #[test]
    fn utf16_in_both_orders_with_and_without_a_mark() {
        let text = "(;GM[1]SZ[9]C[囲碁];B[ee])";
        for (bytes, order) in [
            (utf16le(text, true), "UTF-16LE"),
            (utf16le(text, false), "UTF-16LE"),
            (utf16be(text, true), "UTF-16BE"),
            (utf16be(text, false), "UTF-16BE"),
        ] {
            let d = decode(&bytes).unwrap();
            assert_eq!(d.text, text);
            assert!(d.encoding.starts_with(order), "{}", d.encoding);
        }
    }

    #[test]
    fn a_named_charset_decodes_strictly() {
        // 囲碁 in Shift_JIS: 88 CD 8C E9.
        let mut bytes = b"(;CA[Shift_JIS]C[".to_vec();
        bytes.extend([0x88, 0xCD, 0x8C, 0xE9]);
        bytes.extend(b"])");
        let d = decode(&bytes).unwrap();
        assert!(d.text.contains("囲碁"));
        assert_eq!(d.encoding, "Shift_JIS (CA[Shift_JIS])");
        // A lone lead byte at the end of a value is no Shift_JIS character.
        let mut bad = b"(;CA[Shift_JIS]\nC[".to_vec();
        bad.extend([0x88, b']', b')']);
        let e = decode(&bad).unwrap_err();
        assert!(matches!(e.kind, SgfErrorKind::Encoding(ref why) if why.contains("Shift_JIS")));
        assert_eq!(e.location.line, 2);
        let e = decode(b"(;CA[Klingon]C[\xff])").unwrap_err();
        assert!(e.to_string().contains("CA[Klingon]"));
    }

    #[test]
    fn no_charset_is_iso_8859_1_and_utf8_wins_over_a_stale_ca() {
        let d = decode(b"(;C[caf\xe9])").unwrap();
        assert_eq!(d.text, "(;C[café])");
        assert!(d.encoding.starts_with("ISO-8859-1"));
        let d = decode("(;CA[GB2312]C[囲碁])".as_bytes()).unwrap();
        assert_eq!(d.encoding, "UTF-8");
        assert!(d.ca_note.unwrap().contains("CA[GB2312]"));
        assert!(decode(b"(;CA[GB2312]C[go])").unwrap().ca_note.is_none());
    }

    #[test]
    fn nuls_without_a_pattern_are_refused() {
        let e = decode(b"\0\0(;B[aa])\0\0").unwrap_err();
        assert!(e.to_string().contains("NUL"));
    }
}
