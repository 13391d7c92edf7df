//! The command line as clap reads it: the commands and their options. Options that several
//! commands take are declared once, as groups flattened into each command (in
//! [`super::arg_groups`], re-exported here): the rule profile
//! with its `--set` overrides ([`ProfileArgs`]), the implementation ([`ImplArgs`]), where the
//! output goes ([`OutputFile`], [`OutputDir`]) and the corpus ([`CorpusArgs`]); every time is
//! read by [`super::duration`]. Nothing here runs anything; [`super::dispatch`] does.

pub use super::arg_groups::*;
use super::duration::{parse_duration, parse_positive_duration};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use conformance_core::report::Format;

/// The shogi rules conformance suite: a reference oracle for the FESA 2017 rules and tools to
/// check any shogi implementation against it.
#[derive(Debug, Parser)]
#[command(name = "shogi-conformance", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List the legal moves of positions, one output line per input position.
    ///
    /// Each position is an SFEN (the move number may be left out), `startpos`, or
    /// `sfen <SFEN>`, optionally followed by `moves <m1> <m2> …`. With no POSITION arguments,
    /// positions are read from standard input, one per line (blank lines are skipped).
    ///
    /// For each position exactly one line is printed: the legal moves in USI notation, sorted
    /// in byte order and separated by single spaces; an empty line when there is no legal
    /// move; or `ERROR <reason>` when the position cannot be read. Processing continues after
    /// an error, and the exit status is 1 if any position failed.
    #[command(after_help = "Examples:\n  shogi-conformance legal startpos\n  \
        shogi-conformance legal '8k/9/7G1/9/9/9/9/9/K8 b P 1'\n  \
        printf 'startpos moves 7g7f\\n' | shogi-conformance legal")]
    Legal(LegalArgs),
    /// Count the leaf nodes of the legal move tree (perft).
    ///
    /// The count is printed as the last line. With --divide, one `MOVE COUNT` line per legal
    /// move of the root position comes first, sorted by move.
    #[command(after_help = "Example:\n  shogi-conformance perft --divide startpos 3")]
    Perft {
        #[command(flatten)]
        imp: LenientImplArgs,
        /// Print the count below each root move first.
        #[arg(long)]
        divide: bool,
        /// The position: an SFEN, `startpos` or `sfen <SFEN>`, optionally with `moves …`.
        position: String,
        /// How many plies deep to count.
        depth: u32,
        /// Count deeper than the sane maximum (the tree grows about a hundredfold per ply).
        #[arg(long)]
        force: bool,
    },
    /// Run the conformance corpus against an implementation and report per case and article.
    ///
    /// The exit status is 0 only when no applicable case failed or errored, and 3 when no answer
    /// was checked at all (every case skipped or errored). A case whose query the
    /// implementation does not support is reported as skipped, with the reason; a skip is
    /// never counted as a pass. After three questions in a row unanswered within `--timeout`
    /// the run gives up on the engine (the rest not run, exit status 1). Cases under
    /// `corpus/staging/` run but do not count toward certification.
    #[command(
        after_help = "Filter terms (all must match; prefix `!` to negate):\n  \
        id:0a1b2c3d  tag:uchifuzume  ref:fesa2017:3.11 (or article:)  file:drops/  kind:perft  staging  <word in slug or title>\n\n\
        Examples:\n  shogi-conformance run\n  shogi-conformance run --filter 'tag:uchifuzume' --format markdown --output report.md"
    )]
    Run(RunArgs),
    /// Combine the JSON reports of the shards of one run (`run --shard I/N --format json`) into
    /// one JSON report. Reports of different implementations, profiles or corpus revisions,
    /// and reports that share a case, are refused.
    #[command(
        after_help = "Example:\n  shogi-conformance merge shard1.json shard2.json --output all.json"
    )]
    Merge {
        /// The JSON reports.
        #[arg(required = true, value_name = "REPORT.json")]
        reports: Vec<PathBuf>,
        #[command(flatten)]
        output: OutputFile,
    },
    /// Check the corpus: unique and well-formed ids, known articles and tags, well-formed and
    /// legal positions and moves, an expectation in every case, every testable article covered.
    Lint {
        /// How many cases every testable article needs (counting cases on its sub-clauses).
        #[arg(long, value_name = "N", default_value_t = 3)]
        min_cases: usize,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Print every article of a rulebook's registry with its testable flag and its number of
    /// cases (for UFS 2016 and the textbook chapter also the cases reaching it through articles
    /// it links to as `same`, and how it differs from FESA).
    #[command(
        after_help = "Examples:\n  shogi-conformance coverage\n  shogi-conformance coverage --rulebook ufs2016\n  shogi-conformance coverage --rulebook ru-ch2 --below 1"
    )]
    Coverage {
        /// Only list testable articles with fewer cases than this.
        #[arg(long, value_name = "N")]
        below: Option<usize>,
        /// The rulebook: fesa2017 (default), ufs2016 or ru-ch2.
        #[arg(long, value_name = "ID", default_value = "fesa2017")]
        rulebook: String,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// List the rule profiles: each knob's value and where it comes from (the article, or the
    /// project's decision where the rulebook is silent).
    #[command(after_help = "Example:\n  shogi-conformance profiles")]
    Profiles,
    /// Exercise a JSON-lines adapter (conformance/PROTOCOL.md) and validate every message it
    /// sends against the protocol's schemas.
    #[command(
        after_help = "Example:\n  shogi-conformance check-adapter 'python3 examples/adapters/python/adapter.py'"
    )]
    CheckAdapter {
        /// The adapter's command line (quote it: it has spaces).
        command: String,
        /// How long to wait for each reply (a DURATION: `10`, `0.5`, `200ms`, `1m`).
        #[arg(long, value_name = "DURATION", value_parser = parse_positive_duration)]
        timeout: Option<Duration>,
    },
    /// Walk down the perft tree to the first position where the implementation's legal moves
    /// differ from the oracle's, and print it.
    #[command(
        after_help = "Example:\n  shogi-conformance bisect --impl usi:fairy-stockfish '7lk/7p1/8G/9/9/9/9/9/K8 w P 1' 3"
    )]
    Bisect {
        #[command(flatten)]
        imp: LenientImplArgs,
        /// The start position.
        position: String,
        /// How many plies deep to look.
        depth: u32,
    },
    /// Judge game records: print the verdict, and with --explain the chain of articles and
    /// the profile knobs that decided it.
    ///
    /// A record is the project's YAML (the oracle's `game::record` module), CSA, KIF/KIFU,
    /// KI2/KI2U or JKF, detected from the extension and the content, in UTF-8 or Shift_JIS.
    /// The ending the file writes is reported beside the verdict: agrees, differs or
    /// unrecognised — or, for what the moves cannot show (a foul that is not a move, a time
    /// loss without the losing turn's time), a recorded finding the verdict follows and marks
    /// as not provable. A malformed record is an error naming the file, line and ply.
    ///
    /// Several files or a folder make an archive run, judged in parallel: a line per game, the
    /// unreadable files reported with file and line and skipped, then a summary by standing and
    /// ending kind (JSON lines with --format json, the summary last).
    ///
    /// Exit status: 0 when every record agrees (or is a recorded finding), 1 when one differs,
    /// 2 when one cannot be read.
    #[command(
        after_help = "Examples:\n  shogi-conformance judge game.yaml --explain\n  \
        shogi-conformance judge game.yaml --profile fesa-2017 --set declaration_failure=no_effect\n  \
        shogi-conformance judge archive/ --profile csa-computer --format json --output verdicts.jsonl"
    )]
    Judge(JudgeArgs),
    /// Convert a game record to another format, writing the judged ending in the target
    /// format's own words (the ending a server would have written).
    #[command(
        after_help = "Examples:\n  shogi-conformance convert game.kif --to csa\n  \
        shogi-conformance convert floodgate.csa --to kif --profile csa-computer --output game.kif"
    )]
    Convert(ConvertArgs),
    /// Play USI engines against each other with the oracle as arbiter: every `bestmove` is
    /// checked before it is played; each game is written as CSA, KIF (Shift_JIS) and the
    /// project's YAML under DIR/games/, and a summary to DIR/summary.json (with the options
    /// each engine was sent). Ctrl-C starts no new game, lets the games in flight finish,
    /// writes the summary and exits 130.
    ///
    /// Each engine is started once before the first game: one that cannot start, or an option
    /// it does not offer, stops the match with its error (exit status 2). An engine offering
    /// Threads, Hash or USI_Hash gets 1 thread and 16 MB unless --usi-option says otherwise,
    /// as in `run`: two engines sharing a machine must not each take every core.
    #[command(
        after_help = "Example:\n  shogi-conformance match --engine usi:fairy-stockfish --engine usi:gpsusi \\\n    --usi-option 1:Threads=2 --games 4 --byoyomi 1 --max-moves 60 --output match-out"
    )]
    Match(MatchArgs),
    /// Put several JSON reports (`run --format json`) side by side in one static HTML page: a
    /// matrix of articles × implementations, then every case that did not pass everywhere. With
    /// `--publish`, the public matrix instead (docs/implementations.md): regenerated, or checked.
    #[command(
        after_help = "Example:\n  shogi-conformance run --impl oracle --format json --output oracle.json\n  \
        shogi-conformance run --impl usi:fairy-stockfish --format json --output fs.json\n  \
        shogi-conformance matrix oracle.json fs.json --output matrix.html\n  \
        shogi-conformance matrix target/matrix --publish docs/implementations.md --data docs/implementations.json --check"
    )]
    Matrix {
        /// JSON reports, one per implementation (of either game), or folders of them; with
        /// `--publish`, each may have a `NAME.meta.json` beside it (docs/implementations.md).
        #[arg(value_name = "REPORT.json")]
        reports: Vec<PathBuf>,
        #[command(flatten)]
        output: OutputFile,
        /// The public matrix: put the reports into DATA (`--data`) and regenerate the Markdown
        /// PAGE from it (the text above its marker line is kept). Implementations DATA lists
        /// that no report names keep their published results.
        #[arg(
            long,
            value_name = "PAGE.md",
            requires = "data",
            conflicts_with = "output"
        )]
        publish: Option<PathBuf>,
        /// The public matrix's data, read and written with `--publish`.
        #[arg(long, value_name = "DATA.json", requires = "publish")]
        data: Option<PathBuf>,
        /// With `--publish`: write nothing; compare the reports with DATA case by case, check
        /// that PAGE is DATA's rendering, and exit 1 when either differs. Implementations
        /// without a report are listed as not run in this check.
        #[arg(long, requires = "publish")]
        check: bool,
    },
    /// Play random legal games against an implementation and the oracle; shrink the first
    /// divergence and write it to DIR as a corpus case file (exit status 1), or exit 0 when
    /// none was found in time.
    #[command(
        after_help = "Example:\n  shogi-conformance fuzz --impl usi:fairy-stockfish --seconds 60 --seed 1 --output corpus/staging"
    )]
    Fuzz(FuzzArgs),
    /// Print fresh case ids: eight hex digits used by no case and not retired.
    NewId(NewIdArgs),
    /// List the cases — or, given RECORDS, the games of real records — whose verdict differs
    /// between two rule profiles, with both results and the knob that causes the difference.
    ///
    /// Give two profiles, or one profile and `--set` overrides (the second side is then the
    /// first with the overrides, e.g. "FESA, but a failed declaration has no effect").
    /// Without RECORDS the corpus cases are compared: built-in profiles on the expectations
    /// written in the cases; a profile with overrides has none, so then the oracle's answers
    /// under the two settings are compared, on both sides (marked [oracle]): the cases `run
    /// --set` skips.
    ///
    /// With RECORDS (files and folders, every format `judge` reads) each record is read once
    /// and its games judged under both sides, in parallel: a line per game that changes, with
    /// both verdicts, the first ply where the judgements part (one has ended the game and the
    /// other has not, or both ended it differently), the board there, the articles and the
    /// knobs responsible; then a summary by transition and by article. Add --cases to compare
    /// the corpus cases in the same run (printed first; text only).
    ///
    /// Exit status with RECORDS: 0 when every record was read (changes found are the answer,
    /// not an error), 1 with --fail-on-change when a game changes, 2 when a record cannot be
    /// read.
    #[command(
        after_help = "Examples:\n  shogi-conformance diff --profile fesa-2017 --profile ufs-2016\n  \
        shogi-conformance diff --profile fesa-2017 --set declaration_failure=no_effect\n  \
        shogi-conformance diff --profile fesa-2017 --set repetition_start=not_counted real-records/shogi\n  \
        shogi-conformance diff --profile fesa-2017 --profile csa-computer archive/ --format html --output impact.html"
    )]
    Diff(DiffArgs),
    /// Write the rulebook browser: a static site with a page per registry article (paraphrase,
    /// interpretation, profile choices, oracle functions, cases with boards, profile
    /// differences) and an index. Open DIR/index.html in a browser; no network needed.
    #[command(after_help = "Example:\n  shogi-conformance site --output target/site")]
    Site {
        #[command(flatten)]
        output: OutputDir,
        #[command(flatten)]
        corpus: CorpusArgs,
        /// The public matrix's data (`docs/implementations.json`): adds its page,
        /// `implementations.html`, linked from the index.
        #[arg(long, value_name = "DATA.json")]
        implementations: Option<PathBuf>,
    },
    /// Open the workbench in the browser: replay records, read their verdicts, change the rules.
    ///
    /// Serves a page on this machine (http://127.0.0.1:8080/ by default; the address is printed
    /// on standard output) where an arbiter opens a record of the folders named here, or pastes
    /// or uploads one (CSA, KIF/KIFU, KI2, JKF or YAML), replays it move by move (buttons or the
    /// arrow keys), reads the verdict with the chain of articles (each linked to the rulebook
    /// browser, served from the same address), chooses a profile and changes its knobs to see
    /// the verdict change, and sees which records of the folders change verdict between the
    /// chosen rules and a base profile (each one click from its board at the move where the
    /// judgements part).
    ///
    /// Only the records under the named folders are read (no path leaves them, links out of
    /// them are refused), a record may be at most 4 MiB, and nothing is written. The server
    /// listens on 127.0.0.1 only; `--listen` with another address is refused unless
    /// `--allow-remote` is given too, and then a warning is printed: anyone who can reach the
    /// address can read the served records. Stop it with Ctrl-C.
    #[command(
        after_help = "Examples:\n  shogi-conformance serve real-records/shogi\n  \
        shogi-conformance serve --port 0 my-archive/ other.kif"
    )]
    Serve {
        /// Folders of game records (searched recursively) and record files to serve.
        #[arg(value_name = "RECORD|DIR")]
        records: Vec<PathBuf>,
        /// The address to listen on; anything but 127.0.0.1 or ::1 needs --allow-remote.
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
        listen: std::net::IpAddr,
        /// The port (0: any free port; the address printed says which).
        #[arg(long, value_name = "N", default_value_t = 8080)]
        port: u16,
        /// Allow --listen on an address other machines can reach (said loudly when used).
        #[arg(long)]
        allow_remote: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Show a case: its articles, setup and expectations, and what the oracle answers.
    Explain(ExplainArgs),
}

