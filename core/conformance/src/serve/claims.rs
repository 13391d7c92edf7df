//! The claims a document makes about the build, written beside its prose so that a test can
//! hold the prose to the build: an HTML comment (invisible on the rendered page) naming what is
//! claimed, and the words of the paragraph under it that say it.
//!
//! ```text
//! <!-- claim verdict game=toy record=records/a.rec profile=base
//!      set="speed=slow" says="fine: a" quote="(*fine: a*)" -->
//! The record is fine (*fine: a*). …
//! ```
//!
//! `quote` must appear in the paragraph that follows the comment (up to the next blank line;
//! `*` and backquotes are ignored on both sides, and runs of spaces and line breaks count as
//! one space), and every field listed in [`QUOTED`] that the claim has must appear in `quote`:
//! so the number the reader sees is the one the test checks.
//!
//! Each claim is then checked against the build through the game's [`Workbench`] — the very
//! answers the page shows ([`check`]), not a second reading:
//!
//! | kind | fields | checked |
//! | --- | --- | --- |
//! | `records` | `folder`, `count`, `games`, `folders` | the record files (`count`) and games the workbench lists under `folder`, and the subfolders they are in |
//! | `verdict` | `record`, `profile`, `set`, `says`, `fact`, `knob`, `ply` | the headline is `says`; a step of the chain contains `fact`; `knob` decided; the board opens at `ply` |
//! | `refused` | `profile`, `set`, `knob`, `domain` | the choice is refused, on `knob`'s field, saying it takes `domain` |
//! | `impact` | `folder`, `base`, `profile`, `set`, `changed`, `judged`, `unreadable`, `rows`, `ply` | the impact table's counts; each of `rows` (a label's end) changes, parting at `ply` |
//!
//! `profile` defaults to `base`, `base` to the game's default profile; `set` is `knob=value`
//! pairs separated by commas.

use std::collections::BTreeMap;
use std::path::Path;

use crate::workbench::api::RecordError;
use crate::workbench::api::{Choice, RecordInput, Workbench};
use crate::workbench::contract::Bench;
use crate::workbench::disk::Disk;
use crate::workbench::source::{self, FileError, Listed, Listing};
use crate::workbench::{DEFAULT_LIMIT, impact};

/// The fields whose values must appear in the claim's `quote`.
pub const QUOTED: &[&str] = &[
    "says",
    "count",
    "games",
    "folders",
    "changed",
    "judged",
    "unreadable",
    "domain",
];

/// One claim: its kind, the line it starts on (from 1), its fields, and the paragraph under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// What is claimed (`records`, `verdict`, `impact`, `refused`, …).
    pub kind: String,
    /// The comment's first line in the document, from 1.
    pub line: usize,
    /// `key=value` pairs, quotes removed.
    pub fields: BTreeMap<String, String>,
    /// The paragraph under the comment, as [`plain`] gives it.
    pub paragraph: String,
}

impl Claim {
    /// A field's value, or `""` when the claim has none.
    pub fn get(&self, key: &str) -> &str {
        self.fields.get(key).map_or("", String::as_str)
    }

    /// A field as a list: comma-separated, trimmed, empty parts dropped.
    pub fn list(&self, key: &str) -> Vec<String> {
        self.get(key)
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    }

    /// What is wrong with the claim as written: its quote missing from its paragraph, or a
    /// checked value missing from its quote. Empty when it is well formed.
    pub fn form_problems(&self) -> Vec<String> {
        let quote = plain(self.get("quote"));
        let mut out = Vec::new();
        if quote.is_empty() {
            out.push(format!("line {}: the claim has no quote", self.line));
        } else if !self.paragraph.contains(&quote) {
            out.push(format!(
                "line {}: the quote `{quote}` is not in the paragraph under it: `{}`",
                self.line, self.paragraph
            ));
        }
        for key in QUOTED {
            if let Some(v) = self.fields.get(*key)
                && !quote.contains(&plain(v))
            {
                out.push(format!(
                    "line {}: {key}=`{v}` is not in the quote `{quote}`",
                    self.line
                ));
            }
        }
        out
    }
}

