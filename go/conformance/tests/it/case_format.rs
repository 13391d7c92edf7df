//! The case format's explicit parts (go/corpus/README.md): the side to move after a board, a
//! board without history, handicap stones only in `handicap`, handicap one, legality for either
//! side; setup errors are lint errors, and no report shows Rust debug output.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use go_conformance::case::{LoadedCase, load_dir};
use go_conformance::lint;
use go_conformance::run::{Checked, Subject};

use crate::common;

use common::run;
use go_spec::{Color, rfg};

fn cases(name: &str, yaml: &str) -> Vec<LoadedCase> {
    let dir = std::env::temp_dir().join(format!("go-case-format-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cases.yaml"), yaml).unwrap();
    load_dir(&dir).unwrap()
}

const WALLS: &str = r#"
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . ."
    - ". . . X . O . . .""#;

#[test]
fn a_board_needs_to_move_and_is_a_setup_without_history() {
    let without = cases(
        "no-to-move",
        &format!(
            "- id: \"a\"\n  articles: [\"rfg:8.1\"]\n  title: \"x\"\n  setup:\n    board:{WALLS}\n  expect: {{ended: false}}\n"
        ),
    );
    let problems: Vec<String> = lint::lint(&without, rfg())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("must say `to_move`"),
        "{}",
        problems[0]
    );
    assert_eq!(problems[0].matches("case a:").count(), 1, "{}", problems[0]);
    let report = run(&without, Subject::Oracle);
    assert!(
        matches!(&report.cases[0].status, Checked::Error { reason: m } if m.contains("setup error"))
    );

    let with = cases(
        "to-move",
        &format!(
            "- id: \"a\"\n  articles: [\"rfg:8.1\"]\n  title: \"x\"\n  setup:\n    to_move: white\n    board:{WALLS}\n    moves: [\"ee\"]\n  expect: {{ended: false}}\n"
        ),
    );
    let game = with[0].case.game().unwrap();
    assert_eq!(game.setup.len(), 18, "the diagram's stones are the setup");
    assert_eq!(game.first, Color::White);
    assert_eq!(game.moves, vec![(Color::White, "ee".parse().unwrap())]);
}

#[test]
fn handicap_stones_only_in_handicap_and_handicap_one() {
    let drawn = cases(
        "drawn",
        &format!(
            "- id: \"a\"\n  articles: [\"rfg:2.2\"]\n  title: \"x\"\n  setup:\n    handicap: [\"da\"]\n    to_move: white\n    board:{WALLS}\n  expect: {{ended: false}}\n"
        ),
    );
    let problems: Vec<String> = lint::lint(&drawn, rfg())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        problems.iter().any(|m| m.contains("handicap point da")),
        "{problems:?}"
    );

    let one = cases(
        "one",
        "- id: \"a\"\n  articles: [\"rfg:9.3\"]\n  title: \"x\"\n  setup:\n    handicap: 1\n  expect: {ended: false}\n- id: \"b\"\n  articles: [\"rfg:9.3\"]\n  title: \"x\"\n  setup:\n    handicap: 3\n  expect: {ended: false}\n",
    );
    let game = one[0].case.game().unwrap();
    assert!(game.is_handicap() && game.handicap.is_empty());
    assert_eq!(
        game.komi.halves(),
        0,
        "one komi rule: 0 in a handicap game (rfg 9.3)"
    );
    assert_eq!(game.first, Color::Black);
    assert!(one[1].case.game().is_err());
}

/// A refused case that also asks about the end of the game reports in words, never with
/// Rust's debug output (`Err(`, `Illegal(`, `Violation {`, `Some(`).
#[test]
fn refused_cases_report_in_words() {
    let list = cases(
        "words",
        "- id: \"a\"\n  articles: [\"rfg:3.1a\"]\n  title: \"x\"\n  setup:\n    moves: [\"cc\", \"cc\"]\n  expect: {ended: true, prisoners: [1, 1], arbiter: true}\n",
    );
    let report = run(&list, Subject::Oracle);
    let Checked::Fail(messages) = &report.cases[0].status else {
        panic!("expected a failure")
    };
    let all = messages.join("\n");
    for debug in [
        "Err(",
        "Ok(",
        "Illegal(",
        "Violation {",
        "Some(",
        "None",
        "[1, 1]",
    ] {
        assert!(!all.contains(debug), "`{debug}` in:\n{all}");
    }
    assert!(all.contains("refused move 2 of the case"), "{all}");
}

/// Team match points (rfg TB1.1.2): board points that no match can give are a lint problem
/// naming the case; sound ones are not, and the oracle is asked them.
#[test]
fn impossible_board_points_are_lint_problems() {
    let bad = cases(
        "match-points",
        "- id: \"m\"\n  articles: [\"rfg:TB1.1.2\"]\n  title: \"x\"\n  expect:\n    match_points: [{boards: 4, scored: 4.5, match_points: 2}, {boards: 4, scored: 1.25, match_points: 0}, {boards: 4, scored: 2.5, match_points: 2}]\n",
    );
    let problems: Vec<String> = lint::lint(&bad, rfg())
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems
            .iter()
            .all(|p| p.contains("case m:") && p.contains("board points"))
    );
    let report = run(&bad, Subject::Oracle);
    assert!(
        matches!(report.cases[0].status, Checked::Pass),
        "2.5 of 4 wins: 2"
    );
}
