//! The option groups shogi adds to the core's, flattened into its commands by
//! [`super::args`]: the implementation with its USI options ([`EngineArgs`], [`LenientImplArgs`],
//! over the core's `--impl` and `--timeout`), what `--corpus` reads here ([`CorpusChoice`]), a
//! profile as one specification ([`spec`]) and `match`'s per-engine USI options. The shared
//! groups (profile, output, corpus) are the core's, `conformance_cli::options`.

use super::Error;
use std::path::PathBuf;

use clap::Args;
use conformance_cli::options::{CorpusArg, ProfileArgs};
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
    pub corpus: CorpusArg,
}

/// What the core's `--corpus` reads here: `./corpus` when it exists, else the built-in corpus.
pub trait CorpusChoice {
    /// Where the corpus is read from.
    fn source(&self) -> CorpusSource;
    /// The folder, for commands that read the corpus as files.
    fn dir(&self, command: &str) -> Result<PathBuf, Error>;
}

impl CorpusChoice for CorpusArg {
    fn source(&self) -> CorpusSource {
        CorpusSource::from_arg(self.corpus.clone())
    }

    fn dir(&self, command: &str) -> Result<PathBuf, Error> {
        match self.source() {
            CorpusSource::Dir(dir) => Ok(dir),
            CorpusSource::BuiltIn => Err(format!(
                "`{command}` works on a corpus folder: give --corpus DIR (the built-in corpus was checked when this binary was built)"
            ).into()),
        }
    }
}

/// A USI engine's options, for every command that asks an implementation.
#[derive(Debug, Clone, Args)]
pub struct UsiOptions {
    /// A USI engine option, sent as `setoption name NAME value VALUE` after `usi`
    /// (repeatable), e.g. `--usi-option BookFile=no_book --usi-option Threads=2`. Without
    /// it, an engine advertising Threads, Hash or USI_Hash gets 1 thread and 16 MB.
    #[arg(long = "usi-option", value_name = "NAME=VALUE")]
    pub usi_option: Vec<UsiOption>,
}

/// The implementation a command asks: the core's `--impl` and `--timeout`, and the USI
/// options.
#[derive(Debug, Args)]
pub struct EngineArgs {
    #[command(flatten)]
    pub shared: conformance_cli::options::ImplArgs,
    #[command(flatten)]
    pub usi: UsiOptions,
}

impl EngineArgs {
    /// The implementation; `allow_unreachable` as [`LenientImplArgs`] says.
    pub fn make_typed(
        &self,
        allow_unreachable: bool,
    ) -> Result<Box<dyn shogi_spec::Implementation>, impls::ImplSpecError> {
        impls::make(
            &self.shared.imp,
            ImplOptions {
                allow_unreachable,
                timeout: self.shared.timeout.timeout,
                usi_options: self.usi.usi_option.clone(),
            },
        )
    }
}

/// The implementation of the commands that take positions from the user (`legal`, `perft`,
/// `bisect`, `fuzz`), which may be problem setups rather than game positions.
#[derive(Debug, Args)]
pub struct LenientImplArgs {
    #[command(flatten)]
    pub imp: EngineArgs,
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

/// The core's `--profile` and `--set` as one specification, `NAME,knob=value,…` (the form
/// [`shogi_spec::profile::Profile::resolve`] and the implementations read).
pub fn spec(profile: &ProfileArgs) -> String {
    std::iter::once(profile.name())
        .chain(profile.set.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(",")
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
