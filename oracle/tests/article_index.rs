//! The crate docs' article index lists every testable FESA 2017 article (issue 17): a reader
//! of the rulebook finds, for each article, the function that implements it.

use std::collections::BTreeSet;
use std::path::Path;

/// The ids (`3.11c`) of the articles marked `testable: true` in the FESA registry.
fn testable_articles() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/data/fesa2017.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let value: serde_norway::Value = serde_norway::from_str(&text).expect("the registry is YAML");
    let articles = value
        .as_sequence()
        .or_else(|| value.get("articles").and_then(|a| a.as_sequence()))
        .expect("a list of articles");
    articles
        .iter()
        .filter(|a| a.get("testable").and_then(|t| t.as_bool()) == Some(true))
        .filter_map(|a| a.get("id").and_then(|i| i.as_str()))
        .map(|id| id.trim_start_matches("fesa2017:").to_owned())
        .collect()
}

/// The articles of the index table in `src/lib.rs` (`//! | 3.11c | … |` rows).
fn indexed_articles() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.strip_prefix("//! | "))
        .filter_map(|row| row.split(" | ").next())
        .filter(|a| a.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_testable_article_is_in_the_index() {
    let testable = testable_articles();
    assert!(testable.len() > 50, "the registry was read: {testable:?}");
    let indexed = indexed_articles();
    let missing: Vec<&String> = testable.difference(&indexed).collect();
    assert!(
        missing.is_empty(),
        "articles missing from the index in src/lib.rs: {missing:?}"
    );
    let unknown: Vec<&String> = indexed.difference(&testable).collect();
    assert!(
        unknown.is_empty(),
        "index rows for articles that are not testable: {unknown:?}"
    );
}