/// The options of `legal` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct LegalArgs {
    #[command(flatten)]
    pub imp: LenientImplArgs,
    /// Positions to examine (quote each SFEN: it contains spaces).
    pub positions: Vec<String>,
}

/// The options of `run` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub imp: ImplArgs,
    /// Run only shard I of N (1-based), for a CI matrix; cases are assigned by id.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<shogi_conformance::run::expectations::Shard>,
    /// An expectations file (known failures and skips, by case id or tag): the exit status
    /// is 0 exactly when the results match it.
    #[arg(long, value_name = "FILE")]
    pub expectations: Option<PathBuf>,
    /// Write an expectations file marking every current failure, then report as usual; the
    /// exit status is then 0 (the results match the file written) unless nothing was checked.
    #[arg(long, value_name = "FILE")]
    pub write_expectations: Option<PathBuf>,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Run only the cases matching this expression (see below).
    #[arg(long, value_name = "EXPR")]
    pub filter: Option<String>,
    /// Report format: text (grouped by article, failures with position, expected and
    /// actual answers), json (a record per case), junit (a testsuite per article), markdown
    /// (a table per article, for CI step summaries) or html (a self-contained page; `matrix`
    /// compares several runs side by side).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = Format::parse)]
    pub format: Format,
    #[command(flatten)]
    pub output: OutputFile,
    /// Stop the whole run after this long (`90`, `90s`, `15m`, `2h`): the report is written
    /// with the cases not reached marked as not run, and the exit status is 1.
    #[arg(long, value_name = "DURATION", value_parser = parse_positive_duration)]
    pub max_time: Option<Duration>,
    #[command(flatten)]
    pub corpus: CorpusArgs,
    /// Also ask the bestmove probes of a USI engine that answers `go perft` (by default it
    /// is certified on its move lists alone); the report records the move played.
    #[arg(long)]
    pub probes: bool,
    /// Also write the report in FORMAT to FILE (repeatable): one run, several reports
    /// (`--report html=conformance.html --report markdown=summary.md`).
    #[arg(long, value_name = "FORMAT=FILE", value_parser = Format::parse_pair)]
    pub report: Vec<(Format, PathBuf)>,
    /// Print a line per case on standard error (`[12/840] 3.1s ID SLUG`) even when it is
    /// not a terminal; on a terminal a progress bar is drawn anyway.
    #[arg(long)]
    pub progress: bool,
}

