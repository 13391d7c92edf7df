//! Shogi in the workbench (`shogi-conformance serve`): the game's side of
//! `conformance_core::workbench::api::Workbench`.
//!
//! A record is judged exactly as `judge` judges it ([`judge_games`]: the same readers, the
//! profile with the record's move limit, then the overrides), and its boards are the reports'
//! own SVG diagrams ([`board::svg`]), so the workbench shows nothing `judge` would not say.
//! A file of several games is listed once per game ([`Workbench::games`]: the games the
//! record readers find), and each is judged on its own, with a note naming which it is.

use std::path::Path;

use conformance_core::workbench::api::{
    Choice, Comparison, GameInfo, KnobUsed, Ply, ProfileInfo, RecordError, RecordInput, Step,
    Verdict, Workbench,
};
use conformance_core::workbench::choice::ChoiceError;
use shogi_spec::rulebooks;

use super::judge::{JudgeError, JudgeFormat, JudgeRequest, Judged, judge_games, verdict_json};
use super::judge_archive::RECORD_EXTENSIONS;
use super::replay::Replay;
use crate::corpus::CorpusSource;
use crate::report::board::{self, Mark};

/// Shogi's workbench: the corpus whose cases the rulebook pages list.
pub struct ShogiWorkbench {
    source: CorpusSource,
}

impl ShogiWorkbench {
    /// The workbench over a corpus (for the rulebook pages' case lists).
    pub fn new(source: CorpusSource) -> ShogiWorkbench {
        ShogiWorkbench { source }
    }
}

/// A judge error as the page shows it: file, line when known, and what is wrong.
fn record_error(file: &str, e: JudgeError) -> RecordError {
    match e {
        JudgeError::Import {
            file,
            line,
            ply,
            message,
        } => RecordError {
            file,
            line: Some(line),
            message: match ply {
                Some(p) => format!("ply {p}: {message}"),
                None => message,
            },
        },
        other => RecordError::new(file, other.to_string()),
    }
}

/// The record's game [`RecordInput::game`] judged, and how many games the file holds.
fn judged_game(record: &RecordInput, choice: &Choice) -> Result<(Judged, usize), RecordError> {
    let req = JudgeRequest {
        bytes: &record.bytes,
        file: &record.name,
        profile: &choice.profile,
        set: &choice.set,
        explain: false,
        format: JudgeFormat::Text,
    };
    let (_, mut games) = judge_games(&req).map_err(|e| record_error(&record.name, e))?;
    let count = games.len();
    if games.is_empty() {
        return Err(RecordError::new(&record.name, "the file holds no game"));
    }
    if record.game >= count {
        return Err(RecordError::new(
            &record.name,
            format!(
                "the file holds {count} game(s): there is no game {}",
                record.game + 1
            ),
        ));
    }
    Ok((games.swap_remove(record.game), count))
}

/// The boards of a game from its start, one per written move — the illegal ones and those
/// after the decision included, marked as such —, and the ply at which the game was decided:
/// the adjudicator's one value ([`Replay`]), not found again here.
fn plies(j: &Judged) -> (Vec<Ply>, Option<usize>) {
    let r = Replay::of(j);
    let mut out = vec![Ply::played(
        "the start".to_owned(),
        board::svg(&r.start, &[], "the start"),
    )];
    for m in &r.moves {
        let mut label = format!("{}. {} ({})", m.number, m.words, m.usi);
        if let Some(why) = &m.illegal {
            label.push_str(&format!(" — illegal: {why}"));
            if !m.made {
                label.push_str("; it cannot be made on the board, which stays as it was");
            }
            if r.claimed == Some(m.number) {
                label.push_str(" — claimed (fesa2017:9.4)");
            }
        }
        if r.deciding == Some(m.number) {
            if let Some(what) = &r.deciding_event {
                label.push_str(&format!(" — then {what}"));
            }
            if let Some(n) = r.claimed.filter(|&n| n != m.number) {
                label.push_str(&format!(" (the claim of move {n})"));
            }
        }
        if m.after_decision {
            label.push_str(" — written after the game was decided");
        }
        let marks: Vec<(String, Mark)> = if m.made {
            vec![(m.usi.clone(), Mark::Played)]
        } else {
            Vec::new()
        };
        out.push(Ply {
            svg: board::svg(&m.position, &marks, &label),
            label,
            illegal: m.illegal.is_some(),
            after_decision: m.after_decision,
        });
    }
    (out, r.deciding)
}

/// The verdict a reader should take, in one line: the oracle's verdict from the moves, or, when
/// the moves leave the game going on and the record writes a result, that result marked as
/// recorded (as `judge`'s JSON `verdict` does).
fn reader_verdict(j: &Judged) -> String {
    let verdict = &j.judgement.verdict;
    match j
        .game
        .written
        .as_ref()
        .and_then(|_| j.game.recorded_finding(verdict))
    {
        Some(m) => format!("{m} (as recorded, not provable from the moves)"),
        None => verdict.to_string(),
    }
}

