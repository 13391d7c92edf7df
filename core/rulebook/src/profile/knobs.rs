//! What a game declares about its knobs: their names, what each decides, the values each takes,
//! and how a written value becomes a typed one. The [`knobs!`](crate::knobs) macro turns one
//! table of rows into the game's typed rules and this declaration, so a knob is added by adding
//! a row; [`knob_enum!`](crate::knob_enum) declares a knob whose values are a closed set of words.

use super::Setting;
use super::error::ProfileError;
use std::collections::BTreeMap;
use std::str::FromStr;

/// A knob's name, what it decides, and the values it accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KnobInfo {
    /// The knob's name in profile files, `--set` and `--profile NAME,KNOB=VALUE`.
    pub name: &'static str,
    /// What it decides.
    pub about: &'static str,
    /// The values it accepts, as written (`<number>` and the like for numbers).
    pub values: &'static [&'static str],
    /// The article (or, where no rulebook has one, the rule) whose meaning bounds the values.
    pub article: &'static str,
    /// The values the article can mean, in words (empty: exactly the words of
    /// [`KnobInfo::values`]).
    pub domain: &'static str,
}

impl KnobInfo {
    /// The domain in words: the declared words, or "one of: …" for a closed set of words.
    pub fn domain_words(&self) -> String {
        if self.domain.is_empty() {
            format!("one of: {}", self.values.join(", "))
        } else {
            self.domain.to_owned()
        }
    }

    /// The words a value of this knob can take as a closed list (every value that is not a
    /// `<…>` placeholder): the values a counterfactual tries besides those the shipped
    /// profiles give.
    pub fn listed_values(&self) -> impl Iterator<Item = &'static str> {
        self.values.iter().copied().filter(|v| !v.starts_with('<'))
    }
}

/// The values a knob's article can mean, declared in the knob's row of [`knobs!`](crate::knobs)
/// so that it is one place per knob: a value of the right kind outside it (a repetition of one
/// occurrence) is refused with the article and these words, wherever it comes from — a profile
/// file, `--set`, the workbench, Python.
#[derive(Debug, Clone, Copy)]
pub struct Domain<T: 'static> {
    /// The article whose meaning bounds the values (or the rule, where no rulebook has one).
    pub article: &'static str,
    /// The values it can mean, in words, with the reason.
    pub words: &'static str,
    /// Whether a typed value is within.
    pub contains: fn(&T) -> bool,
}

/// Every value of the type: the domain of a closed set of words, where the type is the domain.
fn every<T>(_: &T) -> bool {
    true
}

impl<T: 'static> Domain<T> {
    /// A domain of `words` under `article`, holding the values `contains` accepts.
    pub const fn new(article: &'static str, words: &'static str, contains: fn(&T) -> bool) -> Self {
        Domain {
            article,
            words,
            contains,
        }
    }

    /// The domain of a knob whose type is a closed set of words ([`knob_enum!`](crate::knob_enum)):
    /// every word, under `article`.
    pub const fn words(article: &'static str) -> Self {
        Domain {
            article,
            words: "",
            contains: every::<T>,
        }
    }
}

/// The error of a value of the right kind outside its knob's domain.
pub fn outside_domain(info: &KnobInfo, value: &str) -> ProfileError {
    ProfileError::OutsideDomain {
        knob: info.name.to_owned(),
        value: value.to_owned(),
        article: info.article.to_owned(),
        domain: info.domain_words(),
    }
}

/// A value a knob does not take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("expected one of: {}", expected.join(", "))]
pub struct KnobValueError {
    /// The values the knob takes.
    pub expected: &'static [&'static str],
}

/// A game's rule knobs: the typed rules a profile resolves to, the table of knobs, and the
/// profiles the game ships. Written by [`knobs!`](crate::knobs), never by hand.
pub trait Knobs: Sized + Clone {
    /// Every knob, in the order profiles list them.
    const KNOBS: &'static [KnobInfo];
    /// The shipped profiles: name and YAML text, the default first.
    const SHIPPED: &'static [(&'static str, &'static str)];
    /// The folder the shipped profiles are read from, as errors name it (`spec/profiles`).
    const FOLDER: &'static str;

    /// The typed rules from every knob's written value.
    ///
    /// # Errors
    /// [`ProfileError::BadValue`] for a value its knob does not take, naming the knob;
    /// [`ProfileError::Incomplete`] if a knob has no value (the profile checks that first).
    fn read(
        profile: &str,
        settings: &BTreeMap<&'static str, Setting>,
    ) -> Result<Self, ProfileError>;
}

/// A knob's written value, looked up for [`Knobs::read`].
///
/// # Errors
/// [`ProfileError::Incomplete`] when the profile does not set `knob`.
pub fn written<'a>(
    profile: &str,
    settings: &'a BTreeMap<&'static str, Setting>,
    knob: &str,
) -> Result<&'a str, ProfileError> {
    settings
        .get(knob)
        .map(|s| s.value.as_str())
        .ok_or_else(|| ProfileError::Incomplete {
            name: profile.to_owned(),
            missing: knob.to_owned(),
        })
}

/// Reads a knob whose values are words (a [`knob_enum!`](crate::knob_enum) type).
///
/// # Errors
/// [`ProfileError::BadValue`] listing the words the knob takes.
pub fn word<T: FromStr<Err = KnobValueError>>(knob: &str, value: &str) -> Result<T, ProfileError> {
    value
        .parse()
        .map_err(|e: KnobValueError| bad_value(knob, value, e.to_string()))
}

/// Reads a knob whose value is a whole number.
///
/// # Errors
/// [`ProfileError::BadValue`] for anything but a whole number from 0.
pub fn count(knob: &str, value: &str) -> Result<u32, ProfileError> {
    value
        .parse()
        .map_err(|_| bad_value(knob, value, "expected a whole number".to_owned()))
}