/// The options of `judge` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// Game records (YAML, CSA, KIF/KIFU, KI2/KI2U or JKF) and folders of them (searched
    /// recursively for .csa, .kif, .kifu, .ki2, .ki2u and .jkf files). Several, or a
    /// folder, make an archive run: a line per game, then a summary.
    #[arg(required = true, value_name = "RECORD|DIR")]
    pub records: Vec<PathBuf>,
    /// Workers judging files side by side in an archive run (default: every core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Print the articles applied, with the facts, and the knobs that decided.
    #[arg(long)]
    pub explain: bool,
    /// text (a line per game), json (an object per game), junit (a testcase per game),
    /// markdown (a table row per game) or html (a page with a section per game: the board
    /// where the game was decided, the chain of articles and the moves); for one record or
    /// a whole archive.
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = Format::parse)]
    pub format: Format,
    #[command(flatten)]
    pub output: OutputFile,
}

/// The options of `convert` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The game record (YAML, CSA, KIF/KIFU, KI2/KI2U or JKF).
    #[arg(value_name = "RECORD")]
    pub input: PathBuf,
    /// The target format: yaml, csa, kif, ki2 or jkf.
    #[arg(long, value_name = "FORMAT")]
    pub to: String,
    #[command(flatten)]
    pub output: OutputFile,
    /// The profile judges the ending written in the target format.
    #[command(flatten)]
    pub profile: ProfileArgs,
}

