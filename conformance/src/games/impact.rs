//! Archive impact (`shogi-conformance diff … RECORDS`): which games of an archive change
//! verdict when the rule profile changes, from what to what, at which ply, by which articles
//! and knobs — the question a rules committee asks before changing an interpretation.
//!
//! Each record is read and imported once ([`import_record`]) and its games are judged under
//! both sides ([`judge_imported`]), so a diff costs one read and two judgements. The report's
//! shapes, the tally, the ordered workers and every format are the core's
//! ([`conformance_core::report::impact`]), which the Go tool's `diff` uses too.
//!
//! A game *changes* when the verdict a reader takes from `judge` differs between the sides:
//! the oracle's verdict on the moves, or the recorded finding it follows where the moves
//! cannot show the ending (`as recorded`). The *first parting ply* is the earliest ply at
//! which one judgement has ended the game and the other has not, or both have ended it
//! differently ([`parting_ply`]); a ply is a move made, the deciding move counted. The board
//! shown there is the position when the earlier judgement ended the game (before the deciding
//! move when that move was illegal and could not be made on the board). The knobs named are
//! those proved to decide by counterfactual (the core's [`deciding_change`]): only a game that
//! changed is re-judged, and only with the knobs whose values differ between the sides. The
//! articles named are those whose branch the game took ([`articles_taken`]): the deciding knobs'
//! articles, then the article of the rule that decided each side's verdict at its deciding ply
//! ([`deciding_article`]); a step one explanation holds and the other does not is not enough.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use conformance_core::report::impact::reach::GameReach;
use conformance_core::report::impact::{
    self, Board, Change, Deciding, ImpactSummary, RecordImpact, SideNames, articles_taken,
    deciding_change, parting_ply,
};
use shogi_records::Imported;
use shogi_spec::Verdict;
use shogi_spec::profile::{Profile, Rules};

use super::judge::{
    JudgeError, Judged, import_record, judge_game, judge_imported, profile_spec, shared_profile,
};
use crate::report::board::{self, Mark};

/// One side of a comparison: a built-in profile and the overrides applied to it.
#[derive(Debug, Clone)]
pub struct DiffSide {
    /// The profile's name (`fesa-2017`, `csa-computer`).
    pub profile: String,
    /// `knob=value` overrides, applied in order.
    pub set: Vec<String>,
    base: Arc<Profile>,
}

impl DiffSide {
    /// The side, its profile and overrides checked.
    ///
    /// # Errors
    /// An unknown profile, or an override that does not resolve.
    pub fn new(profile: &str, set: &[String]) -> Result<DiffSide, JudgeError> {
        // A profile as `match` writes it (`fesa-2017,max_moves=60`) is a name and overrides.
        let (profile, set) = profile_spec(profile, set);
        let set = &set;
        let base = shared_profile(profile)?;
        let mut checked = (*base).clone();
        for assignment in set {
            checked = checked
                .with_override(assignment)
                .map_err(|error| JudgeError::Override {
                    assignment: assignment.clone(),
                    error,
                })?;
        }
        Ok(DiffSide {
            profile: profile.to_owned(),
            set: set.to_vec(),
            base,
        })
    }

