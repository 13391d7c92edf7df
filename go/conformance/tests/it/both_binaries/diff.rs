//! `diff` over records in both tools: one report, one set of exit statuses.

use super::*;

/// `diff` over records: the same flags, the same report (JSON lines against the one published
/// impact schema, the summary last) and the same exit statuses — 0 when changes are found,
/// 1 with `--fail-on-change`, 2 for a usage error — in both tools. Each side compares its
/// game's rulebook with the repetition rule changed, on real records of its own game where the
/// change is known to matter (shogi: 3 games of `real-records/shogi/shogihome`; Go: 4 records of
/// `real-records/go/gnugo`; see each tool's `diff_records` test for the reasoning).
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn diff_takes_the_same_flags_and_writes_one_report(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (profile, set, records, changed) = match t.game {
        "go" => (
            "rfg",
            "repetition=simple_ko",
            root.join("../../real-records/go/gnugo"),
            4,
        ),
        _ => (
            "fesa-2017",
            "repetition_start=not_counted",
            root.join("../../real-records/shogi/shogihome"),
            3,
        ),
    };
    let records = records.to_str().expect("a UTF-8 path").to_owned();
    let diff = |extra: &[&str]| {
        let mut args = vec!["--profile", profile, "--set", set, records.as_str()];
        args.extend_from_slice(extra);
        command(&t, "diff", &args)
    };
    let out = diff(&["--format", "json", "--jobs", "2"]);
    exits(&out, 0, game);
    let lines: Vec<Value> = text(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    for l in &lines {
        assert_eq!(
            conformance_core::report::impact::validate(l),
            Ok(()),
            "{game}: {l}"
        );
    }
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["type"], "summary", "{game}");
    assert_eq!(summary["changed"], changed, "{game}");
    exits(&diff(&["--fail-on-change"]), 1, game);
    exits(&diff(&["--jobs", "0"]), 2, game);
    let page = text(&diff(&["--format", "html"]));
    assert_eq!(
        page.matches("<section class=\"case change\"").count(),
        changed,
        "{game}"
    );
}
