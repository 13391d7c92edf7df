//! `shogi-conformance site`: the rulebook browser written by the shared generator
//! (`conformance_rulebook::site`) has a page for every article of every shipped rulebook
//! (FESA 2017, UFS 2016, the textbook chapter), and every testable article's page names the
//! oracle functions the oracle's index gives it — for a FESA article its row of
//! `ARTICLE_INDEX`, for another rulebook's article its own row of `OTHER_ARTICLE_INDEX` where
//! there is one, else the rows of the FESA articles it is linked to. None is left without a
//! function. The pages of
//! the site before it moved onto the shared generator are still there (old links keep working).

use conformance_probe::bounded::Bounded as _;
use std::path::Path;
use std::process::Command;

use shogi_spec::ArticleId;

/// The part of an article page between the generator's oracle heading and its cases heading.
fn oracle_section(page: &str) -> &str {
    let from = page.find("<h2>In the oracle</h2>").unwrap_or(page.len());
    let to = page[from..]
        .find("<h2>Cases (")
        .map_or(page.len(), |n| from + n);
    &page[from..to]
}

#[test]
fn the_site_has_a_page_per_article_naming_its_oracle_functions() {
    let dir = std::env::temp_dir().join(format!("shogi-site-{}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(["site", "--output"])
        .arg(&dir)
        .bounded_output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let read = |relative: &str| {
        std::fs::read_to_string(Path::new(&dir).join(relative))
            .unwrap_or_else(|e| panic!("{relative}: {e}"))
    };
    let index = read("index.html");
    let mut unnamed: Vec<String> = Vec::new();
    for book in ["fesa2017", "ufs2016", "ru-ch2"] {
        let registry = shogi_spec::rulebooks::registry(book)
            .unwrap_or_else(|| panic!("{book} is not shipped"));
        assert!(registry.len() > 5, "{book}");
        assert!(index.contains(&format!("href=\"{book}.html\"")), "{book}");
        let book_page = read(&format!("{book}.html"));
        let mut testable = 0;
        for a in registry.iter() {
            let id = a.id.as_str();
            let page = read(&format!("articles/{}.html", id.replace(':', "-")));
            assert!(page.contains(&format!("id=\"{id}\"")), "{id}");
            assert!(
                book_page.contains(&format!("data-article=\"{id}\"")),
                "{id} not on {book}.html"
            );
            assert!(
                index.contains(&format!("<tr class=\"article-row\" data-article=\"{id}\"")),
                "{id} not on the index"
            );
            let oracle = oracle_section(&page);
            if !a.testable {
                assert!(page.contains("Not testable"), "{id}");
                assert!(oracle.is_empty(), "{id}: {oracle}");
                continue;
            }
            testable += 1;
            // The oracle's own row for a FESA article, or for another rulebook's article that
            // has one; else the rows of the FESA articles its registry entry links it to.
            let own = shogi_oracle::article_index::entry(&a.id).is_some();
            if book != "fesa2017" && own {
                assert!(
                    oracle.contains("own row for this article, which no FESA article covers"),
                    "{id}: {oracle}"
                );
            }
            let rows: Vec<&ArticleId> = if book == "fesa2017" || own {
                vec![&a.id]
            } else {
                a.cross_refs
                    .iter()
                    .filter_map(|c| c.article.as_ref())
                    .filter(|t| t.rulebook() == "fesa2017")
                    .collect()
            };
            let items: Vec<&str> = rows
                .into_iter()
                .filter_map(shogi_oracle::article_index::entry)
                .flat_map(|e| e.public.iter().chain(e.private))
                .copied()
                .collect();
            if items.is_empty() {
                // An article with neither a row nor a linked FESA row: the page says so, and
                // the assertion below fails naming it.
                assert_ne!(book, "fesa2017", "{id} is not indexed");
                assert!(
                    oracle.contains("no FESA article it implements is linked to this one"),
                    "{id}: {oracle}"
                );
                unnamed.push(id.to_owned());
                continue;
            }
            for item in items {
                // The oracle's own items by their path in it; the shared vocabulary's by its
                // path in `shogi_spec`, which the index writes out.
                let path = if item.starts_with("shogi_spec::") {
                    item.to_owned()
                } else {
                    format!("shogi_oracle::{item}")
                };
                assert!(
                    oracle.contains(&format!("<code>{path}</code>")),
                    "{id}: {item} not named in {oracle}"
                );
            }
        }
        assert!(testable > 0, "{book} has testable articles");
    }
    assert!(
        unnamed.is_empty(),
        "testable articles without an oracle function to name ({}): {} — give each a row of \
         OTHER_ARTICLE_INDEX (oracle/src/article_index.rs) naming the function that decides it",
        unnamed.len(),
        unnamed.join(", ")
    );
    // An article FESA lacks names the function that decides it under the UFS profile.
    let count = read("articles/ufs2016-6.11.1.html");
    assert!(
        oracle_section(&count)
            .contains("<code>shogi_oracle::game::article8_arrival::absence</code>"),
        "{count}"
    );
    // The pages shogi adds: the profiles, linked from the index and the article pages.
    for profile in shogi_spec::profile::builtin_names() {
        assert!(read(&format!("profiles/{profile}.html")).contains("data-knob="));
        assert!(index.contains(&format!("href=\"profiles/{profile}.html\"")));
    }
    let drop_mate = read("articles/fesa2017-3.11c.html");
    assert!(drop_mate.contains("<code>shogi_oracle::"), "{drop_mate}");
    assert!(drop_mate.contains("is_pawn_drop_mate"));
    assert!(drop_mate.contains("class=\"profile-choice\""));
    assert!(drop_mate.contains("<article class=\"case site-case\""));
    std::fs::remove_dir_all(&dir).unwrap();
}
