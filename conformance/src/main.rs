//! `shogi-conformance`: the command-line face of the conformance suite.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use shogi_conformance::commands;
use shogi_conformance::corpus::CorpusSource;
use shogi_conformance::impls::{self, ImplOptions};
use shogi_conformance::positions::legal_line;
use shogi_conformance::report::Format;
use shogi_spec::PositionSpec;

/// The shogi rules conformance suite: a reference oracle for the FESA 2017 rules and tools to
/// check any shogi implementation against it.
#[derive(Debug, Parser)]
#[command(name = "shogi-conformance", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
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
        /// Run only shard I of N (1-based), for a CI matrix; cases are assigned by id.
        #[arg(long, value_name = "I/N")]
        shard: Option<shogi_conformance::expectations::Shard>,
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
        format: Format,
        /// Write the report to this file (atomically) instead of standard output.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        corpus: CorpusArgs,
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
    /// Print every article of the registry with its testable flag and its number of cases.
    Coverage {
        /// Only list testable articles with fewer cases than this.
        #[arg(long, value_name = "N")]
        below: Option<usize>,
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
    /// Judge a game record: print the verdict, and with --explain the chain of articles and
    /// the profile knobs that decided it.
    ///
    /// The record is YAML (see the oracle's `game::record` module: start, time_control,
    /// events). A malformed record is an error naming the file, line and column.
    #[command(
        after_help = "Examples:\n  shogi-conformance judge game.yaml --explain\n  \
        shogi-conformance judge game.yaml --profile fesa-2017 --set declaration_failure=no_effect"
    )]
    Judge {
        /// The game record (YAML).
        record: PathBuf,
        /// The rule profile: fesa-2017, ufs-2016 or csa-computer.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        /// Override a profile knob, e.g. `--set impasse=points_27` (repeatable).
        #[arg(long = "set", value_name = "KNOB=VALUE")]
        set: Vec<String>,
        /// Print the articles applied, with the facts, and the knobs that decided.
        #[arg(long)]
        explain: bool,
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
    /// Show a case: its articles, setup and expectations, and what the oracle answers.
    Explain {
        /// The case id (eight hex digits) or slug.
        case: String,
        /// The rule profile to explain under.
        #[arg(long, default_value = "fesa-2017")]
        profile: String,
        #[command(flatten)]
        corpus: CorpusArgs,
    },
}

/// Arguments of `new-id`.
#[derive(Debug, Args)]
struct NewIdArgs {
    /// How many ids to print.
    #[arg(default_value_t = 1)]
    count: usize,
    #[command(flatten)]
    corpus: CorpusArgs,
}

#[derive(Debug, Args)]
struct CorpusArgs {
    /// The corpus folder (default: ./corpus when it exists, else the corpus built into this
    /// binary).
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
}

impl CorpusArgs {
    fn source(&self) -> CorpusSource {
        CorpusSource::from_arg(self.corpus.clone())
    }

    /// The folder, for commands that read the corpus as files.
    fn dir(&self, command: &str) -> Result<PathBuf, String> {
        match self.source() {
            CorpusSource::Dir(dir) => Ok(dir),
            CorpusSource::BuiltIn => Err(format!(
                "`{command}` works on a corpus folder: give --corpus DIR (the built-in corpus was checked when this binary was built)"
            )),
        }
    }
}

#[derive(Debug, Args)]
struct ImplArgs {
    /// Which implementation answers: `oracle` (the reference implementation), `engine` (the
    /// bitboard engine), `usi:COMMAND ARGS` or `adapter:COMMAND ARGS`.
    #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
    imp: String,
    /// Also accept positions that could not occur in a game, such as problem setups without
    /// a second king or with a pawn on the last rank. Moves are still judged by the rules.
    /// (The oracle refuses such positions otherwise; the engine always accepts them.)
    #[arg(long)]
    allow_unreachable: bool,
    /// Seconds an external implementation (usi:…, adapter:…) may take over one query before it
    /// is killed, restarted, and the query reported as errored.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<std::time::Duration>,
}

