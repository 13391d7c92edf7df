#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The article index: [`ARTICLE_INDEX`] names, for every testable FESA 2017
//! article, the items of the oracle that implement it. It is the one source: the crate docs
//! write it out (checked here, row by row) and the rulebook site reads it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use shogi_oracle::{ARTICLE_INDEX, ArticleEntry};
use shogi_spec::ArticleId;
use shogi_spec::ShogiRegistries;
use shogi_spec::registry::Registry;

/// The numbers (`3.11c`) of the articles marked `testable: true` in the FESA registry.
fn testable_articles() -> BTreeSet<String> {
    Registry::fesa2017()
        .iter()
        .filter(|a| a.testable)
        .map(|a| a.id.article().to_owned())
        .collect()
}

#[test]
fn every_testable_article_is_in_the_index() {
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
        "articles missing from ARTICLE_INDEX (oracle/src/article_index.rs): {missing:?}"
    );
    let unknown: Vec<&String> = indexed.difference(&testable).collect();
    assert!(
        unknown.is_empty(),
        "ARTICLE_INDEX rows for articles that are not testable: {unknown:?}"
    );
    let ids: Vec<ArticleId> = ARTICLE_INDEX.iter().map(ArticleEntry::id).collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "ARTICLE_INDEX is in rulebook order"
    );
    for e in ARTICLE_INDEX {
        assert!(e.paths().next().is_some(), "{} names nothing", e.article);
        assert_eq!(shogi_oracle::article_index::entry(&e.id()), Some(e));
    }
    assert_eq!(
        shogi_oracle::article_index::entry(&"ufs2016:3".parse().unwrap()),
        None,
        "another rulebook's article is not FESA's"
    );
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Follows the module part of `path` through the source tree: the file of the innermost
/// module, and the segments after it (an item in that file, or a type and its method). With
/// `public`, every module on the way must be declared `pub mod`.
fn module_file(path: &str, public: bool) -> (PathBuf, Vec<&str>) {
    let segments: Vec<&str> = path.split("::").collect();
    let (mut dir, mut file) = (src(), src().join("lib.rs"));
    for (i, seg) in segments.iter().enumerate() {
        let candidates = [dir.join(format!("{seg}.rs")), dir.join(seg).join("mod.rs")];
        let Some(next) = candidates.into_iter().find(|f| f.is_file()) else {
            return (file, segments[i..].to_vec());
        };
        if public {
            assert!(
                read(&file).contains(&format!("pub mod {seg};")),
                "{path}: `{seg}` is not a public module of {}",
                file.display()
            );
        }
        dir = dir.join(seg);
        file = next;
    }
    (file, Vec::new())
}

/// Whether some line of `text`, trimmed, starts with one of `openings` followed by `name` and a
/// character that ends a name.
fn declares(text: &str, openings: &[&str], name: &str) -> bool {
    text.lines().map(str::trim_start).any(|line| {
        openings.iter().any(|o| {
            line.strip_prefix(o)
                .and_then(|rest| rest.strip_prefix(name))
                .is_some_and(|rest| rest.starts_with(['(', '<', ' ', ';', '{']))
        })
    })
}

const PUBLIC_ITEMS: [&str; 6] = [
    "pub fn ",
    "pub const fn ",
    "pub struct ",
    "pub enum ",
    "pub const ",
    "pub trait ",
];
const PRIVATE_FNS: [&str; 3] = ["fn ", "pub(super) fn ", "pub(crate) fn "];

/// Every path names an item of the crate, public or private as its list says. (Public paths
/// are also intra-doc links of the crate docs, which `cargo doc` with `-D warnings` checks.)
#[test]
fn every_path_names_an_item() {
    for e in ARTICLE_INDEX {
        for path in e.public {
            let (file, rest) = module_file(path, true);
            let text = read(&file);
            match rest.as_slice() {
                [] => {}
                [item] => assert!(
                    declares(&text, &PUBLIC_ITEMS, item),
                    "{}: `{path}` is no public item of {}",
                    e.article,
                    file.display()
                ),
                [ty, method] => assert!(
                    declares(&text, &PUBLIC_ITEMS, ty)
                        && declares(&text, &["pub fn ", "pub const fn "], method),
                    "{}: `{path}` is no public method of {}",
                    e.article,
                    file.display()
                ),
                _ => panic!("{}: `{path}` is too deep", e.article),
            }
        }
        for path in e.private {
            let (file, rest) = module_file(path, true);
            let [name] = rest.as_slice() else {
                panic!(
                    "{}: `{path}` is not a module followed by a function",
                    e.article
                )
            };
            assert!(
                declares(&read(&file), &PRIVATE_FNS, name),
                "{}: `{path}`: no private `fn {name}` in {}",
                e.article,
                file.display()
            );
        }
    }
}

/// The row of the crate docs' table for an entry: the article, its registry title, the public
/// items as links, the private steps as code, the note in parentheses.
fn doc_row(e: &ArticleEntry, registry: &Registry) -> String {
    let title = registry
        .get(&e.id())
        .map(|a| a.title.clone())
        .unwrap_or_default();
    let mut by: Vec<String> = e.public.iter().map(|p| format!("[`{p}`]")).collect();
    by.extend(e.private.iter().map(|p| format!("`{p}`")));
    let mut by = by.join(", ");
    if !e.note.is_empty() {
        by = format!("{by} ({})", e.note);
    }
    format!("//! | {} | {title} | {by} |", e.article)
}

/// The table in `src/lib.rs` is `ARTICLE_INDEX` written out; when it is not, the message holds
/// the rows to paste.
#[test]
fn the_crate_docs_write_out_the_index() {
    let registry = Registry::fesa2017();
    let want: Vec<String> = ARTICLE_INDEX.iter().map(|e| doc_row(e, registry)).collect();
    let text = read(&src().join("lib.rs"));
    let have: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.strip_prefix("//! | ")
                .is_some_and(|row| row.starts_with(|c: char| c.is_ascii_digit()))
        })
        .collect();
    assert!(
        have == want,
        "the article index in src/lib.rs differs from ARTICLE_INDEX; its rows should read:\n{}",
        want.join("\n")
    );
}
