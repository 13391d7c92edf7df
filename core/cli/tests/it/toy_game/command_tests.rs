//! The toy game driven through the core's command line, as a user types it: expected values
//! worked out by hand from `rulebook.yaml` and the cases, never from the oracle.

use std::path::PathBuf;
use std::process::ExitCode;

use conformance_cli::exit::ExitStatus;
use conformance_cli::grammar::game_violations;
use conformance_cli::{CliError, game, parse_from};
use conformance_core::report::Format;

use super::game::{TicTacToe, coverage_text, explain_text, lint_text};

/// The cases a library without diagonals gets wrong, worked out by hand.
const DIAGONAL_CASES: [&str; 3] = [
    "no-mark-after-a-diagonal",
    "diagonal-wins",
    "anti-diagonal-wins",
];

/// A fresh folder of this test's own under the temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("conformance-cli-toy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The command's outcome.
fn outcome(line: &[&str]) -> Result<ExitCode, CliError> {
    let parsed = parse_from(
        &TicTacToe,
        std::iter::once("tic-tac-toe").chain(line.iter().copied()),
    )
    .expect("parses");
    game::dispatch(&TicTacToe, parsed)
}

/// `run … --format json --output FILE`: the exit status and the report.
fn run_json(name: &str, extra: &[&str]) -> (ExitCode, serde_json::Value) {
    let out = scratch(name).join("report.json");
    let out_text = out.display().to_string();
    let mut line = vec!["run", "--format", "json", "--output", &out_text];
    line.extend_from_slice(extra);
    let status = outcome(&line).expect("runs");
    let text = std::fs::read_to_string(&out).expect("the report is written");
    (status, serde_json::from_str(&text).expect("JSON"))
}