/// The options of `match` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// An engine, `usi:COMMAND ARGS`; give exactly two (the first is engine 1).
    #[arg(
        long = "engine",
        value_name = "usi:COMMAND",
        required = true,
        num_args = 1
    )]
    pub engines: Vec<String>,
    /// A USI option, sent as `setoption name NAME value VALUE` after `usi` (repeatable):
    /// `NAME=VALUE` for both engines, `1:NAME=VALUE` or `2:NAME=VALUE` for the first or
    /// the second --engine only (the numbered one wins over an unnumbered one).
    #[arg(long = "usi-option", value_name = "[1:|2:]NAME=VALUE")]
    pub usi_option: Vec<MatchUsiOption>,
    /// How many games; the engines alternate colours.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub games: usize,
    /// Games played at once (default: cores - 1, at least 1).
    #[arg(long, value_name = "N")]
    pub concurrency: Option<usize>,
    /// Byo-yomi per move (`1`, `0.2`, `500ms`); 1 second when neither it nor --increment
    /// is given.
    #[arg(long, conflicts_with = "increment", value_name = "DURATION", value_parser = parse_duration)]
    pub byoyomi: Option<Duration>,
    /// Main time per player (`0`, `60`, `5m`).
    #[arg(long = "time", value_name = "DURATION", value_parser = parse_duration, default_value = "0")]
    pub main_time: Duration,
    /// Fischer increment after each move, instead of byo-yomi.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub increment: Option<Duration>,
    /// Allowance for process latency before a late answer is a flag fall.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration, default_value = "1")]
    pub margin: Duration,
    /// The profile the arbiter applies.
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Start positions, one per line (`startpos`, an SFEN, optionally `moves …`).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Plies after which a game is drawn by the move limit: the records end with that
    /// result, and `summary.json`'s `profile` carries `max_moves=N` (`judge --profile` takes it as
    /// written).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub max_moves: usize,
    #[command(flatten)]
    pub output: OutputDir,
}

