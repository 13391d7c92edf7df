#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The HTML report and the rulebook site, opened in a real browser (headless Chromium).
//!
//! The pages are for people, so they are checked the way people get them: Chromium loads the
//! file from disk (no server, no network), and the DOM it built is read back with
//! `--dump-dom`. Checked: no console message at all (the pages have no script, so any message
//! is a fault), the Fairy-Stockfish report has one board per failing case and charges every
//! failure to 3.11c only, articles come in rulebook order, skips are collapsed; the site lists
//! every registry article and the 3.11c page shows each of its cases with a board. Screenshots
//! of the first failure (desktop and phone widths) and of the 3.11c page are left in
//! `target/browser/` for people to look at.
//!
//! Without Chromium (Debian package `chromium`) or Fairy-Stockfish the tests are skipped with a
//! note, unless `SHOGI_REQUIRE_CHROMIUM` / `SHOGI_REQUIRE_FAIRY_STOCKFISH` is set, as CI does.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use shogi_conformance::corpus::{Corpus, default_root};
use shogi_spec::registry::Registry;
use shogi_spec::{ArticleId, FesaId};

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_CHROMIUM").is_none(),
            "chromium is missing (apt-get install chromium fonts-noto-cjk)"
        );
        eprintln!("skipping: chromium is not installed (apt-get install chromium fonts-noto-cjk)");
    }
    found
}

fn fairy_stockfish() -> bool {
    let there = Path::new(FAIRY_STOCKFISH).is_file();
    if !there {
        assert!(
            std::env::var_os("SHOGI_REQUIRE_FAIRY_STOCKFISH").is_none(),
            "{FAIRY_STOCKFISH} is missing"
        );
        eprintln!("skipping: {FAIRY_STOCKFISH} is not installed");
    }
    there
}

/// Where pages and screenshots are left for people: `target/browser/`.
fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs headless Chromium on a file with `args`; returns standard output and the console
/// messages it logged.
fn chromium_run(chrome: &Path, file: &Path, args: &[&str]) -> (String, Vec<String>) {
    let profile = std::env::temp_dir().join(format!(
        "shogi-browser-{}-{}",
        std::process::id(),
        file.file_stem().unwrap().to_string_lossy()
    ));
    let url = format!("file://{}", file.canonicalize().unwrap().display());
    let out = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(&url)
        .bounded_output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let console = stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    assert!(out.status.success(), "chromium failed on {url}: {stderr}");
    (String::from_utf8_lossy(&out.stdout).into_owned(), console)
}

/// The DOM Chromium built from the file, after checking it logged nothing to the console.
fn load(chrome: &Path, file: &Path) -> String {
    let (dom, console) = chromium_run(chrome, file, &["--dump-dom"]);
    assert!(
        console.is_empty(),
        "{} logged to the console: {console:#?}",
        file.display()
    );
    assert!(dom.contains("</html>"), "no DOM for {}", file.display());
    dom
}

fn screenshot(chrome: &Path, file: &Path, png: &Path, size: &str) {
    chromium_run(
        chrome,
        file,
        &[
            &format!("--window-size={size}"),
            &format!("--screenshot={}", png.display()),
        ],
    );
    let bytes = std::fs::read(png).unwrap();
    assert!(
        bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
        "{} is not a real screenshot",
        png.display()
    );
}

/// The values of `attr` on elements whose opening tag starts with `tag_start`, in page order.
fn attr_values(html: &str, tag_start: &str, attr: &str) -> Vec<String> {
    let needle = format!("{attr}=\"");
    html.match_indices(tag_start)
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>').unwrap_or(0)];
            let start = tag.find(&needle)? + needle.len();
            let len = tag[start..].find('"')?;
            Some(tag[start..start + len].to_owned())
        })
        .collect()
}

fn assert_natural_order(ids: &[String], what: &str) {
    let parsed: Vec<ArticleId> = ids.iter().map(|a| a.parse().unwrap()).collect();
    for w in parsed.windows(2) {
        assert!(w[0] < w[1], "{what}: {} comes before {}", w[0], w[1]);
    }
}

/// The page must not fetch anything: no URL but the SVG namespace.
fn assert_self_contained(html: &str, what: &str) {
    let urls = html.matches("http://").count() + html.matches("https://").count();
    let namespaces = html.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(urls, namespaces, "{what} refers to the network");
}

fn section<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let i = html.find(start).unwrap_or_else(|| panic!("no {start}"));
    let j = html[i..].find(end).map_or(html.len(), |j| i + j);
    &html[i..j]
}

