//! `--filter`: choosing cases by id, tag, article, file or words, for any game's cases.
//!
//! A filter is a list of terms separated by spaces; a case is chosen when it matches every
//! term. A term is `key:value` or a bare word, and a leading `!` negates it:
//!
//! | term | matches cases… |
//! | --- | --- |
//! | `id:ID` | with that id |
//! | `tag:TAG` | with that tag |
//! | `ref:ARTICLE` (or `article:`) | citing that article or one of its sub-clauses (`r:3.11` matches `r:3.11`, `r:3.11a`, `r:3.11.2`) |
//! | `file:TEXT` | whose file path contains the text |
//! | a bare word | whose id or title contains it (case-insensitive) |

/// What a filter asks of a case.
pub trait Selectable {
    /// The case id.
    fn id(&self) -> &str;
    /// The articles it cites.
    fn articles(&self) -> Vec<&str>;
    /// Its tags.
    fn tags(&self) -> &[String];
    /// The file it was read from, as the corpus names it.
    fn file(&self) -> String;
    /// Its title or slug, for bare words.
    fn title(&self) -> &str;
}

/// Why a filter expression is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// A `key:` this filter language does not know.
    #[error("unknown filter key `{0}` (known: id, tag, ref, article, file; or a bare word)")]
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
    Word(String),
}

/// A parsed filter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    terms: Vec<(bool, Term)>,
}

/// Whether `article` is `wanted` or one of its sub-clauses: the next character after the
/// prefix is not a digit (so `3.1` does not match `3.11`).
pub fn cites(article: &str, wanted: &str) -> bool {
    article
        .strip_prefix(wanted)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_digit()))
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
                // An article id has a colon of its own (`r:3.1`): only the first splits.
                Some((key, value)) => {
                    if value.is_empty() {
                        return Err(FilterError::EmptyValue(raw.to_owned()));
                    }
                    let v = value.to_owned();
                    match key {
                        "id" => Term::Id(v),
                        "tag" => Term::Tag(v),
                        "ref" | "article" => Term::Ref(v),
                        "file" => Term::File(v),
                        other => return Err(FilterError::UnknownKey(other.to_owned())),
                    }
                }
                None => Term::Word(word.to_lowercase()),
            };
            terms.push((negated, term));
        }
        Ok(Filter { terms })
    }

    /// Whether `case` is chosen.
    pub fn matches(&self, case: &impl Selectable) -> bool {
        self.terms.iter().all(|(negated, term)| {
            let hit = match term {
                Term::Id(id) => case.id() == id,
                Term::Tag(t) => case.tags().iter().any(|x| x == t),
                Term::Ref(r) => case.articles().iter().any(|a| cites(a, r)),
                Term::File(f) => case.file().contains(f.as_str()),
                Term::Word(w) => {
                    case.id().to_lowercase().contains(w) || case.title().to_lowercase().contains(w)
                }
            };
            hit != *negated
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct C(&'static str, Vec<&'static str>, Vec<String>, &'static str);
    impl Selectable for C {
        fn id(&self) -> &str {
            self.0
        }
        fn articles(&self) -> Vec<&str> {
            self.1.clone()
        }
        fn tags(&self) -> &[String] {
            &self.2
        }
        fn file(&self) -> String {
            self.3.to_owned()
        }
        fn title(&self) -> &str {
            "A Ko Fight"
        }
    }

    #[test]
    fn terms_combine_negate_and_match_sub_clauses_only() {
        let c = C(
            "ko-1",
            vec!["r:3.11a", "r:5.2"],
            vec!["ko".into()],
            "cases/ko.yaml",
        );
        let yes = |f: &str| Filter::parse(f).unwrap().matches(&c);
        assert!(yes("ref:r:3.11 tag:ko"));
        assert!(yes("article:r:5.2 file:ko.yaml fight"));
        assert!(!yes("ref:r:3.1"), "3.1 is not a prefix clause of 3.11a");
        assert!(!yes("!tag:ko"));
        assert!(yes("!id:ko-2 id:ko-1"));
        assert!(yes(""));
        assert_eq!(
            Filter::parse("kind:x"),
            Err(FilterError::UnknownKey("kind".into()))
        );
        assert_eq!(
            Filter::parse("tag:"),
            Err(FilterError::EmptyValue("tag:".into()))
        );
    }
}
