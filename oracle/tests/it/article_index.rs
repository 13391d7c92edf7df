#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The article index: [`ARTICLE_INDEX`] names, for every testable FESA 2017
//! article, the items of the oracle that implement it, and [`OTHER_ARTICLE_INDEX`] does the
//! same for the testable articles of the other rulebooks that no FESA article covers. It is the
//! one source: the crate docs write it out (checked here, row by row) and the rulebook site
//! reads it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use shogi_oracle::{ARTICLE_INDEX, ArticleEntry, OTHER_ARTICLE_INDEX};
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
        "articles missing from ARTICLE_INDEX (oracle/src/article_index.rs): {}",
        missing
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ")
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

/// The other rulebooks the oracle's profiles follow, whose articles link to FESA 2017's.
const OTHER_BOOKS: [&str; 2] = ["ufs2016", "ru-ch2"];

fn registry(book: &str) -> &'static Registry {
    shogi_spec::rulebooks::registry(book).unwrap_or_else(|| panic!("{book} is not shipped"))
}

/// Every testable article of UFS 2016 and of the textbook chapter is implemented somewhere the
/// index says: by a FESA article it links to that has a row, or by a row of its own in
/// [`OTHER_ARTICLE_INDEX`] (the articles FESA has no counterpart for). None is left over.
#[test]
fn every_testable_article_of_another_rulebook_is_indexed() {
    let mut unindexed = Vec::new();
    let mut testable = 0;
    for book in OTHER_BOOKS {
        for a in registry(book).iter().filter(|a| a.testable) {
            testable += 1;
            let own = shogi_oracle::article_index::entry(&a.id).is_some();
            let linked = a
                .cross_refs
                .iter()
                .filter_map(|c| c.article.as_ref())
                .filter(|t| t.rulebook() == "fesa2017")
                .any(|t| shogi_oracle::article_index::entry(t).is_some());
            if !own && !linked {
                unindexed.push(a.id.to_string());
            }
        }
    }
    assert!(testable > 40, "the registries were read: {testable}");
    assert!(
        unindexed.is_empty(),
        "testable articles with neither a linked FESA row nor a row of their own in \
         OTHER_ARTICLE_INDEX (oracle/src/article_index.rs): {}",
        unindexed.join(", ")
    );
}

/// Every row of [`OTHER_ARTICLE_INDEX`] is a testable article of another shipped rulebook,
/// once, in rulebook order, found by `entry`; and `entry` still answers FESA ids from
/// [`ARTICLE_INDEX`] only.
#[test]
fn other_rows_are_testable_articles_of_other_rulebooks() {
    assert!(!OTHER_ARTICLE_INDEX.is_empty());
    for e in OTHER_ARTICLE_INDEX {
        let id: ArticleId = e
            .article
            .parse()
            .unwrap_or_else(|err| panic!("{}: {err}", e.article));
        assert_eq!(e.id(), id);
        assert!(
            OTHER_BOOKS.contains(&id.rulebook()),
            "{id}: not a rulebook of OTHER_ARTICLE_INDEX"
        );
        let article = registry(id.rulebook())
            .get(&id)
            .unwrap_or_else(|| panic!("{id}: not in its registry"));
        assert!(article.testable, "{id} is not testable");
        assert!(e.paths().next().is_some(), "{id} names nothing");
        assert_eq!(shogi_oracle::article_index::entry(&id), Some(e));
    }
    let ids: Vec<ArticleId> = OTHER_ARTICLE_INDEX.iter().map(ArticleEntry::id).collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "OTHER_ARTICLE_INDEX is in rulebook order, each article once"
    );
    // A FESA number written without its rulebook is FESA's, in either table.
    assert_eq!(
        shogi_oracle::article_index::entry(&"ufs2016:5.3".parse().unwrap()),
        None
    );
    assert!(shogi_oracle::article_index::entry(&"fesa2017:5.3".parse().unwrap()).is_some());
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The file of a module of `shogi_spec`, by its path.
fn spec_module(path: &[String]) -> PathBuf {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/src");
    for seg in &path[..path.len().saturating_sub(1)] {
        dir = dir.join(seg);
    }
    let last = path.last().map_or("lib", String::as_str);
    let file = dir.join(format!("{last}.rs"));
    if file.is_file() {
        file
    } else {
        dir.join(last).join("mod.rs")
    }
}

