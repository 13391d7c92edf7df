//! Archive impact for Go (`go-conformance diff … RECORDS`): which SGF records change result
//! when the profile changes (`--set repetition=simple_ko`, `--set komi=7.5`), from what to
//! what, at which move, and by which articles and knobs.
//!
//! Each record is read and parsed once and judged under both sides ([`crate::judge::judge_with`],
//! with the agreed outcome kept beside it). The shapes, tally, ordered workers and formats are
//! the core's ([`conformance_core::report::impact`]), as for the shogi tool's `diff`.
//!
//! A record *changes* when the result the oracle gives differs between the sides: the result
//! in SGF spelling, "no result" when a move is illegal under one profile, or "not judged". The
//! *first parting ply* is the move at which one judgement ends (an illegal move ends the replay
//! at its number) while the other plays on, or, when both reach the end of the record, the
//! record's last move (the count or resignation comes after it). The board is drawn there. The
//! knobs named are those proved to decide by counterfactual (the core's `deciding_change`); the
//! articles named are those whose branch the game took (the core's `articles_taken`): the
//! deciding knobs' articles, then the rule that decided each side — the article the refused move
//! breaks, or the one the result is given by (`Judgement::deciding_article`).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use conformance_core::report::impact::reach::GameReach;
use conformance_core::report::impact::{
    self, Board, Change, ImpactSummary, RecordImpact, SideNames, articles_taken, deciding_change,
    parting_ply,
};
use conformance_rulebook::profile::reach::Reach;
use go_oracle::Oracle;
use go_oracle::play::ReplayError;
use go_spec::{GoProfile, GoRecord, GoRules};

use crate::agreed::{Agreed, Finder, OutcomesError};
use crate::judge::{Agreement, Judgement, judge_with, to_spec};

/// The two sides of a Go `diff`, each a profile with its overrides.
#[derive(Debug, Clone)]
pub struct GoSides {
    /// The first profile.
    pub left: GoProfile,
    /// The second profile (or the first with the overrides).
    pub right: GoProfile,
    names: SideNames,
}