/// The options of `fuzz` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct FuzzArgs {
    #[command(flatten)]
    pub imp: LenientImplArgs,
    /// How long to look (`60`, `90s`, `10m`; a fraction of a second counts as a whole one).
    #[arg(long, value_name = "DURATION", value_parser = parse_positive_duration, default_value = "60")]
    pub seconds: Duration,
    /// The seed of the first game (a run is reproducible from its seed).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Where to write a divergence's case file (never over an existing file). Default: the
    /// `staging` folder of the corpus read (`./corpus/staging` in a checkout, or
    /// `--corpus DIR`'s), else `./fuzz-findings` beside the built-in corpus. The run says
    /// where at its start.
    #[arg(long, value_name = "DIR", alias = "out")]
    pub output: Option<PathBuf>,
    /// The longest game, in plies.
    #[arg(long, value_name = "N", default_value_t = 80)]
    pub plies: usize,
    /// Look past known divergences: extra moves the oracle refuses under this article
    /// (e.g. fesa2017:3.11c) are counted, not reported. Repeatable. (Divergences the
    /// corpus already catches the implementation at are looked past without it.)
    #[arg(long = "ignore-article", value_name = "ARTICLE")]
    pub ignore: Vec<String>,
    /// Workers side by side, each with its own implementation (default: every core).
    /// Game n comes from seed + n whatever the number of workers.
    #[arg(long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// Stop after this many games (a fixed amount of work) if time has not run out first.
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Ask an external implementation one question at a time. By default a game's
    /// questions go in one batch and up to 64 requests are in flight together (answers
    /// matched to requests, a batch that loses step asked again alone); this is for an
    /// engine that cannot take that, and to measure what it gains.
    #[arg(long)]
    pub one_at_a_time: bool,
    #[command(flatten)]
    pub corpus: CorpusArgs,
}

