//! `--filter`: choosing cases by id, tag, article, file or words — the core's filter language
//! ([`conformance_core::run::filter`]), with this corpus's own terms added through its
//! extension point ([`InCorpus`]).
//!
//! A filter is a list of terms separated by spaces; a case is chosen when it matches every
//! term. A term is `key:value` or a bare word, and a leading `!` negates it:
//!
//! | term | matches cases… |
//! | --- | --- |
//! | `id:0a1b2c3d` | with that id |
//! | `tag:uchifuzume` | with that tag |
//! | `ref:fesa2017:3.11` (or `article:`) | citing that article or one of its sub-clauses (3.11, 3.11a, …) |
//! | `file:drops/` | whose file path (relative to the corpus) contains the text |
//! | `kind:perft` | with an expectation of that kind |
//! | `staging` / `!staging` | in (or not in) the staging area |
//! | a bare word | whose slug or title contains it (case-insensitive) |

use std::path::Path;

use conformance_core::run::Selectable;
use conformance_core::run::filter::FilterError;

use crate::corpus::case::Case;

/// A parsed filter, in this corpus's language (the core's terms and [`InCorpus`]'s).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter(conformance_core::run::Filter);

impl Filter {
    /// Parses a filter expression (see the module documentation).
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        conformance_core::run::Filter::parse_for::<InCorpus>(text).map(Filter)
    }

    /// The core's filter this is: what the core's runner chooses with.
    pub fn core(&self) -> &conformance_core::run::Filter {
        &self.0
    }

    /// Whether `case` (read from under `root`) is chosen.
    pub fn matches(&self, case: &Case, root: &Path) -> bool {
        self.0.matches(&InCorpus { case, root })
    }
}

/// A case as the filter sees it: with the folder of the corpus it was read from, so that
/// `file:` matches the path inside the corpus, not wherever the corpus happens to be.
#[derive(Debug, Clone, Copy)]
pub struct InCorpus<'a> {
    /// The case.
    pub case: &'a Case,
    /// The corpus folder.
    pub root: &'a Path,
}

impl Selectable for InCorpus<'_> {
    fn id(&self) -> &str {
        &self.case.id
    }
    fn articles(&self) -> Vec<&str> {
        self.case.articles.iter().map(|a| a.as_str()).collect()
    }
    fn tags(&self) -> &[String] {
        &self.case.tags
    }
    fn file(&self) -> String {
        let rel = self
            .case
            .file
            .strip_prefix(self.root)
            .unwrap_or(&self.case.file);
        rel.to_string_lossy().into_owned()
    }
    fn title(&self) -> &str {
        &self.case.title
    }
    /// Bare words look in the slug, the name people know a case by, not in the hex id.
    fn name(&self) -> &str {
        &self.case.slug
    }

    const KEYS: &'static [&'static str] = &["kind"];
    const FLAGS: &'static [&'static str] = &["staging"];

    /// `kind:KIND`: a case with an expectation of that kind (`perft`, `legal_moves`, …).
    fn matches_key(&self, key: &str, value: &str) -> bool {
        key == "kind"
            && self
                .case
                .expectations
                .iter()
                .any(|(e, _)| e.kind() == value)
    }

    /// `staging`: a case in the corpus's staging area (found, not yet reviewed).
    fn has_flag(&self, flag: &str) -> bool {
        flag == "staging" && self.case.staging
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::case::parse_file;

    fn case(staging: bool) -> Case {
        let text = "cases:\n  - id: 0a1b2c3d\n    slug: pawn-drop-mate\n    title: A Pawn drop\n    articles: [fesa2017:3.11c]\n    tags: [uchifuzume]\n    setup: {position: startpos}\n    expect:\n      - status: normal\n";
        parse_file(text, Path::new("corpus/drops/u.yaml"), staging)
            .unwrap()
            .remove(0)
    }

    #[test]
    fn terms() {
        let c = case(false);
        let root = Path::new("corpus");
        for (f, want) in [
            ("", true),
            ("id:0a1b2c3d", true),
            ("id:ffffffff", false),
            ("tag:uchifuzume", true),
            ("!tag:uchifuzume", false),
            ("ref:fesa2017:3.11", true),
            ("ref:fesa2017:3.1", false),
            ("ref:fesa2017:3.11c", true),
            ("article:fesa2017:3.11", true),
            ("file:drops/", true),
            ("file:corpus/", false),
            ("kind:status", true),
            ("kind:perft", false),
            ("!kind:perft", true),
            ("pawn", true),
            ("PAWN drop", true),
            ("0a1b", false),
            ("staging", false),
            ("!staging tag:uchifuzume", true),
        ] {
            assert_eq!(Filter::parse(f).unwrap().matches(&c, root), want, "{f}");
        }
        let staged = case(true);
        assert!(Filter::parse("staging").unwrap().matches(&staged, root));
        assert!(!Filter::parse("!staging").unwrap().matches(&staged, root));
    }

    #[test]
    fn errors() {
        assert_eq!(
            Filter::parse("colour:red").map_err(|e| e.to_string()),
            Err("unknown filter key `colour` (known: id, tag, ref, article, file, kind; or a bare word, `staging`)".into())
        );
        assert_eq!(
            Filter::parse("tag:"),
            Err(FilterError::EmptyValue("tag:".into()))
        );
    }
}
