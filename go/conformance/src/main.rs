//! `go-conformance`: the Go entry point, separate from `shogi-conformance` so that a Go user
//! never types "shogi" (see ARCHITECTURE.md, "Go").
//!
//! Exit statuses as the shogi CLI: 0 all good, 1 a case failed or errored (or lint found a
//! problem), 2 a usage or corpus error, 3 every case was skipped.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use go_conformance::case::{LoadedCase, load_dir};
use go_conformance::run::{Status, Subject};
use go_conformance::{coverage, default_corpus, lint, run, site};
use go_spec::rfg;

#[derive(Parser)]
#[command(
    name = "go-conformance",
    version,
    about = "Certify Go rule implementations against the Russian Go Federation rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Go corpus against an implementation (the reference oracle by default).
    Run {
        /// The corpus folder (default: the shipped go/corpus/cases).
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// The implementation: `oracle`.
        #[arg(long = "impl", value_name = "IMPL", default_value = "oracle")]
        implementation: String,
        /// Only cases whose id contains this text.
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// Report format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Write the report here instead of standard output.
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Check the corpus: ids, cited articles (existing, testable), expectations, setups.
    Lint {
        /// The corpus folder.
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
    },
    /// Cases per RFG article; lists every article and the uncovered testable ones of 1–12.
    Coverage {
        /// The corpus folder.
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// Report format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Write the RFG rulebook browser (a static page) into DIR.
    Site {
        /// The corpus folder.
        #[arg(long, value_name = "DIR")]
        corpus: Option<PathBuf>,
        /// The folder to write `index.html` into.
        #[arg(long, value_name = "DIR")]
        output: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli.command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("go-conformance: {message}");
            ExitCode::from(2)
        }
    }
}

fn corpus(dir: Option<PathBuf>) -> Result<Vec<LoadedCase>, String> {
    let dir = dir.unwrap_or_else(default_corpus);
    load_dir(&dir).map_err(|e| e.to_string())
}

fn emit(text: &str, output: Option<&Path>) -> Result<(), String> {
    match output {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

fn dispatch(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Run {
            corpus: dir,
            implementation,
            filter,
            format,
            output,
        } => {
            let mut cases = corpus(dir)?;
            if let Some(f) = &filter {
                cases.retain(|lc| lc.case.id.contains(f.as_str()));
            }
            let problems = lint::lint(&cases, rfg());
            if let Some(p) = problems.iter().find(|p| p.message == "duplicate id") {
                return Err(p.to_string());
            }
            let subject = match implementation.as_str() {
                "oracle" => Subject::Oracle,
                other => {
                    return Err(format!(
                        "unknown implementation `{other}` (available: oracle)"
                    ));
                }
            };
            let report = run::run(&cases, subject);
            let (pass, fail, error, skip) = report.counts();
            let text = match format {
                Format::Json => {
                    serde_json::to_string_pretty(&report).map_err(|e| e.to_string())? + "\n"
                }
                Format::Text => {
                    let mut t = format!("Go corpus against {}\n", report.implementation);
                    for r in &report.cases {
                        match &r.status {
                            Status::Pass => {}
                            Status::Fail(msgs) => t.push_str(&format!(
                                "FAIL  {} [{}]: {}\n",
                                r.id,
                                r.articles.join(", "),
                                msgs.join("; ")
                            )),
                            Status::Error(m) => t.push_str(&format!("ERROR {}: {m}\n", r.id)),
                            Status::Skip(m) => t.push_str(&format!("SKIP  {}: {m}\n", r.id)),
                        }
                    }
                    t.push_str(&format!(
                        "{pass} passed, {fail} failed, {error} errored, {skip} skipped\n"
                    ));
                    t
                }
            };
            emit(&text, output.as_deref())?;
            Ok(ExitCode::from(if fail + error > 0 {
                1
            } else if pass == 0 {
                3
            } else {
                0
            }))
        }
        Command::Lint { corpus: dir } => {
            let cases = corpus(dir)?;
            let problems = lint::lint(&cases, rfg());
            for p in &problems {
                println!("{p}");
            }
            println!("{} case(s), {} problem(s)", cases.len(), problems.len());
            Ok(ExitCode::from(u8::from(!problems.is_empty())))
        }
        Command::Coverage {
            corpus: dir,
            format,
        } => {
            let cases = corpus(dir)?;
            let lines = coverage::coverage(&cases, rfg());
            let uncovered = coverage::uncovered(&lines, rfg());
            match format {
                Format::Json => {
                    let v = serde_json::json!({"articles": lines, "uncovered_1_to_12": uncovered});
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?
                    );
                }
                Format::Text => {
                    for l in &lines {
                        let mark = if l.testable { "" } else { " (untestable)" };
                        println!(
                            "{:<14} {:>3} case(s)  {}{mark}",
                            l.id,
                            l.cases.len(),
                            l.title
                        );
                    }
                    println!(
                        "{} article(s); testable articles of 1-12 without a case: {}",
                        lines.len(),
                        if uncovered.is_empty() {
                            "none".to_owned()
                        } else {
                            uncovered.join(", ")
                        }
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Site {
            corpus: dir,
            output,
        } => {
            let cases = corpus(dir)?;
            std::fs::create_dir_all(&output)
                .map_err(|e| format!("cannot create {}: {e}", output.display()))?;
            let path = output.join("index.html");
            std::fs::write(&path, site::page(rfg(), &cases))
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", path.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}
