//! The toy game on the core's command line: the `Game` trait's methods, each a few lines over
//! the core's parts (profiles, `Runner`, report formats, shared lint checks, coverage).

use std::path::Path;
use std::process::ExitCode;

use conformance_cli::commands::{Coverage, Explain, Lint, Run};
use conformance_cli::exit::{ExitStatus, after_writing_expectations};
use conformance_cli::grammar::NoCommands;
use conformance_cli::{CliError, Game, NoExtras, Outcome};
use conformance_core::atomic_write;
use conformance_core::lint::{
    ArticleStatus, CaseFacts, IdRule, Problem, SharedChecks, Testability, summary,
};
use conformance_core::report::{Header, Report, render};
use conformance_core::run::expectations::{ExpectationsFile, NoStamp};
use conformance_core::run::{Filter, Runner};
use conformance_rulebook::coverage::{Credit, cases_per_article};
use conformance_rulebook::profile::listing_of_all;
use conformance_rulebook::{ArticleId, Registry};

use super::cases::{self, Case};
use super::profile::{TttProfile, TttRules};
use super::rules;

/// The toy rulebook's text.
const RULEBOOK: &str = include_str!("rulebook.yaml");

/// The toy game's registry.
pub fn registry() -> Result<Registry, CliError> {
    Registry::from_yaml(RULEBOOK).map_err(game_error)
}

/// A toy error as the command line's.
fn game_error(e: impl std::error::Error + Send + Sync + 'static) -> CliError {
    CliError::Game(Box::new(e))
}

/// Tic-tac-toe.
pub struct TicTacToe;

impl Game for TicTacToe {
    type Run = NoExtras;
    type Judge = NoExtras;
    type Diff = NoExtras;
    type Explain = ExplainCase;
    type Serve = NoExtras;
    type Lint = NoExtras;
    type Coverage = NoExtras;
    type Site = NoExtras;
    type Matrix = NoExtras;
    type Own = NoCommands;

    fn bin(&self) -> &'static str {
        "tic-tac-toe"
    }
    fn about(&self) -> &'static str {
        "Tic-tac-toe conformance: the toy game of the core's tests"
    }
    fn long_version(&self) -> String {
        "0.1.0".to_owned()
    }
    fn default_profile(&self) -> &'static str {
        "standard"
    }
    fn profiles(&self) -> String {
        listing_of_all::<TttRules>()
    }
    fn run(&self, args: Run<NoExtras>) -> Outcome {
        let sel = &args.selection;
        let mut profile = TttProfile::resolve(args.profile.name()).map_err(game_error)?;
        for set in &args.profile.set {
            profile = profile.with_override(set).map_err(game_error)?;
        }
        let imp = implementation(&args.imp.imp)?;
        let filter = sel
            .filter
            .as_deref()
            .map(Filter::parse_for::<Case>)
            .transpose()
            .map_err(game_error)?;
        let known = sel
            .expectations
            .as_deref()
            .map(ExpectationsFile::<NoStamp>::load)
            .transpose()
            .map_err(game_error)?;
        let corpus = cases::load(args.corpus.corpus.as_deref()).map_err(game_error)?;
        let header = Header {
            tool: "tic-tac-toe".into(),
            suite_version: "0.1.0".into(),
            corpus: "toy_game/cases".into(),
            profile: profile.name.clone(),
            implementation: args.imp.imp.clone(),
            filter: sel.filter.clone(),
            shard: sel.shard.map(|s| s.to_string()),
            ..Header::default()
        };
        let chosen = filter.as_ref().zip(sel.filter.as_deref());
        let finished = Runner::<_, NoStamp>::choose(corpus, "toy_game/cases", chosen, sel.shard)
            .map_err(game_error)?
            .expectations(known.as_ref())
            .run(
                header,
                |c| Some(cases::ask(imp, &profile, c)),
                |h, r| Report::new("tic-tac-toe", h, r, &[]),
            );
        write(
            args.reports.output.output.as_deref(),
            &render(args.reports.format, &finished.report),
        )?;
        for (format, path) in &args.reports.report {
            write(Some(path), &render(*format, &finished.report))?;
        }
        let status = finished.exit_status();
        let Some(path) = &sel.write_expectations else {
            return Ok(ExitCode::from(status));
        };
        write(
            Some(path),
            &finished.failures_as_expectations::<NoStamp>().to_yaml(),
        )?;
        Ok(ExitCode::from(after_writing_expectations(
            status,
            known.is_some(),
        )))
    }
    fn explain(&self, args: Explain<ExplainCase>) -> Outcome {
        let corpus = args.corpus.corpus.as_deref();
        let (text, status) = explain_text(&args.game.id, args.imp.as_deref(), corpus)?;
        print!("{text}");
        Ok(status.into())
    }
    fn lint(&self, args: Lint<NoExtras>) -> Outcome {
        let (text, status) = lint_text(args.corpus.corpus.as_deref())?;
        print!("{text}");
        Ok(status.into())
    }
    fn coverage(&self, args: Coverage<NoExtras>) -> Outcome {
        let (text, status) = coverage_text(args.corpus.corpus.as_deref())?;
        print!("{text}");
        Ok(status.into())
    }
}

/// `explain`'s case.
#[derive(Debug, clap::Args)]
pub struct ExplainCase {
    /// The case id.
    #[arg(value_name = "CASE")]
    pub id: String,
}

