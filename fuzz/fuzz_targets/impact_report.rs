//! Any impact report — records changed, unreadable, with any text in every field — rendered in
//! every format `diff` writes (text, JSON lines, JUnit, Markdown, HTML) and as the workbench's
//! impact table (JSON): never a panic, and every text escaped where it lands. Every string of
//! the input starts with `<fuzz"'&|`, so that each field's escaping is exercised on each run.
//! Invariants: each JSON line parses and meets `schemas/impact.json`; the HTML and the JUnit
//! XML never hold the input's `<fuzz` as it was; each Markdown table row keeps its columns (its
//! unescaped `|` count, as GitHub's tables read them); the workbench's table serialises to JSON that parses back to itself.
#![no_main]

use arbitrary::Arbitrary;
use conformance_core::report::Format;
use conformance_core::report::impact::reach::GameReach;
use conformance_core::report::impact::{
    Board, Change, ImpactSummary, ImpactWriter, RecordImpact, SideNames, validate,
};
use conformance_core::workbench::api::{Choice, Comparison};
use conformance_core::workbench::source::Listed;
use conformance_core::workbench::impact::{Changed, Impact, Unreadable};
use libfuzzer_sys::fuzz_target;

const MARK: &str = "<fuzz\"'&|";

#[derive(Arbitrary, Debug)]
struct FuzzChange {
    game: Option<u8>,
    line: Option<u16>,
    left: String,
    right: String,
    transition: String,
    ply: Option<u16>,
    articles: Vec<String>,
    knobs: Vec<String>,
    knobs_together: bool,
    board: Option<String>,
}

#[derive(Arbitrary, Debug)]
enum FuzzRecord {
    Judged {
        file: String,
        more_games: u8,
        changes: Vec<FuzzChange>,
        reached: Vec<String>,
    },
    Unreadable {
        file: String,
        message: String,
    },
}

#[derive(Arbitrary, Debug)]
struct Input {
    left: String,
    right: String,
    tool: String,
    fail_on_change: bool,
    records: Vec<FuzzRecord>,
}

fn marked(s: &str) -> String {
    format!("{MARK}{s}")
}

/// A side's name as the tools make it (a profile's name, `--set` values): one line.
fn side(s: &str) -> String {
    marked(&s.replace(|c: char| c.is_control(), " "))
}

fn change(c: &FuzzChange) -> Change {
    Change {
        // Numbered from 1 in a file (the schema's minimum), as `diff` numbers them.
        game: c.game.map(|g| usize::from(g) + 1),
        line: c.line.map(|l| usize::from(l) + 1),
        left: marked(&c.left),
        right: marked(&c.right),
        transition: marked(&c.transition),
        ply: c.ply.map(usize::from),
        articles: c.articles.iter().map(|a| marked(a)).collect(),
        knobs: c.knobs.iter().map(|k| marked(k)).collect(),
        knobs_together: c.knobs_together,
        // The board's HTML is the game's own drawing, trusted as it is: a fixed one here.
        board: c.board.as_ref().map(|b| Board {
            text: marked(b),
            html: "<svg class=\"board\"></svg>".to_owned(),
        }),
    }
}

fn record(r: &FuzzRecord) -> RecordImpact {
    match r {
        FuzzRecord::Judged {
            file,
            more_games,
            changes,
            reached,
        } => RecordImpact::Judged {
            file: marked(file),
            // A file holds at least the games that changed.
            games: changes.len() + usize::from(*more_games),
            changes: changes.iter().map(change).collect(),
            // The first game reached the knobs given, under either side.
            reach: vec![GameReach {
                knobs: reached.iter().map(|k| marked(k)).collect(),
                articles: Vec::new(),
                changed: !changes.is_empty(),
            }],
        },
        FuzzRecord::Unreadable { file, message } => RecordImpact::Unreadable {
            file: marked(file),
            message: marked(message),
        },
    }
}

/// The `|` of a line that GitHub's Markdown takes as column bars: those not right after a
/// backslash (its table cells read `\|` as a pipe whatever comes before the backslash).
fn bars(line: &str) -> usize {
    let mut previous = ' ';
    let mut n = 0;
    for c in line.chars() {
        if c == '|' && previous != '\\' {
            n += 1;
        }
        previous = c;
    }
    n
}

fn render(input: &Input, records: &[RecordImpact], format: Format) -> String {
    let sides = SideNames {
        left: side(&input.left),
        right: side(&input.right),
    };
    let mut writer = ImpactWriter::new(format, &side(&input.tool), sides, input.fail_on_change);
    let mut summary = ImpactSummary::default();
    let mut out = Vec::new();
    for r in records {
        writer.record(r, &mut out).expect("writes to memory");
        summary.add(r);
    }
    writer.finish(&summary, &mut out).expect("writes to memory");
    String::from_utf8(out).expect("every format is UTF-8")
}

fn check(format: Format, text: &str) {
    match format {
        Format::Text => {}
        Format::Json => {
            for line in text.lines() {
                let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
                if let Err(e) = validate(&v) {
                    panic!("a line against the schema: {e:?}\n{line}");
                }
            }
        }
        Format::Junit | Format::Html => {
            assert!(!text.contains("<fuzz"), "unescaped text:\n{text}");
        }
        Format::Markdown => {
            for line in text.lines().filter(|l| l.starts_with('|')) {
                let n = bars(line);
                // Tables of 2 (counts), 3 (reach) and 6 (changes) columns.
                assert!(matches!(n, 3 | 4 | 7), "{n} column bars in `{line}`");
            }
        }
    }
}

/// The workbench's impact table of the same records: its JSON parses back to itself.
fn workbench_table(records: &[RecordImpact]) {
    let mut table = Impact {
        base: Choice {
            profile: marked("base"),
            ..Choice::default()
        },
        ..Impact::default()
    };
    for (k, r) in records.iter().enumerate() {
        let listed = Listed {
            root: k,
            path: marked(r.file()),
            game: k,
            label: marked(r.file()),
            refused: None,
        };
        match r {
            RecordImpact::Judged { changes, .. } => {
                for c in changes {
                    table.rows.push(Changed {
                        record: listed.clone(),
                        comparison: Comparison {
                            before: c.left.clone(),
                            after: c.right.clone(),
                            parting_ply: c.ply,
                            articles: c.articles.clone(),
                            knobs: c.knobs.clone(),
                            knobs_together: c.knobs_together,
                            ..Comparison::default()
                        },
                    });
                    table.transitions.push((c.transition.clone(), k));
                }
            }
            RecordImpact::Unreadable { message, .. } => table.errors.push(Unreadable {
                label: listed.label,
                error: message.clone(),
            }),
        }
    }
    let json = serde_json::to_value(&table).expect("the table serialises");
    let again: serde_json::Value =
        serde_json::from_str(&json.to_string()).expect("the table's JSON parses");
    assert_eq!(json, again);
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = Input::arbitrary(&mut arbitrary::Unstructured::new(data)) else {
        return;
    };
    let records: Vec<RecordImpact> = input.records.iter().map(record).collect();
    for format in Format::ALL {
        check(format, &render(&input, &records, format));
    }
    workbench_table(&records);
});
