//! The option groups the shared commands are made of, each declared once here and flattened
//! into every command that takes it (a game flattens the same group into a command of its own
//! that takes the option, so that an option is spelt, explained and parsed alike everywhere).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use conformance_core::report::Format;
use conformance_core::run::Shard;
use conformance_core::run::duration::parse_positive_duration;

/// The rule profile and its overrides. `--profile` defaults to the game's default profile
/// (the [`crate::Game::default_profile`] of its registry, set when the command is built).
#[derive(Debug, Clone, Args)]
pub struct ProfileArgs {
    /// The rule profile (`profiles` lists them with their knobs).
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Override a knob of the profile, `--set KNOB=VALUE` (repeatable; `profiles` lists the
    /// knobs and their values).
    #[arg(long = "set", value_name = "KNOB=VALUE")]
    pub set: Vec<String>,
}

impl ProfileArgs {
    /// The profile's name: the one given, or the game's default filled in by the parser.
    pub fn name(&self) -> &str {
        self.profile.as_deref().unwrap_or_default()
    }
}

/// `diff`'s two sides: two profiles, or one with overrides for the second side.
#[derive(Debug, Clone, Args)]
pub struct DiffProfiles {
    /// A profile; give it twice, or once with --set (none: the default profile, with --set).
    #[arg(long = "profile", value_name = "NAME")]
    pub profiles: Vec<String>,
    /// A knob override `KNOB=VALUE` for the second profile (repeatable).
    #[arg(long = "set", value_name = "KNOB=VALUE")]
    pub set: Vec<String>,
}

/// The implementation a command asks, with the time it may take over one query.
#[derive(Debug, Clone, Args)]
pub struct ImplArgs {
    /// Which implementation answers: `oracle` (the reference implementation) or an external
    /// one, `KIND:COMMAND ARGS` (the kinds this tool knows are listed below the options).
    #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
    pub imp: String,
    /// How long it may take.
    #[command(flatten)]
    pub timeout: TimeoutArg,
}

/// How long an external implementation may take over one query.
#[derive(Debug, Clone, Copy, Args)]
pub struct TimeoutArg {
    /// How long an external implementation may take over one query before it is killed,
    /// restarted, and the query reported as errored (`10`, `0.5`, `200ms`, `2m`; default 10
    /// seconds).
    #[arg(long, value_name = "DURATION", value_parser = parse_positive_duration)]
    pub timeout: Option<Duration>,
}

impl TimeoutArg {
    /// The time given, or the default one.
    pub fn or_default(self) -> Duration {
        self.timeout.unwrap_or(DEFAULT_TIMEOUT)
    }
}

/// The time an external implementation has for one query when `--timeout` is not given.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The corpus a command reads.
#[derive(Debug, Clone, Args)]
pub struct CorpusArg {
    /// The corpus folder (default: the corpus built into this binary; the game's docs name any
    /// folder looked for first).
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,
}

/// Where a command that writes one file writes it (`--out` is a hidden alias kept from the
/// older spelling).
#[derive(Debug, Clone, Args)]
pub struct OutputArg {
    /// Write to this file instead of standard output (`-`: standard output). A regular file is
    /// replaced atomically; a symlink, FIFO or device is written through.
    #[arg(long, value_name = "FILE", alias = "out")]
    pub output: Option<PathBuf>,
}

/// Where a command that writes a folder it may choose itself writes it.
#[derive(Debug, Clone, Args)]
pub struct DefaultOutputDirArg {
    /// The folder to write into (created if needed; the command's default is said below the
    /// options).
    #[arg(long, value_name = "DIR", alias = "out")]
    pub output: Option<PathBuf>,
}

/// Where a command that writes a folder writes it.
#[derive(Debug, Clone, Args)]
pub struct OutputDirArg {
    /// The folder to write into (created if needed).
    #[arg(long, value_name = "DIR", alias = "out")]
    pub output: PathBuf,
}

/// How many workers share the work.
#[derive(Debug, Clone, Copy, Args)]
pub struct JobsArg {
    /// Workers side by side (default: every core); the output does not depend on how many.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
}

/// The run's choice of cases and its expectations file.
#[derive(Debug, Clone, Args)]
pub struct Selection {
    /// Run only the cases matching this expression (its terms are listed below the options;
    /// all must match, a leading `!` negates one).
    #[arg(long, value_name = "EXPR")]
    pub filter: Option<String>,
    /// Run only shard I of N (1-based, `2/4`), for a CI matrix; cases are assigned by id.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// An expectations file (known failures and skips, by case id or tag): the exit status
    /// is 0 exactly when the results match it.
    #[arg(long, value_name = "FILE")]
    pub expectations: Option<PathBuf>,
    /// Write an expectations file marking every current failure and error as known, then
    /// report as usual; the exit status is then 0 (the results match the file written) unless
    /// nothing was checked or an --expectations file given beside it disagrees. Not written
    /// for an interrupted run.
    #[arg(long, value_name = "FILE")]
    pub write_expectations: Option<PathBuf>,
}

/// The run's reports and how it shows its progress.
#[derive(Debug, Clone, Args)]
pub struct RunReports {
    /// Report format: text (grouped by article, failures with the position, expected and
    /// actual answers), json (a record per case), junit (a testsuite per article), markdown
    /// (a table per article, for CI step summaries) or html (a self-contained page; `matrix`
    /// compares several runs side by side).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = Format::parse)]
    pub format: Format,
    /// Where the main report goes.
    #[command(flatten)]
    pub output: OutputArg,
    /// Also write the report in FORMAT to FILE (repeatable): one run, several reports
    /// (`--report html=conformance.html --report markdown=summary.md`).
    #[arg(long, value_name = "FORMAT=FILE", value_parser = Format::parse_pair)]
    pub report: Vec<(Format, PathBuf)>,
    /// Print a line per case on standard error (`[12/840] 3.1s ID …`), even when it is not a
    /// terminal.
    #[arg(long)]
    pub progress: bool,
    /// Stop the whole run after this long (`90`, `90s`, `15m`, `2h`): the report is written
    /// with the cases not reached marked as not run, and the exit status is 1.
    #[arg(long, value_name = "DURATION", value_parser = parse_positive_duration)]
    pub max_time: Option<Duration>,
}

/// A report format, for a game's own command (or a shared one a game adds it to) that writes
/// reports.
#[derive(Debug, Clone, Copy, Args)]
pub struct FormatArg {
    /// Report format: text, json, junit, markdown or html (a command that writes fewer names
    /// them below).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = Format::parse)]
    pub format: Format,
}