/// Text as the claims compare it: `*` and backquotes removed, whitespace runs one space.
pub fn plain(text: &str) -> String {
    text.replace(['*', '`'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every `<!-- claim … -->` of a document, in order.
pub fn claims(text: &str) -> Vec<Claim> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        if !line.trim_start().starts_with("<!-- claim ") {
            i += 1;
            continue;
        }
        let start = i;
        let mut comment = String::new();
        while let Some(l) = lines.get(i) {
            comment.push_str(l);
            comment.push(' ');
            i += 1;
            if l.contains("-->") {
                break;
            }
        }
        let body = comment
            .trim()
            .trim_start_matches("<!-- claim ")
            .trim_end_matches("-->")
            .trim();
        let (kind, rest) = body.split_once(' ').unwrap_or((body, ""));
        let paragraph: Vec<&str> = lines
            .get(i..)
            .unwrap_or_default()
            .iter()
            .take_while(|l| !l.trim().is_empty())
            .copied()
            .collect();
        out.push(Claim {
            kind: kind.to_owned(),
            line: start + 1,
            fields: fields(rest),
            paragraph: plain(&paragraph.join(" ")),
        });
    }
    out
}

/// `key=value key="a value"` pairs.
fn fields(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut rest = text.trim_start();
    while let Some((key, after)) = rest.split_once('=') {
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(' ').unwrap_or((after, "")),
        };
        out.insert(key.trim().to_owned(), value.to_owned());
        rest = next.trim_start();
    }
    out
}

/// Checks every claim of `doc` about game `game` (its `game=` field) against `bench`, with the
/// claims' paths taken from `root`; returns how many were checked and what is wrong.
pub fn check_all(
    bench: &dyn Workbench,
    game: &str,
    doc: &str,
    root: &Path,
) -> (usize, Vec<String>) {
    let mine: Vec<Claim> = claims(doc)
        .into_iter()
        .filter(|c| c.get("game") == game)
        .collect();
    let problems = mine
        .iter()
        .flat_map(|c| {
            let mut p = c.form_problems();
            p.extend(check(bench, c, root));
            p
        })
        .collect();
    (mine.len(), problems)
}