/// The implementation `--impl` names.
fn implementation(name: &str) -> Result<&'static dyn rules::Rules, CliError> {
    rules::implementation(name).ok_or_else(|| CliError::Refused {
        option: "--impl",
        reason: format!("`{name}`: the toy game knows oracle and no-diagonals"),
    })
}

/// `explain`'s text and status: the case, the articles it cites, and the oracle's answers with
/// (given `imp`) the implementation's; status 1 when either disagrees with the case.
pub fn explain_text(
    id: &str,
    imp: Option<&str>,
    corpus: Option<&Path>,
) -> Result<(String, ExitStatus), CliError> {
    let registry = registry()?;
    let cases = cases::load(corpus).map_err(game_error)?;
    let case = cases
        .iter()
        .find(|c| c.id == id)
        .ok_or_else(|| CliError::Refused {
            option: "CASE",
            reason: format!("no case `{id}` in the corpus"),
        })?;
    let written = case
        .profile
        .as_deref()
        .unwrap_or(TicTacToe.default_profile());
    let profile = TttProfile::resolve(written).map_err(game_error)?;
    let mut text = format!("{}: {}\n", case.id, case.title);
    for a in &case.articles {
        let article = a.parse::<ArticleId>().ok();
        let paraphrase = article.and_then(|id| registry.get(&id).map(|r| r.paraphrase.clone()));
        let paraphrase = paraphrase.unwrap_or_else(|| "not in the rulebook".to_owned());
        text.push_str(&format!("  {a}: {paraphrase}\n"));
    }
    for row in case.setup.board.0.chunks(3) {
        text.push_str(&format!(
            "  {}\n",
            row.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    let mut status = ExitStatus::Passed;
    for name in std::iter::once("oracle").chain(imp) {
        let record = cases::ask(implementation(name)?, &profile, case);
        if record.outcome != conformance_core::report::Outcome::Pass {
            status = ExitStatus::Failed;
        }
        text.push_str(&format!("{name}: {}\n", record.outcome.label()));
        text.extend(record.detail.iter().map(|d| format!("  {d}\n")));
    }
    Ok((text, status))
}

/// Writes `text` to `path` (atomically), or to standard output.
fn write(path: Option<&Path>, text: &str) -> Result<(), CliError> {
    match path {
        Some(path) if path != Path::new("-") => {
            atomic_write::write(path, text).map_err(|e| CliError::write(path, e))
        }
        _ => {
            print!("{text}");
            Ok(())
        }
    }
}

/// `lint`'s text and status: the core's shared checks over every case.
pub fn lint_text(corpus: Option<&Path>) -> Result<(String, ExitStatus), CliError> {
    let registry = registry()?;
    let cases = cases::load(corpus).map_err(game_error)?;
    let ids = IdRule {
        words: "lowercase words and hyphens",
        accepts: |id| {
            !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        },
    };
    let mut checks = SharedChecks::new(ids, Testability::EveryArticle);
    let status = |a: &str| match a.parse::<ArticleId>() {
        Err(e) => ArticleStatus::Malformed(e.to_string()),
        Ok(id) if id.rulebook() != "ttt" => ArticleStatus::UnknownRulebook {
            rulebook: id.rulebook().to_owned(),
            known: vec!["ttt".to_owned()],
        },
        Ok(id) => match registry.get(&id) {
            None => ArticleStatus::NotInRegistry {
                file: "toy_game/rulebook.yaml".to_owned(),
            },
            Some(a) if !a.testable => ArticleStatus::Untestable,
            Some(_) => ArticleStatus::Testable,
        },
    };
    let mut problems = Vec::new();
    for case in &cases {
        let facts = CaseFacts {
            id: &case.id,
            location: case.file.clone(),
            text: ("title", &case.title),
            articles: case.articles.iter().map(String::as_str).collect(),
            primary: None,
        };
        problems.extend(
            checks
                .check(&facts, status)
                .into_iter()
                .map(|f| Problem::shared(&case.file, &case.id, f)),
        );
    }
    let mut text: String = problems.iter().map(|p| format!("{p}\n")).collect();
    text.push_str(&summary(cases.len(), "toy_game/cases", problems.len()));
    text.push('\n');
    Ok((
        text,
        if problems.is_empty() {
            ExitStatus::Passed
        } else {
            ExitStatus::Failed
        },
    ))
}

/// `coverage`'s text and status: the cases citing each article; a testable article with none
/// is a problem.
pub fn coverage_text(corpus: Option<&Path>) -> Result<(String, ExitStatus), CliError> {
    let registry = registry()?;
    let cases = cases::load(corpus).map_err(game_error)?;
    let rows = cases_per_article(
        &registry,
        cases
            .iter()
            .map(|c| (c.id.as_str(), c.articles.iter().map(String::as_str))),
        Credit::Cited,
    );
    let text = rows
        .iter()
        .map(|r| {
            format!(
                "{} {}: {} case(s)\n",
                r.article.id,
                r.article.title,
                r.cases.len()
            )
        })
        .collect();
    let uncovered = rows.iter().any(|r| r.is_uncovered());
    Ok((
        text,
        if uncovered {
            ExitStatus::Failed
        } else {
            ExitStatus::Passed
        },
    ))
}