/// The options of `diff` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// A profile; give it twice, or once with --set.
    #[arg(long = "profile", value_name = "NAME", required = true)]
    pub profiles: Vec<String>,
    /// A knob override `knob=value` for the second profile (repeatable).
    #[arg(long = "set", value_name = "KNOB=VALUE")]
    pub set: Vec<String>,
    /// Game records and folders of them (searched recursively for .csa, .kif, .kifu,
    /// .ki2, .ki2u and .jkf files): diff their games instead of the corpus cases.
    #[arg(value_name = "RECORD|DIR")]
    pub records: Vec<PathBuf>,
    /// With RECORDS, compare the corpus cases too (printed before the records; text only).
    #[arg(long)]
    pub cases: bool,
    /// The records' report: text (a line per changed game, then the summary), json (a line
    /// per changed game or unreadable record, the summary last; schemas/impact.json),
    /// junit, markdown or html (with the board where each changed game parts).
    #[arg(long, value_name = "FORMAT", default_value = "text", value_parser = conformance_core::report::Format::parse)]
    pub format: conformance_core::report::Format,
    /// Workers judging records side by side (default: every core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Exit with status 1 when a game's verdict changes (a CI guarding an archive).
    #[arg(long)]
    pub fail_on_change: bool,
    #[command(flatten)]
    pub output: OutputFile,
    #[command(flatten)]
    pub corpus: CorpusArgs,
}