/// Why the two sides of a `diff` could not be made.
#[derive(Debug, thiserror::Error)]
pub enum SidesError {
    /// Not one profile with overrides, or two.
    #[error("diff: give --profile twice, or once with --set KNOB=VALUE")]
    Count,
    /// A profile or override that does not resolve.
    #[error("{0}")]
    Profile(#[from] go_spec::ProfileError),
}

impl GoSides {
    /// The sides of `diff --profile A (--profile B | --set K=V …)`: with one profile, the
    /// right side is it with the overrides; with two, the overrides apply to the second.
    ///
    /// # Errors
    /// Not one or two profiles, one without overrides, or a profile or override that does not
    /// resolve.
    pub fn new(profiles: &[String], set: &[String]) -> Result<GoSides, SidesError> {
        let name = |p: &str, s: &[String]| {
            std::iter::once(p.to_owned())
                .chain(s.iter().cloned())
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let (left, right, names) = match profiles {
            [one] if !set.is_empty() => (
                crate::certify::profile_with(one, &[])?,
                crate::certify::profile_with(one, set)?,
                SideNames {
                    left: one.clone(),
                    right: name(one, set),
                },
            ),
            [a, b] => (
                crate::certify::profile_with(a, &[])?,
                crate::certify::profile_with(b, set)?,
                SideNames {
                    left: a.clone(),
                    right: name(b, set),
                },
            ),
            _ => return Err(SidesError::Count),
        };
        Ok(GoSides { left, right, names })
    }

    /// The names of the two sides, for the report.
    pub fn names(&self) -> SideNames {
        self.names.clone()
    }
}

/// One side's judgement of a game: the result in words, its kind (the transition key), where
/// the judgement ends, and the article of the rule that decided it there.
struct SideVerdict {
    text: String,
    key: String,
    end: Option<usize>,
    deciding: Option<String>,
    /// The knobs whose situation the game met under this side (the judge's reach).
    reach: Reach,
}

/// The kind of an SGF result, for grouping: `Black wins by count`.
fn result_kind(ours: &str) -> String {
    let Some((who, how)) = ours.split_once('+') else {
        return if ours == "0" {
            "draw (jigo)".to_owned()
        } else {
            ours.to_owned()
        };
    };
    let who = match who {
        "B" => "Black",
        "W" => "White",
        other => other,
    };
    let how = match how {
        "R" => "resignation",
        "T" => "time",
        "F" => "forfeit",
        _ => "count",
    };
    format!("{who} wins by {how}")
}

fn side_verdict(game: &GoRecord, profile: &GoProfile, agreed: Option<&Agreed>) -> SideVerdict {
    let j: Judgement = judge_with(game, profile, agreed);
    let illegal = to_spec(game, profile).ok().and_then(|spec| {
        match Oracle::new(profile.clone()).replay_game(&spec) {
            Err(ReplayError::Illegal(v)) => Some(v),
            _ => None,
        }
    });
    if let Some(v) = illegal {
        return SideVerdict {
            text: format!("no result: {v}"),
            key: format!("no result: illegal move ({})", v.article),
            end: Some(v.ply),
            deciding: Some(v.article.to_owned()),
            reach: j.reach,
        };
    }
    let reach = j.reach.clone();
    match (&j.ours, &j.agreement) {
        (Some(ours), _) => SideVerdict {
            text: format!("{ours} ({})", j.articles.join(", ")),
            key: result_kind(ours),
            end: Some(j.moves),
            deciding: j.deciding_article().map(str::to_owned),
            reach,
        },
        (
            None,
            Agreement::NotJudgeable(why) | Agreement::Differs(why) | Agreement::Disagree(why),
        ) => SideVerdict {
            text: format!("no result: {why}"),
            key: "no result".to_owned(),
            end: None,
            deciding: None,
            reach,
        },
        (None, Agreement::Agree) => SideVerdict {
            text: "no result".to_owned(),
            key: "no result".to_owned(),
            end: None,
            deciding: None,
            reach,
        },
    }
}

/// The board after the first `ply` moves that `profile` allows (a move it refuses ends the
/// replay before it): the text diagram (`X` Black, `O` White) and an SVG drawing.
fn board_at(game: &GoRecord, profile: &GoProfile, ply: usize) -> Option<Board> {
    let mut spec = to_spec(game, profile).ok()?;
    let mut g = go_oracle::play::Game::start(&spec, profile).ok()?;
    spec.moves.truncate(ply);
    for &(colour, mv) in &spec.moves {
        if g.play(colour, mv).is_err() {
            break;
        }
    }
    let stones = g.board.stones();
    let rows = go_spec::diagram_rows(spec.size, &stones);
    Some(Board {
        text: rows.join("\n"),
        html: crate::board_svg::svg(
            spec.size.lines(),
            &stones,
            &crate::board_svg::Marks::default(),
            &format!("the board after move {ply}"),
        ),
    })
}

/// The knobs that decided a record's result under `profile` (`judge --explain`, the
/// workbench), by counterfactual: the record judged again with each knob set to every value
/// another shipped profile gives it and to each value it lists; when none changes the result
/// alone, the smallest combination of another shipped profile's values that does.
pub fn knobs_that_decided(
    game: &GoRecord,
    profile: &GoProfile,
    agreed: Option<&Agreed>,
) -> conformance_core::report::impact::Deciding {
    let now = result_text(game, profile, agreed);
    conformance_core::report::impact::deciding_verdict(profile, &now, |p| {
        result_text(game, p, agreed)
    })
}

/// A game's result under a profile in words, as `diff` compares results: the text of its
/// `side_verdict` (the counterfactuals that name the deciding knobs compare the same).
pub fn result_text(game: &GoRecord, profile: &GoProfile, agreed: Option<&Agreed>) -> String {
    side_verdict(game, profile, agreed).text
}

/// Judges one parsed game under both sides: its change, or `None` when the result stays.
pub fn diff_game(game: &GoRecord, agreed: Option<&Agreed>, sides: &GoSides) -> Option<Change> {
    diff_game_reached(game, agreed, sides).0
}

/// As [`diff_game`], with what the game reached under either side and whether it changed
/// (the reach tally of `diff`).
pub fn diff_game_reached(
    game: &GoRecord,
    agreed: Option<&Agreed>,
    sides: &GoSides,
) -> (Option<Change>, GameReach) {
    let l = side_verdict(game, &sides.left, agreed);
    let r = side_verdict(game, &sides.right, agreed);
    let reach = GameReach::of::<GoRules>(&l.reach.union(&r.reach), l.text != r.text);
    (change_between(game, agreed, sides, l, r), reach)
}

/// The change between the two sides' verdicts of a game, or `None` when they agree.
fn change_between(
    game: &GoRecord,
    agreed: Option<&Agreed>,
    sides: &GoSides,
    l: SideVerdict,
    r: SideVerdict,
) -> Option<Change> {
    if l.text == r.text {
        return None;
    }
    let ply = parting_ply(l.end, r.end);
    // Drawn under the side that plays on furthest (the other refused a move there).
    let profile = if l.end >= r.end || r.end.is_none() {
        &sides.left
    } else {
        &sides.right
    };
    // The knobs that decided, by counterfactual: the game re-judged under the left side with
    // each differing knob set alone to the right side's value, then the smallest combination.
    let decided = deciding_change(&sides.left, &sides.right, &l.text, |p| {
        result_text(game, p, agreed)
    });
    Some(Change {
        game: None,
        line: None,
        left: l.text,
        right: r.text,
        transition: format!("{} → {}", l.key, r.key),
        ply,
        articles: articles_taken(&decided, l.deciding.as_deref(), r.deciding.as_deref()),
        knobs: decided.names(),
        knobs_together: decided.together,
        board: ply.and_then(|p| board_at(game, profile, p)),
    })
}

/// Reads and parses one SGF record once and judges it under both sides; `agreed` is the
/// agreed outcome beside it (or why its outcomes file could not be read).
pub fn diff_file(
    path: &Path,
    agreed: &Result<Option<Agreed>, OutcomesError>,
    sides: &GoSides,
) -> RecordImpact {
    diff_file_with(path, agreed, sides, &|p| std::fs::read(p))
}

/// As [`diff_file`], reading the file through `read` (a test counts the reads with it).
pub fn diff_file_with(
    path: &Path,
    agreed: &Result<Option<Agreed>, OutcomesError>,
    sides: &GoSides,
    read: &(dyn Fn(&Path) -> std::io::Result<Vec<u8>> + Sync),
) -> RecordImpact {
    let file = path.display().to_string();
    let game = (|| {
        let agreed = agreed.as_ref().map_err(ToString::to_string)?;
        let bytes = read(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
        let game = go_sgf::parse_game_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?;
        Ok::<_, String>((game, agreed.clone()))
    })();
    match game {
        Err(message) => RecordImpact::Unreadable { file, message },
        Ok((game, agreed)) => {
            let (change, reach) = diff_game_reached(&game, agreed.as_ref(), sides);
            RecordImpact::Judged {
                changes: change.into_iter().collect(),
                file,
                games: 1,
                reach: vec![reach],
            }
        }
    }
}

/// Diffs every record of `files` on `jobs` workers, handing each record's impact to `each` in
/// the order of `files` (memory flat in their number: the agreed outcomes are looked up per
/// record, each outcomes file read once); returns the tally.
pub fn diff_archive(
    files: &[PathBuf],
    sides: &GoSides,
    jobs: usize,
    each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    diff_archive_with(files, sides, jobs, &|p| std::fs::read(p), each)
}

/// As [`diff_archive`], reading each record through `read`.
pub fn diff_archive_with(
    files: &[PathBuf],
    sides: &GoSides,
    jobs: usize,
    read: &(dyn Fn(&Path) -> std::io::Result<Vec<u8>> + Sync),
    each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    diff_archive_finding(files, sides, jobs, read, Finder::default(), each)
}

/// As [`diff_archive_with`], finding the agreed outcomes with `finder` (records given without a
/// disk, the WebAssembly build: [`Finder::among`]).
pub fn diff_archive_finding(
    files: &[PathBuf],
    sides: &GoSides,
    jobs: usize,
    read: &(dyn Fn(&Path) -> std::io::Result<Vec<u8>> + Sync),
    finder: Finder,
    each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    let finder = Mutex::new(finder);
    impact::drive(
        files,
        jobs,
        ImpactSummary::for_knobs::<GoRules>(),
        |path| {
            // The finder is a cache of outcomes files read: one another worker left half
            // updated by a panic is still a cache, so a poisoned lock is taken as it is.
            let agreed = finder
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .agreed_for(path);
            diff_file_with(path, &agreed, sides, read)
        },
        each,
    )
}
