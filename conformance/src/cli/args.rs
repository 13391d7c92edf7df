//! The command line's shogi parts as clap reads them: the commands only shogi has
//! ([`ShogiCommand`]) and shogi's own options of the shared commands (the `…Extras` types and
//! the records, reports and case the shared commands take). The shared commands and options are
//! the core's (`conformance_cli`); the option groups shogi adds are in [`super::arg_groups`]
//! (re-exported here); every time is read by [`super::duration`]. Nothing here runs anything.

pub use super::arg_groups::*;
use super::duration::{parse_duration, parse_positive_duration};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};
use conformance_cli::options::{
    CorpusArg, DefaultOutputDirArg, JobsArg, OutputArg, OutputDirArg, ProfileArgs, TimeoutArg,
};

/// The commands only shogi has (the shared ones are the core's, `conformance_cli`).
#[derive(Debug, Subcommand)]
pub enum ShogiCommand {
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
    /// Exercise a JSON-lines adapter (conformance/PROTOCOL.md) and validate every message it
    /// sends against the protocol's schemas.
    #[command(
        after_help = "Example:\n  shogi-conformance check-adapter 'python3 examples/adapters/python/adapter.py'"
    )]
    CheckAdapter {
        /// The adapter's command line (quote it: it has spaces).
        command: String,
        /// How long to wait for each reply.
        #[command(flatten)]
        timeout: TimeoutArg,
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
    /// Play random legal games against an implementation and the oracle; shrink the first
    /// divergence and write it to DIR as a corpus case file (exit status 1), or exit 0 when
    /// none was found in time.
    #[command(
        after_help = "Example:\n  shogi-conformance fuzz --impl usi:fairy-stockfish --seconds 60 --seed 1 --output corpus/staging"
    )]
    Fuzz(FuzzArgs),
    /// Print fresh case ids: eight hex digits used by no case and not retired.
    NewId(NewIdArgs),
}

/// The options of `legal` (its help is on the variant of [`ShogiCommand`]).
#[derive(Debug, Args)]
pub struct LegalArgs {
    #[command(flatten)]
    pub imp: LenientImplArgs,
    /// Positions to examine (quote each SFEN: it contains spaces).
    pub positions: Vec<String>,
}

/// `run`'s shogi options.
#[derive(Debug, Args)]
pub struct RunExtras {
    #[command(flatten)]
    pub usi: UsiOptions,
    /// Also ask the bestmove probes of a USI engine that answers `go perft` (by default it
    /// is certified on its move lists alone); the report records the move played.
    #[arg(long)]
    pub probes: bool,
}

/// The records `judge` reads.
#[derive(Debug, Args)]
pub struct JudgeRecords {
    /// Game records (YAML, CSA, KIF/KIFU, KI2/KI2U or JKF) and folders of them (searched
    /// recursively for .csa, .kif, .kifu, .ki2, .ki2u and .jkf files). Several, or a
    /// folder, make an archive run: a line per game, then a summary.
    #[arg(required = true, value_name = "RECORD|DIR")]
    pub records: Vec<PathBuf>,
}

/// The options of `convert` (its help is on the variant of [`ShogiCommand`]).
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The game record (YAML, CSA, KIF/KIFU, KI2/KI2U or JKF).
    #[arg(value_name = "RECORD")]
    pub input: PathBuf,
    /// The target format: yaml, csa, kif, ki2 or jkf.
    #[arg(long, value_name = "FORMAT")]
    pub to: String,
    #[command(flatten)]
    pub output: OutputArg,
    /// The profile judges the ending written in the target format.
    #[command(flatten)]
    pub profile: ProfileArgs,
}

/// The options of `match` (its help is on the variant of [`ShogiCommand`]).
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
    pub output: OutputDirArg,
}

/// The options of `fuzz` (its help is on the variant of [`ShogiCommand`]).
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
    /// Where to write a divergence's case file (its default is said below the options).
    #[command(flatten)]
    pub output: DefaultOutputDirArg,
    /// The longest game, in plies.
    #[arg(long, value_name = "N", default_value_t = 80)]
    pub plies: usize,
    /// Look past known divergences: extra moves the oracle refuses under this article
    /// (e.g. fesa2017:3.11c) are counted, not reported. Repeatable. (Divergences the
    /// corpus already catches the implementation at are looked past without it.)
    #[arg(long = "ignore-article", value_name = "ARTICLE")]
    pub ignore: Vec<String>,
    /// Workers side by side, each with its own implementation; game n comes from seed + n
    /// whatever their number.
    #[command(flatten)]
    pub jobs: JobsArg,
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
    pub corpus: CorpusArg,
}

