#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! A third game in a test, to prove the core carries any game (issue 46): tic-tac-toe under a
//! four-article rulebook of our own, certified by the core's `Runner` (filter, shard,
//! expectations, exit status), judged through the core's judged-records shapes, and reported
//! in every format — with no run loop, report writer or exit policy of its own. Its lines are
//! counted in ARCHITECTURE.md.

use conformance_core::report::judged::{self, JudgedGame, Standing};
use conformance_core::report::{CaseRecord, Format, Header, Outcome, Report, render};
use conformance_core::run::expectations::NoStamp;
use conformance_core::run::{Expectations, Filter, Runner, Selectable, Shard};

/// Articles: ttt:1 X moves first and the players alternate; ttt:2 a move marks an empty
/// square; ttt:3 three marks in a row, column or diagonal win; ttt:4 a full board without a
/// line is a draw.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The rules, as an implementation answers them.
trait Rules {
    /// The squares the side to move may mark (ttt:2), none once the game is over.
    fn legal(&self, board: &str) -> Vec<usize>;
    /// `X`, `O`, `draw` or `continues` (ttt:3, ttt:4).
    fn result(&self, board: &str) -> String;
}

/// The reference: article by article.
struct Oracle;
impl Rules for Oracle {
    fn legal(&self, board: &str) -> Vec<usize> {
        if self.result(board) != "continues" {
            return Vec::new();
        }
        board
            .char_indices()
            .filter(|(_, c)| *c == '.')
            .map(|(i, _)| i)
            .collect()
    }
    fn result(&self, board: &str) -> String {
        let b: Vec<char> = board.chars().collect();
        for line in LINES {
            if b[line[0]] != '.' && line.iter().all(|&i| b[i] == b[line[0]]) {
                return b[line[0]].to_string(); // ttt:3
            }
        }
        if b.contains(&'.') {
            "continues"
        } else {
            "draw"
        }
        .to_owned() // ttt:4
    }
}

/// A library that forgot the diagonals.
struct NoDiagonals;
impl Rules for NoDiagonals {
    fn legal(&self, board: &str) -> Vec<usize> {
        Oracle.legal(board)
    }
    fn result(&self, board: &str) -> String {
        let b: Vec<char> = board.chars().collect();
        match LINES[..6]
            .iter()
            .find(|l| b[l[0]] != '.' && l.iter().all(|&i| b[i] == b[l[0]]))
        {
            Some(l) => b[l[0]].to_string(),
            None if b.contains(&'.') => "continues".into(),
            None => "draw".into(),
        }
    }
}

/// A case: a board (rows top to bottom), the question and the answer from the articles.
struct Case {
    id: String,
    article: &'static str,
    tags: Vec<String>,
    board: &'static str,
    ask_legal: bool,
    expected: &'static str,
}
impl Selectable for Case {
    fn id(&self) -> &str {
        &self.id
    }
    fn articles(&self) -> Vec<&str> {
        vec![self.article]
    }
    fn tags(&self) -> &[String] {
        &self.tags
    }
    fn file(&self) -> String {
        "toy/cases".into()
    }
    fn title(&self) -> &str {
        self.expected
    }
}

fn corpus() -> Vec<Case> {
    let case = |id: &str, article, board, ask_legal, expected| Case {
        id: id.into(),
        article,
        tags: vec![article.replace(':', "-")],
        board,
        ask_legal,
        expected,
    };
    vec![
        case("t1", "ttt:2", "X.O.X....", true, "1 3 5 6 7 8"),
        case("t2", "ttt:3", "XXXOO....", false, "X"),
        case("t3", "ttt:3", "XOOOX...X", false, "X"), // a diagonal
        case("t4", "ttt:3", "OXXXOX..O", false, "O"), // the other diagonal… of O
        case("t5", "ttt:4", "XOXXOOOXX", false, "draw"),
        case("t6", "ttt:2", "XXXOO....", true, ""), // no move after a win
    ]
}

fn ask(rules: &dyn Rules, c: &Case) -> CaseRecord {
    let got = if c.ask_legal {
        rules
            .legal(c.board)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        rules.result(c.board)
    };
    let pass = got == c.expected;
    CaseRecord {
        id: c.id.clone(),
        title: format!("{} on {}", c.article, c.board),
        articles: vec![c.article.into()],
        tags: c.tags.clone(),
        file: None,
        outcome: if pass { Outcome::Pass } else { Outcome::Fail },
        detail: if pass {
            vec![]
        } else {
            vec![format!("expected `{}`, got `{got}`", c.expected)]
        },
        duration_ms: None,
        reproduce: None,
        known: None,
    }
}

