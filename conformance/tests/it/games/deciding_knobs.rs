//! The gate of the deciding knobs (issue 51.3): over every real record of `real-records/shogi`
//! and `real-records/shogi-copyleft`, and every ordered pair of shipped profiles, each knob
//! `diff` names for a changed game changes that game's verdict when set *alone* to the second
//! side's value, no other differing knob does, and no game changes without a named knob — or,
//! where none flips it alone, a named combination that does, no single member of which does.
//!
//! The check re-judges through `judge`'s own path (the record read, the profile resolved with
//! the record's move limit, then `--set KNOB=VALUE` overrides), not through the counterfactual
//! code that named the knobs.
//!
//! The same gate holds the change's articles to the branch the game took: every article named
//! is the article of a named knob (its row of the knob table — and the knob was just shown to
//! flip the game, alone or in the named combination) or the article of the rule that decided
//! one side at its deciding ply — that side's judgement was decided (`decided` is present),
//! its verdict rests on the article, and the record cut right after the deciding event, judged
//! again, gives that verdict with the article in its explanation. And the converse: no named
//! knob's article and no side's deciding rule is left out.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};

use conformance_core::report::impact::{Change, RecordImpact};
use shogi_conformance::games::impact::{DiffSides, diff_archive, shown_verdict};
use shogi_conformance::games::judge::{Judged, import_record, judge_imported, shared_profile};
use shogi_conformance::games::judge_archive::record_files;
use shogi_oracle::game::play_record;
use shogi_spec::Verdict;
use shogi_spec::profile::{Profile, builtin_names};

use crate::common::bin;

fn real(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../real-records")
        .join(folder)
}

/// Game `k` of `file` judged under `profile` with `set`, as the verdict `diff` prints.
fn verdict(file: &Path, k: usize, profile: &str, set: &[String]) -> String {
    let name = file.display().to_string();
    let bytes = std::fs::read(file).expect("read");
    let imported = import_record(&bytes, &name).expect("readable: diff judged it");
    let base = shared_profile(profile).expect("shipped");
    shown_verdict(
        judge_imported(&name, &imported, &base, set).map(|mut games| games.swap_remove(k)),
    )
}

/// The value each knob has where game `k` of `file` is judged under `profile` (the record's
/// move limit applied, as `diff`'s sides are).
fn effective(file: &Path, k: usize, profile: &str) -> Vec<(String, String)> {
    let name = file.display().to_string();
    let bytes = std::fs::read(file).expect("read");
    let imported = import_record(&bytes, &name).expect("readable");
    let base = shared_profile(profile).expect("shipped");
    let judged = judge_imported(&name, &imported, &base, &[]).expect("judged");
    judged[k]
        .profile
        .settings()
        .into_iter()
        .map(|s| (s.knob.to_owned(), s.value.clone()))
        .collect()
}

/// Game `k` of `file` judged under `profile`, as `judge` judges it.
fn judged(file: &Path, k: usize, profile: &str) -> Judged {
    let name = file.display().to_string();
    let bytes = std::fs::read(file).expect("read");
    let imported = import_record(&bytes, &name).expect("readable");
    let base = shared_profile(profile).expect("shipped");
    judge_imported(&name, &imported, &base, &[])
        .expect("judged")
        .swap_remove(k)
}

/// The article of the rule that decided `j` at its deciding ply, proved by replay: `None` when
/// nothing decided the game; else the verdict's article, after checking that the explanation
/// holds it and that the record cut right after the deciding event gives the same verdict with
/// the article in its explanation.
fn deciding_rule(j: &Judged, place: &str) -> Option<String> {
    let d = j.decided?;
    let (Verdict::Win { reason, .. } | Verdict::Draw { reason } | Verdict::Annulled { reason }) =
        &j.judgement.verdict
    else {
        panic!("{place}: decided at ply {}, yet the game continues", d.ply);
    };
    let holds = |steps: &[shogi_spec::Step]| steps.iter().any(|s| s.article == reason.article);
    assert!(
        holds(&j.judgement.explanation),
        "{place}: the explanation does not hold {}",
        reason.article
    );
    if let Some(event) = d.event {
        let mut cut = j.game.record.clone();
        cut.events.truncate(event);
        let at = play_record(&cut, &j.profile).expect("the cut record plays");
        assert_eq!(
            at.judgement.verdict, j.judgement.verdict,
            "{place}: cut after the deciding event {event}"
        );
        assert!(
            holds(&at.judgement.explanation),
            "{place}: cut at ply {}, the explanation does not hold {}",
            d.ply,
            reason.article
        );
    }
    Some(reason.article.as_str().to_owned())
}

/// The change's articles are exactly the named knobs' articles (from the knob table) and each
/// side's deciding rule (proved by [`deciding_rule`]), knobs first, each once.
fn check_articles(file: &Path, c: &Change, left: &str, right: &str) {
    let k = c.game.map_or(0, |g| g - 1);
    let place = format!("{} {left} → {right}", file.display());
    let mut expected: Vec<String> = Vec::new();
    let knob_articles = c.knobs.iter().filter_map(|knob| {
        let info = Profile::knob(knob).unwrap_or_else(|| panic!("{place}: no knob {knob}"));
        info.article
            .parse::<shogi_spec::ArticleId>()
            .ok()
            .map(|a| a.as_str().to_owned())
    });
    let sides = [left, right]
        .into_iter()
        .filter_map(|p| deciding_rule(&judged(file, k, p), &format!("{place} ({p})")));
    for a in knob_articles.chain(sides) {
        if !expected.contains(&a) {
            expected.push(a);
        }
    }
    assert_eq!(c.articles, expected, "{place}");
}

