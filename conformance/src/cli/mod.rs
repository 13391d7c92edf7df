//! The command-line tool: argument parsing ([`args`]), the commands that print and choose
//! an exit status, over the `shogi_conformance` library that does the work. Exit statuses:
//! 0 all checked and passed, 1 something failed, 2 an error (the message on standard error),
//! 3 nothing could be checked, 130/143 interrupted.

pub mod adapter;
pub mod args;
pub mod bisect;
pub mod corpus;
pub mod fuzz;
pub mod legal;
pub mod matches;
pub mod records;
pub mod reports;
pub mod run;

use std::io::{self, BufRead, Write};

/// A command's failure: the message for standard error (exit status 2). The library's errors
/// are typed; the command line only prints them.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
use std::process::ExitCode;

use shogi_spec::PositionSpec;

use args::{Cli, Command};
use legal::legal_line;

/// The deepest `perft` without `--force`: depth 6 from the initial position is already about
/// 20 billion nodes for the reference implementation.
const PERFT_MAX_DEPTH: u32 = 6;
/// After this long, `perft` reports its progress per root move on standard error (the
/// environment variable `SHOGI_PERFT_PROGRESS_AFTER`, in seconds, changes it).
fn perft_quiet() -> std::time::Duration {
    let secs = std::env::var("SHOGI_PERFT_PROGRESS_AFTER")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(3);
    std::time::Duration::from_secs(secs)
}

/// Perft counted one root move at a time, so that a long count can say how far it got: after
/// [`perft_quiet`], a line per root move on standard error. With `divide`, each root move's
/// count is printed on standard output as it comes.
fn perft_by_root_move(
    imp: &mut dyn shogi_spec::Implementation,
    spec: &PositionSpec,
    depth: u32,
    divide: bool,
) -> Result<u64, Error> {
    let started = std::time::Instant::now();
    let quiet = perft_quiet();
    let mut moves = imp.legal_moves(spec).map_err(Error::from)?;
    moves.sort();
    let mut total: u64 = 0;
    for (i, mv) in moves.iter().enumerate() {
        let mut child = spec.clone();
        child.moves.push(mv.clone());
        let n = imp.perft(&child, depth - 1).map_err(Error::from)?;
        total = total.saturating_add(n);
        if divide {
            println!("{mv} {n}");
        }
        let elapsed = started.elapsed();
        if elapsed >= quiet {
            eprintln!(
                "perft: {}/{} root moves counted ({mv}: {n}), {} nodes so far, {:.1} s",
                i + 1,
                moves.len(),
                total,
                elapsed.as_secs_f64()
            );
        }
    }
    Ok(total)
}

/// Whether the command starts external processes (`run` always counts: its report must be
/// written when interrupted), so that SIGINT and SIGTERM are caught to end them.
pub fn starts_processes(command: &Command) -> bool {
    let external = |imp: &str| imp.starts_with("usi:") || imp.starts_with("adapter:");
    match command {
        Command::Run { .. } | Command::CheckAdapter { .. } | Command::Match { .. } => true,
        Command::Legal { imp, .. }
        | Command::Perft { imp, .. }
        | Command::Bisect { imp, .. }
        | Command::Fuzz { imp, .. } => external(&imp.imp),
        _ => false,
    }
}