impl ImplArgs {
    fn make(&self) -> Result<Box<dyn shogi_spec::Implementation>, String> {
        impls::make(
            &self.imp,
            ImplOptions {
                allow_unreachable: self.allow_unreachable,
                timeout: self.timeout,
            },
        )
        .map_err(|e| e.to_string())
    }
}

/// Reads a positive number of seconds for `--timeout`.
fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if secs <= 0.0 {
        return Err("the timeout must be positive".into());
    }
    std::time::Duration::try_from_secs_f64(secs).map_err(|e| format!("`{text}`: {e}"))
}

fn main() -> ExitCode {
    // `--version` names the contract as well as the tool: the built-in corpus's version and
    // content hash are known only at run time, hence not in the derive attribute. Leaked once:
    // clap keeps the text for the life of the process anyway.
    let version: &'static str = shogi_conformance::corpus_source::long_version().leak();
    let matches = Cli::command().version(version).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match run(cli) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("shogi-conformance: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.command {
        Command::Legal { imp, positions } => {
            let mut imp = imp.make()?;
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let mut failed = false;
            let mut answer = |line: &str| -> io::Result<()> {
                match legal_line(imp.as_mut(), line) {
                    Ok(moves) => writeln!(out, "{moves}"),
                    Err(reason) => {
                        failed = true;
                        writeln!(out, "ERROR {reason}")
                    }
                }
            };
            let io_err = |e: io::Error| format!("I/O error: {e}");
            if positions.is_empty() {
                for line in io::stdin().lock().lines() {
                    let line = line.map_err(io_err)?;
                    if line.trim().is_empty() {
                        continue;
                    }
                    answer(&line).map_err(io_err)?;
                }
            } else {
                for position in &positions {
                    answer(position).map_err(io_err)?;
                }
            }
            Ok(if failed {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            })
        }
        Command::Perft {
            imp,
            divide,
            position,
            depth,
        } => {
            let mut imp = imp.make()?;
            let spec = PositionSpec::parse(&position).map_err(|e| format!("bad position: {e}"))?;
            let total = if divide {
                if depth == 0 {
                    return Err("--divide needs a depth of at least 1".into());
                }
                let rows = imp.divide(&spec, depth).map_err(|e| e.to_string())?;
                for (mv, n) in &rows {
                    println!("{mv} {n}");
                }
                rows.iter().map(|(_, n)| n).sum()
            } else {
                imp.perft(&spec, depth).map_err(|e| e.to_string())?
            };
            println!("{total}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Run {
            imp,
            timeout,
            shard,
            expectations,
            write_expectations,
            profile,
            filter,
            format,
            output,
            corpus,
        } => commands::run(&commands::RunOptions {
            imp,
            timeout,
            shard,
            expectations,
            write_expectations,
            profile,
            filter,
            format,
            output,
            corpus: corpus.source(),
        }),
        Command::CheckAdapter { command, timeout } => {
            shogi_conformance::check_adapter::command(&command, timeout)
        }
        Command::Bisect {
            imp,
            position,
            depth,
        } => shogi_conformance::bisect::command(imp.make()?.as_mut(), &position, depth),
        Command::Matrix { reports, output } => {
            shogi_conformance::html::command(&reports, output.as_deref())
        }
        Command::Fuzz {
            imp,
            seconds,
            seed,
            out,
            plies,
            ignore,
            corpus,
        } => shogi_conformance::fuzz_external::command(
            imp.make()?.as_mut(),
            &shogi_conformance::fuzz_external::FuzzOptions {
                seconds,
                seed,
                out,
                plies,
                corpus: corpus.source(),
                ignore,
            },
        ),
        Command::Lint { min_cases, corpus } => commands::lint(&corpus.dir("lint")?, min_cases),
        Command::Coverage { below, corpus } => commands::coverage(&corpus.source(), below),
        Command::Diff {
            profiles,
            set,
            corpus,
        } => shogi_conformance::profile_diff::command(&corpus.source(), &profiles, &set),
        Command::NewId(args) => commands::new_ids(&args.corpus.source(), args.count),
        Command::Explain {
            case,
            profile,
            corpus,
        } => commands::explain(&corpus.source(), &case, &profile),
        Command::Judge {
            record,
            profile,
            set,
            explain,
        } => shogi_conformance::judge::run(&record, &profile, &set, explain),
    }
}