#[test]
fn the_console_check_would_catch_a_faulty_page() {
    let Some(chrome) = chromium() else { return };
    let page = out_dir().join("console-probe.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body><script>console.error('probe')</script></body></html>",
    )
    .unwrap();
    let (_, console) = chromium_run(&chrome, &page, &["--dump-dom"]);
    assert!(
        console.iter().any(|l| l.contains("probe")),
        "console messages are not seen: {console:?}"
    );
    let _ = std::fs::remove_file(&page);
}

#[test]
fn the_fairy_stockfish_report_reads_right_in_a_browser() {
    let Some(chrome) = chromium() else { return };
    if !fairy_stockfish() {
        return;
    }
    let dir = out_dir();
    let html_path = dir.join("fairy-stockfish-report.html");
    let json_path = dir.join("fairy-stockfish-report.json");
    for (format, path) in [("html", &html_path), ("json", &json_path)] {
        let status = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
            .args(["run", "--impl", &format!("usi:{FAIRY_STOCKFISH}")])
            .args(["--format", format, "--output"])
            .arg(path)
            .bounded_status()
            .unwrap();
        assert_eq!(status.code(), Some(1), "Fairy-Stockfish fails some cases");
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let failing: Vec<&serde_json::Value> = json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["outcome"] == "fail")
        .collect();
    assert!(!failing.is_empty());
    assert_eq!(json["summary"]["errored"], 0);

    let source = std::fs::read_to_string(&html_path).unwrap();
    assert_self_contained(&source, "the report");
    let dom = load(&chrome, &html_path);
    let failures = section(
        &dom,
        "<section id=\"failures\">",
        "<section id=\"articles\">",
    );
    // Every failure is charged to 3.11c alone (FESA: a pawn drop that mates is not a move),
    // even the cases that also cite 1.2, 3.3, 3.4 or 3.5.
    let charged = attr_values(failures, "<section class=\"article\"", "data-article");
    assert_eq!(charged, vec!["fesa2017:3.11c"], "failure groups");
    let cases = attr_values(failures, "<article class=\"case\"", "data-outcome");
    assert_eq!(cases.len(), failing.len(), "one entry per failing case");
    assert!(cases.iter().all(|o| o == "fail"));
    assert_eq!(
        failures.matches("<svg class=\"board\"").count(),
        failing.len(),
        "one board per failing case"
    );
    assert_eq!(
        failures.matches("class=\"reproduce\"").count(),
        failing.len()
    );
    assert!(failures.contains("歩打"), "moves in Japanese notation");
    // The reproduction line of the first failure reproduces it.
    let start =
        failures.find("<pre class=\"reproduce\">").unwrap() + "<pre class=\"reproduce\">".len();
    let line = &failures[start..start + failures[start..].find("</pre>").unwrap()];
    let args: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(args[..2], ["shogi-conformance", "explain"], "{line}");
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(&args[1..])
        .bounded_output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{line}: {said}");
    assert!(
        said.contains("illegal under fesa2017:3.11c"),
        "{line}: {said}"
    );
    // Rulebook order in the article table, and only primary articles listed there.
    let rows = attr_values(&dom, "<tr class=\"article-row\"", "data-article");
    assert_natural_order(&rows, "article table");
    // Skips are collapsed: one line per reason, counts adding up.
    let skip_counts: usize = attr_values(&dom, "<details class=\"skip-reason\"", "data-count")
        .iter()
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    let skipped = json["summary"]["skipped"].as_u64().unwrap() as usize;
    assert_eq!(skip_counts, skipped);
    assert!(
        dom.matches("<details class=\"skip-reason\"").count() < skipped,
        "skips are grouped by reason"
    );
    // The first failure is at the top of the page: screenshots for people.
    screenshot(
        &chrome,
        &html_path,
        &dir.join("report-first-failure.png"),
        "1100,1000",
    );
    screenshot(
        &chrome,
        &html_path,
        &dir.join("report-first-failure-phone.png"),
        "390,1400",
    );
}