pub fn dispatch(cli: Cli) -> Result<ExitCode, Error> {
    match cli.command {
        Command::Legal { imp, positions } => {
            let mut imp = imp.make()?;
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let mut failed = false;
            // `Err(reason)`: a line that could not even be read as text.
            let mut answer = |line: Result<&str, Error>| -> io::Result<()> {
                match line.and_then(|l| legal_line(imp.as_mut(), l)) {
                    Ok(moves) => writeln!(out, "{moves}"),
                    Err(reason) => {
                        failed = true;
                        writeln!(out, "ERROR {reason}")
                    }
                }
            };
            let io_err = |e: io::Error| format!("I/O error: {e}");
            if positions.is_empty() {
                // Lines are read as bytes: one that is not UTF-8 is a bad line like any other
                // (`ERROR`, and on to the next), not the end of the input.
                for (n, line) in io::stdin().lock().split(b'\n').enumerate() {
                    let line = line.map_err(io_err)?;
                    let line = match String::from_utf8(line) {
                        Ok(l) => l,
                        Err(_) => {
                            answer(Err(
                                format!("input line {} is not valid UTF-8", n + 1).into()
                            ))
                            .map_err(io_err)?;
                            continue;
                        }
                    };
                    let line = line.trim_end_matches('\r');
                    if line.trim().is_empty() {
                        continue;
                    }
                    answer(Ok(line)).map_err(io_err)?;
                }
            } else {
                for position in &positions {
                    answer(Ok(position)).map_err(io_err)?;
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
            force,
        } => {
            if depth > PERFT_MAX_DEPTH && !force {
                return Err(format!(
                    "perft depth {depth} is past the sane maximum of {PERFT_MAX_DEPTH} (the tree grows about a hundredfold per ply and would run for days); add --force to count it anyway"
                )
                .into());
            }
            let mut imp = imp.make()?;
            let spec = PositionSpec::parse(&position).map_err(|e| format!("bad position: {e}"))?;
            if divide && depth == 0 {
                return Err("--divide needs a depth of at least 1".into());
            }
            let total = if depth <= 1 {
                if divide {
                    let rows = imp.divide(&spec, depth).map_err(Error::from)?;
                    for (mv, n) in &rows {
                        println!("{mv} {n}");
                    }
                    rows.iter().map(|(_, n)| n).sum()
                } else {
                    imp.perft(&spec, depth).map_err(Error::from)?
                }
            } else {
                perft_by_root_move(imp.as_mut(), &spec, depth, divide)?
            };
            println!("{total}");
            Ok(ExitCode::SUCCESS)
        }
        Command::Merge { reports, output } => reports::merge(&reports, output.as_deref()),
        Command::Run {
            imp,
            timeout,
            usi_option,
            shard,
            expectations,
            write_expectations,
            profile,
            filter,
            format,
            output,
            max_time,
            corpus,
            probes,
        } => run::run(&run::RunOptions {
            max_time,
            probes,
            imp,
            timeout,
            shard,
            expectations,
            write_expectations,
            profile,
            filter,
            format: format.into(),
            output,
            corpus: corpus.source(),
            usi_options: usi_option,
        }),
        Command::CheckAdapter { command, timeout } => Ok(adapter::check_adapter(&command, timeout)),
        Command::Bisect {
            imp,
            position,
            depth,
        } => bisect::bisect(imp.make()?.as_mut(), &position, depth),
        Command::Matrix { reports, output } => reports::matrix(&reports, output.as_deref()),
        Command::Fuzz {
            imp,
            seconds,
            seed,
            out,
            plies,
            ignore,
            jobs,
            games,
            one_at_a_time,
            corpus,
        } => fuzz::fuzz(
            &|| imp.make_typed(),
            &shogi_conformance::tools::fuzz_external::FuzzOptions {
                seconds,
                seed,
                out,
                plies,
                corpus: corpus.source(),
                ignore,
                games,
                jobs: jobs.map_or_else(shogi_conformance::tools::fuzz_external::all_cores, |n| {
                    n.get()
                }),
                one_at_a_time,
            },
        ),
        Command::Lint { min_cases, corpus } => corpus::lint(&corpus.dir("lint")?, min_cases),
        Command::Coverage {
            below,
            rulebook,
            corpus,
        } => corpus::coverage(&corpus.source(), below, &rulebook),
        Command::Diff {
            profiles,
            set,
            corpus,
        } => {
            print!(
                "{}",
                shogi_conformance::tools::profile_diff::diff_text(
                    &corpus.source(),
                    &profiles,
                    &set
                )?
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::NewId(args) => corpus::new_ids(&args.corpus.source(), args.count),
        Command::Explain {
            case,
            profile,
            imp,
            corpus,
        } => corpus::explain(&corpus.source(), &case, &profile, imp.as_deref()),
        Command::Judge {
            records: paths,
            jobs,
            profile,
            set,
            explain,
            format,
        } => records::judge(&paths, jobs, &profile, &set, explain, format.into()),
        Command::Site { output, corpus } => reports::site(&corpus.source(), &output),
        Command::Convert {
            input,
            to,
            output,
            profile,
            set,
        } => records::convert(&input, &to, output.as_deref(), &profile, &set),
        Command::Match {
            engines,
            games,
            concurrency,
            byoyomi,
            main_time,
            increment,
            margin,
            profile,
            openings,
            max_moves,
            out,
        } => matches::command(
            engines,
            games,
            concurrency,
            (main_time, byoyomi, increment, margin),
            profile,
            openings,
            max_moves,
            out,
        ),
    }
}