fn check_change(file: &Path, c: &Change, left: &str, right: &str) {
    let k = c.game.map_or(0, |g| g - 1);
    let (l, r) = (effective(file, k, left), effective(file, k, right));
    let differing: Vec<(String, String)> = l
        .iter()
        .zip(&r)
        .filter(|(a, b)| a.1 != b.1)
        .map(|(_, b)| b.clone())
        .collect();
    let set = |knobs: &[&(String, String)]| -> Vec<String> {
        knobs.iter().map(|(k, v)| format!("{k}={v}")).collect()
    };
    let flips_alone: Vec<&str> = differing
        .iter()
        .filter(|d| verdict(file, k, left, &set(&[d])) != c.left)
        .map(|(k, _)| k.as_str())
        .collect();
    let place = format!(
        "{} {left} → {right}: {} → {} (knobs named: {})",
        file.display(),
        c.left,
        c.right,
        c.knobs.join(", ")
    );
    assert!(!c.knobs.is_empty(), "a change without a knob: {place}");
    if c.knobs_together {
        assert!(
            flips_alone.is_empty(),
            "{place}: {} flip alone",
            flips_alone.join(", ")
        );
        let named: Vec<&(String, String)> = differing
            .iter()
            .filter(|d| c.knobs.contains(&d.0))
            .collect();
        assert_eq!(
            named.len(),
            c.knobs.len(),
            "{place}: a named knob does not differ"
        );
        assert_ne!(
            verdict(file, k, left, &set(&named)),
            c.left,
            "{place}: the combination does not flip it"
        );
    } else {
        assert_eq!(flips_alone, c.knobs, "{place}");
    }
}

/// 3 shipped profiles, 6 ordered pairs, every real record of both folders.
#[test]
fn every_knob_diff_names_flips_its_game_alone() {
    let files = record_files(&[real("shogi"), real("shogi-copyleft")]).expect("real records");
    let profiles = builtin_names();
    let mut checked = 0;
    for left in &profiles {
        for right in profiles.iter().filter(|p| *p != left) {
            let sides =
                DiffSides::new(&[(*left).to_owned(), (*right).to_owned()], &[]).expect("sides");
            diff_archive(&files, &sides, 2, |r| {
                if let RecordImpact::Judged { file, changes, .. } = r {
                    for c in changes {
                        check_change(Path::new(file), c, left, right);
                        check_articles(Path::new(file), c, left, right);
                        checked += 1;
                    }
                }
            });
        }
    }
    assert!(checked >= 6, "the pairs change some games: {checked}");
}

/// fesa-2017 → csa-computer on `real-records/shogi` changes the three bridge records (their
/// reasoning is in `diff_records.rs`): each only because the CSA convention does not count the
/// start position toward the repetition (fesa2017:5.2; shogi-server's `repetition_start:
/// not_counted`). Its fourth occurrence at ply 12 is then a third, so neither the repetition
/// draw (bridge-5) nor perpetual check (bridge-6, -7) happens; the draw's consequence
/// (`draw_result`), the clock and the handicap knobs change nothing in these games.
#[test]
fn fesa_to_csa_names_repetition_start_alone_for_the_bridge_records() {
    let out = bin()
        .args([
            "diff",
            "--profile",
            "fesa-2017",
            "--profile",
            "csa-computer",
        ])
        .arg(real("shogi"))
        .args(["--format", "json"])
        .bounded_output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let changes: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|l| l["type"] == "change")
        .collect();
    let bridges: Vec<&serde_json::Value> = changes
        .iter()
        .filter(|c| c["file"].as_str().is_some_and(|f| f.contains("bridge-")))
        .collect();
    assert_eq!(bridges.len(), 3, "{text}");
    for c in bridges {
        assert_eq!(c["knobs"], serde_json::json!(["repetition_start"]), "{c}");
        assert_eq!(c["knobs_together"], false, "{c}");
        assert_eq!(c["schema_version"], 3, "{c}");
    }
    let out = bin()
        .args([
            "diff",
            "--profile",
            "fesa-2017",
            "--profile",
            "csa-computer",
        ])
        .arg(real("shogi").join("shogihome"))
        .bounded_output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(
        text.matches("  knobs: repetition_start\n").count(),
        3,
        "{text}"
    );
    // No change is put down to draw_result (the reach table below the changes lists every
    // knob, draw_result among them, with its counts).
    assert!(
        !text
            .lines()
            .any(|l| l.starts_with("  knobs:") && l.contains("draw_result")),
        "{text}"
    );
}

/// `judge --explain` names the knob the verdict turns on, proved by counterfactual: bridge-5's
/// draw needs the start position counted (fesa2017:5.2; without it the position occurs three
/// times), so `repetition_start` decided it under FESA — and, set to `not_counted`, it decided
/// the game that continues (once reported as "none").
#[test]
fn judge_explain_names_repetition_start_both_ways() {
    let bridge5 = real("shogi").join("shogihome/bridge-5-record.kifu");
    for (set, now, other) in [
        (
            None,
            "repetition_start = counted",
            "set to not_counted: game continues",
        ),
        (
            Some("repetition_start=not_counted"),
            "repetition_start = not_counted",
            "set to counted: draw by repetition (fesa2017:5.2)",
        ),
    ] {
        let mut cmd = bin();
        cmd.arg("judge").arg(&bridge5).arg("--explain");
        if let Some(s) = set {
            cmd.args(["--set", s]);
        }
        let out = cmd.bounded_output().expect("runs");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let section = text
            .split("knobs that decided")
            .nth(1)
            .unwrap_or_else(|| panic!("no knobs section: {text}"));
        assert!(section.contains(now) && section.contains(other), "{text}");
        assert!(!text.contains("knobs that decided: none"), "{text}");
    }
}