/// The article's page in the rulebook browser, when a registry holds the article.
fn link(id: &shogi_spec::ArticleId) -> Option<String> {
    rulebooks::lookup(id).map(|_| conformance_rulebook::site::article_path(id))
}

/// A judged game as the page shows it: the verdict a reader takes, what the record says beside
/// it, the chain, the knobs that decided, every written move as a board and the ply the game
/// was decided at. `game` is which game of the file it is (from 0), of `games`.
pub fn page_verdict(j: &Judged, game: usize, games: usize) -> Verdict {
    let verdict = &j.judgement.verdict;
    let detail = match (&j.game.written, j.game.recorded_finding(verdict)) {
        (Some(w), Some(m)) => Some(super::judge::recorded_line(w, m)),
        (Some(w), None) => Some(format!("the record says: {w} — {}", w.compare(verdict))),
        (None, _) => None,
    };
    let (plies, deciding_ply) = plies(j);
    // The knobs that decided, proved by re-judging the game with each changed.
    let decided = super::impact::knobs_that_decided(j);
    let mut notes: Vec<String> = j.game.notes.iter().map(ToString::to_string).collect();
    if games > 1 {
        notes.push(format!(
            "game {} of the {games} games the file holds; the others are listed beside it",
            game + 1
        ));
    }
    if j.game.variations > 0 {
        notes.push(format!(
            "the file holds {} variation(s); only the main line is judged",
            j.game.variations
        ));
    }
    Verdict {
        headline: reader_verdict(j),
        result: verdict_json(j)["result"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        detail,
        chain: j
            .judgement
            .explanation
            .iter()
            .map(|s| Step {
                article: s.article.as_str().to_owned(),
                link: link(&s.article),
                fact: s.fact.clone(),
                knob: s.knob.clone(),
            })
            .collect(),
        knobs: KnobUsed::list(&*j.profile, &decided),
        knobs_together: decided.together,
        plies,
        deciding_ply,
        extra_html: String::new(),
        notes,
    }
}

impl Workbench for ShogiWorkbench {
    fn info(&self) -> GameInfo {
        let profiles = ProfileInfo::shipped::<shogi_spec::profile::Rules>();
        GameInfo {
            title: "shogi-conformance workbench".to_owned(),
            game: "shogi".to_owned(),
            extensions: RECORD_EXTENSIONS.iter().map(|e| format!(".{e}")).collect(),
            profiles,
        }
    }

    fn check(&self, choice: &Choice) -> Result<(), ChoiceError> {
        conformance_core::workbench::choice::check::<shogi_spec::profile::Rules>(choice)
    }

    fn is_record(&self, path: &Path) -> bool {
        conformance_core::walk::has_extension(path, RECORD_EXTENSIONS)
    }

    fn judge(&self, record: &RecordInput, choice: &Choice) -> Result<Verdict, RecordError> {
        let (j, games) = judged_game(record, choice)?;
        Ok(page_verdict(&j, record.game, games))
    }

    fn games(&self, record: &RecordInput) -> usize {
        super::judge::import_record(&record.bytes, &record.name).map_or(1, |i| i.games.len().max(1))
    }

    fn compare(
        &self,
        record: &RecordInput,
        base: &Choice,
        other: &Choice,
    ) -> Result<Comparison, RecordError> {
        two_judgements::compare(record, base, other)
    }

    fn rulebook_pages(&self) -> Vec<(String, String)> {
        crate::report::site::site_pages(&self.source).unwrap_or_else(|e| {
            vec![(
                "index.html".to_owned(),
                format!(
                    "<!doctype html><meta charset=\"utf-8\"><title>Rulebook</title><p>The rulebook browser could not be built: {}</p>",
                    crate::report::html::esc(&e.to_string())
                ),
            )]
        })
    }
}

/// The impact table's row: the record read once and judged under both choices by the archive
/// `diff` ([`diff_bytes`]: first parting ply, articles and knobs responsible). The base is a
/// profile as it stands; the page's overrides go to the other side. In a file of several
/// games, the row is the change of the game [`RecordInput::game`] (`diff` numbers them from 1).
mod two_judgements {
    use super::*;
    use crate::games::impact::{DiffSides, diff_bytes};
    use conformance_core::report::impact::RecordImpact;

    pub(super) fn compare(
        record: &RecordInput,
        base: &Choice,
        other: &Choice,
    ) -> Result<Comparison, RecordError> {
        let sides = DiffSides::new(&[base.profile.clone(), other.profile.clone()], &other.set)
            .map_err(|e| RecordError::new(&record.name, e.to_string()))?;
        match diff_bytes(&record.bytes, &record.name, &sides) {
            RecordImpact::Unreadable { message, .. } => {
                // The message names the file (`file:LINE: what`): kept apart, as judge's are.
                let rest = message
                    .strip_prefix(record.name.as_str())
                    .and_then(|r| r.strip_prefix(':'))
                    .unwrap_or(&message);
                let (line, what) = match rest.split_once(':') {
                    Some((n, what)) if n.trim().parse::<usize>().is_ok() => {
                        (n.trim().parse().ok(), what.trim())
                    }
                    _ => (None, rest.trim()),
                };
                Err(RecordError {
                    file: record.name.clone(),
                    line,
                    message: what.to_owned(),
                })
            }
            RecordImpact::Judged { changes, reach, .. } => {
                // The row is the listed game's: its reach and, when it changes, its change.
                let reach = reach.into_iter().nth(record.game).unwrap_or_default();
                let change = changes
                    .into_iter()
                    .find(|c| c.game.unwrap_or(1) == record.game + 1);
                Ok(Comparison::of(reach, change, str::to_owned))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bridge5() -> RecordInput {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../real-records/shogi/shogihome/bridge-5-record.kifu");
        RecordInput {
            name: "bridge-5-record.kifu".to_owned(),
            bytes: std::fs::read(&path).unwrap_or_default(),
            path: None,
            game: 0,
        }
    }

    /// tsshogi's file of two games (CSA V2.2, separated by `/`; MANIFEST.tsv: `continues|continues`)
    /// is two games, each judged alone and named as such; there is no third.
    #[test]
    fn each_game_of_a_file_of_two_is_judged_alone() {
        let bench = ShogiWorkbench::new(CorpusSource::BuiltIn);
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../real-records/shogi/tsshogi/csa-multi-records.csa");
        let mut record = RecordInput {
            name: "csa-multi-records.csa".to_owned(),
            bytes: std::fs::read(&path).unwrap_or_default(),
            path: None,
            game: 0,
        };
        assert_eq!(bench.games(&record), 2);
        assert_eq!(bench.games(&bridge5()), 1);
        let choice = Choice {
            profile: "fesa-2017".to_owned(),
            ..Choice::default()
        };
        // The first game has two moves, the second three.
        let first = bench
            .judge(&record, &choice)
            .expect("the first game is judged");
        assert_eq!(first.plies.len(), 3);
        record.game = 1;
        let second = bench
            .judge(&record, &choice)
            .expect("the second game is judged");
        assert_eq!(second.plies.len(), 4);
        assert!(
            second
                .notes
                .iter()
                .any(|n| n.contains("game 2 of the 2 games")),
            "{:?}",
            second.notes
        );
        record.game = 2;
        let Err(e) = bench.judge(&record, &choice) else {
            panic!("a third game was judged");
        };
        assert!(e.message.contains("there is no game 3"), "{e}");
    }

    /// A knob field set to a value its article cannot mean is refused with the article and
    /// the domain (fesa2017:5.2: one occurrence repeats nothing), not judged as if it were 2.
    #[test]
    fn a_knob_value_outside_its_domain_is_refused() {
        let bench = ShogiWorkbench::new(CorpusSource::BuiltIn);
        let choice = Choice {
            profile: "fesa-2017".to_owned(),
            set: vec!["repetition_occurrences=1".to_owned()],
            marks: Vec::new(),
        };
        let Err(e) = bench.judge(&bridge5(), &choice) else {
            panic!("judged under repetition_occurrences=1");
        };
        assert!(
            e.message.contains("fesa2017:5.2") && e.message.contains("a whole number from 2"),
            "{e}"
        );
    }

    /// A knob value typed wrong is refused on its field before anything is judged: the knob,
    /// the value, and what the rule can take in words (no command-line `--set` in sight).
    #[test]
    fn a_bad_knob_value_is_refused_on_its_field() {
        let bench = ShogiWorkbench::new(CorpusSource::BuiltIn);
        let choice = Choice {
            profile: "fesa-2017".to_owned(),
            set: vec!["max_moves=abc".to_owned()],
            ..Choice::default()
        };
        let Err(e) = bench.check(&choice) else {
            panic!("max_moves=abc accepted");
        };
        assert_eq!(e.knob.as_deref(), Some("max_moves"), "{e}");
        assert_eq!(e.value.as_deref(), Some("abc"), "{e}");
        assert!(
            e.domain
                .as_deref()
                .is_some_and(|d| d.contains("number of moves")),
            "{e}"
        );
        assert!(!e.message.contains("--set"), "{e}");
        let fine = Choice {
            profile: "fesa-2017".to_owned(),
            set: vec!["max_moves=0".to_owned()],
            ..Choice::default()
        };
        assert_eq!(bench.check(&fine), Ok(()));
    }

    /// bridge-5's draw needs the start counted (fesa2017:5.2: otherwise three occurrences):
    /// `repetition_start` decided it, and decides the game that continues once changed.
    #[test]
    fn the_knobs_that_decided_name_repetition_start_both_ways() {
        let bench = ShogiWorkbench::new(CorpusSource::BuiltIn);
        for set in [vec![], vec!["repetition_start=not_counted".to_owned()]] {
            let choice = Choice {
                profile: "fesa-2017".to_owned(),
                set,
                marks: Vec::new(),
            };
            let v = bench.judge(&bridge5(), &choice).expect("judged");
            let named: Vec<&str> = v.knobs.iter().map(|k| k.knob.as_str()).collect();
            assert!(named.contains(&"repetition_start"), "{named:?}");
            assert!(!v.knobs_together);
        }
    }
}
