//! `merge` and `matrix` over both tools' reports.

use super::*;

/// `merge` puts the shards of one run back together in both tools: the merged report has the
/// cases of the whole run, once each, and refuses a piece given twice.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn merge_puts_the_shards_of_one_run_together(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("merge-{game}"));
    let whole = dir.join("whole.json");
    exits(
        &run(
            &t,
            &[
                "--filter",
                t.some,
                "--format",
                "json",
                "--output",
                whole.to_str().unwrap(),
            ],
        ),
        0,
        game,
    );
    let mut pieces = Vec::new();
    for i in 1..=2 {
        let piece = dir.join(format!("shard-{i}.json"));
        let shard = format!("{i}/2");
        let o = run(
            &t,
            &[
                "--filter",
                t.some,
                "--shard",
                &shard,
                "--format",
                "json",
                "--output",
                piece.to_str().unwrap(),
            ],
        );
        // A shard may be left with no case of the filter: that is a refused run, not a piece.
        if status(&o) == 0 {
            pieces.push(piece);
        }
    }
    let merged = dir.join("merged.json");
    let mut args: Vec<&str> = pieces.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(["--output", merged.to_str().unwrap()]);
    exits(&command(&t, "merge", &args), 0, game);
    let mut a = ids(&json(&whole));
    let mut b = ids(&json(&merged));
    a.sort();
    b.sort();
    assert_eq!(a, b, "{game}: the merged shards are the whole run");
    let twice = [pieces[0].to_str().unwrap(), pieces[0].to_str().unwrap()];
    exits(&command(&t, "merge", &twice), 2, game);
}

/// `matrix` puts the reports of two implementations side by side in both tools: a row per
/// implementation, the articles with their titles, and the case that did not pass everywhere
/// under its article, with what the failing report says of it.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn matrix_puts_implementations_side_by_side(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("matrix-{game}"));
    let oracle = dir.join("oracle.json");
    // Go's cases written for the simple ko are skipped under the default profile (rfg), and a
    // skip does not pass everywhere: they are left out, so that the edited case is the one.
    let filter = match game {
        "go" => format!("{} !simple", t.some),
        _ => t.some.to_owned(),
    };
    let args = ["--filter", filter.as_str(), "--format", "json", "--output"];
    let mut with_output: Vec<&str> = args.to_vec();
    with_output.push(oracle.to_str().unwrap());
    exits(&run(&t, &with_output), 0, game);
    // A second implementation's report: the same run with one case failed, as a report handed
    // to the tool is plain JSON.
    let mut other = json(&oracle);
    other["header"]["implementation"] = "edited".into();
    let case = &mut other["cases"][0];
    let failed_id = case["id"].as_str().unwrap().to_owned();
    case["outcome"] = "fail".into();
    case["expectations"] = serde_json::json!([
        {"kind": "edited", "outcome": "fail", "expected": "what the rules say", "actual": "something else"}
    ]);
    let edited = dir.join("edited.json");
    std::fs::write(&edited, other.to_string()).unwrap();
    let page = dir.join("matrix.html");
    let o = command(
        &t,
        "matrix",
        &[
            oracle.to_str().unwrap(),
            edited.to_str().unwrap(),
            "--output",
            page.to_str().unwrap(),
        ],
    );
    exits(&o, 0, game);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<tr data-implementation=\"edited\">")
            && html.contains("<th>edited</th>")
            && html.contains("implementations side by side"),
        "{game}: {html}"
    );
    // The failing case under its article, the article with its title from the registry.
    let at = html
        .find(&format!("data-case=\"{failed_id}\""))
        .unwrap_or_else(|| panic!("{game}: {failed_id} listed: {html}"));
    let section = &html[..at];
    let heading = &section[section.rfind("<h3").unwrap()..];
    let title = heading.split("</h3>").next().unwrap();
    assert!(
        title.split_whitespace().count() > 2,
        "{game}: the article has a title: {title}"
    );
    assert!(
        html.contains("edited: expected what the rules say; got something else"),
        "{game}: {html}"
    );
    // Only that case did not pass everywhere.
    assert_eq!(html.matches("<article class=\"case\"").count(), 1, "{game}");
    // A file that is no report is refused, naming it.
    let o = command(&t, "matrix", &[page.to_str().unwrap()]);
    exits(&o, 2, game);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("matrix.html"),
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}
