//! `judge --format junit` and `--format markdown`: the same verdict fields as the JSON
//! (result, winner, reason kind, verified, source, evidence, and how the written ending stands),
//! for a CI test tab and for a pull-request comment. Both are built from [`game_json`], so the
//! four formats cannot drift apart.

use conformance_core::report::escape::xml;
use std::fmt::Write as _;

use serde_json::Value;
use shogi_records::Imported;

use super::judge::{Judged, game_json, game_line};

/// The verdict fields every format carries, read from a game's JSON object, as text.
struct Fields {
    result: String,
    winner: String,
    reason: String,
    verified: String,
    source: String,
    evidence: String,
    agreement: String,
}

/// A JSON value as plain text: strings without quotes, nothing for null.
fn plain(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn fields(obj: &Value) -> Fields {
    let v = &obj["verdict"];
    let evidence = &v["evidence"];
    Fields {
        result: plain(&v["result"]),
        winner: plain(&v["winner"]),
        reason: plain(&v["reason"]["kind"]),
        verified: plain(&v["verified"]),
        source: plain(&v["source"]),
        evidence: if evidence.is_null() {
            String::new()
        } else {
            format!(
                "line {}: {}",
                plain(&evidence["line"]),
                plain(&evidence["text"])
            )
        },
        agreement: plain(&obj["agreement"]),
    }
}

/// The record as one JUnit testsuite, a testcase per game. A game whose written ending differs
/// from the verdict is a failure (the exit status says the same); the verdict fields are the
/// testcase's properties and the verdict line its output.
pub fn judge_junit(file: &str, imported: &Imported, judged: &[Judged]) -> String {
    let objs: Vec<Value> = judged
        .iter()
        .enumerate()
        .map(|(k, j)| game_json(j, k, imported, false))
        .collect();
    let failures = objs.iter().filter(|o| o["agreement"] == "differs").count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"shogi-conformance judge\" tests=\"{}\" failures=\"{failures}\">",
        objs.len()
    );
    let _ = writeln!(
        out,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\">",
        xml(file),
        objs.len()
    );
    for ((k, j), obj) in judged.iter().enumerate().zip(&objs) {
        let f = fields(obj);
        let _ = writeln!(
            out,
            "    <testcase classname=\"{}\" name=\"game {} (line {})\">",
            xml(file),
            k + 1,
            j.game.line
        );
        out.push_str("      <properties>\n");
        for (name, value) in [
            ("result", &f.result),
            ("winner", &f.winner),
            ("reason", &f.reason),
            ("verified", &f.verified),
            ("source", &f.source),
            ("evidence", &f.evidence),
            ("agreement", &f.agreement),
        ] {
            let _ = writeln!(
                out,
                "        <property name=\"{name}\" value=\"{}\"/>",
                xml(value)
            );
        }
        out.push_str("      </properties>\n");
        let line = game_line(j);
        if f.agreement == "differs" {
            let _ = writeln!(
                out,
                "      <failure message=\"the written ending differs from the verdict\">{}</failure>",
                xml(&line)
            );
        }
        let _ = writeln!(out, "      <system-out>{}</system-out>", xml(&line));
        out.push_str("    </testcase>\n");
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

/// A table cell: pipes escaped and line breaks flattened, so a cell never ends the row.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The record as a Markdown table, a row per game, with the verdict line of each below it.
pub fn judge_markdown(file: &str, imported: &Imported, judged: &[Judged]) -> String {
    let mut out = format!("## judge: `{}`\n\n", file.replace('`', "'"));
    out.push_str(
        "| game | line | result | winner | reason | verified | source | evidence | written ending |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    let mut lines = Vec::new();
    for (k, j) in judged.iter().enumerate() {
        let f = fields(&game_json(j, k, imported, false));
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            k + 1,
            j.game.line,
            cell(&f.result),
            cell(&f.winner),
            cell(&f.reason),
            cell(&f.verified),
            cell(&f.source),
            cell(&f.evidence),
            cell(&f.agreement)
        );
        lines.push(format!("- game {}: {}", k + 1, game_line(j)));
    }
    out.push('\n');
    for l in lines {
        out.push_str(&l);
        out.push('\n');
    }
    out
}
