//! The shogi rulebooks' registries.
//!
//! The registry itself — articles, ids, loading and its checks, the copy check — is the
//! game-neutral `conformance_rulebook` crate, re-exported here so that shogi code keeps its
//! paths (`shogi_spec::registry::Registry`, `shogi_spec::registry::copied_runs`). What is
//! shogi's is the data: the FESA 2017 rules (`spec/data/fesa2017.yaml`, the primary rulebook)
//! served by [`ShogiRegistries::fesa2017`], UFS 2016 by [`ShogiRegistries::ufs2016`], and every
//! rulebook the crate ships by [`crate::rulebooks`] (`shipped`).

mod shipped;

pub use conformance_rulebook::registry::{
    Article, COPY_WINDOW, Registry, RegistryError, copied_runs, copy_words, expected_parent,
    numbering_problems,
};
pub use shipped::{FesaId, ShogiRegistries};

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use rstest::rstest;

    use super::*;
    use crate::ArticleId;

    fn id(article: &str) -> ArticleId {
        ArticleId::fesa(article)
    }

    fn fesa() -> &'static Registry {
        Registry::fesa2017()
    }

    #[test]
    fn every_article_is_present_as_a_root() {
        for n in 1..=17 {
            let article = fesa()
                .get(&id(&n.to_string()))
                .unwrap_or_else(|| panic!("article {n}"));
            assert_eq!(article.parent, None, "article {n} must have no parent");
            assert!(
                fesa().children(&article.id).next().is_some(),
                "article {n} has clauses"
            );
        }
        let roots: Vec<_> = fesa().iter().filter(|a| a.parent.is_none()).collect();
        assert_eq!(roots.len(), 17);
    }

    #[rstest]
    #[case("1.2")]
    #[case("2.3")]
    #[case("3.2")]
    #[case("3.11a")]
    #[case("3.11b")]
    #[case("3.11c")]
    #[case("3.12")]
    #[case("5.1a")]
    #[case("5.1b")]
    #[case("5.2")]
    #[case("5.3")]
    #[case("5.3.1")]
    #[case("5.3.2")]
    #[case("5.3.3")]
    #[case("5.3.4")]
    #[case("5.3.5")]
    #[case("5.3.6")]
    #[case("8.3")]
    #[case("8.7a")]
    #[case("8.11")]
    #[case("9.4c")]
    #[case("9.5")]
    #[case("13.4e")]
    #[case("14.4b")]
    #[case("15.4")]
    #[case("17.2")]
    fn id_exists(#[case] article: &str) {
        assert!(fesa().contains(&id(article)), "missing fesa2017:{article}");
    }

    /// The parent of every clause is the clause its number is nested in (the one check in
    /// `conformance_rulebook::registry::numbering_problems`).
    #[test]
    fn parents_follow_the_numbering() {
        let problems = numbering_problems(fesa());
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn entries_are_in_article_order() {
        let articles: Vec<u32> = fesa()
            .iter()
            .map(|a| a.id.article().split('.').next().unwrap().parse().unwrap())
            .collect();
        assert!(articles.windows(2).all(|w| w[0] <= w[1]), "{articles:?}");
        // Each whole article comes before its clauses.
        for (i, article) in fesa().iter().enumerate() {
            if let Some(parent) = &article.parent {
                let p = fesa().iter().position(|a| &a.id == parent).unwrap();
                assert!(p < i, "{} comes before its parent {parent}", article.id);
            }
        }
    }

    #[test]
    fn children_are_in_file_order() {
        let kids: Vec<_> = fesa()
            .children(&id("3.11"))
            .map(|a| a.id.article())
            .collect();
        assert_eq!(kids, ["3.11a", "3.11b", "3.11c"]);
        let kids: Vec<_> = fesa()
            .children(&id("5.3"))
            .map(|a| a.id.article())
            .collect();
        assert_eq!(kids, ["5.3.1", "5.3.2", "5.3.3", "5.3.4", "5.3.5", "5.3.6"]);
        let kids: Vec<_> = fesa()
            .children(&id("5.1"))
            .map(|a| a.id.article())
            .collect();
        assert_eq!(kids, ["5.1a", "5.1b"]);
        assert_eq!(fesa().children(&id("3.11c")).count(), 0);
    }

    #[rstest]
    #[case("4.1", false)]
    #[case("4", false)]
    #[case("13.4", false)]
    #[case("15.1", false)]
    #[case("1.2", true)]
    #[case("3.11c", true)]
    #[case("5.3.5", true)]
    #[case("7.1", true)]
    #[case("8.6", true)]
    #[case("12.1", true)]
    #[case("14.4a", true)]
    #[case("15.4", true)]
    fn testability(#[case] article: &str, #[case] testable: bool) {
        let entry = fesa().get(&id(article)).unwrap();
        assert_eq!(entry.testable, testable, "{article}");
        assert_eq!(entry.untestable_reason.is_some(), !testable, "{article}");
    }

    #[test]
    fn testable_iterator_matches_flags() {
        let testable: Vec<_> = fesa().testable().collect();
        assert_eq!(testable.len(), fesa().iter().filter(|a| a.testable).count());
        assert!(
            testable
                .iter()
                .all(|a| a.testable && a.untestable_reason.is_none())
        );
        assert_eq!(testable.len(), 67);
    }

    /// The interpretation points the project promised to record are there.
    #[rstest]
    #[case("3.2", "knight")]
    #[case("3.2", "optional")]
    #[case("5.3", "Russian says the declarer then loses")]
    #[case("3.12", "at least four times")]
    #[case("3.12", "continuous over the whole cycle")]
    #[case("8.3", "8.11")]
    #[case("1.2", "no_legal_moves")]
    #[case("3.11c", "NOT forbidden")]
    #[case("3.11a", "tokin")]
    #[case("11", "skips 11.4")]
    fn interpretation_recorded(#[case] article: &str, #[case] needle: &str) {
        let entry = fesa().get(&id(article)).unwrap();
        assert!(
            entry
                .interpretation
                .iter()
                .any(|note| note.contains(needle)),
            "no note on {article} mentions {needle:?}"
        );
    }
}