/// Follows the module part of `path` through the source tree: the file of the innermost
/// module, and the segments after it (an item in that file, or a type and its method). With
/// `public`, every module on the way must be declared `pub mod`. A path from `shogi_spec` (the
/// shared vocabulary the articles also name) is followed through spec's source.
fn module_file(path: &str, public: bool) -> (PathBuf, Vec<&str>) {
    let segments: Vec<&str> = path.split("::").collect();
    if let Some(("shogi_spec", rest)) = segments.split_first().map(|(h, r)| (*h, r)) {
        return spec_file(rest);
    }
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

/// [`module_file`] for the segments of a path after `shogi_spec::`.
fn spec_file<'a>(segments: &[&'a str]) -> (PathBuf, Vec<&'a str>) {
    let mut file = spec_module(&[]);
    let mut path: Vec<String> = Vec::new();
    for (i, seg) in segments.iter().enumerate() {
        path.push((*seg).to_owned());
        let next = spec_module(&path);
        if !next.is_file() {
            return (file, segments[i..].to_vec());
        }
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
    for e in ARTICLE_INDEX.iter().chain(OTHER_ARTICLE_INDEX) {
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
                        && (declares(&text, &["pub fn ", "pub const fn "], method)
                            || declares(&text, &["pub trait "], ty)
                                && declares(&text, &["fn "], method)),
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
fn doc_row(e: &ArticleEntry) -> String {
    let id = e.id();
    let title = registry(id.rulebook())
        .get(&id)
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

/// The tables in `src/lib.rs` are `ARTICLE_INDEX` and then `OTHER_ARTICLE_INDEX` written out;
/// when they are not, the message holds the rows to paste.
#[test]
fn the_crate_docs_write_out_the_index() {
    let want: Vec<String> = ARTICLE_INDEX
        .iter()
        .chain(OTHER_ARTICLE_INDEX)
        .map(doc_row)
        .collect();
    let text = read(&src().join("lib.rs"));
    let have: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.strip_prefix("//! | ").is_some_and(|row| {
                let cell = row.split(" |").next().unwrap_or_default();
                cell.starts_with(|c: char| c.is_ascii_digit()) || cell.parse::<ArticleId>().is_ok()
            })
        })
        .collect();
    assert!(
        have == want,
        "the article index in src/lib.rs differs from ARTICLE_INDEX and OTHER_ARTICLE_INDEX; \
         its rows should read:\n{}",
        want.join("\n")
    );
}

/// The doc comment of the item `path` names (the `//!` docs of a module, else the `///` lines
/// above the declaration of the item, or of the method of a type), or `None` when no
/// declaration is found.
fn doc_of(path: &str, public: bool) -> Option<String> {
    let (file, rest) = module_file(path, public);
    let text = read(&file);
    let lines: Vec<&str> = text.lines().map(str::trim_start).collect();
    let docs = |prefix: &str, upto: usize| -> String {
        lines[..upto]
            .iter()
            .rev()
            .take_while(|l| l.starts_with(prefix) || l.starts_with("#["))
            .filter_map(|l| l.strip_prefix(prefix))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n")
    };
    let name = match rest.as_slice() {
        [] => {
            return Some(
                lines
                    .iter()
                    .filter_map(|l| l.strip_prefix("//!"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        [name] | [_, name] => *name,
        _ => return None,
    };
    let openings: Vec<&str> = PUBLIC_ITEMS.iter().chain(&PRIVATE_FNS).copied().collect();
    let at = lines.iter().position(|l| declares(l, &openings, name))?;
    Some(docs("///", at))
}

/// Whether `text` cites the article number `number` (`5.9`, `draw.2.1`) as a whole: not as the
/// start of a longer number (`5.9.5` does not cite `5.9`).
fn cites(text: &str, number: &str) -> bool {
    text.match_indices(number).any(|(i, _)| {
        let glued_before = text[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '.');
        let after = &text[i + number.len()..];
        let longer = after.strip_prefix('.').unwrap_or(after);
        !glued_before && !longer.starts_with(|c: char| c.is_alphanumeric())
    })
}

/// Every item a row of `OTHER_ARTICLE_INDEX` names says, in its doc comment, that it decides
/// that article: a reader of the source finds the other rulebook's article where the rule is.
#[test]
fn the_items_of_other_rows_cite_their_article() {
    assert!(cites("UFS 5.9 (handicaps)", "5.9") && !cites("UFS 5.9.5", "5.9"));
    assert!(cites("the count (UFS 5.8.6.3).", "5.8.6.3"));
    for e in OTHER_ARTICLE_INDEX {
        let number = e.id().article().to_owned();
        for (path, public) in e
            .public
            .iter()
            .map(|p| (p, true))
            .chain(e.private.iter().map(|p| (p, false)))
        {
            let doc = doc_of(path, public)
                .unwrap_or_else(|| panic!("{}: no declaration of `{path}`", e.article));
            assert!(
                cites(&doc, &number),
                "{}: the doc comment of `{path}` does not cite {number}:\n{doc}",
                e.article
            );
        }
    }
}