/// `diff`'s shogi options: the records are optional (the corpus cases are compared without).
#[derive(Debug, Args)]
pub struct DiffExtras {
    /// Game records and folders of them (searched recursively for .csa, .kif, .kifu,
    /// .ki2, .ki2u and .jkf files): diff their games instead of the corpus cases.
    #[arg(value_name = "RECORD|DIR")]
    pub records: Vec<PathBuf>,
    /// With RECORDS, compare the corpus cases too (printed before the records; text only).
    #[arg(long)]
    pub cases: bool,
    #[command(flatten)]
    pub corpus: CorpusArg,
}

/// `explain`'s case, and the profile it is explained under.
#[derive(Debug, Args)]
pub struct ExplainExtras {
    /// The case id (eight hex digits) or slug.
    #[arg(value_name = "CASE")]
    pub case: String,
    #[command(flatten)]
    pub profile: ProfileArgs,
}

/// The records `serve` serves.
#[derive(Debug, Args)]
pub struct ServedRecords {
    /// Folders of game records (searched recursively) and record files to serve.
    #[arg(value_name = "RECORD|DIR")]
    pub records: Vec<PathBuf>,
}

/// `lint`'s shogi options.
#[derive(Debug, Args)]
pub struct LintExtras {
    /// How many cases every testable article needs (counting cases on its sub-clauses).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub min_cases: usize,
}

/// `coverage`'s shogi options.
#[derive(Debug, Args)]
pub struct CoverageExtras {
    /// Only list testable articles with fewer cases than this.
    #[arg(long, value_name = "N")]
    pub below: Option<usize>,
    /// The rulebook: fesa2017 (default), ufs2016 or ru-ch2.
    #[arg(long, value_name = "ID", default_value = "fesa2017")]
    pub rulebook: String,
}

/// `matrix`'s reports, and the public matrix.
#[derive(Debug, Args)]
pub struct MatrixExtras {
    /// JSON reports, one per implementation (of either game), or folders of them; with
    /// `--publish`, each may have a `NAME.meta.json` beside it (docs/implementations.md).
    #[arg(value_name = "REPORT.json")]
    pub reports: Vec<PathBuf>,
    /// The public matrix: put the reports into DATA (`--data`) and regenerate the Markdown
    /// PAGE from it (the text above its marker line is kept). Implementations DATA lists
    /// that no report names keep their published results.
    #[arg(
        long,
        value_name = "PAGE.md",
        requires = "data",
        conflicts_with = "output"
    )]
    pub publish: Option<PathBuf>,
    /// The public matrix's data, read and written with `--publish`.
    #[arg(long, value_name = "DATA.json", requires = "publish")]
    pub data: Option<PathBuf>,
    /// With `--publish`: write nothing; compare the reports with DATA case by case, check
    /// that PAGE is DATA's rendering, and exit 1 when either differs. Implementations
    /// without a report are listed as not run in this check.
    #[arg(long, requires = "publish")]
    pub check: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ShogiGame;
    use conformance_cli::commands::{Command, Diff, Judge, Matrix, Merge, Run};
    use conformance_cli::{GameCommand, parse_from};
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
            profile: Some("fesa-2017".into()),
            set: vec![
                "impasse=points_27".into(),
                "declaration_failure=no_effect".into(),
            ],
        };
        assert_eq!(
            spec(&p),
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
    fn output_of(command: GameCommand<ShogiGame>) -> Option<PathBuf> {
        match command {
            Command::Run(Run { reports, .. }) => reports.output.output,
            Command::Merge(Merge { output, .. })
            | Command::Matrix(Matrix { output, .. })
            | Command::Own(ShogiCommand::Convert(ConvertArgs { output, .. }))
            | Command::Judge(Judge { output, .. })
            | Command::Diff(Diff { output, .. }) => output.output,
            Command::Site(site) => Some(site.output.output),
            Command::Own(ShogiCommand::Match(MatchArgs { output, .. })) => Some(output.output),
            Command::Own(ShogiCommand::Fuzz(FuzzArgs { output, .. })) => output.output,
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
                let cli = parse_from(&ShogiGame, &line)
                    .unwrap_or_else(|e| panic!("{line:?} is refused: {e}"));
                assert_eq!(output_of(cli), Some(PathBuf::from("dest")), "{line:?}");
            }
        }
        // No other command has an output, and `--out` is in no help.
        let cli = conformance_cli::command(&ShogiGame);
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
        let cli = conformance_cli::command(&ShogiGame);
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
        let cli = parse_from(
            &ShogiGame,
            [
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
            ],
        )
        .unwrap();
        let Command::Own(ShogiCommand::Match(MatchArgs { profile, .. })) = cli else {
            panic!("not match")
        };
        assert_eq!(spec(&profile), "csa-computer,impasse=points_27");
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
        walk(
            &conformance_cli::command(&ShogiGame),
            "shogi-conformance",
            &mut bad,
        );
        assert!(
            bad.is_empty(),
            "options with clap's default placeholder: {bad:?}"
        );
    }
}
