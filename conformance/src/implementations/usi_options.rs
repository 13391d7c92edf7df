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
    /// The name is empty, or holds the word `value` (which would end the name early in
    /// `setoption name NAME value VALUE`).
    #[error("`{0}`: the option name is empty or holds the word `value`")]
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
        // USI option names may have spaces (Fairy-Stockfish's `Skill Level`): the name is
        // every word before `value` in `setoption name NAME value VALUE`, so it is taken
        // whole, its words joined by one space as the engine's `option name` line is read.
        let words: Vec<&str> = name.split_whitespace().collect();
        if words.is_empty() || words.contains(&"value") {
            return Err(UsiOptionError::BadName(text.to_owned()));
        }
        Ok(UsiOption {
            name: words.join(" "),
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
    /// The values a `combo` option takes (its `var`s).
    pub vars: Vec<String>,
}

impl Advertised {
    /// Reads an `option name …` line; `None` for any other line. The name is every word up to
    /// `type` (USI names may have spaces: `option name Skill Level type spin …`).
    pub fn parse(line: &str) -> Option<Advertised> {
        let rest = line.trim().strip_prefix("option name ")?;
        let all: Vec<&str> = rest.split_whitespace().collect();
        let end = all.iter().position(|w| *w == "type").unwrap_or(all.len());
        if end == 0 {
            return None;
        }
        let name = all[..end].join(" ");
        let words = &all[end..];
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
            vars: words
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1].to_owned())
                .collect(),
        })
    }

    /// Why `value` is not one this option takes, if it is not: an integer within the bounds of
    /// a `spin`, `true` or `false` for a `check`, one of the `var`s of a `combo`. Strings,
    /// file names and buttons take anything. An engine given a value it does not take most
    /// often ignores it (or answers with an `info string` nobody reads) and runs on its
    /// default, so the run would certify a setting the user did not ask for.
    fn refuses(&self, value: &str) -> Option<String> {
        match self.kind.as_str() {
            "spin" => match value.trim().parse::<i64>() {
                Err(_) => Some("an integer".into()),
                Ok(v) if self.min.is_some_and(|m| v < m) || self.max.is_some_and(|m| v > m) => {
                    Some(format!(
                        "an integer from {} to {}",
                        self.min.map_or("any".into(), |m| m.to_string()),
                        self.max.map_or("any".into(), |m| m.to_string())
                    ))
                }
                Ok(_) => None,
            },
            "check" => (!matches!(value, "true" | "false")).then(|| "true or false".into()),
            "combo" if !self.vars.is_empty() => (!self.vars.iter().any(|v| v == value))
                .then(|| format!("one of {}", self.vars.join(", "))),
            _ => None,
        }
    }

    fn clamp(&self, value: i64) -> i64 {
        let value = self.min.map_or(value, |m| value.max(m));
        self.max.map_or(value, |m| value.min(m))
    }
}

/// The `setoption` settings to send: the user's, in order, then the certification defaults for
/// the advertised `Threads`, `Hash` and `USI_Hash` options the user did not set. A user option
/// the engine does not advertise is an error (most often a misspelt name, which the engine
/// would otherwise ignore in silence), and so is a value outside what the engine advertised
/// for the option (see [`Advertised`]).
pub fn settings(
    user: &[UsiOption],
    advertised: &[Advertised],
) -> Result<Vec<UsiOption>, OptionError> {
    for o in user {
        let Some(a) = advertised.iter().find(|a| a.name == o.name) else {
            return Err(OptionError::Unknown(UnknownOption {
                name: o.name.clone(),
                advertised: advertised.iter().map(|a| a.name.clone()).collect(),
            }));
        };
        if let Some(takes) = a.refuses(&o.value) {
            return Err(OptionError::Value {
                name: o.name.clone(),
                value: o.value.clone(),
                takes,
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

/// A `--usi-option` the engine cannot take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The engine does not offer an option of that name.
    #[error(transparent)]
    Unknown(#[from] UnknownOption),
    /// The engine offers the option, but not that value.
    #[error("the engine's option `{name}` does not take the value `{value}`: it takes {takes}")]
    Value {
        /// The option's name.
        name: String,
        /// The value given.
        value: String,
        /// What the engine advertised it takes.
        takes: String,
    },
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

    /// USI option names may have spaces (the protocol reads the name up to `type` in `option
    /// name`, up to `value` in `setoption name`); Fairy-Stockfish 11.1 offers these lines.
    #[test]
    fn option_names_with_spaces_are_taken_whole() {
        let adv: Vec<Advertised> = [
            "option name Skill Level type spin default 20 min -20 max 20",
            "option name Debug Log File type string default ",
            "option name Clear Hash type button",
            "option name Threads type spin default 1 min 1 max 512",
        ]
        .iter()
        .filter_map(|l| Advertised::parse(l))
        .collect();
        let names: Vec<&str> = adv.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(
            names,
            ["Skill Level", "Debug Log File", "Clear Hash", "Threads"]
        );
        assert_eq!((adv[0].min, adv[0].max), (Some(-20), Some(20)));
        let o: UsiOption = "Skill  Level = 3".parse().unwrap();
        assert_eq!(o.command(), "setoption name Skill Level value 3");
        let sent = settings(&[o], &adv).unwrap();
        assert_eq!(sent[0].command(), "setoption name Skill Level value 3");
        // A part of a name is not the name: the engine would ignore it in silence.
        let err = settings(&["Skill=3".parse().unwrap()], &adv).unwrap_err();
        assert!(
            err.to_string()
                .contains("it offers: Skill Level, Debug Log File"),
            "{err}"
        );
        assert!(settings(&["Skill Level=21".parse().unwrap()], &adv).is_err());
        assert!(matches!(
            "Skill value=3".parse::<UsiOption>(),
            Err(UsiOptionError::BadName(_))
        ));
    }

    /// The values refused are those outside what the engine advertised: the USI protocol's
    /// `spin` has `min`/`max`, `check` is `true`/`false`, `combo` lists its `var`s.
    #[test]
    fn values_the_engine_does_not_take_are_refused() {
        let adv: Vec<Advertised> = [
            "option name Threads type spin default 4 min 1 max 512",
            "option name USI_Ponder type check default false",
            "option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule27",
            "option name EvalDir type string default eval",
        ]
        .iter()
        .filter_map(|l| Advertised::parse(l))
        .collect();
        let refused = |o: &str| settings(&[o.parse().unwrap()], &adv).err();
        for bad in [
            "Threads=0",
            "Threads=513",
            "Threads=two",
            "USI_Ponder=yes",
            "EnteringKingRule=CSARule28",
        ] {
            let err = refused(bad).unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(matches!(err, OptionError::Value { .. }), "{bad}: {err}");
        }
        let err = refused("EnteringKingRule=CSARule28").unwrap();
        assert!(
            err.to_string()
                .contains("one of NoEnteringKing, CSARule24, CSARule27"),
            "{err}"
        );
        for good in [
            "Threads=1",
            "Threads=512",
            "USI_Ponder=true",
            "EnteringKingRule=CSARule24",
            "EvalDir=/opt/eval dir",
        ] {
            assert_eq!(refused(good), None, "{good}");
        }
    }
}
