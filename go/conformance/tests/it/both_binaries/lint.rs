//! `lint` in both tools: the shared findings, in one wording.

use super::*;

/// A corpus with one finding of each kind the shared lint checks make, in the game's own case
/// format; the finding each case must draw, as the core words it. The two games differ only in
/// their articles and case formats: the wording must be the same.
fn corpus_with_shared_findings(game: &str, dir: &Path) -> Vec<(&'static str, Finding)> {
    use conformance_core::lint::ArticleStatus;
    let article = |id: &str, status: ArticleStatus| Finding::Article {
        id: id.to_owned(),
        status,
    };
    if game == "go" {
        std::fs::create_dir_all(dir).unwrap();
        let case = |id: &str, articles: &str, title: &str| {
            format!(
                "- id: \"{id}\"\n  articles: [{articles}]\n  title: \"{title}\"\n  expect: {{resign: {{resigns: \"black\", winner: \"white\"}}}}\n"
            )
        };
        let text = [
            case("twice", "\"rfg:3.2\"", "x"),
            case("twice", "\"rfg:3.2\"", "x"),
            case("untestable", "\"rfg:4.1\"", "x"),
            case("unknown", "\"rfg:99.9\"", "x"),
            case("elsewhere", "\"fesa2017:3.1\"", "x"),
            case("Not_Well_Formed", "\"rfg:3.2\"", "x"),
            case("wordless", "\"rfg:3.2\"", " "),
        ]
        .concat();
        std::fs::write(dir.join("cases.yaml"), text).unwrap();
        let file = dir.join("cases.yaml").display().to_string();
        vec![
            ("twice", Finding::DuplicateId { first: file }),
            ("untestable", article("rfg:4.1", ArticleStatus::Untestable)),
            (
                "unknown",
                article(
                    "rfg:99.9",
                    ArticleStatus::NotInRegistry {
                        file: "go/spec/data/rfg.yaml".into(),
                    },
                ),
            ),
            (
                "elsewhere",
                article(
                    "fesa2017:3.1",
                    ArticleStatus::UnknownRulebook {
                        rulebook: "fesa2017".into(),
                        known: vec!["rfg".into()],
                    },
                ),
            ),
            (
                "Not_Well_Formed",
                Finding::MalformedId {
                    id: "Not_Well_Formed".into(),
                    rule: "lowercase letters, digits and hyphens",
                },
            ),
            ("wordless", Finding::EmptyText { field: "title" }),
        ]
    } else {
        std::fs::create_dir_all(dir.join("moves")).unwrap();
        let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        std::fs::copy(real.join("tags.yaml"), dir.join("tags.yaml")).unwrap();
        let case = |id: &str, slug: &str, refs: &str, title: &str| {
            format!(
                "  - id: \"{id}\"\n    slug: {slug}\n    title: \"{title}\"\n    articles: [{refs}]\n    setup: {{position: startpos}}\n    expect:\n      - status: normal\n"
            )
        };
        let text = [
            "cases:\n".to_owned(),
            case("0000000a", "first", "fesa2017:3.1", "x"),
            case("0000000a", "second", "fesa2017:3.1", "x"),
            case("0000000b", "untestable", "fesa2017:8.5", "x"),
            case("0000000c", "unknown", "fesa2017:99.9", "x"),
            case("0000000d", "elsewhere", "rfg:5.2, fesa2017:3.1", "x"),
            case("NotHex", "malformed", "fesa2017:3.1", "x"),
            case("0000000e", "wordless", "fesa2017:3.1", " "),
        ]
        .concat();
        let file = dir.join("moves/cases.yaml");
        std::fs::write(&file, text).unwrap();
        vec![
            (
                "0000000a",
                Finding::DuplicateId {
                    first: format!("{}:2", file.display()),
                },
            ),
            (
                "0000000b",
                article("fesa2017:8.5", ArticleStatus::Untestable),
            ),
            (
                "0000000c",
                article(
                    "fesa2017:99.9",
                    ArticleStatus::NotInRegistry {
                        file: "spec/data/fesa2017.yaml".into(),
                    },
                ),
            ),
            (
                "NotHex",
                Finding::MalformedId {
                    id: "NotHex".into(),
                    rule: "eight lowercase hex digits",
                },
            ),
            ("0000000e", Finding::EmptyText { field: "title" }),
        ]
    }
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn lint_words_the_shared_findings_alike(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("lint-{game}"));
    let corpus = dir.join("corpus");
    let expected = corpus_with_shared_findings(game, &corpus);
    let mut cmd = Command::new(&t.bin);
    cmd.arg("lint");
    if game == "shogi" {
        cmd.args(["--min-cases", "0"]);
    }
    let out = cmd.arg("--corpus").arg(&corpus).bounded_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(status(&out), 1, "{game}: {text}");
    for (id, finding) in &expected {
        let line = format!(": case {id}: {finding}");
        assert!(
            text.lines().any(|l| l.ends_with(&line)),
            "{game}: no line ending `{line}` in:\n{text}"
        );
    }
    // An article of a rulebook the game does not know: the same words, the known list aside.
    let foreign = if game == "go" {
        "article `fesa2017:3.1`: unknown rulebook `fesa2017` (known: "
    } else {
        "article `rfg:5.2`: unknown rulebook `rfg` (known: "
    };
    assert!(text.contains(foreign), "{game}: {text}");
    // The last line, in one shape.
    let last = text.lines().last().unwrap_or("");
    assert!(
        last.starts_with("lint: ")
            && last.contains(" case(s) in ")
            && last.ends_with(" problem(s)"),
        "{game}: {last}"
    );
}