/// The ids of the cases with `outcome`.
fn ids(report: &serde_json::Value, outcome: &str) -> Vec<String> {
    report["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .filter(|c| c["outcome"] == outcome)
        .map(|c| c["id"].as_str().expect("id").to_owned())
        .collect()
}

#[test]
fn the_toy_game_has_the_shared_grammar() {
    assert!(game_violations(&TicTacToe).is_empty());
    conformance_cli::command(&TicTacToe).debug_assert();
    // A shared command the game does not offer is refused, not a panic.
    assert!(matches!(
        outcome(&["judge"]),
        Err(CliError::NotOffered("judge"))
    ));
    let usage = parse_from(&TicTacToe, ["tic-tac-toe", "run", "--no-such"]).expect_err("refused");
    assert_eq!(usage.exit_code(), i32::from(ExitStatus::Error.code()));
}

#[test]
fn the_oracle_passes_every_case_of_its_profile() {
    let (status, report) = run_json("oracle", &[]);
    assert_eq!(status, ExitCode::from(0));
    assert!(
        conformance_core::report::validate(&report).is_ok(),
        "{:?}",
        conformance_core::report::validate(&report)
    );
    assert_eq!(ids(&report, "pass").len(), 12);
    assert_eq!(
        ids(&report, "skip"),
        ["o-marks-first"],
        "written for o-first"
    );
    let (status, report) = run_json(
        "o-first",
        &["--profile", "o-first", "--filter", "article:ttt:1"],
    );
    assert_eq!(status, ExitCode::from(0));
    assert_eq!(ids(&report, "pass"), ["o-marks-first"]);
    assert_eq!(ids(&report, "skip"), ["x-marks-first", "turns-alternate"]);
    // --set makes the same rules as o-first.
    let (_, report) = run_json(
        "set",
        &["--set", "first_player=o", "--filter", "article:ttt:1"],
    );
    assert_eq!(ids(&report, "pass"), ["o-marks-first"]);
}

#[test]
fn a_library_without_diagonals_fails_the_diagonal_cases() {
    let (status, report) = run_json("no-diagonals", &["--impl", "no-diagonals"]);
    assert_eq!(status, ExitCode::from(1));
    assert_eq!(ids(&report, "fail"), DIAGONAL_CASES);
    assert!(conformance_core::report::validate(&report).is_ok());
    // Every format of the core renders the failures.
    let dir = scratch("formats");
    for format in Format::ALL {
        let file = dir.join(format.name()).display().to_string();
        let status = outcome(&[
            "run",
            "--impl",
            "no-diagonals",
            "--format",
            format.name(),
            "--output",
            &file,
        ])
        .expect("runs");
        assert_eq!(status, ExitCode::from(1));
        let text = std::fs::read_to_string(&file).expect("written");
        assert!(
            text.contains("anti-diagonal-wins"),
            "{}: {text}",
            format.name()
        );
    }
    // Its failures written as expectations make the same run pass.
    let known = dir.join("known.yaml").display().to_string();
    let written = outcome(&[
        "run",
        "--impl",
        "no-diagonals",
        "--output",
        "-",
        "--write-expectations",
        &known,
    ]);
    assert_eq!(written.expect("runs"), ExitCode::from(0));
    let (status, report) = run_json(
        "known",
        &["--impl", "no-diagonals", "--expectations", &known],
    );
    assert_eq!(status, ExitCode::from(0));
    assert_eq!(
        report["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .filter(|c| !c["known"].is_null())
            .count(),
        3
    );
}

#[test]
fn filter_and_shard_choose_the_cases() {
    let (_, report) = run_json("filter", &["--filter", "article:ttt:4"]);
    assert_eq!(
        ids(&report, "pass"),
        [
            "full-board-draws",
            "full-board-with-a-row-wins",
            "open-board-goes-on"
        ]
    );
    let (_, report) = run_json(
        "filter-id",
        &["--impl", "no-diagonals", "--filter", "id:diagonal-wins"],
    );
    assert_eq!(ids(&report, "fail"), ["diagonal-wins"]);
    let halves: Vec<Vec<String>> = ["1/2", "2/2"]
        .iter()
        .map(|s| {
            let (_, r) = run_json(&format!("shard{}", &s[..1]), &["--shard", s]);
            r["cases"]
                .as_array()
                .expect("cases")
                .iter()
                .map(|c| c["id"].as_str().expect("id").to_owned())
                .collect()
        })
        .collect();
    assert_eq!(halves[0].len() + halves[1].len(), 13);
    assert!(!halves[0].is_empty() && !halves[1].is_empty());
    assert!(halves[0].iter().all(|id| !halves[1].contains(id)));
    // A filter choosing nothing is an error, not a run.
    assert!(outcome(&["run", "--filter", "id:no-such-case"]).is_err());
}

#[test]
fn lint_reports_an_unknown_article() {
    let (text, status) = lint_text(None).expect("lints");
    assert_eq!(status, ExitStatus::Passed, "{text}");
    assert!(text.contains("13 case(s)"), "{text}");
    let dir = scratch("lint");
    let case = "- id: \"bad-case\"\n  title: \"Cites an article the rulebook lacks.\"\n  articles: [\"ttt:5\"]\n  setup:\n    board: [\". . .\", \". . .\", \". . .\"]\n  expect:\n    to_move: \"X\"\n";
    std::fs::write(dir.join("bad.yaml"), case).expect("written");
    let (text, status) = lint_text(Some(&dir)).expect("lints");
    assert_eq!(status, ExitStatus::Failed);
    assert!(
        text.contains("case bad-case: article `ttt:5` is not in its rulebook's registry"),
        "{text}"
    );
    let dir_text = dir.display().to_string();
    assert_eq!(
        outcome(&["lint", "--corpus", &dir_text]).expect("lints"),
        ExitCode::from(1)
    );
    // The same folder is not a corpus the coverage is complete over.
    let (text, status) = coverage_text(Some(&dir)).expect("counts");
    assert_eq!(status, ExitStatus::Failed);
    assert!(text.contains("ttt:1 Turns: 0 case(s)"), "{text}");
}

#[test]
fn coverage_counts_the_cases_per_article() {
    let (text, status) = coverage_text(None).expect("counts");
    assert_eq!(status, ExitStatus::Passed);
    // By hand: ttt:1 three cases; ttt:2 three; ttt:3 two of marks.yaml, four of lines.yaml and
    // one of ends.yaml; ttt:4 three.
    for line in [
        "ttt:1 Turns: 3 case(s)",
        "ttt:2 Marking a square: 3 case(s)",
        "ttt:3 Winning: 7 case(s)",
        "ttt:4 Drawing: 3 case(s)",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
}

#[test]
fn profiles_lists_the_knob_with_its_source() {
    let text = conformance_cli::Game::profiles(&TicTacToe);
    assert!(
        text.contains(
            "standard: The usual game: X marks first.\n  first_player = x\n      ttt:1 — "
        ),
        "{text}"
    );
    assert!(
        text.contains("o-first: O marks first.\n  first_player = o\n"),
        "{text}"
    );
    assert_eq!(outcome(&["profiles"]).expect("lists"), ExitCode::SUCCESS);
    // A value outside the knob's domain is refused, naming the article.
    let refused = outcome(&["run", "--set", "first_player=z"])
        .expect_err("refused")
        .to_string();
    assert!(refused.contains("ttt:1"), "{refused}");
}

#[test]
fn explain_shows_the_case_and_both_answers() {
    let (text, status) =
        explain_text("diagonal-wins", Some("no-diagonals"), None).expect("explains");
    assert_eq!(status, ExitStatus::Failed, "{text}");
    assert!(
        text.starts_with("diagonal-wins: Three X on the diagonal 1-5-9"),
        "{text}"
    );
    assert!(
        text.contains("  ttt:3: A player who has three signs"),
        "{text}"
    );
    assert!(text.contains("  X O O\n  . X .\n  . . X\n"), "{text}");
    assert!(
        text.contains("oracle: pass\nno-diagonals: fail\n  result: expected `X`, got `continues`"),
        "{text}"
    );
    assert_eq!(
        outcome(&["explain", "diagonal-wins"]).expect("explains"),
        ExitCode::SUCCESS
    );
    assert!(outcome(&["explain", "no-such-case"]).is_err());
}
