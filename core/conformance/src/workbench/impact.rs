//! The archive impact table: every served record judged under the base choice and under the
//! chosen one (each read once, through [`Workbench::compare`], from any [`super::source::Source`]), the records whose verdict
//! changes, and counts by transition over the whole archive.
//!
//! The records are compared on a few workers (the core's [`crate::pool`]), each taking the next
//! record not yet taken; only the changed rows and the counts are kept, so a large archive costs its reading
//! time and no more memory than its changes.

use std::collections::BTreeMap;

use serde::Serialize;

use super::api::{Choice, Comparison, RecordError, RecordInput, Workbench};
use super::contract::Bench;
use super::source::{FileError, Listed, name_of};
use crate::report::impact::reach::{GameReach, ReachTally};

/// A record whose verdict changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Changed {
    /// Where it is (the page opens it from here).
    pub record: Listed,
    /// Both verdicts, the parting ply, the articles and knobs.
    pub comparison: Comparison,
}

/// A record that could not be judged, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unreadable {
    /// How the page shows it.
    pub label: String,
    /// Why.
    pub error: String,
}

/// A record that reached at least one knob's rule under either choice: what the page's filter
/// "games that reach …" lists, changed or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reaching {
    /// Where it is (the page opens it from here).
    pub record: Listed,
    /// The knobs it reached, in the game's order.
    pub knobs: Vec<String>,
    /// The articles it reached (each knob's article and its parents).
    pub articles: Vec<String>,
    /// Whether its verdict changes.
    pub changed: bool,
}

/// The table: counts over the archive, the transitions, the changed records.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Impact {
    /// The base choice.
    pub base: Choice,
    /// The chosen one.
    pub other: Choice,
    /// Records judged under both.
    pub judged: usize,
    /// Of those, records whose verdict is the same.
    pub unchanged: usize,
    /// Of those, records whose verdict changes.
    pub changed: usize,
    /// Records that could not be judged.
    pub unreadable: usize,
    /// `before → after` with its count, most frequent first.
    pub transitions: Vec<(String, usize)>,
    /// The changed records, in the archive's order.
    pub rows: Vec<Changed>,
    /// The records that could not be judged (the first hundred).
    pub errors: Vec<Unreadable>,
    /// Per knob and per article, the records that reached it under either choice and, of
    /// those, how many changed (every knob of the base profile listed, 0 or not):
    /// `{"games", "by_knob": [{"knob", "article", "reached", "changed"}], "by_article":
    /// {ARTICLE: {"reached", "changed"}}}`, as `diff`'s JSON summary says it.
    pub reach: ReachTally,
    /// Every record that reached a knob, in the archive's order (a record that reached none is
    /// left out: it is what "reached by N of M" does not count).
    pub reaching: Vec<Reaching>,
}

/// How many unreadable records the table names (the count covers them all).
const ERRORS_SHOWN: usize = 100;

/// Compares every listed record under `base` and `other`, on the bench's workers, telling
/// `progress` (records done, records in all) after each record, in the listing's order.
pub fn impact(
    bench: &Bench<'_>,
    listed: &[Listed],
    (base, other): (&Choice, &Choice),
    progress: &mut dyn FnMut(usize, usize),
) -> Impact {
    let game = bench.game;
    let mut found: Vec<(usize, Result<Comparison, CompareError>)> = Vec::new();
    let mut judged_same = 0;
    let mut reach = reach_table(game, base);
    let mut reaching = Vec::new();
    crate::pool::for_each_ordered(
        listed,
        bench.jobs,
        || (),
        |(), rec| compare_one(bench, rec, base, other),
        |i, result| {
            progress(i + 1, listed.len());
            if let Ok(c) = &result {
                reach.add(&GameReach {
                    knobs: c.reached.clone(),
                    articles: c.reached_articles.clone(),
                    changed: c.changed(),
                });
                if let (false, Some(rec)) = (c.reached.is_empty(), listed.get(i)) {
                    reaching.push(Reaching {
                        record: rec.clone(),
                        knobs: c.reached.clone(),
                        articles: c.reached_articles.clone(),
                        changed: c.changed(),
                    });
                }
            }
            match result {
                Ok(c) if !c.changed() => judged_same += 1,
                r => found.push((i, r)),
            }
        },
    );
    let mut table = Impact {
        base: base.clone(),
        other: other.clone(),
        unchanged: judged_same,
        reach,
        reaching,
        ..Impact::default()
    };
    let mut transitions: BTreeMap<String, usize> = BTreeMap::new();
    for (i, r) in found {
        let Some(rec) = listed.get(i) else { continue };
        match r {
            Ok(c) => {
                *transitions
                    .entry(format!("{} → {}", c.before, c.after))
                    .or_default() += 1;
                table.rows.push(Changed {
                    record: rec.clone(),
                    comparison: c,
                });
            }
            Err(error) => {
                table.unreadable += 1;
                if table.errors.len() < ERRORS_SHOWN {
                    table.errors.push(Unreadable {
                        label: rec.label.clone(),
                        error: error.to_string(),
                    });
                }
            }
        }
    }
    table.changed = table.rows.len();
    table.judged = table.changed + table.unchanged;
    let mut transitions: Vec<(String, usize)> = transitions.into_iter().collect();
    transitions.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    table.transitions = transitions;
    table
}

/// An empty reach tally listing every knob of `base`'s profile (from the game's info) with its
/// article, so that a knob no record reaches shows with 0.
fn reach_table(game: &dyn Workbench, base: &Choice) -> ReachTally {
    let info = game.info();
    let profile = info
        .profiles
        .iter()
        .find(|p| p.name == base.profile)
        .or(info.profiles.first());
    let knobs: Vec<(String, Option<String>)> = profile
        .map(|p| {
            p.knobs
                .iter()
                .map(|k| {
                    let article = k
                        .article
                        .parse::<conformance_rulebook::ArticleId>()
                        .ok()
                        .map(|a| a.as_str().to_owned());
                    (k.name.clone(), article)
                })
                .collect()
        })
        .unwrap_or_default();
    ReachTally::for_names(&knobs)
}

/// Why a record of the table could not be compared; the table names the record beside it, so
/// the message says only where and what.
#[derive(Debug, thiserror::Error)]
enum CompareError {
    /// The record could not be found or read under the served folders.
    #[error("{0}")]
    File(#[from] FileError),
    /// The game's judge panicked on it.
    #[error("the judge failed on this record (a bug)")]
    Panicked,
    /// The game's judge refused it.
    #[error("{}{}", .0.line.map(|l| format!("line {l}: ")).unwrap_or_default(), .0.message)]
    Record(RecordError),
}

/// One record read once and compared; a panic in a game's judge is one unreadable record, not a
/// lost table.
fn compare_one(
    bench: &Bench<'_>,
    rec: &Listed,
    base: &Choice,
    other: &Choice,
) -> Result<Comparison, CompareError> {
    let game = bench.game;
    let real = bench.source.resolve(rec.root, &rec.path, game)?;
    let name = name_of(&bench.source.folders(), rec.root, &rec.path);
    let bytes = bench.source.read(&real, &name, bench.limit)?;
    let input = RecordInput {
        name,
        bytes,
        path: Some(real),
        game: rec.game,
    };
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        game.compare(&input, base, other)
    }))
    .map_err(|_| CompareError::Panicked)?
    .map_err(CompareError::Record)
}
