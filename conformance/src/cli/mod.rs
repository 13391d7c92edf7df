//! The command-line tool: argument parsing ([`args`]), the commands that print and choose
//! an exit status, over the `shogi_conformance` library that does the work. Exit statuses:
//! 0 all checked and passed, 1 something failed, 2 an error (the message on standard error),
//! 3 nothing could be checked, 130/143 interrupted.

pub mod adapter;
pub mod arg_groups;
pub mod args;
pub mod bisect;
pub mod corpus;
pub mod duration;
pub mod fuzz;
pub mod help;
pub mod legal;
pub mod matches;
pub mod overrides;
pub mod perft;
pub mod records;
pub mod reports;
pub mod run;
pub mod serve;

use std::io::{self, BufRead, Write};

/// A command's failure: the message for standard error (exit status 2). The library's errors
/// are typed; the command line only prints them.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
use std::process::ExitCode;

use args::{Cli, Command};
use legal::legal_line;

/// Whether the command starts external processes (`run` always counts: its report must be
/// written when interrupted), so that SIGINT and SIGTERM are caught to end them.
pub fn starts_processes(command: &Command) -> bool {
    let external = |imp: &str| imp.starts_with("usi:") || imp.starts_with("adapter:");
    match command {
        Command::Run { .. } | Command::CheckAdapter { .. } | Command::Match { .. } => true,
        Command::Legal { imp, .. }
        | Command::Perft { imp, .. }
        | Command::Bisect { imp, .. }
        | Command::Fuzz { imp, .. } => external(&imp.imp.imp),
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
        } => perft::perft(&imp, &position, depth, divide, force),
        Command::Merge { reports, output } => reports::merge(&reports, output.output.as_deref()),
        Command::Run {
            imp,
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
            report,
            progress,
        } => run::run(&run::RunOptions {
            max_time,
            probes,
            also: report,
            progress,
            imp: imp.imp,
            timeout: imp.timeout,
            shard,
            expectations,
            write_expectations,
            profile: profile.profile,
            set: profile.set,
            filter,
            format,
            output: output.output,
            corpus: corpus.source(),
            usi_options: imp.usi_option,
        }),
        Command::CheckAdapter { command, timeout } => Ok(adapter::check_adapter(&command, timeout)),
        Command::Bisect {
            imp,
            position,
            depth,
        } => bisect::bisect(imp.make()?.as_mut(), &position, depth),
        Command::Matrix {
            reports,
            publish: Some(page),
            data: Some(data),
            check,
            ..
        } => reports::public_matrix(&reports, &page, &data, check),
        Command::Matrix {
            reports, output, ..
        } => reports::matrix(&reports, output.output.as_deref()),
        Command::Fuzz {
            imp,
            seconds,
            seed,
            output,
            plies,
            ignore,
            jobs,
            games,
            one_at_a_time,
            corpus,
        } => fuzz::fuzz(
            &|| imp.make_typed(),
            &shogi_conformance::fuzzing::fuzz_external::FuzzOptions {
                // Whole seconds: a fraction counts as a whole second.
                seconds: seconds.as_secs() + u64::from(seconds.subsec_nanos() > 0),
                seed,
                out: fuzz::findings_dir(output, &corpus.source()),
                plies,
                corpus: corpus.source(),
                ignore,
                games,
                jobs: jobs.map_or_else(shogi_conformance::fuzzing::fuzz_external::all_cores, |n| {
                    n.get()
                }),
                one_at_a_time,
            },
        ),
        Command::Lint { min_cases, corpus } => corpus::lint(&corpus.dir("lint")?, min_cases),
        Command::Profiles => {
            print!("{}", corpus::profiles());
            Ok(ExitCode::SUCCESS)
        }
        Command::Coverage {
            below,
            rulebook,
            corpus,
        } => corpus::coverage(&corpus.source(), below, &rulebook),
        Command::Diff {
            profiles,
            set,
            records: paths,
            cases,
            format,
            jobs,
            fail_on_change,
            output,
            corpus,
        } => records::diff(&records::DiffArgs {
            profiles: &profiles,
            set: &set,
            paths: &paths,
            cases,
            format,
            jobs,
            fail_on_change,
            output: output.output.as_deref(),
            corpus: &corpus.source(),
        }),
        Command::NewId(args) => corpus::new_ids(&args.corpus.source(), args.count),
        Command::Explain {
            case,
            profile,
            imp,
            corpus,
        } => {
            if !profile.set.is_empty() {
                return overrides::explain_with_overrides(
                    &corpus.source(),
                    &case,
                    &profile.profile,
                    &profile.spec(),
                    imp.as_deref(),
                );
            }
            corpus::explain(&corpus.source(), &case, &profile.profile, imp.as_deref())
        }
        Command::Judge {
            records: paths,
            jobs,
            profile,
            explain,
            format,
            output,
        } => records::judge(
            &paths,
            jobs,
            &profile.profile,
            &profile.set,
            explain,
            format,
            output.output.as_deref(),
        ),
        Command::Site {
            output,
            corpus,
            implementations,
        } => reports::site(&corpus.source(), &output.output, implementations.as_deref()),
        Command::Serve {
            records,
            listen,
            port,
            allow_remote,
            corpus,
        } => serve::serve(records, listen, port, allow_remote, corpus.source()),
        Command::Convert {
            input,
            to,
            output,
            profile,
        } => records::convert(
            &input,
            &to,
            output.output.as_deref(),
            &profile.profile,
            &profile.set,
        ),
        Command::Match {
            engines,
            usi_option,
            games,
            concurrency,
            byoyomi,
            main_time,
            increment,
            margin,
            profile,
            openings,
            max_moves,
            output,
        } => matches::command(matches::MatchArgs {
            engines,
            usi_options: args::options_per_engine(&usi_option),
            games,
            concurrency,
            clock: (main_time, byoyomi, increment, margin),
            profile: profile.spec(),
            openings,
            max_moves,
            out: output.output,
        }),
    }
}
