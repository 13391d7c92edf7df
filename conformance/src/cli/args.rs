//! The command line as clap reads it: the commands, their options, and the parsers for
//! durations. Nothing here runs anything; [`super::dispatch`] does.

use super::Error;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::implementations::select::{self as impls, ImplOptions};
use shogi_conformance::report::Format;
use shogi_conformance::tools::judge::JudgeFormat;

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
    Legal {
        #[command(flatten)]
        imp: ImplArgs,
        /// Positions to examine (quote each SFEN: it contains spaces).
        positions: Vec<String>,
    },
    /// Count the leaf nodes of the legal move tree (perft).
    ///
    /// The count is printed as the last line. With --divide, one `MOVE COUNT` line per legal
    /// move of the root position comes first, sorted by move.
    #[command(after_help = "Example:\n  shogi-conformance perft --divide startpos 3")]
    Perft {
        #[command(flatten)]
        imp: ImplArgs,
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
    /// The exit status is 0 only when no applicable case failed or errored. A case whose query
    /// the implementation does not support is reported as skipped, with the reason; a skip is
    /// never counted as a pass. Cases under `corpus/staging/` run but do not count toward
    /// certification.
    #[command(
        after_help = "Filter terms (all must match; prefix `!` to negate):\n  \
        id:0a1b2c3d  tag:uchifuzume  ref:fesa2017:3.11  file:drops/  kind:perft  staging  <word in slug or title>\n\n\
        Examples:\n  shogi-conformance run\n  shogi-conformance run --filter 'tag:uchifuzume' --format markdown --output report.md"
    )]
    Run {
        /// Which implementation to certify: `oracle` (the reference implementation), `engine`
        /// (the bitboard engine), `usi:COMMAND ARGS` (a USI engine answering `go perft`), or `adapter:COMMAND ARGS`
        /// (a process speaking the JSON-lines protocol of conformance/PROTOCOL.md).
        #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
        imp: String,
        /// Seconds an external implementation may take over one query before it is killed,
        /// restarted, and the case reported as errored.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<std::time::Duration>,
        /// A USI engine option, sent as `setoption name NAME value VALUE` after `usi`
        /// (repeatable), e.g. `--usi-option BookFile=no_book --usi-option Threads=2`. Without
        /// it, an engine advertising Threads, Hash or USI_Hash gets 1 thread and 16 MB.
        #[arg(long = "usi-option", value_name = "NAME=VALUE")]
        usi_option: Vec<shogi_conformance::implementations::usi_options::UsiOption>,
        /// Run only shard I of N (1-based), for a CI matrix; cases are assigned by id.
        #[arg(long, value_name = "I/N")]
        shard: Option<shogi_conformance::run::expectations::Shard>,
        /// An expectations file (known failures and skips, by case id or tag): the exit status
        /// is 0 exactly when the results match it.
        #[arg(long, value_name = "FILE")]
        expectations: Option<PathBuf>,
        /// Write an expectations file marking every current failure, then report as usual.
        #[arg(long, value_name = "FILE")]
        write_expectations: Option<PathBuf>,
        /// The rule profile: fesa-2017, ufs-2016 or csa-computer.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        /// Run only the cases matching this expression (see below).
        #[arg(long, value_name = "EXPR")]
        filter: Option<String>,
        /// Report format.
        #[arg(long, value_enum, default_value = "text")]
        format: FormatArg,
        /// Write the report to this file instead of standard output (`-`: standard output).
        /// A regular file is replaced atomically; a symlink, FIFO or device is written through.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Stop the whole run after this long (`90`, `90s`, `15m`, `2h`): the report is written
        /// with the cases not reached marked as not run, and the exit status is 1.
        #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
        max_time: Option<std::time::Duration>,
        #[command(flatten)]
        corpus: CorpusArgs,
        /// Also ask the bestmove probes of a USI engine that answers `go perft` (by default it
        /// is certified on its move lists alone); the report records the move played.
        #[arg(long)]
        probes: bool,
    },
    /// Combine the JSON reports of the shards of one run (`run --shard I/N --format json`) into
    /// one JSON report. Reports of different implementations, profiles or corpus revisions,
    /// and reports that share a case, are refused.
    #[command(
        after_help = "Example:\n  shogi-conformance merge shard1.json shard2.json --output all.json"
    )]
    Merge {
        /// The JSON reports.
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        /// Write the merged report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Check the corpus: unique and well-formed ids, known articles and tags, well-formed and
    /// legal positions and moves, an expectation in every case, every testable article covered.
    Lint {
        /// How many cases every testable article needs (counting cases on its sub-clauses).
        #[arg(long, default_value_t = 3)]
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
    /// Exercise a JSON-lines adapter (conformance/PROTOCOL.md) and validate every message it
    /// sends against the protocol's schemas.
    #[command(
        after_help = "Example:\n  shogi-conformance check-adapter 'python3 examples/adapters/python/adapter.py'"
    )]
    CheckAdapter {
        /// The adapter's command line (quote it: it has spaces).
        command: String,
        /// Seconds to wait for each reply.
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<std::time::Duration>,
    },
    /// Walk down the perft tree to the first position where the implementation's legal moves
    /// differ from the oracle's, and print it.
    #[command(
        after_help = "Example:\n  shogi-conformance bisect --impl usi:fairy-stockfish '7lk/7p1/8G/9/9/9/9/9/K8 w P 1' 3"
    )]
    Bisect {
        #[command(flatten)]
        imp: ImplArgs,
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
        shogi-conformance judge archive/ --profile csa-computer --format json"
    )]
    Judge {
        /// Game records (YAML, CSA, KIF/KIFU, KI2/KI2U or JKF) and folders of them (searched
        /// recursively for .csa, .kif, .kifu, .ki2, .ki2u and .jkf files). Several, or a
        /// folder, make an archive run: a line per game, then a summary.
        #[arg(required = true, value_name = "RECORD|DIR")]
        records: Vec<PathBuf>,
        /// Workers judging files side by side in an archive run (default: every core).
        #[arg(long, value_name = "N")]
        jobs: Option<usize>,
        /// The rule profile: fesa-2017, ufs-2016 or csa-computer.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        /// Override a profile knob, e.g. `--set impasse=points_27` (repeatable).
        #[arg(long = "set", value_name = "KNOB=VALUE")]
        set: Vec<String>,
        /// Print the articles applied, with the facts, and the knobs that decided.
        #[arg(long)]
        explain: bool,
        /// text (a line per game), json (an object per game) or html (a page per game: the
        /// moves, the board where the game was decided and the chain of articles).
        #[arg(long, value_enum, default_value = "text")]
        format: JudgeFormatArg,
    },
    /// Convert a game record to another format, writing the judged ending in the target
    /// format's own words (the ending a server would have written).
    #[command(
        after_help = "Examples:\n  shogi-conformance convert game.kif --to csa\n  \
        shogi-conformance convert floodgate.csa --to kif --profile csa-computer --output game.kif"
    )]
    Convert {
        /// The game record (YAML, CSA, KIF/KIFU, KI2/KI2U or JKF).
        input: PathBuf,
        /// The target format: yaml, csa, kif, ki2 or jkf.
        #[arg(long)]
        to: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        output: Option<PathBuf>,
        /// The rule profile that judges the ending: fesa-2017, ufs-2016 or csa-computer.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        /// Override a profile knob (repeatable).
        #[arg(long = "set", value_name = "KNOB=VALUE")]
        set: Vec<String>,
    },
    /// Play USI engines against each other with the oracle as arbiter: every `bestmove` is
    /// checked before it is played; each game is written as CSA, KIF (Shift_JIS) and the
    /// project's YAML under OUT/games/, and a summary to OUT/summary.json. Ctrl-C starts no
    /// new game, lets the games in flight finish, writes the summary and exits 130.
    #[command(
        after_help = "Example:\n  shogi-conformance match --engine usi:fairy-stockfish --engine usi:gpsusi \\\n    --games 4 --byoyomi 1 --max-moves 60 --out match-out"
    )]
    Match {
        /// An engine, `usi:COMMAND ARGS`; give exactly two.
        #[arg(long = "engine", required = true, num_args = 1)]
        engines: Vec<String>,
        /// How many games; the engines alternate colours.
        #[arg(long, default_value_t = 2)]
        games: usize,
        /// Games played at once (default: cores - 1, at least 1).
        #[arg(long)]
        concurrency: Option<usize>,
        /// Byo-yomi per move, in seconds, to the millisecond (`0.2`); 1 when neither it nor
        /// --increment is given.
        #[arg(long, conflicts_with = "increment", value_name = "SECONDS", value_parser = clock_seconds)]
        byoyomi: Option<std::time::Duration>,
        /// Main time per player, in seconds, to the millisecond.
        #[arg(long = "time", value_name = "SECONDS", value_parser = clock_seconds, default_value = "0")]
        main_time: std::time::Duration,
        /// Fischer increment after each move, in seconds, to the millisecond (instead of
        /// byo-yomi).
        #[arg(long, value_name = "SECONDS", value_parser = clock_seconds)]
        increment: Option<std::time::Duration>,
        /// Allowance for process latency before a late answer is a flag fall, in seconds.
        #[arg(long, default_value_t = 1.0)]
        margin: f64,
        /// The rule profile the arbiter applies.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        /// Start positions, one per line (`startpos`, an SFEN, optionally `moves …`).
        #[arg(long)]
        openings: Option<PathBuf>,
        /// Plies after which a game stops unfinished.
        #[arg(long, default_value_t = 256)]
        max_moves: usize,
        /// Output folder.
        #[arg(long)]
        out: PathBuf,
    },
    /// Put several JSON reports (`run --format json`) side by side in one static HTML page: a
    /// matrix of articles × implementations, then every case that did not pass everywhere.
    #[command(
        after_help = "Example:\n  shogi-conformance run --impl oracle --format json --output oracle.json\n  \
        shogi-conformance run --impl usi:fairy-stockfish --format json --output fs.json\n  \
        shogi-conformance matrix oracle.json fs.json --output matrix.html"
    )]
    Matrix {
        /// JSON reports, one per implementation.
        reports: Vec<PathBuf>,
        /// Write the page to this file (atomically) instead of standard output.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Play random legal games against an implementation and the oracle; shrink the first
    /// divergence and write it to DIR as a corpus case file (exit status 1), or exit 0 when
    /// none was found in time.
    #[command(
        after_help = "Example:\n  shogi-conformance fuzz --impl usi:fairy-stockfish --seconds 60 --seed 1 --out corpus/staging"
    )]
    Fuzz {
        #[command(flatten)]
        imp: ImplArgs,
        /// How long to look, in seconds.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        /// The seed of the first game (a run is reproducible from its seed).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to write the case file (never over an existing file).
        #[arg(long, value_name = "DIR", default_value = "corpus/staging")]
        out: PathBuf,
        /// The longest game, in plies.
        #[arg(long, default_value_t = 80)]
        plies: usize,
        /// Look past known divergences: extra moves the oracle refuses under this article
        /// (e.g. fesa2017:3.11c) are counted, not reported. Repeatable.
        #[arg(long = "ignore-article", value_name = "ARTICLE")]
        ignore: Vec<String>,
        /// Workers side by side, each with its own implementation (default: every core).
        /// Game n comes from seed + n whatever the number of workers.
        #[arg(long, value_name = "N")]
        jobs: Option<std::num::NonZeroUsize>,
        /// Stop after this many games (a fixed amount of work) if time has not run out first.
        #[arg(long, value_name = "N")]
        games: Option<u64>,
        /// Ask an external implementation one question at a time. By default a game's
        /// questions go in one batch and up to 64 requests are in flight together (answers
        /// matched to requests, a batch that loses step asked again alone); this is for an
        /// engine that cannot take that, and to measure what it gains.
        #[arg(long)]
        one_at_a_time: bool,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Print fresh case ids: eight hex digits used by no case and not retired.
    NewId(NewIdArgs),
    /// List the cases whose expected verdict or answer differs between two rule profiles, with
    /// both results and the knob that causes the difference.
    ///
    /// Give two profiles, or one profile and `--set` overrides (the second side is then the
    /// first with the overrides, e.g. "FESA, but a failed declaration has no effect").
    /// Built-in profiles are compared on the expectations written in the cases; a profile with
    /// overrides has none, so the oracle's answers are compared instead (marked [oracle]).
    #[command(
        after_help = "Examples:\n  shogi-conformance diff --profile fesa-2017 --profile ufs-2016\n  \
        shogi-conformance diff --profile fesa-2017 --set declaration_failure=no_effect"
    )]
    Diff {
        /// A profile; give it twice, or once with --set.
        #[arg(long = "profile", value_name = "NAME", required = true)]
        profiles: Vec<String>,
        /// A knob override `knob=value` for the second profile (repeatable).
        #[arg(long, value_name = "KNOB=VALUE")]
        set: Vec<String>,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Write the rulebook browser: a static site with a page per registry article (paraphrase,
    /// interpretation, profile choices, oracle functions, cases with boards, profile
    /// differences) and an index. Open DIR/index.html in a browser; no network needed.
    #[command(after_help = "Example:\n  shogi-conformance site --output target/site")]
    Site {
        /// The folder to write the site into (created if needed).
        #[arg(long, value_name = "DIR")]
        output: PathBuf,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
    /// Show a case: its articles, setup and expectations, and what the oracle answers.
    Explain {
        /// The case id (eight hex digits) or slug.
        case: String,
        /// The rule profile to explain under.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        /// Also run the case against this implementation and show its answers (exit status 1
        /// when it fails or errors): the reproduction line of the reports.
        #[arg(long = "impl", value_name = "IMPL")]
        imp: Option<String>,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
}

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

#[derive(Debug, Args)]
pub struct ImplArgs {
    /// Which implementation answers: `oracle` (the reference implementation), `engine` (the
    /// bitboard engine), `usi:COMMAND ARGS` or `adapter:COMMAND ARGS`.
    #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
    pub imp: String,
    /// Also accept positions that could not occur in a game, such as problem setups without
    /// a second king or with a pawn on the last rank. Moves are still judged by the rules.
    /// (The oracle refuses such positions otherwise; the engine always accepts them.)
    #[arg(long)]
    pub allow_unreachable: bool,
    /// Seconds an external implementation (usi:…, adapter:…) may take over one query before it
    /// is killed, restarted, and the query reported as errored.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,
    /// A USI engine option, sent as `setoption name NAME value VALUE` after `usi`
    /// (repeatable), e.g. `--usi-option BookFile=no_book --usi-option Threads=2`. Without
    /// it, an engine advertising Threads, Hash or USI_Hash gets 1 thread and 16 MB.
    #[arg(long = "usi-option", value_name = "NAME=VALUE")]
    pub usi_option: Vec<shogi_conformance::implementations::usi_options::UsiOption>,
}

impl ImplArgs {
    pub fn make(&self) -> Result<Box<dyn shogi_spec::Implementation>, Error> {
        Ok(self.make_typed()?)
    }

    /// The implementation, with the library's error (for workers that make their own).
    pub fn make_typed(&self) -> Result<Box<dyn shogi_spec::Implementation>, impls::ImplSpecError> {
        impls::make(
            &self.imp,
            ImplOptions {
                allow_unreachable: self.allow_unreachable,
                timeout: self.timeout,
                usi_options: self.usi_option.clone(),
            },
        )
    }
}

/// The longest `--timeout` or `--max-time` accepted: a week. Longer is surely a typo, and a
/// deadline past what the clock can represent would overflow.
pub const LONGEST: f64 = 7.0 * 86_400.0;

/// Reads a positive number of seconds for `--timeout`.
pub fn parse_seconds(text: &str) -> Result<std::time::Duration, Error> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if secs.is_nan() || secs <= 0.0 {
        return Err("the timeout must be positive".into());
    }
    if secs > LONGEST {
        return Err(format!("`{text}`: at most {LONGEST} seconds (a week)").into());
    }
    std::time::Duration::try_from_secs_f64(secs).map_err(|e| format!("`{text}`: {e}").into())
}

/// Reads a clock setting of `match` (`--time`, `--byoyomi`, `--increment`): seconds, zero or
/// more, to the millisecond — a finer fraction is refused rather than rounded, since the
/// records keep milliseconds and a clock they cannot write would judge differently.
pub fn clock_seconds(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !secs.is_finite() || secs < 0.0 {
        return Err(format!("`{text}`: a time is zero or more seconds"));
    }
    if secs > LONGEST {
        return Err(format!("`{text}`: at most {LONGEST} seconds (a week)"));
    }
    let ms = (secs * 1000.0).round();
    if (ms - secs * 1000.0).abs() > 1e-6 {
        return Err(format!("`{text}`: to the millisecond at most (e.g. 0.213)"));
    }
    Ok(std::time::Duration::from_millis(ms as u64))
}

/// Reads a duration for `--max-time`: seconds, or a number followed by `s`, `m` or `h`.
pub fn parse_duration(text: &str) -> Result<std::time::Duration, Error> {
    let t = text.trim();
    let (number, unit) = match t.char_indices().last() {
        Some((i, 's')) => (&t[..i], 1.0),
        Some((i, 'm')) => (&t[..i], 60.0),
        Some((i, 'h')) => (&t[..i], 3600.0),
        _ => (t, 1.0),
    };
    let n: f64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration (e.g. 90, 90s, 15m, 2h)"))?;
    parse_seconds(&(n * unit).to_string())
        .map_err(|e| e.to_string().replace("timeout", "duration").into())
}

/// The report formats as the command line spells them (the library's [`Format`] knows nothing
/// of clap, so that programs embedding the runner do not pull it in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Grouped by article, failures with position, expected and actual answers.
    Text,
    /// One record per case, with a header and a summary.
    Json,
    /// JUnit XML, one testsuite per article.
    Junit,
    /// A Markdown table per article, for CI step summaries.
    Markdown,
    /// A static HTML page: articles × implementations (see also the `matrix` command).
    Html,
}

impl From<FormatArg> for Format {
    fn from(arg: FormatArg) -> Format {
        match arg {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Junit => Format::Junit,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Html => Format::Html,
        }
    }
}

/// `judge --format` as the command line spells it (the library's [`JudgeFormat`] knows
/// nothing of clap).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum JudgeFormatArg {
    /// One line per game, then the explanation with `--explain`.
    Text,
    /// One JSON object per game (a single object for a single game).
    Json,
    /// A self-contained page per game: the moves, the board where the game was decided, the
    /// chain of articles and the knobs that decided.
    Html,
}

impl From<JudgeFormatArg> for JudgeFormat {
    fn from(arg: JudgeFormatArg) -> JudgeFormat {
        match arg {
            JudgeFormatArg::Text => JudgeFormat::Text,
            JudgeFormatArg::Json => JudgeFormat::Json,
            JudgeFormatArg::Html => JudgeFormat::Html,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::clock_seconds;
    use std::time::Duration;

    #[test]
    fn clock_settings_are_seconds_to_the_millisecond() {
        assert_eq!(clock_seconds("0.2"), Ok(Duration::from_millis(200)));
        assert_eq!(clock_seconds("5"), Ok(Duration::from_secs(5)));
        assert_eq!(clock_seconds("0.213"), Ok(Duration::from_millis(213)));
        assert_eq!(clock_seconds("0"), Ok(Duration::ZERO));
        for bad in ["0.0001", "-1", "NaN", "inf", "1e9", "two"] {
            assert!(clock_seconds(bad).is_err(), "{bad}");
        }
    }
}
