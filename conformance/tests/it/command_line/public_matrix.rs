#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The public matrix (`docs/implementations.md`): `matrix --publish` makes the page and its data
//! from JSON reports, and `--check` fails when a fresh run's results differ from them case by
//! case or when the page is not the rendering of its data — never on a date alone.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tool(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(args)
        .current_dir(dir)
        .bounded_output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn meta(dir: &Path, date: &str) {
    std::fs::write(
        dir.join("reports/oracle.meta.json"),
        format!(
            "{{\"name\": \"the-oracle\", \"version\": \"1.0\", \"route\": \"in-process\", \"corpus_link\": \"corpus\", \"date\": \"{date}\", \"perft\": {{\"1\": 30}}, \"perft_published\": {{\"1\": 30}}}}"
        ),
    )
    .unwrap();
}

const PUBLISH: &[&str] = &[
    "matrix",
    "reports",
    "--publish",
    "docs/page.md",
    "--data",
    "docs/data.json",
];

fn check(dir: &Path, reports: bool) -> Output {
    let mut args: Vec<&str> = PUBLISH.to_vec();
    if !reports {
        args.remove(1);
    }
    args.push("--check");
    tool(&args, dir)
}

#[test]
fn a_changed_result_fails_the_check_and_a_new_date_does_not() {
    let dir = Scratch(std::env::temp_dir().join(format!(
        "shogi-conformance-public-matrix-{}",
        std::process::id()
    )));
    let d = dir.0.as_path();
    std::fs::create_dir_all(d.join("reports")).unwrap();
    std::fs::create_dir_all(d.join("docs")).unwrap();
    let out = tool(
        &[
            "run",
            "--impl",
            "oracle",
            "--filter",
            "ref:fesa2017:3.11b",
            "--format",
            "json",
            "--output",
            "reports/oracle.json",
        ],
        d,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    meta(d, "2026-11-28");

    let out = tool(PUBLISH, d);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let page = std::fs::read_to_string(d.join("docs/page.md")).unwrap();
    assert!(
        page.contains("| [the-oracle](#impl-the-oracle) | 1.0 | shogi | in-process |"),
        "{page}"
    );
    assert!(page.contains("30 (as published)"), "{page}");
    assert!(page.contains("No case failed or errored."), "{page}");

    // The same results on another day: the check passes.
    meta(d, "2030-01-01");
    let out = check(d, true);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("the-oracle 1.0: same results as the page"),
        "{}",
        text(&out)
    );

    // No fresh report: listed as not run, not dropped.
    let out = check(d, false);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("the-oracle 1.0: not run in this check"),
        "{}",
        text(&out)
    );

    // One case's result changes in the fresh run: the check fails and names the case.
    let path = d.join("reports/oracle.json");
    let mut report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let id = report["cases"][0]["id"].as_str().unwrap().to_owned();
    report["cases"][0]["outcome"] = "fail".into();
    std::fs::write(&path, serde_json::to_string(&report).unwrap()).unwrap();
    let out = check(d, true);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains(&format!("case {id}: pass on the page, fail in this run")),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("regenerate it with"), "{}", text(&out));

    // Regenerated, the page lists the failure linked to its case file, and the check passes.
    let out = tool(PUBLISH, d);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let page = std::fs::read_to_string(d.join("docs/page.md")).unwrap();
    assert!(page.contains(&format!("- [`{id}`")), "{page}");
    assert!(page.contains("](../corpus/"), "{page}");
    assert_eq!(check(d, true).status.code(), Some(0));

    // The rulebook site's page: every failure linked to its case in its article's page.
    let out = tool(
        &[
            "site",
            "--output",
            "site",
            "--implementations",
            "docs/data.json",
        ],
        d,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let index = std::fs::read_to_string(d.join("site/index.html")).unwrap();
    assert!(index.contains("href=\"implementations.html\""), "{index}");
    let html = std::fs::read_to_string(d.join("site/implementations.html")).unwrap();
    let href = format!("#listed-{id}\"");
    let at = html.find(&href).unwrap_or_else(|| panic!("{html}"));
    let start = html[..at].rfind("href=\"").unwrap() + "href=\"".len();
    let article = std::fs::read_to_string(d.join("site").join(&html[start..at])).unwrap();
    assert!(
        article.contains(&format!("id=\"listed-{id}\"")),
        "{article}"
    );

    // A page edited by hand below its marker fails the check.
    std::fs::write(d.join("docs/page.md"), page.replace("| 1.0 |", "| 9.9 |")).unwrap();
    let out = check(d, true);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("not the rendering of its data"),
        "{}",
        text(&out)
    );
}