fn certify(
    rules: &dyn Rules,
    name: &str,
    filter: Option<&str>,
    shard: Option<Shard>,
    expectations: Option<&Expectations>,
) -> conformance_core::run::Finished {
    let parsed = filter.map(|f| Filter::parse(f).unwrap());
    let header = Header {
        tool: "toy".into(),
        implementation: name.into(),
        profile: "ttt".into(),
        corpus: "toy/cases".into(),
        ..Header::default()
    };
    Runner::<_, NoStamp>::choose(corpus(), "toy/cases", parsed.as_ref().zip(filter), shard)
        .unwrap()
        .expectations(expectations)
        .stop_when(|| None)
        .run(
            header,
            |c| Some(ask(rules, c)),
            |h, r| Report::new("tic-tac-toe", h, r, &[]),
        )
}

#[test]
fn the_toy_game_is_certified_through_the_core() {
    let good = certify(&Oracle, "oracle", None, None, None);
    assert_eq!(good.report.summary.passed, 6);
    assert_eq!(good.exit_status(), 0);
    let bad = certify(&NoDiagonals, "no-diagonals", None, None, None);
    let failed: Vec<&str> = bad
        .report
        .cases
        .iter()
        .filter(|c| c.outcome == Outcome::Fail)
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(failed, ["t3", "t4"], "the two diagonal wins");
    assert_eq!(bad.exit_status(), 1);
    // Its failures as an expectations file make the same run exit 0 and mark them known.
    let known: Expectations = bad.failures_as_expectations();
    let again = certify(&NoDiagonals, "no-diagonals", None, None, Some(&known));
    assert_eq!(again.exit_status(), 0);
    assert_eq!(
        again
            .report
            .cases
            .iter()
            .filter(|c| c.known.is_some())
            .count(),
        2
    );
    // Filter and shard are the core's.
    let only = certify(&NoDiagonals, "x", Some("ref:ttt:4"), None, None);
    assert_eq!(only.report.cases.len(), 1);
    let halves: usize = [1, 2]
        .iter()
        .map(|i| {
            certify(
                &Oracle,
                "o",
                None,
                Some(format!("{i}/2").parse().unwrap()),
                None,
            )
            .report
            .cases
            .len()
        })
        .sum();
    assert_eq!(halves, 6);
    // Every format renders the failures.
    for format in Format::ALL {
        let text = render(format, &bad.report);
        assert!(text.contains("t3"), "{}: {text}", format.name());
    }
}

/// A game record: the squares marked in order and the result written at the end.
fn judge(moves: &[usize], written: &str, file: &str) -> JudgedGame {
    let mut board = ['.'; 9];
    let mut line = String::new();
    for (n, &sq) in moves.iter().enumerate() {
        if board[sq] != '.' || Oracle.result(&board.iter().collect::<String>()) != "continues" {
            line = format!("move {} is illegal (ttt:2)", n + 1);
            break;
        }
        board[sq] = if n % 2 == 0 { 'X' } else { 'O' }; // ttt:1
    }
    let result = if line.is_empty() {
        Oracle.result(&board.iter().collect::<String>())
    } else {
        "illegal".into()
    };
    let standing = if result == written {
        Standing::Pass
    } else {
        Standing::Fail(format!(
            "the record says {written}, the rules give {result}"
        ))
    };
    JudgedGame {
        file: file.into(),
        name: file.into(),
        place: vec![("game".into(), "1".into())],
        fields: vec![
            ("result".into(), result.clone()),
            ("written".into(), written.into()),
        ],
        standing,
        line: format!("{result}; the record says {written} {line}"),
        explanation: vec![],
        body: None,
    }
}

#[test]
fn the_toy_game_is_judged_and_reported_through_the_core() {
    let games = [
        judge(&[4, 0, 8, 2, 1, 7, 6, 5, 3], "draw", "a.ttt"),
        judge(&[0, 3, 4, 5, 8], "X", "b.ttt"),
        judge(&[0, 3, 4, 5, 8], "draw", "c.ttt"), // written wrongly
        judge(&[0, 0], "O", "d.ttt"),             // a square marked twice
    ];
    let failures: Vec<&str> = games
        .iter()
        .filter(|g| matches!(g.standing, Standing::Fail(_)))
        .map(|g| g.file.as_str())
        .collect();
    assert_eq!(failures, ["c.ttt", "d.ttt"]);
    let junit = judged::junit("toy", "records", &games);
    assert_eq!(junit.matches("<failure ").count(), 2);
    assert!(judged::markdown("records", &games).contains("| 1 | X | X |"));
    assert!(judged::html_page("toy", "records", &games).contains("c.ttt"));
}