/// Why a claim could not be checked at all (as against a claim the build contradicts, which is
/// a finding, not an error).
#[derive(Debug, thiserror::Error)]
enum ClaimError {
    /// The claim names a kind this checker does not know.
    #[error("no such kind of claim: {0}")]
    Kind(String),
    /// The claim's folder could not be listed.
    #[error(transparent)]
    Folder(#[from] FileError),
    /// The claim's record could not be read.
    #[error("{name}: {source}")]
    Read {
        /// The record as the claim names it.
        name: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The build could not judge the claim's record.
    #[error(transparent)]
    Judge(#[from] RecordError),
}

/// What the build says against one claim: empty when it holds.
pub fn check(bench: &dyn Workbench, claim: &Claim, root: &Path) -> Vec<String> {
    let found = match claim.kind.as_str() {
        "records" => records(bench, claim, root),
        "verdict" => verdict(bench, claim, root),
        "refused" => refused(bench, claim),
        "impact" => impact_claim(bench, claim, root),
        other => Err(ClaimError::Kind(other.to_owned())),
    };
    match found {
        Ok(wrong) => wrong,
        Err(e) => vec![e.to_string()],
    }
    .into_iter()
    .map(|w| format!("line {} ({}): {w}", claim.line, claim.kind))
    .collect()
}

/// A field that must equal what the build says, when the claim has it.
fn same(claim: &Claim, key: &str, built: &str, out: &mut Vec<String>) {
    if let Some(v) = claim.fields.get(key)
        && v != built
    {
        out.push(format!(
            "{key}: the document says `{v}`, the build `{built}`"
        ));
    }
}

fn choice(bench: &dyn Workbench, claim: &Claim, key: &str) -> Choice {
    let default = || {
        bench
            .info()
            .profiles
            .first()
            .map(|p| p.name.clone())
            .unwrap_or_default()
    };
    let base = match claim.get("base") {
        "" => default(),
        b => b.to_owned(),
    };
    let profile = match claim.get(key) {
        "" => base,
        p => p.to_owned(),
    };
    Choice {
        profile,
        set: if key == "base" {
            Vec::new()
        } else {
            claim.list("set")
        },
        marks: Vec::new(),
    }
}

fn listed(bench: &dyn Workbench, folder: &Path) -> Result<(Disk, Listing), ClaimError> {
    let disk = Disk::new(&[folder.to_path_buf()])?;
    let listing = source::list(&disk, bench, DEFAULT_LIMIT)?;
    Ok((disk, listing))
}

fn records(bench: &dyn Workbench, claim: &Claim, root: &Path) -> Result<Vec<String>, ClaimError> {
    let (_, listing) = listed(bench, &root.join(claim.get("folder")))?;
    let mut folders: Vec<&str> = listing
        .games()
        .filter_map(|l| l.path.split_once('/').map(|(first, _)| first))
        .collect();
    folders.dedup();
    folders.sort_unstable();
    folders.dedup();
    let mut out = Vec::new();
    same(claim, "count", &listing.files.to_string(), &mut out);
    if !claim.get("games").is_empty() {
        same(claim, "games", &listing.games.to_string(), &mut out);
    }
    same(claim, "folders", &folders.len().to_string(), &mut out);
    Ok(out)
}

fn verdict(bench: &dyn Workbench, claim: &Claim, root: &Path) -> Result<Vec<String>, ClaimError> {
    let named = claim.get("record");
    let real = root.join(named);
    let bytes = std::fs::read(&real).map_err(|source| ClaimError::Read {
        name: named.to_owned(),
        source,
    })?;
    let input = RecordInput {
        name: named.to_owned(),
        bytes,
        path: Some(real),
        game: 0,
    };
    let v = bench.judge(&input, &choice(bench, claim, "profile"))?;
    let mut out = Vec::new();
    same(claim, "says", &v.headline, &mut out);
    let ply = v.deciding_ply.map(|p| p.to_string()).unwrap_or_default();
    same(claim, "ply", &ply, &mut out);
    let fact = claim.get("fact");
    if !fact.is_empty() && !v.chain.iter().any(|s| s.fact.contains(fact)) {
        out.push(format!("fact: no article of the chain says `{fact}`"));
    }
    let knob = claim.get("knob");
    if !knob.is_empty() && !v.knobs.iter().any(|k| k.knob == knob) {
        out.push(format!(
            "knob: `{knob}` is not among the knobs that decided"
        ));
    }
    Ok(out)
}

fn refused(bench: &dyn Workbench, claim: &Claim) -> Result<Vec<String>, ClaimError> {
    Ok(match bench.check(&choice(bench, claim, "profile")) {
        Ok(()) => vec!["the build accepts these rules".to_owned()],
        Err(e) => {
            let mut out = Vec::new();
            same(
                claim,
                "knob",
                e.knob.as_deref().unwrap_or_default(),
                &mut out,
            );
            same(
                claim,
                "domain",
                e.domain.as_deref().unwrap_or_default(),
                &mut out,
            );
            out
        }
    })
}

fn impact_claim(
    bench: &dyn Workbench,
    claim: &Claim,
    root: &Path,
) -> Result<Vec<String>, ClaimError> {
    let (disk, listing) = listed(bench, &root.join(claim.get("folder")))?;
    let listed: Vec<Listed> = listing.games().cloned().collect();
    let jobs = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let (base, other) = (
        choice(bench, claim, "base"),
        choice(bench, claim, "profile"),
    );
    let on = Bench {
        game: bench,
        source: &disk,
        limit: DEFAULT_LIMIT,
        jobs,
    };
    let t = impact::impact(&on, &listed, (&base, &other), &mut |_, _| {});
    let mut out = Vec::new();
    same(claim, "changed", &t.changed.to_string(), &mut out);
    same(claim, "judged", &t.judged.to_string(), &mut out);
    same(claim, "unreadable", &t.unreadable.to_string(), &mut out);
    for row in claim.list("rows") {
        match t.rows.iter().find(|r| r.record.label.ends_with(&row)) {
            None => out.push(format!("rows: `{row}` does not change")),
            Some(r) => {
                let ply = r
                    .comparison
                    .parting_ply
                    .map(|p| p.to_string())
                    .unwrap_or_default();
                same(claim, "ply", &ply, &mut out);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_claim_reads_its_fields_and_is_held_to_its_paragraph() {
        let doc = "intro\n\n<!-- claim impact game=toy set=\"a=b\"\n changed=3 judged=149 quote=\"3 of the 149\" -->\n**3 of the\n149 records** change.\n\nnext";
        let found = claims(doc);
        assert_eq!(found.len(), 1);
        let c = &found[0];
        assert_eq!((c.kind.as_str(), c.line), ("impact", 3));
        assert_eq!(c.get("set"), "a=b");
        assert_eq!(c.get("changed"), "3");
        assert_eq!(c.paragraph, "3 of the 149 records change.");
        assert!(c.form_problems().is_empty(), "{:?}", c.form_problems());
        let stale = doc.replace("149 records**", "150 records**");
        assert_eq!(claims(&stale)[0].form_problems().len(), 1);
        let wrong = doc.replace("judged=149", "judged=150");
        assert_eq!(claims(&wrong)[0].form_problems().len(), 1);
    }
}