/// A value `knob` does not read as (a word it does not take, text that is not a number),
/// said with the knob's article and domain, as a value outside the domain is: the user learns
/// the same thing either way, what the knob can mean. Other errors pass unchanged.
pub fn with_domain(error: ProfileError, knob: &str, knobs: &[KnobInfo]) -> ProfileError {
    match (&error, knobs.iter().find(|k| k.name == knob)) {
        (ProfileError::BadValue { value, .. }, Some(info)) => outside_domain(info, value),
        _ => error,
    }
}

/// The error of a value `knob` does not take, with what was expected.
pub fn bad_value(knob: &str, value: &str, reason: String) -> ProfileError {
    ProfileError::BadValue {
        knob: knob.to_owned(),
        value: value.to_owned(),
        reason,
    }
}

/// Declares a knob's value type: a closed set of snake_case words, with `VALUES` (every word,
/// as profile files write it), `FromStr` (refusing any other word with
/// [`KnobValueError`](crate::profile::KnobValueError)) and `Display` (the word back).
#[macro_export]
macro_rules! knob_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value this knob accepts, as written in profile files.
            pub const VALUES: &'static [&'static str] = &[$($text),+];
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::profile::KnobValueError;
            fn from_str(s: &str) -> ::std::result::Result<Self, $crate::profile::KnobValueError> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::profile::KnobValueError { expected: Self::VALUES }),
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(match self { $($name::$variant => $text),+ })
            }
        }
    };
}

/// Defines a game's knobs from one table: the typed rules struct (field names are the knob
/// names of profile files and `--set`) and its [`Knobs`](crate::profile::Knobs) declaration.
/// Each row names the knob's type, the function that reads its written value
/// (`fn(knob, value) -> Result<T, ProfileError>`: [`word`](crate::profile::word),
/// [`count`](crate::profile::count) or the game's own), what it decides, the values it takes
/// and its [`Domain`](crate::profile::Domain): the article and the values the article can mean
/// (a value of the right kind outside it is refused, naming both).
///
/// ```
/// conformance_rulebook::knob_enum! {
///     /// Who wins a drawn game.
///     Tie { /// Nobody.
///         Draw = "draw", /// The second player.
///         SecondWins = "second_wins" }
/// }
/// use conformance_rulebook::profile::{Domain, count, word};
/// conformance_rulebook::knobs! {
///     /// The rules of a toy game.
///     #[derive(Debug, Clone, PartialEq, Eq)]
///     pub struct ToyRules;
///     shipped: &[("plain", "name: plain\ntitle: The plain rules\nknobs:\n  tie:\n    value: draw\n    source: \"toy:1\"\n  moves:\n    value: 9\n    source: \"toy:2\"\n")],
///     folder: "toy/profiles";
///     /// What a full board without a line gives.
///     tie: Tie = word, "what a full board without a line gives", Tie::VALUES,
///         Domain::words("toy:1");
///     /// The longest game: a game of nine squares has at most nine moves.
///     moves: u32 = count, "the longest game", &["<number>"],
///         Domain::new("toy:2", "a whole number from 1 to 9: the board has nine squares", |n| (1..=9).contains(n));
/// }
/// use conformance_rulebook::profile::Profile;
/// let plain = Profile::<ToyRules>::builtin("plain").unwrap();
/// assert_eq!(plain.rules, ToyRules { tie: Tie::Draw, moves: 9 });
/// let refused = plain.with("moves", "10").unwrap_err().to_string();
/// assert!(refused.contains("a whole number from 1 to 9") && refused.contains("toy:2"), "{refused}");
/// ```
#[macro_export]
macro_rules! knobs {
    (
        $(#[$meta:meta])* $vis:vis struct $rules:ident;
        shipped: $shipped:expr,
        folder: $folder:literal;
        $( $( #[doc = $doc:literal] )+ $name:ident : $ty:ty = $parse:path, $about:literal, $values:expr, $domain:expr; )*
    ) => {
        $(#[$meta])*
        $vis struct $rules {
            $( $( #[doc = $doc] )+ pub $name: $ty, )*
        }

        impl $crate::profile::Knobs for $rules {
            const KNOBS: &'static [$crate::profile::KnobInfo] = &[
                $( $crate::profile::KnobInfo {
                    name: stringify!($name),
                    about: $about,
                    values: $values,
                    article: { const D: $crate::profile::Domain<$ty> = $domain; D.article },
                    domain: { const D: $crate::profile::Domain<$ty> = $domain; D.words },
                }, )*
            ];
            const SHIPPED: &'static [(&'static str, &'static str)] = $shipped;
            const FOLDER: &'static str = $folder;

            fn read(
                profile: &str,
                settings: &::std::collections::BTreeMap<&'static str, $crate::profile::Setting>,
            ) -> ::std::result::Result<Self, $crate::profile::ProfileError> {
                Ok($rules {
                    $( $name: {
                        let written = $crate::profile::written(profile, settings, stringify!($name))?;
                        let value: $ty = $parse(stringify!($name), written).map_err(|e| {
                            $crate::profile::with_domain(e, stringify!($name), Self::KNOBS)
                        })?;
                        const D: $crate::profile::Domain<$ty> = $domain;
                        if !(D.contains)(&value) {
                            let info = Self::KNOBS.iter().find(|k| k.name == stringify!($name));
                            return Err(match info {
                                Some(info) => $crate::profile::outside_domain(info, written),
                                None => $crate::profile::bad_value(stringify!($name), written, D.words.to_owned()),
                            });
                        }
                        value
                    }, )*
                })
            }
        }
    };
}
