//! The shared subcommands, each with its shared options and its one-line help, declared once
//! for every game. A command's `X` is the game's own options for it ([`NoExtras`] when it has
//! none), flattened after the shared ones; the game's own commands come after the shared ones
//! ([`Command::Own`]).

use std::net::IpAddr;
use std::path::PathBuf;

use clap::{Args, Subcommand};
use conformance_core::report::Format;

use crate::options::{
    CorpusArg, DiffProfiles, ImplArgs, JobsArg, OutputArg, OutputDirArg, ProfileArgs, RunReports,
    Selection,
};

/// A command with no options of the game's own.
#[derive(Debug, Clone, Copy, Args)]
pub struct NoExtras {}

/// The command line: the shared commands and the game's own (`O`).
#[derive(Debug, Subcommand)]
pub enum Command<R, J, D, E, S, L, C, T, M, O>
where
    R: Args,
    J: Args,
    D: Args,
    E: Args,
    S: Args,
    L: Args,
    C: Args,
    T: Args,
    M: Args,
    O: Subcommand,
{
    /// Run the conformance corpus against an implementation and report per case and article.
    Run(Run<R>),
    /// Judge game records with the oracle: the verdict of each, beside the result it writes.
    Judge(Judge<J>),
    /// Compare two profiles: the records (or cases) whose verdict changes, with both results
    /// and the knobs and articles responsible.
    Diff(Diff<D>),
    /// Show a case: its articles, the case as written, and what the oracle (and with --impl an
    /// implementation) answers.
    Explain(Explain<E>),
    /// Open the workbench in the browser: replay records, read their verdicts, change the
    /// rules.
    Serve(Serve<S>),
    /// Check the corpus: ids, cited articles, expectations, setups.
    Lint(Lint<L>),
    /// Cases per article of the rulebook, and the testable articles without enough of them.
    Coverage(Coverage<C>),
    /// Write the rulebook browser (an index and a page per article) into a folder.
    Site(Site<T>),
    /// List the rule profiles: each knob's value and where it comes from.
    Profiles,
    /// Combine the JSON reports of the shards of one run (`run --shard I/N --format json`) into
    /// one JSON report.
    Merge(Merge),
    /// Put several JSON reports (`run --format json`) side by side in one static HTML page: a
    /// matrix of articles × implementations, then every case that did not pass everywhere.
    Matrix(Matrix<M>),
    /// The game's own commands.
    #[command(flatten)]
    Own(O),
}

/// `run`'s options.
#[derive(Debug, Args)]
pub struct Run<X: Args> {
    /// The implementation asked.
    #[command(flatten)]
    pub imp: ImplArgs,
    /// The corpus read.
    #[command(flatten)]
    pub corpus: CorpusArg,
    /// The rule profile.
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// The cases chosen, and the expectations file.
    #[command(flatten)]
    pub selection: Selection,
    /// The reports written.
    #[command(flatten)]
    pub reports: RunReports,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `judge`'s options (the records are the game's: their kinds are its own).
#[derive(Debug, Args)]
pub struct Judge<X: Args> {
    /// The workers.
    #[command(flatten)]
    pub jobs: JobsArg,
    /// The rule profile.
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Under each record, the articles its result rests on, with the facts, and the profile's
    /// knobs that decided.
    #[arg(long)]
    pub explain: bool,
    /// List only the games that reach this article or knob — whose play met the situation the
    /// rule decides (a knob of `profiles`, or an article one of them reads, with the articles
    /// above it, as `profiles` names them); the summary's reach counts every
    /// game.
    #[arg(long, value_name = "ARTICLE|KNOB")]
    pub reached: Option<String>,
    /// text (a line per record), json (an object per record), junit (a testcase per record),
    /// markdown (a table row per record) or html (a page with a section per record: the board
    /// where it was decided, the chain of articles and the moves); for one record or a whole
    /// archive.
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = Format::parse)]
    pub format: Format,
    /// Where the output goes.
    #[command(flatten)]
    pub output: OutputArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `diff`'s options.
#[derive(Debug, Args)]
pub struct Diff<X: Args> {
    /// The two sides.
    #[command(flatten)]
    pub sides: DiffProfiles,
    /// The records' report: text (a line per changed record, then the summary), json (a line
    /// per changed or unreadable record, the summary last; schemas/impact.json), junit,
    /// markdown or html (with the board where each changed record parts).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = Format::parse)]
    pub format: Format,
    /// The workers.
    #[command(flatten)]
    pub jobs: JobsArg,
    /// Exit with status 1 when a record's verdict changes (a CI guarding an archive).
    #[arg(long)]
    pub fail_on_change: bool,
    /// Where the output goes.
    #[command(flatten)]
    pub output: OutputArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `explain`'s options (the case is named as the game names its cases).
#[derive(Debug, Args)]
pub struct Explain<X: Args> {
    /// Also run the case against this implementation and show its answers (exit status 1
    /// when it fails or errors): the reproduction line of the reports.
    #[arg(long = "impl", value_name = "IMPL")]
    pub imp: Option<String>,
    /// The corpus read.
    #[command(flatten)]
    pub corpus: CorpusArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `serve`'s options.
#[derive(Debug, Args)]
pub struct Serve<X: Args> {
    /// The address to listen on; anything but 127.0.0.1 or ::1 needs --allow-remote.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    pub listen: IpAddr,
    /// The port (0: any free port; the address printed says which).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// Allow --listen on an address other machines can reach (said loudly when used).
    #[arg(long)]
    pub allow_remote: bool,
    /// The corpus read.
    #[command(flatten)]
    pub corpus: CorpusArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `lint`'s options.
#[derive(Debug, Args)]
pub struct Lint<X: Args> {
    /// The corpus read.
    #[command(flatten)]
    pub corpus: CorpusArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `coverage`'s options.
#[derive(Debug, Args)]
pub struct Coverage<X: Args> {
    /// The corpus read.
    #[command(flatten)]
    pub corpus: CorpusArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `site`'s options.
#[derive(Debug, Args)]
pub struct Site<X: Args> {
    /// Where the output goes.
    #[command(flatten)]
    pub output: OutputDirArg,
    /// The corpus read.
    #[command(flatten)]
    pub corpus: CorpusArg,
    /// The public matrix's data (`docs/implementations.json`): adds the page of the
    /// implementations, `implementations.html`, linked from the index.
    #[arg(long, value_name = "DATA.json")]
    pub implementations: Option<PathBuf>,
    /// The WebAssembly build for a page (`target/wasm/web`, written by `wasm/build.sh`): adds
    /// the workbench as one self-contained page, `workbench.html`, linked from the index; it
    /// opens from disk or any static host and needs nothing but a browser.
    #[arg(long, value_name = "DIR")]
    pub wasm: Option<PathBuf>,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// `merge`'s options: nothing of a game's.
#[derive(Debug, Args)]
pub struct Merge {
    /// The JSON reports.
    #[arg(required = true, value_name = "REPORT.json")]
    pub reports: Vec<PathBuf>,
    /// Where the output goes.
    #[command(flatten)]
    pub output: OutputArg,
}

/// `matrix`'s options (the reports are the game's: one game reads folders of them too).
#[derive(Debug, Args)]
pub struct Matrix<X: Args> {
    /// Where the output goes.
    #[command(flatten)]
    pub output: OutputArg,
    /// The game's own options.
    #[command(flatten)]
    pub game: X,
}

/// The names of the shared commands, in the order of [`Command`].
pub const SHARED_COMMANDS: [&str; 11] = [
    "run", "judge", "diff", "explain", "serve", "lint", "coverage", "site", "profiles", "merge",
    "matrix",
];
