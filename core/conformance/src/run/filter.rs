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
//! | a bare word | whose name (the id, unless the game gives another) or title contains it (case-insensitive) |
//!
//! A game may add terms of its own — `key:value` keys and bare words that name a property of a
//! case (a flag) — by declaring them on its [`Selectable`] type ([`Selectable::KEYS`],
//! [`Selectable::FLAGS`]) and parsing with [`Filter::parse_for`]: the common terms mean the same
//! in every game, and only the game knows what its own mean.

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
    /// Its title, for bare words.
    fn title(&self) -> &str;
    /// The name a bare word is looked for in beside the title: the id, unless the game's cases
    /// carry a readable name of their own (a slug), which is what a person types.
    fn name(&self) -> &str {
        self.id()
    }

    /// The game's own `key:` terms, beside the common ones; [`Selectable::matches_key`] says
    /// what they match.
    const KEYS: &'static [&'static str] = &[];
    /// The game's own bare words that name a property of a case rather than words to look for
    /// (a case in a staging area); [`Selectable::has_flag`] says which cases have it.
    const FLAGS: &'static [&'static str] = &[];

    /// Whether the case matches `key:value`, for a `key` of [`Selectable::KEYS`].
    fn matches_key(&self, key: &str, value: &str) -> bool {
        let _ = (key, value);
        false
    }

    /// Whether the case has `flag`, one of [`Selectable::FLAGS`].
    fn has_flag(&self, flag: &str) -> bool {
        let _ = flag;
        false
    }
}

/// The keys every game's filter knows.
const COMMON_KEYS: [&str; 5] = ["id", "tag", "ref", "article", "file"];

/// Why a filter expression is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FilterError {
    /// A `key:` this filter language does not know.
    #[error("unknown filter key `{key}` (known: {known})")]
    UnknownKey {
        /// The key given.
        key: String,
        /// The terms the language knows, as the message lists them.
        known: String,
    },
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
    Key(&'static str, String),
    Flag(&'static str),
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
    /// Parses a filter expression of the common terms only (see the module documentation).
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        Filter::parse_with(text, &[], &[])
    }

    /// Parses a filter expression with the common terms and the game's own, those of its case
    /// type `C` ([`Selectable::KEYS`], [`Selectable::FLAGS`]).
    pub fn parse_for<C: Selectable>(text: &str) -> Result<Filter, FilterError> {
        Filter::parse_with(text, C::KEYS, C::FLAGS)
    }

    fn parse_with(
        text: &str,
        keys: &[&'static str],
        flags: &[&'static str],
    ) -> Result<Filter, FilterError> {
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
                        other => match keys.iter().find(|k| **k == other) {
                            Some(k) => Term::Key(k, v),
                            None => {
                                return Err(FilterError::UnknownKey {
                                    key: other.to_owned(),
                                    known: known_terms(keys, flags),
                                });
                            }
                        },
                    }
                }
                None => match flags.iter().find(|f| **f == word) {
                    Some(f) => Term::Flag(f),
                    None => Term::Word(word.to_lowercase()),
                },
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
                Term::Key(key, value) => case.matches_key(key, value),
                Term::Flag(flag) => case.has_flag(flag),
                Term::Word(w) => {
                    case.name().to_lowercase().contains(w)
                        || case.title().to_lowercase().contains(w)
                }
            };
            hit != *negated
        })
    }
}

/// The terms a filter language knows, as an unknown key's message lists them:
/// `id, tag, ref, article, file, KEY…; or a bare word, `FLAG`…`.
fn known_terms(keys: &[&str], flags: &[&str]) -> String {
    let keys: Vec<&str> = COMMON_KEYS.iter().chain(keys).copied().collect();
    let flags: String = flags.iter().map(|f| format!(", `{f}`")).collect();
    format!("{}; or a bare word{flags}", keys.join(", "))
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
            Filter::parse("kind:x").map_err(|e| e.to_string()),
            Err(
                "unknown filter key `kind` (known: id, tag, ref, article, file; or a bare word)"
                    .into()
            )
        );
        assert_eq!(
            Filter::parse("tag:"),
            Err(FilterError::EmptyValue("tag:".into()))
        );
    }

    /// A case type with terms of its own: a `colour:` key, a `draft` flag, and a readable name
    /// that bare words search instead of the id.
    struct Extended {
        colour: &'static str,
        draft: bool,
    }
    impl Selectable for Extended {
        fn id(&self) -> &str {
            "0a1b2c3d"
        }
        fn articles(&self) -> Vec<&str> {
            vec![]
        }
        fn tags(&self) -> &[String] {
            &[]
        }
        fn file(&self) -> String {
            "cases/x.yaml".into()
        }
        fn title(&self) -> &str {
            "A title"
        }
        fn name(&self) -> &str {
            "readable-name"
        }
        const KEYS: &'static [&'static str] = &["colour"];
        const FLAGS: &'static [&'static str] = &["draft"];
        fn matches_key(&self, key: &str, value: &str) -> bool {
            key == "colour" && self.colour == value
        }
        fn has_flag(&self, flag: &str) -> bool {
            flag == "draft" && self.draft
        }
    }

    #[test]
    fn a_case_type_adds_keys_flags_and_the_name_bare_words_search() {
        let red = Extended {
            colour: "red",
            draft: true,
        };
        let blue = Extended {
            colour: "blue",
            draft: false,
        };
        let chosen = |f: &str, c: &Extended| Filter::parse_for::<Extended>(f).unwrap().matches(c);
        assert!(chosen("colour:red", &red));
        assert!(!chosen("colour:red", &blue));
        assert!(chosen("!colour:red", &blue));
        assert!(chosen("draft", &red));
        assert!(!chosen("draft", &blue));
        assert!(chosen("!draft colour:blue", &blue));
        // Bare words search the name and the title, not the id.
        assert!(chosen("READABLE", &red));
        assert!(chosen("title", &red));
        assert!(!chosen("0a1b", &red));
        // The common terms still work beside the game's own.
        assert!(chosen("id:0a1b2c3d file:x.yaml draft", &red));
        // An unknown key's message lists the game's terms too.
        assert_eq!(
            Filter::parse_for::<Extended>("size:9").map_err(|e| e.to_string()),
            Err("unknown filter key `size` (known: id, tag, ref, article, file, colour; or a bare word, `draft`)".into())
        );
        // Without the case type, its terms are not part of the language: `colour:` is
        // refused and `draft` is a word to look for.
        assert!(matches!(
            Filter::parse("colour:red"),
            Err(FilterError::UnknownKey { key, .. }) if key == "colour"
        ));
        assert!(!Filter::parse("draft").unwrap().matches(&red));
    }
}
