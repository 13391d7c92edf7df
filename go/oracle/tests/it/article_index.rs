#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The article index: [`ARTICLE_INDEX`] names, for every testable RFG article, the items of
//! the oracle that implement it (or says that none does), and each item cites its article.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use go_oracle::{ARTICLE_INDEX, ArticleEntry};
use go_spec::rfg;

fn testable_articles() -> BTreeSet<String> {
    rfg()
        .iter()
        .filter(|a| a.testable)
        .map(|a| a.id.article().to_owned())
        .collect()
}

#[test]
fn every_testable_article_is_in_the_index_once() {
    let testable = testable_articles();
    assert!(testable.len() > 50, "the registry was read: {testable:?}");
    let indexed: BTreeSet<String> = ARTICLE_INDEX.iter().map(|e| e.article.to_owned()).collect();
    assert_eq!(
        indexed.len(),
        ARTICLE_INDEX.len(),
        "an article listed twice"
    );
    let missing: Vec<&String> = testable.difference(&indexed).collect();
    assert!(
        missing.is_empty(),
        "articles missing from ARTICLE_INDEX (go/oracle/src/article_index.rs): {}",
        missing
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let unknown: Vec<&String> = indexed.difference(&testable).collect();
    assert!(
        unknown.is_empty(),
        "ARTICLE_INDEX rows for articles that are unknown or not testable: {unknown:?}"
    );
    let ids: Vec<_> = ARTICLE_INDEX.iter().map(ArticleEntry::id).collect();
    let order: Vec<_> = rfg()
        .iter()
        .filter(|a| a.testable)
        .map(|a| a.id.clone())
        .collect();
    assert_eq!(ids, order, "ARTICLE_INDEX is in registry order");
    for e in ARTICLE_INDEX {
        assert!(
            !e.items.is_empty() || e.note.starts_with("not implemented"),
            "{} names nothing and does not say it is not implemented",
            e.article
        );
        assert_eq!(go_oracle::article_index::entry(&e.id()), Some(e));
    }
    assert_eq!(
        go_oracle::article_index::entry(&"other:5.2".parse().unwrap()),
        None,
        "another rulebook's article is not RFG's"
    );
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The forms in which a doc comment may cite `article`: `5.2`, `TB 1.2.1.1` for `TB1.2.1.1`,
/// `MM A.5` for `MM.A5`, `TB` and `MM` for the appendices themselves, `11a` for `11a`.
fn citation_forms(article: &str) -> Vec<String> {
    let mut forms = vec![article.to_owned()];
    if let Some(rest) = article.strip_prefix("TB") {
        forms.push(format!("TB {rest}"));
    }
    if let Some(rest) = article.strip_prefix("MM.") {
        let (letter, number) = rest.split_at(1);
        forms.push(if number.is_empty() {
            format!("MM {letter}")
        } else {
            format!("MM {letter}.{number}")
        });
    }
    forms
}

/// Whether `text` holds `form` as a whole number (not `5.2` inside `15.2` or `5.2.1`).
fn cites(text: &str, form: &str) -> bool {
    text.match_indices(form).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + form.len()..].chars().collect::<Vec<_>>();
        let joins = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '.')
            && !joins(after.first())
            && (after.first() != Some(&'.') || !joins(after.get(1)))
    })
}

/// The doc comment just above the declaration of `name` (a line starting with one of the
/// openings), or `None` when `text` declares no such item.
fn doc_of(text: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let openings = [
        "pub fn ",
        "fn ",
        "pub(crate) fn ",
        "pub(super) fn ",
        "pub struct ",
        "pub enum ",
    ];
    let at = lines.iter().position(|l| {
        let l = l.trim_start();
        openings.iter().any(|o| {
            l.strip_prefix(o)
                .and_then(|rest| rest.strip_prefix(name))
                .is_some_and(|rest| rest.starts_with(['(', '<', ' ', '{']))
        })
    })?;
    let mut doc = Vec::new();
    for l in lines[..at].iter().rev() {
        let l = l.trim_start();
        if let Some(d) = l.strip_prefix("///") {
            doc.push(d);
        } else if !l.starts_with("#[") {
            break;
        }
    }
    doc.reverse();
    Some(doc.join(" "))
}

/// Every path names an item of the crate (a function, or a type and its method, in the file
/// of its module), and that item's doc comment cites the article.
#[test]
fn every_item_exists_and_cites_its_article() {
    let mut problems = Vec::new();
    for e in ARTICLE_INDEX {
        for path in e.items {
            let segments: Vec<&str> = path.split("::").collect();
            let (module, rest) = segments.split_first().unwrap();
            let file = src().join(format!("{module}.rs"));
            assert!(
                read(&src().join("lib.rs")).contains(&format!("pub mod {module};")),
                "{}: `{path}`: no public module `{module}`",
                e.article
            );
            let text = read(&file);
            let doc = match rest {
                [item] => doc_of(&text, item),
                [ty, method] => doc_of(&text, ty).and_then(|_| doc_of(&text, method)),
                _ => panic!(
                    "{}: `{path}` is not module::item or module::Type::method",
                    e.article
                ),
            };
            let Some(doc) = doc else {
                problems.push(format!(
                    "{}: `{path}` names no item of {}",
                    e.article,
                    file.display()
                ));
                continue;
            };
            if !citation_forms(e.article).iter().any(|f| cites(&doc, f)) {
                problems.push(format!(
                    "{}: the doc comment of `{path}` does not cite it",
                    e.article
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn citations_are_whole_numbers() {
    assert!(cites("(rfg 5.2, 6.3)", "5.2"));
    assert!(!cites("rfg 15.2", "5.2"));
    assert!(!cites("rfg 5.2.1", "5.2"));
    assert!(cites("ends here 5.2.", "5.2"));
    assert!(cites("(TB 1.2.1.1)", "TB 1.2.1.1"));
    assert!(!cites("rfg 11b", "11"));
    assert_eq!(citation_forms("MM.A5"), ["MM.A5", "MM A.5"]);
}