#[test]
fn the_rulebook_site_covers_every_article_in_a_browser() {
    let Some(chrome) = chromium() else { return };
    let dir = out_dir().join("site");
    let status = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(["site", "--output"])
        .arg(&dir)
        .bounded_status()
        .unwrap();
    assert!(status.success());
    let index = dir.join("index.html");
    let dom = load(&chrome, &index);
    assert_self_contained(&std::fs::read_to_string(&index).unwrap(), "the index");
    let listed = attr_values(&dom, "<tr class=\"article-row\"", "data-article");
    // Every shipped rulebook (FESA, UFS, the Russian chapter) is in the site.
    let registries: Vec<&Registry> = shogi_spec::rulebooks::RULEBOOKS
        .iter()
        .filter_map(|r| shogi_spec::rulebooks::registry(r.id))
        .collect();
    let total: usize = registries.iter().map(|r| r.len()).sum();
    assert_eq!(listed.len(), total, "every registry article");
    for registry in &registries {
        let of_book: Vec<String> = listed
            .iter()
            .filter(|id| id.starts_with(&format!("{}:", registry.rulebook())))
            .cloned()
            .collect();
        assert_natural_order(&of_book, "site index");
    }
    for a in registries.iter().flat_map(|r| r.iter()) {
        assert!(
            dir.join("articles")
                .join(format!("{}.html", a.id.as_str().replace(':', "-")))
                .is_file(),
            "no page for {}",
            a.id
        );
    }

    let page = dir.join("articles/fesa2017-3.11c.html");
    let dom = load(&chrome, &page);
    let corpus = Corpus::load(&default_root()).unwrap();
    let citing = corpus
        .cases
        .iter()
        .filter(|c| c.articles.contains(&ArticleId::fesa("3.11c")))
        .count();
    assert!(citing > 10);
    let shown = attr_values(&dom, "<article class=\"case site-case\"", "data-case");
    assert_eq!(shown.len(), citing, "every case citing 3.11c");
    assert_eq!(
        dom.matches("<svg class=\"board\"").count(),
        citing,
        "each with its board"
    );
    assert!(dom.contains("class=\"profile-choice\""), "profile choices");
    for profile in shogi_spec::profile::builtin_names() {
        assert!(
            dom.contains(&format!("../profiles/{profile}.html")),
            "links to {profile}"
        );
    }
    assert!(dom.contains("is_pawn_drop_mate"), "the oracle function");
    // Every relative link of the page leads to a page that exists (case → article → knob).
    for href in attr_values(&dom, "<a href", "href") {
        if href.starts_with('#') {
            continue;
        }
        let file = href.split('#').next().unwrap();
        assert!(
            page.parent().unwrap().join(file).is_file(),
            "broken link {href}"
        );
    }
    screenshot(
        &chrome,
        &page,
        &out_dir().join("site-3.11c.png"),
        "1100,1600",
    );
}

/// The archive impact report (`diff … RECORDS --format html`, issue 42) as a committee opens
/// it: no console message, nothing fetched, the counts, and a board at the parting ply for each
/// of the three real games that change when the start position no longer counts toward
/// sennichite (worked by hand in `tests/it/games/diff_records.rs`); a screenshot for people.
#[test]
fn the_archive_impact_report_opens_with_its_boards() {
    let Some(chrome) = chromium() else { return };
    let dir = out_dir();
    let page = dir.join("diff-not-counted.html");
    let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("../real-records/shogi");
    let status = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(["diff", "--profile", "fesa-2017", "--set"])
        .arg("repetition_start=not_counted")
        .arg(&records)
        .args(["--format", "html", "--output"])
        .arg(&page)
        .bounded_status()
        .unwrap();
    // Changes found are not an error; the 2 is for the two records of real-records/shogi kept as
    // unreadable on purpose (impossible start positions, MANIFEST.tsv), which the page names.
    assert_eq!(
        status.code(),
        Some(2),
        "exit status: 2 for the unreadable files only"
    );
    let dom = load(&chrome, &page);
    assert_self_contained(&dom, "the impact report");
    assert_eq!(
        attr_values(&dom, "<p class=\"counts\"", "data-unreadable"),
        ["2"]
    );
    assert_eq!(
        attr_values(&dom, "<p class=\"counts\"", "data-changed"),
        ["3"]
    );
    let changes = attr_values(&dom, "<section class=\"case change\"", "data-ply");
    assert_eq!(changes, ["12", "12", "12"], "each parts at ply 12");
    let boards = section(&dom, "<section class=\"case change\"", "</body>")
        .matches("<figure class=\"parting-board\"><svg")
        .count();
    assert_eq!(boards, 3, "a board per changed game");
    screenshot(
        &chrome,
        &page,
        &dir.join("diff-not-counted.png"),
        "1200,1600",
    );
}
