//! `--filter`: choosing cases by id, tag, article, file or words.
//!
//! A filter is a list of terms separated by spaces; a case is chosen when it matches every
//! term. A term is `key:value` or a bare word, and a leading `!` negates it:
//!
//! | term | matches cases… |
//! | --- | --- |
//! | `id:0a1b2c3d` | with that id |
//! | `tag:uchifuzume` | with that tag |
//! | `ref:fesa2017:3.11` | citing that article or one of its sub-clauses (3.11, 3.11a, …) |
//! | `file:drops/` | whose file path (relative to the corpus) contains the text |
//! | `kind:perft` | with an expectation of that kind |
//! | `staging` / `!staging` | in (or not in) the staging area |
//! | a bare word | whose slug or title contains it (case-insensitive) |

use crate::corpus::case::Case;

/// Why a filter expression is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// A `key:` this filter language does not know.
    #[error(
        "unknown filter key `{0}` (known: id, tag, ref, file, kind; or a bare word, `staging`)"
    )]
    UnknownKey(String),
    /// `key:` with nothing after it.
    #[error("filter term `{0}` has an empty value")]
    EmptyValue(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Term {
    Id(String),
    Tag(String),
    Ref(String),
    File(String),
    Kind(String),
    Staging,
    Word(String),
}

/// A parsed filter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    terms: Vec<(bool, Term)>,
}

impl Filter {
    /// Parses a filter expression (see the module documentation).
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        let mut terms = Vec::new();
        for raw in text.split_whitespace() {
            let (negated, word) = match raw.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, raw),
            };
            let term = match word.split_once(':') {
                Some((key, value)) => {
                    if value.is_empty() {
                        return Err(FilterError::EmptyValue(raw.to_owned()));
                    }
                    let v = value.to_owned();
                    match key {
                        "id" => Term::Id(v),
                        "tag" => Term::Tag(v),
                        "ref" => Term::Ref(v),
                        "file" => Term::File(v),
                        "kind" => Term::Kind(v),
                        other => return Err(FilterError::UnknownKey(other.to_owned())),
                    }
                }
                None if word == "staging" => Term::Staging,
                None => Term::Word(word.to_lowercase()),
            };
            terms.push((negated, term));
        }
        Ok(Filter { terms })
    }

    /// Whether `case` (read from under `root`) is chosen.
    pub fn matches(&self, case: &Case, root: &std::path::Path) -> bool {
        self.terms.iter().all(|(negated, term)| {
            let hit = match term {
                Term::Id(id) => case.id == *id,
                Term::Tag(t) => case.tags.iter().any(|x| x == t),
                Term::Ref(r) => case.refs.iter().any(|a| {
                    let a = a.as_str();
                    a == r
                        || (a.starts_with(r.as_str())
                            && !a[r.len()..].starts_with(|c: char| c.is_ascii_digit()))
                }),
                Term::File(f) => {
                    let rel = case.file.strip_prefix(root).unwrap_or(&case.file);
                    rel.to_string_lossy().contains(f.as_str())
                }
                Term::Kind(k) => case.expectations.iter().any(|(e, _)| e.kind() == k),
                Term::Staging => case.staging,
                Term::Word(w) => {
                    case.slug.to_lowercase().contains(w) || case.title.to_lowercase().contains(w)
                }
            };
            hit != *negated
        })
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::corpus::case::parse_file;

    fn case() -> Case {
        let text = "cases:\n  - id: 0a1b2c3d\n    slug: pawn-drop-mate\n    title: A Pawn drop\n    refs: [fesa2017:3.11c]\n    tags: [uchifuzume]\n    setup: {position: startpos}\n    expect:\n      - status: normal\n";
        parse_file(text, Path::new("corpus/drops/u.yaml"), false)
            .unwrap()
            .remove(0)
    }

    #[test]
    fn terms() {
        let c = case();
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
            ("file:drops/", true),
            ("kind:status", true),
            ("kind:perft", false),
            ("pawn", true),
            ("PAWN drop", true),
            ("staging", false),
            ("!staging tag:uchifuzume", true),
        ] {
            assert_eq!(Filter::parse(f).unwrap().matches(&c, root), want, "{f}");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(
            Filter::parse("colour:red"),
            Err(FilterError::UnknownKey("colour".into()))
        );
        assert_eq!(
            Filter::parse("tag:"),
            Err(FilterError::EmptyValue("tag:".into()))
        );
    }
}