/// The options of `explain` (its help is on the variant of [`Command`]).
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The case id (eight hex digits) or slug.
    #[arg(value_name = "CASE")]
    pub case: String,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Also run the case against this implementation and show its answers (exit status 1
    /// when it fails or errors): the reproduction line of the reports.
    #[arg(long = "impl", value_name = "IMPL")]
    pub imp: Option<String>,
    #[command(flatten)]
    pub corpus: CorpusArgs,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use shogi_conformance::implementations::usi_options::UsiOption;

    #[test]
    fn match_options_go_to_one_engine_or_both() {
        let given: Vec<MatchUsiOption> = [
            "Threads=2",
            "1:Threads=4",
            "2:USI_Hash=64",
            "BookFile=no_book",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        let [first, second] = options_per_engine(&given);
        let show = |v: &[UsiOption]| {
            v.iter()
                .map(|o| format!("{}={}", o.name, o.value))
                .collect::<Vec<_>>()
        };
        assert_eq!(show(&first), ["Threads=4", "BookFile=no_book"]);
        assert_eq!(
            show(&second),
            ["Threads=2", "USI_Hash=64", "BookFile=no_book"]
        );
        // A value may hold a colon (a path), and only 1 or 2 number an engine.
        let o: MatchUsiOption = "EvalDir=C:/eval".parse().unwrap();
        assert_eq!((o.engine, o.option.value.as_str()), (None, "C:/eval"));
        assert!("3:Threads=1".parse::<MatchUsiOption>().is_err());
        assert!("1:Threads".parse::<MatchUsiOption>().is_err());
    }

    #[test]
    fn a_profile_and_its_overrides_are_one_spec() {
        let p = ProfileArgs {
            profile: "fesa-2017".into(),
            set: vec![
                "impasse=points_27".into(),
                "declaration_failure=no_effect".into(),
            ],
        };
        assert_eq!(
            p.spec(),
            "fesa-2017,impasse=points_27,declaration_failure=no_effect"
        );
    }

    /// The commands that write a file or a folder, with the rest of a minimal command line.
    const WRITERS: &[&[&str]] = &[
        &["run"],
        &["merge", "a.json"],
        &["matrix", "a.json"],
        &["convert", "game.kif", "--to", "csa"],
        &["judge", "game.kif"],
        &[
            "diff",
            "--profile",
            "fesa-2017",
            "--set",
            "repetition_start=not_counted",
        ],
        &["site"],
        &["match", "--engine", "usi:a", "--engine", "usi:b"],
        &["fuzz"],
    ];

    /// The output path a parsed command line carries.
    fn output_of(command: Command) -> Option<PathBuf> {
        match command {
            Command::Run(RunArgs { output, .. })
            | Command::Merge { output, .. }
            | Command::Matrix { output, .. }
            | Command::Convert(ConvertArgs { output, .. })
            | Command::Judge(JudgeArgs { output, .. })
            | Command::Diff(DiffArgs { output, .. }) => output.output,
            Command::Site { output, .. } | Command::Match(MatchArgs { output, .. }) => {
                Some(output.output)
            }
            Command::Fuzz(FuzzArgs { output, .. }) => output,
            _ => None,
        }
    }

    #[test]
    fn every_command_that_writes_takes_output_and_the_old_out() {
        for writer in WRITERS {
            for flag in ["--output", "--out"] {
                let mut line = vec!["shogi-conformance"];
                line.extend(writer.iter());
                line.extend([flag, "dest"]);
                let cli = Cli::try_parse_from(&line)
                    .unwrap_or_else(|e| panic!("{line:?} is refused: {e}"));
                assert_eq!(
                    output_of(cli.command),
                    Some(PathBuf::from("dest")),
                    "{line:?}"
                );
            }
        }
        // No other command has an output, and `--out` is in no help.
        let cli = Cli::command();
        for sub in cli.get_subcommands() {
            let has_output = sub.get_arguments().any(|a| a.get_long() == Some("output"));
            let listed = WRITERS.iter().any(|w| w[0] == sub.get_name());
            assert_eq!(has_output, listed, "{}", sub.get_name());
            let mut sub = sub.clone();
            let help = sub.render_long_help().to_string();
            assert!(!help.contains("--out "), "{}: {help}", sub.get_name());
        }
    }

    #[test]
    fn every_command_with_a_profile_takes_set() {
        let cli = Cli::command();
        let mut with_profile = Vec::new();
        for sub in cli.get_subcommands() {
            let has = |long: &str| sub.get_arguments().any(|a| a.get_long() == Some(long));
            if has("profile") {
                with_profile.push(sub.get_name());
                assert!(
                    has("set"),
                    "`{}` takes --profile but not --set",
                    sub.get_name()
                );
                let set = sub
                    .get_arguments()
                    .find(|a| a.get_long() == Some("set"))
                    .map(|a| a.get_action().clone());
                assert!(
                    matches!(set, Some(clap::ArgAction::Append)),
                    "{}",
                    sub.get_name()
                );
            }
        }
        with_profile.sort_unstable();
        assert_eq!(
            with_profile,
            ["convert", "diff", "explain", "judge", "match", "run"]
        );
        let cli = Cli::try_parse_from([
            "shogi-conformance",
            "match",
            "--engine",
            "usi:a",
            "--engine",
            "usi:b",
            "--output",
            "d",
            "--profile",
            "csa-computer",
            "--set",
            "impasse=points_27",
        ])
        .unwrap();
        let Command::Match(MatchArgs { profile, .. }) = cli.command else {
            panic!("not match")
        };
        assert_eq!(profile.spec(), "csa-computer,impasse=points_27");
    }

    /// clap names a value after its field (`--out <OUT>`) unless told otherwise: every
    /// option's placeholder is chosen, except where the field's name is the right word.
    #[test]
    fn every_option_names_its_value() {
        fn walk(cmd: &clap::Command, path: &str, bad: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if !arg.get_action().takes_values() {
                    continue;
                }
                let names: Vec<String> = arg
                    .get_value_names()
                    .unwrap_or_default()
                    .iter()
                    .map(|n| n.to_string())
                    .collect();
                let default = arg.get_id().as_str().to_uppercase();
                if names.is_empty() || (names == [default] && !["format", "impl"].contains(&long)) {
                    bad.push(format!("{path} --{long}"));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), bad);
            }
        }
        let mut bad = Vec::new();
        walk(&Cli::command(), "shogi-conformance", &mut bad);
        assert!(
            bad.is_empty(),
            "options with clap's default placeholder: {bad:?}"
        );
    }
}
