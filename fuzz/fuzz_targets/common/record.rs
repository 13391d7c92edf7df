//! The check every record-format target makes, shared so that the four targets differ only in
//! the format they read. It also drives what `judge` and `convert` do with a file (the CLI's
//! `cli/records.rs` only reads the bytes and prints the result), so those paths are fuzzed too.

use shogi_conformance::games::convert::convert;
use shogi_conformance::games::judge::{JudgeFormat, JudgeRequest, judge_text};
use shogi_oracle::game::adjudicate;
use shogi_records::{Format, encoding, export, import_text};
use shogi_spec::profile::Profile;

/// Any bytes read as a `format` record: the importer gives games or a clean error, never a
/// panic; every game it gives can be judged, and written back as CSA and as KIF and read again
/// without an error; `judge` (every output format) and `convert` (every target) give a report
/// or a clean error.
pub fn check(data: &[u8], format: Format) {
    let file = format!("fuzz.{}", extension(format));
    for judge_format in [JudgeFormat::Text, JudgeFormat::Json, JudgeFormat::Html] {
        let _ = judge_text(&JudgeRequest {
            bytes: data,
            file: &file,
            profile: "fesa-2017",
            set: &[],
            explain: true,
            format: judge_format,
        });
    }
    for to in ["yaml", "csa", "kif", "jkf"] {
        let _ = convert(data, &file, to, "fesa-2017", &[]);
    }
    let text = encoding::decode(data).text;
    let Ok(games) = import_text(&text, format) else {
        return;
    };
    damaged_move_line_is_unreadable(&text, format);
    for game in games {
        let _ = game.written.as_ref().map(|w| w.to_string());
        // A header the reader did not understand is never turned into a value: no clock.
        if !game.notes.is_empty() {
            assert!(
                game.record.time_control.is_none()
                    || game
                        .notes
                        .iter()
                        .all(|n| !n.text.contains("clocks not judged")),
                "a time control not understood became a value: {:?}\n{text}",
                game.record.time_control
            );
        }
        let Ok(judgement) = adjudicate(&game.record, &Profile::default()) else {
            continue;
        };
        // Never a flag fall without a clock in the record.
        if game.record.time_control.is_none() {
            let reason = match &judgement.verdict {
                shogi_spec::Verdict::Win { reason, .. } | shogi_spec::Verdict::Draw { reason } => {
                    Some(reason.kind)
                }
                _ => None,
            };
            assert!(
                !matches!(
                    reason,
                    Some(shogi_spec::ReasonKind::FlagFall | shogi_spec::ReasonKind::DoubleFlagFall)
                ),
                "a flag fell in a game without a clock: {:?}\n{text}",
                judgement.verdict
            );
        }
        // What the record asserts and its moves cannot show is followed, never contradicted.
        let _ = game.recorded_finding(&judgement.verdict);
        for (to, name) in [(Format::Csa, "CSA"), (Format::Kif, "KIF")] {
            if let Ok(written) = export::write(&game.record, &judgement.verdict, to) {
                if let Err(e) = import_text(&written, to) {
                    panic!("the {name} writer wrote what the reader refuses: {e}\n{written}");
                }
            }
        }
    }
}

/// A record read whole, with one of its main-line move lines damaged (its move text turned
/// into U+FFFD, as a wrong decoding does), is never read as a game: the reader names the line
/// instead (issue 43: a damaged KIF was judged "game continues" with its moves dropped).
/// KIF and KI2, the formats whose move lines are lines; only lines before any variation, which
/// are the main line the reader reads.
fn damaged_move_line_is_unreadable(text: &str, format: Format) {
    let lines: Vec<&str> = encoding::each_line(text).collect();
    let main = lines
        .iter()
        .position(|l| l.trim_start().starts_with("変化"))
        .unwrap_or(lines.len());
    let damaged_at = |k: usize, line: String| {
        let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        out[k] = line;
        out.join("\n")
    };
    let damaged = match format {
        Format::Kif => lines[..main]
            .iter()
            .position(|l| shogi_records::kif::is_kif_move(l))
            .map(|k| {
                let t = lines[k].trim_start();
                let digits = t.chars().take_while(char::is_ascii_digit).count();
                damaged_at(k, format!("{} \u{fffd}\u{fffd}\u{fffd}(77)", &t[..digits]))
            }),
        Format::Ki2 => lines[..main]
            .iter()
            .position(|l| shogi_records::ki2::is_move_line(l))
            .map(|k| damaged_at(k, "▲\u{fffd}\u{fffd}\u{fffd}".to_owned())),
        _ => None,
    };
    if let Some(damaged) = damaged {
        if let Ok(games) = import_text(&damaged, format) {
            panic!(
                "a record with a damaged move line was read as {} game(s):\n{damaged}",
                games.len()
            );
        }
    }
}

/// The extension a file of `format` has, so that detection reads it as that format.
fn extension(format: Format) -> &'static str {
    match format {
        Format::Csa => "csa",
        Format::Kif => "kif",
        Format::Ki2 => "ki2",
        Format::Jkf => "jkf",
        Format::Yaml => "yaml",
    }
}
