//! `judge --format junit` and `--format markdown`: the same verdict fields as the JSON
//! (result, winner, reason kind, verified, source, evidence, and how the written ending stands),
//! for a CI test tab and for a pull-request comment. Both are built from [`game_json`], so the
//! four formats cannot drift apart; their shapes are the core's
//! (`conformance_core::report::judged`), which the Go
//! tool's judge writes too.

use conformance_core::report::judged::{JudgedGame, Standing, junit, markdown};

use serde_json::Value;
use shogi_records::Imported;

use super::judge::{Judged, game_json, game_line};

/// The tool's name, as the JUnit `<testsuites>` says it.
const TOOL: &str = "shogi-conformance";

/// A JSON value as plain text: strings without quotes, nothing for null.
fn plain(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The verdict fields every format carries, read from a game's JSON object, in their order.
fn fields(obj: &Value) -> Vec<(String, String)> {
    let v = &obj["verdict"];
    let evidence = &v["evidence"];
    let evidence = if evidence.is_null() {
        String::new()
    } else {
        format!(
            "line {}: {}",
            plain(&evidence["line"]),
            plain(&evidence["text"])
        )
    };
    [
        ("result", plain(&v["result"])),
        ("winner", plain(&v["winner"])),
        ("reason", plain(&v["reason"]["kind"])),
        ("verified", plain(&v["verified"])),
        ("source", plain(&v["source"])),
        ("evidence", evidence),
        ("agreement", plain(&obj["agreement"])),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect()
}

/// The record's games in the core's judged shape. A game whose written ending differs from
/// the verdict is a failure (the exit status says the same).
fn games(file: &str, imported: &Imported, judged: &[Judged]) -> Vec<JudgedGame> {
    judged
        .iter()
        .enumerate()
        .map(|(k, j)| {
            let obj = game_json(j, k, imported, false);
            let standing = if obj["agreement"] == "differs" {
                Standing::Fail("the written ending differs from the verdict".into())
            } else {
                Standing::Pass
            };
            JudgedGame {
                file: file.to_owned(),
                name: format!("game {} (line {})", k + 1, j.game.line),
                place: vec![
                    ("game".into(), (k + 1).to_string()),
                    ("line".into(), j.game.line.to_string()),
                ],
                fields: fields(&obj),
                standing,
                line: game_line(j),
                explanation: Vec::new(),
            }
        })
        .collect()
}

/// The record as one JUnit testsuite, a testcase per game: the verdict fields are the
/// testcase's properties and the verdict line its output.
pub fn judge_junit(file: &str, imported: &Imported, judged: &[Judged]) -> String {
    junit(TOOL, file, &games(file, imported, judged))
}

/// The record as a Markdown table, a row per game, with the verdict line of each below it.
pub fn judge_markdown(file: &str, imported: &Imported, judged: &[Judged]) -> String {
    markdown(file, &games(file, imported, judged))
}
