//! Engine options for USI engines: the `--usi-option NAME=VALUE` settings of the command line,
//! the options an engine advertises in reply to `usi`, and the small defaults used for
//! certification.
//!
//! Engines are tuned for play: YaneuraOu, for instance, reserves a gigabyte of hash and a thread
//! per core by default, which a CI runner with 2 cores and a few gigabytes cannot afford, and
//! which perft (a plain tree walk) does not use. So when an engine advertises `Threads`, `Hash`
//! or `USI_Hash`, the driver sets them to [`DEFAULT_THREADS`] and [`DEFAULT_HASH_MB`] (within the
//! option's advertised bounds) unless the command line sets them; everything else stays as the
//! engine has it.

use std::str::FromStr;

/// Threads used when the engine advertises a `Threads` option and none is given.
pub const DEFAULT_THREADS: i64 = 1;
/// Hash size in MB used when the engine advertises `Hash` or `USI_Hash` and none is given.
pub const DEFAULT_HASH_MB: i64 = 16;

/// One `--usi-option NAME=VALUE`: sent as `setoption name NAME value VALUE` after `usi`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsiOption {
    /// The option's name, as the engine spells it in `option name …`.
    pub name: String,
    /// The value (may contain spaces, e.g. a file path; may be empty for a string option).
    pub value: String,
}

/// Why a `--usi-option` value is not usable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiOptionError {
    /// No `=`.
    #[error("`{0}` is not NAME=VALUE")]
    NoEquals(String),
    /// The name is empty or has spaces (USI option names are one word).
    #[error("`{0}`: the option name must be one word")]
    BadName(String),
    /// A line break would end the `setoption` command early.
    #[error("`{0}`: the option may not contain a line break")]
    LineBreak(String),
}

impl FromStr for UsiOption {
    type Err = UsiOptionError;

    fn from_str(text: &str) -> Result<UsiOption, UsiOptionError> {
        if text.contains(['\n', '\r']) {
            return Err(UsiOptionError::LineBreak(text.escape_debug().to_string()));
        }
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| UsiOptionError::NoEquals(text.to_owned()))?;
        let name = name.trim();
        if name.is_empty() || name.contains(char::is_whitespace) {
            return Err(UsiOptionError::BadName(text.to_owned()));
        }
        Ok(UsiOption {
            name: name.to_owned(),
            value: value.trim().to_owned(),
        })
    }
}

impl UsiOption {
    /// The `setoption` command for this option.
    pub fn command(&self) -> String {
        format!("setoption name {} value {}", self.name, self.value)
    }
}

/// An option the engine advertised: `option name NAME type TYPE [default D] [min M] [max X] …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advertised {
    /// Its name.
    pub name: String,
    /// Its type (`spin`, `check`, `string`, `filename`, `combo`, `button`).
    pub kind: String,
    /// The lower bound of a `spin` option.
    pub min: Option<i64>,
    /// The upper bound of a `spin` option.
    pub max: Option<i64>,
}

impl Advertised {
    /// Reads an `option name …` line; `None` for any other line.
    pub fn parse(line: &str) -> Option<Advertised> {
        let rest = line.trim().strip_prefix("option name ")?;
        let words: Vec<&str> = rest.split_whitespace().collect();
        let name = (*words.first()?).to_owned();
        let after = |key: &str| {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
        };
        Some(Advertised {
            name,
            kind: after("type").map(|s| (*s).to_owned()).unwrap_or_default(),
            min: after("min").and_then(|s| s.parse().ok()),
            max: after("max").and_then(|s| s.parse().ok()),
        })
    }

    fn clamp(&self, value: i64) -> i64 {
        let value = self.min.map_or(value, |m| value.max(m));
        self.max.map_or(value, |m| value.min(m))
    }
}

/// The `setoption` settings to send: the user's, in order, then the certification defaults for
/// the advertised `Threads`, `Hash` and `USI_Hash` options the user did not set. A user option
/// the engine does not advertise is an error (most often a misspelt name, which the engine
/// would otherwise ignore in silence).
pub fn settings(
    user: &[UsiOption],
    advertised: &[Advertised],
) -> Result<Vec<UsiOption>, UnknownOption> {
    for o in user {
        if !advertised.iter().any(|a| a.name == o.name) {
            return Err(UnknownOption {
                name: o.name.clone(),
                advertised: advertised.iter().map(|a| a.name.clone()).collect(),
            });
        }
    }
    let mut out = user.to_vec();
    for (name, value) in [
        ("Threads", DEFAULT_THREADS),
        ("Hash", DEFAULT_HASH_MB),
        ("USI_Hash", DEFAULT_HASH_MB),
    ] {
        let Some(a) = advertised
            .iter()
            .find(|a| a.name == name && a.kind == "spin")
        else {
            continue;
        };
        if user.iter().any(|o| o.name == name) {
            continue;
        }
        out.push(UsiOption {
            name: name.to_owned(),
            value: a.clamp(value).to_string(),
        });
    }
    Ok(out)
}

/// A `--usi-option` names an option the engine does not offer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the engine does not offer the option `{name}` (it offers: {})", if advertised.is_empty() { "none".to_owned() } else { advertised.join(", ") })]
pub struct UnknownOption {
    /// The name given.
    pub name: String,
    /// The names the engine advertised.
    pub advertised: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_read_from_the_command_line() {
        let o: UsiOption = "BookFile=no_book".parse().unwrap();
        assert_eq!(o.command(), "setoption name BookFile value no_book");
        let o: UsiOption = "EvalDir=/opt/eval dir".parse().unwrap();
        assert_eq!(o.value, "/opt/eval dir");
        assert!(matches!(
            "Threads".parse::<UsiOption>(),
            Err(UsiOptionError::NoEquals(_))
        ));
        assert!(matches!(
            "=4".parse::<UsiOption>(),
            Err(UsiOptionError::BadName(_))
        ));
        assert!(matches!(
            "A=1\nquit".parse::<UsiOption>(),
            Err(UsiOptionError::LineBreak(_))
        ));
    }

    #[test]
    fn advertised_options_and_defaults() {
        let adv: Vec<Advertised> = [
            "option name Threads type spin default 4 min 1 max 512",
            "option name USI_Hash type spin default 1024 min 32 max 33554432",
            "option name BookFile type combo default std_book.db var no_book var std_book.db",
            "id name not an option",
        ]
        .iter()
        .filter_map(|l| Advertised::parse(l))
        .collect();
        assert_eq!(adv.len(), 3);
        let s = settings(&[], &adv).unwrap();
        let cmds: Vec<String> = s.iter().map(UsiOption::command).collect();
        // USI_Hash's minimum (32) wins over the default of 16.
        assert_eq!(
            cmds,
            [
                "setoption name Threads value 1",
                "setoption name USI_Hash value 32"
            ]
        );
        let user = vec![
            "Threads=2".parse().unwrap(),
            "BookFile=no_book".parse().unwrap(),
        ];
        let cmds: Vec<String> = settings(&user, &adv)
            .unwrap()
            .iter()
            .map(UsiOption::command)
            .collect();
        assert_eq!(
            cmds,
            [
                "setoption name Threads value 2",
                "setoption name BookFile value no_book",
                "setoption name USI_Hash value 32"
            ]
        );
        let err = settings(&["Thread=1".parse().unwrap()], &adv).unwrap_err();
        assert!(err.to_string().contains("`Thread`"), "{err}");
        assert!(
            err.to_string().contains("Threads, USI_Hash, BookFile"),
            "{err}"
        );
    }
}