    /// The side as the reports name it: `fesa-2017 + repetition_start=not_counted`.
    pub fn name(&self) -> String {
        std::iter::once(self.profile.clone())
            .chain(self.set.iter().cloned())
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// The two sides of a `diff`.
#[derive(Debug, Clone)]
pub struct DiffSides {
    /// The first profile.
    pub left: DiffSide,
    /// The second profile, or the first with the overrides.
    pub right: DiffSide,
}

impl DiffSides {
    /// The sides of `diff --profile A (--profile B | --set K=V …)`: with one profile the right
    /// side is it with the overrides; with two, the overrides apply to the second (as the
    /// corpus diff reads them).
    ///
    /// # Errors
    /// Not one or two profiles, one profile without overrides, or a profile or override that
    /// does not resolve.
    pub fn new(profiles: &[String], set: &[String]) -> Result<DiffSides, JudgeError> {
        match profiles {
            [one] if !set.is_empty() => Ok(DiffSides {
                left: DiffSide::new(one, &[])?,
                right: DiffSide::new(one, set)?,
            }),
            [a, b] => Ok(DiffSides {
                left: DiffSide::new(a, &[])?,
                right: DiffSide::new(b, set)?,
            }),
            _ => Err(JudgeError::DiffSides),
        }
    }

    /// The names of the two sides, for the report.
    pub fn names(&self) -> SideNames {
        SideNames {
            left: self.left.name(),
            right: self.right.name(),
        }
    }
}

/// The verdict a reader takes from `judge` in words, as `diff` and the counterfactuals compare
/// it (a change's `left` and `right`): a judgement that fails is a verdict of its own (it
/// differs from any).
pub fn shown_verdict(j: Result<Judged, JudgeError>) -> String {
    match j {
        Ok(j) => shown(&j).0,
        Err(e) => format!("cannot be judged: {e}"),
    }
}

/// The knobs that decided game `k`'s change from `left` to `right`, by counterfactual: the game
/// re-judged under the left side's profile with each differing knob set alone to the right
/// side's value, then with the smallest combination ([`deciding_change`]).
fn deciding(file: &str, imported: &Imported, k: usize, left: &Judged, right: &Judged) -> Deciding {
    deciding_change(&*left.profile, &*right.profile, &shown(left).0, |p| {
        shown_verdict(judge_game(file, imported, k, Arc::new(p.clone())))
    })
}

/// The knobs that decided one judgement (`judge --explain`, its HTML, the workbench), by
/// counterfactual: the game re-judged with each knob set alone to every value another shipped
/// profile gives it and to each of its words; when none changes the verdict alone, the smallest
/// combination of another shipped profile's values that does (the core's
/// [`deciding_verdict`](conformance_core::report::impact::deciding_verdict)).
pub fn knobs_that_decided(j: &Judged) -> Deciding {
    conformance_core::report::impact::deciding_verdict(&*j.profile, &shown(j).0, |p| {
        match super::judge::judge_one(&j.game, Arc::new(p.clone())) {
            Ok(j) => shown(&j).0,
            Err(e) => format!("cannot be judged: {e}"),
        }
    })
}

/// The verdict a reader takes from `judge`, in words, and its kind without the article (the
/// transition key): the oracle's verdict, or the recorded finding it follows.
fn shown(j: &Judged) -> (String, String) {
    if let Some(m) = j
        .game
        .written
        .as_ref()
        .and(j.game.recorded_finding(&j.judgement.verdict))
    {
        return (
            format!("{m} (as recorded; not provable from the moves)"),
            format!("{m} (as recorded)"),
        );
    }
    let key = match &j.judgement.verdict {
        Verdict::Win { winner, reason } => format!("{winner} wins by {}", reason.kind),
        Verdict::Draw { reason } => format!("draw by {}", reason.kind),
        Verdict::Annulled { reason } => format!("annulled: {}", reason.kind),
        Verdict::Continues => "game continues".to_owned(),
    };
    (j.judgement.verdict.to_string(), key)
}

/// The article of the rule that decided `j`'s verdict at its deciding ply: the reason's article
/// of the oracle's verdict, when the adjudicator says the game was decided
/// ([`Judged::decided`]). `None` when nothing decided it: the game continues, or the verdict
/// shown is a written ending the moves cannot show (a recorded finding, which exists only
/// where the oracle's verdict is that the game continues).
pub fn deciding_article(j: &Judged) -> Option<String> {
    j.decided?;
    match &j.judgement.verdict {
        Verdict::Win { reason, .. } | Verdict::Draw { reason } | Verdict::Annulled { reason } => {
            Some(reason.article.as_str().to_owned())
        }
        Verdict::Continues => None,
    }
}

/// The change between two judgements of game `k` of a record, or `None` when its verdict
/// stays; the knobs that decided it proved by re-judging the game ([`deciding`]).
fn change(
    file: &str,
    imported: &Imported,
    k: usize,
    left: &Judged,
    right: &Judged,
) -> Option<Change> {
    let several = imported.games.len() > 1;
    let (l, lkey) = shown(left);
    let (r, rkey) = shown(right);
    if l == r {
        return None;
    }
    let (lply, rply) = (left.decided.map(|d| d.ply), right.decided.map(|d| d.ply));
    let ply = parting_ply(lply, rply);
    // The board where the earlier judgement ended the game.
    let at = if lply == ply { left } else { right };
    let board = ply.map(|p| Board {
        text: at.position.to_string(),
        html: board::svg(
            &at.position,
            &[] as &[(String, Mark)],
            &format!("the board at ply {p}, where the two judgements part"),
        ),
    });
    let decided = deciding(file, imported, k, left, right);
    Some(Change {
        game: several.then_some(k + 1),
        line: several.then_some(left.game.line),
        left: l,
        right: r,
        transition: format!("{lkey} → {rkey}"),
        ply,
        articles: articles_taken(
            &decided,
            deciding_article(left).as_deref(),
            deciding_article(right).as_deref(),
        ),
        knobs: decided.names(),
        knobs_together: decided.together,
        board,
    })
}

/// Judges one record's bytes under both sides: the games that change, or why the record
/// cannot be read (named by file and line).
pub fn diff_bytes(bytes: &[u8], file: &str, sides: &DiffSides) -> RecordImpact {
    let unreadable = |e: JudgeError| RecordImpact::Unreadable {
        file: file.to_owned(),
        message: e.to_string(),
    };
    let imported = match import_record(bytes, file) {
        Ok(i) => i,
        Err(e) => return unreadable(e),
    };
    let judge = |side: &DiffSide| judge_imported(file, &imported, &side.base, &side.set);
    let (left, right) = match (judge(&sides.left), judge(&sides.right)) {
        (Ok(l), Ok(r)) => (l, r),
        (Err(e), _) | (_, Err(e)) => return unreadable(e),
    };
    let changes: Vec<Change> = left
        .iter()
        .zip(&right)
        .enumerate()
        .filter_map(|(k, (l, r))| change(file, &imported, k, l, r))
        .collect();
    let reach = left
        .iter()
        .zip(&right)
        .map(|(l, r)| GameReach::of::<Rules>(&l.reach.union(&r.reach), shown(l).0 != shown(r).0))
        .collect();
    RecordImpact::Judged {
        file: file.to_owned(),
        games: left.len(),
        changes,
        reach,
    }
}

/// Reads one record file once and judges it under both sides.
pub fn diff_file(path: &Path, sides: &DiffSides) -> RecordImpact {
    diff_file_with(path, sides, &|p| std::fs::read(p))
}

/// As [`diff_file`], reading the file through `read` (a test counts the reads with it).
pub fn diff_file_with(
    path: &Path,
    sides: &DiffSides,
    read: &(dyn Fn(&Path) -> io::Result<Vec<u8>> + Sync),
) -> RecordImpact {
    let file = path.display().to_string();
    match read(path) {
        Ok(bytes) => diff_bytes(&bytes, &file, sides),
        Err(e) => RecordImpact::Unreadable {
            message: format!("{file}: cannot read: {e}"),
            file,
        },
    }
}

/// Diffs every record of `files` on `jobs` workers, handing each record's impact to `each` in
/// the order of `files` (memory flat in their number); returns the tally.
pub fn diff_archive(
    files: &[PathBuf],
    sides: &DiffSides,
    jobs: usize,
    each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    diff_archive_with(files, sides, jobs, &|p| std::fs::read(p), each)
}

/// As [`diff_archive`], reading each file through `read`.
pub fn diff_archive_with(
    files: &[PathBuf],
    sides: &DiffSides,
    jobs: usize,
    read: &(dyn Fn(&Path) -> io::Result<Vec<u8>> + Sync),
    each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    impact::drive(
        files,
        jobs,
        ImpactSummary::for_knobs::<Rules>(),
        |p| diff_file_with(p, sides, read),
        each,
    )
}

/// The whole report of an archive `diff` in `format`, written to `out` as the records are
/// diffed (the summary last): the command line and the WebAssembly build (wasm/) both write it
/// here, so they cannot drift. Returns the tally; a failed write to `out` is the caller's to
/// see when it flushes.
pub fn write_archive_impact(
    files: &[PathBuf],
    sides: &DiffSides,
    format: conformance_core::report::Format,
    fail_on_change: bool,
    jobs: usize,
    read: &(dyn Fn(&Path) -> io::Result<Vec<u8>> + Sync),
    out: &mut dyn io::Write,
) -> ImpactSummary {
    let mut writer =
        impact::ImpactWriter::new(format, "shogi-conformance", sides.names(), fail_on_change);
    let summary = diff_archive_with(files, sides, jobs, read, |record| {
        let _ = writer.record(record, out);
    });
    let _ = writer.finish(&summary, out);
    summary
}
