//! `shogi-conformance convert IN --to yaml|csa|kif|jkf [--output FILE]`: a record in another
//! format, with the ending the oracle judged written in the target format's own words.
//!
//! Only CSA holds several games in one file; converting a multi-game CSA file to another
//! format is refused rather than silently keeping one game. Output is UTF-8 (KIF written this
//! way is what the `.kifu` extension names). With `--output`, a regular file is replaced
//! atomically; a device, FIFO or symlink is written through, never replaced.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use shogi_records::Format;

use crate::judge::{JudgeFormat, JudgeRequest, judge_games};

/// Converts the file at `input` to `to`, printing it or writing it to `output`.
pub fn run(
    input: &Path,
    to: &str,
    output: Option<&Path>,
    profile: &str,
    set: &[String],
) -> Result<ExitCode, String> {
    let target = Format::from_extension(to)
        .filter(|f| *f != Format::Ki2)
        .ok_or_else(|| format!("--to {to}: expected yaml, csa, kif or jkf"))?;
    let file = input.display().to_string();
    let bytes = std::fs::read(input).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let (_, judged) = judge_games(&JudgeRequest {
        bytes: &bytes,
        file: &file,
        profile,
        set,
        explain: false,
        format: JudgeFormat::Text,
    })?;
    if judged.len() > 1 && target != Format::Csa {
        return Err(format!(
            "{file} holds {} games; only CSA holds several in one file (convert --to csa)",
            judged.len()
        ));
    }
    let mut text = String::new();
    for (k, j) in judged.iter().enumerate() {
        if k > 0 {
            text.push_str("/\n");
        }
        let part = shogi_records::export::write(&j.game.record, &j.judgement.verdict, target)
            .map_err(|e| format!("{file}: {e}"))?;
        text.push_str(&part);
    }
    match output {
        None => print!("{text}"),
        Some(path) => write_output(path, &text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to `path`: atomically over a regular file (or a new one), straight through
/// anything else (a device, a FIFO, a symlink), which is never replaced.
pub fn write_output(path: &Path, text: &str) -> Result<(), String> {
    let special = std::fs::symlink_metadata(path)
        .map(|m| !m.file_type().is_file())
        .unwrap_or(false);
    if special {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(text.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()));
    }
    crate::commands::write_atomically(path, text)
}
