//! The option groups several commands share, flattened into them by [`super::args`]: the
//! rule profile with its `--set` overrides ([`ProfileArgs`]), the implementation ([`ImplArgs`],
//! [`LenientImplArgs`]), where the output goes ([`OutputFile`], [`OutputDir`]), the corpus
//! ([`CorpusArgs`]), `match`'s per-engine USI options and the report formats. Declared once so
//! that every command spells an option the same way.

use super::Error;
use super::duration::parse_positive_duration;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::implementations::select::{self as impls, ImplOptions};
use shogi_conformance::implementations::usi_options::{UsiOption, UsiOptionError};

/// Arguments of `new-id`.
#[derive(Debug, Args)]
pub struct NewIdArgs {
    /// How many ids to print.
    #[arg(default_value_t = 1)]
    pub count: usize,
    #[command(flatten)]
    pub corpus: CorpusArgs,
}

#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The corpus folder (default: ./corpus when it exists, else the corpus built into this
    /// binary).
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
}

impl CorpusArgs {
    pub fn source(&self) -> CorpusSource {
        CorpusSource::from_arg(self.corpus.clone())
    }

    /// The folder, for commands that read the corpus as files.
    pub fn dir(&self, command: &str) -> Result<PathBuf, Error> {
        match self.source() {
            CorpusSource::Dir(dir) => Ok(dir),
            CorpusSource::BuiltIn => Err(format!(
                "`{command}` works on a corpus folder: give --corpus DIR (the built-in corpus was checked when this binary was built)"
            ).into()),
        }
    }
}

/// The implementation a command asks: declared once for every command that takes one.
#[derive(Debug, Args)]
pub struct ImplArgs {
    /// Which implementation answers: `oracle` (the reference implementation), `engine` (the
    /// bitboard engine), `usi:COMMAND ARGS` (a USI engine) or `adapter:COMMAND ARGS` (a
    /// process speaking the JSON-lines protocol of conformance/PROTOCOL.md).
    #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
    pub imp: String,
    /// How long an external implementation (usi:…, adapter:…) may take over one query before
    /// it is killed, restarted, and the query reported as errored (`10`, `0.5`, `2m`).
    #[arg(long, value_name = "DURATION", value_parser = parse_positive_duration)]
    pub timeout: Option<Duration>,
    /// A USI engine option, sent as `setoption name NAME value VALUE` after `usi`
    /// (repeatable), e.g. `--usi-option BookFile=no_book --usi-option Threads=2`. Without
    /// it, an engine advertising Threads, Hash or USI_Hash gets 1 thread and 16 MB.
    #[arg(long = "usi-option", value_name = "NAME=VALUE")]
    pub usi_option: Vec<UsiOption>,
}

impl ImplArgs {
    /// The implementation; `allow_unreachable` as [`LenientImplArgs`] says.
    pub fn make_typed(
        &self,
        allow_unreachable: bool,
    ) -> Result<Box<dyn shogi_spec::Implementation>, impls::ImplSpecError> {
        impls::make(
            &self.imp,
            ImplOptions {
                allow_unreachable,
                timeout: self.timeout,
                usi_options: self.usi_option.clone(),
            },
        )
    }
}

/// The implementation of the commands that take positions from the user (`legal`, `perft`,
/// `bisect`, `fuzz`), which may be problem setups rather than game positions.
#[derive(Debug, Args)]
pub struct LenientImplArgs {
    #[command(flatten)]
    pub imp: ImplArgs,
    /// Also accept positions that could not occur in a game, such as problem setups without
    /// a second king or with a pawn on the last rank. Moves are still judged by the rules.
    /// (The oracle refuses such positions otherwise; the engine always accepts them.)
    #[arg(long)]
    pub allow_unreachable: bool,
}

impl LenientImplArgs {
    pub fn make(&self) -> Result<Box<dyn shogi_spec::Implementation>, Error> {
        Ok(self.make_typed()?)
    }

    /// The implementation, with the library's error (for workers that make their own).
    pub fn make_typed(&self) -> Result<Box<dyn shogi_spec::Implementation>, impls::ImplSpecError> {
        self.imp.make_typed(self.allow_unreachable)
    }
}

/// The rule profile and its overrides: declared once for every command that takes a profile
/// (`diff`, which compares two, declares its own).
#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// The rule profile: fesa-2017, ufs-2016 or csa-computer, optionally with `,knob=value`
    /// overrides after it (`fesa-2017,max_moves=60`, the form `match` writes in summary.json).
    #[arg(long, value_name = "NAME", default_value = "fesa-2017")]
    pub profile: String,
    /// Override a knob of the profile, e.g. `--set impasse=points_27` (repeatable; the knobs
    /// are listed in docs/rulebooks-and-profiles.md).
    #[arg(long = "set", value_name = "KNOB=VALUE")]
    pub set: Vec<String>,
}

impl ProfileArgs {
    /// The profile with its overrides as one specification, `NAME,knob=value,…` (the form
    /// [`shogi_spec::profile::Profile::resolve`] and the implementations read).
    pub fn spec(&self) -> String {
        std::iter::once(self.profile.as_str())
            .chain(self.set.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Where a command that writes one file writes it: declared once, so that every such command
/// says `--output` (`--out`, the older spelling of `match` and `fuzz`, is a hidden alias kept
/// for one release).
#[derive(Debug, Args)]
pub struct OutputFile {
    /// Write to this file instead of standard output (`-`: standard output). A regular file is
    /// replaced atomically; a symlink, FIFO or device is written through.
    #[arg(long, value_name = "FILE", alias = "out")]
    pub output: Option<PathBuf>,
}

/// Where a command that writes a folder writes it (see [`OutputFile`] for the alias).
#[derive(Debug, Args)]
pub struct OutputDir {
    /// The folder to write into (created if needed).
    #[arg(long, value_name = "DIR", alias = "out")]
    pub output: PathBuf,
}

/// `match --usi-option`: an option for both engines, or (`1:`, `2:`) for one of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchUsiOption {
    /// 0 or 1 for the first or second `--engine`; `None` for both.
    pub engine: Option<usize>,
    /// The option.
    pub option: UsiOption,
}

impl std::str::FromStr for MatchUsiOption {
    type Err = String;

    fn from_str(text: &str) -> Result<MatchUsiOption, String> {
        let (engine, rest) = match text.split_once(':') {
            Some((n, rest)) if !n.contains('=') => match n.trim() {
                "1" => (Some(0), rest),
                "2" => (Some(1), rest),
                _ => {
                    return Err(format!(
                        "`{text}`: the engine before `:` is 1 or 2 (the first or second --engine)"
                    ));
                }
            },
            _ => (None, text),
        };
        let option = rest.parse().map_err(|e: UsiOptionError| e.to_string())?;
        Ok(MatchUsiOption { engine, option })
    }
}

/// Each engine's options from `match --usi-option`s, in the order given; an option numbered
/// for one engine replaces an unnumbered one of the same name.
pub fn options_per_engine(given: &[MatchUsiOption]) -> [Vec<UsiOption>; 2] {
    [0, 1].map(|engine| {
        let mut mine: Vec<UsiOption> = Vec::new();
        for o in given {
            match o.engine {
                Some(e) if e != engine => {}
                Some(_) => {
                    mine.retain(|m| m.name != o.option.name);
                    mine.push(o.option.clone());
                }
                None if mine.iter().any(|m| m.name == o.option.name) => {}
                None => mine.push(o.option.clone()),
            }
        }
        mine
    })
}
