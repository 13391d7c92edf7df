//! Reproduce lines as GTP scripts: every shipped case's script is piped into GNU Go, which must
//! accept every set-up command (`=`); on cases where GNU Go and the rules agree, the queries get
//! the answers the cases expect. Skipped when `/usr/games/gnugo` is absent, unless
//! `SHOGI_REQUIRE_GNUGO` makes its absence a failure (CI sets it).
#![allow(clippy::unwrap_used)]

use conformance_probe::bounded::Bounded as _;
use std::process::{Command, Stdio};

use go_conformance::case::load_dir;
use go_conformance::default_corpus;
use go_conformance::reproduce::{Expected, GtpScript, gtp_script};

use crate::common;
use common::{GNUGO, gnugo_installed as have_gnugo};

/// GNU Go's answers to `commands`, each `(accepted, text)`, matched by GTP ids.
fn answers(commands: &[String]) -> Vec<(bool, String)> {
    let mut input = String::new();
    for (i, c) in commands.iter().enumerate() {
        input.push_str(&format!("{} {c}\n", i + 1));
    }
    input.push_str("quit\n");
    let out = conformance_probe::run_with_input(
        Command::new(GNUGO)
            .args(["--mode", "gtp", "--level", "1"])
            .stderr(Stdio::null()),
        input.as_bytes(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut got = vec![None; commands.len()];
    for block in text.split("\n\n") {
        let block = block.trim();
        let (accepted, rest) = match block.chars().next() {
            Some('=') => (true, &block[1..]),
            Some('?') => (false, &block[1..]),
            _ => continue,
        };
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(id) = digits.parse::<usize>() {
            if (1..=commands.len()).contains(&id) {
                got[id - 1] = Some((accepted, rest[digits.len()..].trim().to_owned()));
            }
        }
    }
    got.into_iter()
        .enumerate()
        .map(|(i, g)| g.unwrap_or_else(|| panic!("no answer to `{}`", commands[i])))
        .collect()
}

fn commands(script: &GtpScript) -> Vec<String> {
    script
        .setup
        .iter()
        .cloned()
        .chain(script.queries.iter().map(|q| q.command.clone()))
        .collect()
}

#[test]
fn every_set_up_command_of_every_case_is_accepted_by_gnu_go() {
    if !have_gnugo() {
        return;
    }
    let cases = load_dir(&default_corpus()).unwrap();
    let mut scripted = 0;
    for lc in &cases {
        let script = gtp_script(&lc.case).unwrap();
        let got = answers(&commands(&script));
        for (command, (accepted, text)) in script.setup.iter().zip(&got) {
            assert!(
                accepted,
                "{}: GNU Go refused set-up command `{command}`: {text}",
                lc.case.id
            );
        }
        for (q, (accepted, text)) in script.queries.iter().zip(&got[script.setup.len()..]) {
            if matches!(q.expected, Expected::Accepted | Expected::Described(_)) {
                assert!(accepted, "{}: `{}` refused: {text}", lc.case.id, q.command);
            }
        }
        scripted += 1;
    }
    assert!(scripted >= 150, "{scripted}");
}

/// Cases whose every query GNU Go answers as the rules do (docs/go.md lists where it differs:
/// positional superko and two moves in a row, neither among these): suicide (rfg 5.1), the
/// immediate retake of a ko (5.2, refused under both profiles), an occupied point (3.1a).
#[test]
fn the_queries_get_the_answers_the_cases_expect() {
    if !have_gnugo() {
        return;
    }
    let cases = load_dir(&default_corpus()).unwrap();
    let mut refused = 0;
    let mut legal = 0;
    for lc in cases.iter().filter(|lc| {
        let id = lc.case.id.as_str();
        [
            "suicide-single",
            "simple-ko",
            "ko-retake-at-once",
            "occupied-",
        ]
        .iter()
        .any(|family| id.starts_with(family))
    }) {
        let script = gtp_script(&lc.case).unwrap();
        assert!(!script.queries.is_empty(), "{}", lc.case.id);
        let got = answers(&commands(&script));
        for (q, (accepted, text)) in script.queries.iter().zip(&got[script.setup.len()..]) {
            match &q.expected {
                Expected::Refused(_) => {
                    refused += 1;
                    assert!(!accepted, "{}: `{}` accepted", lc.case.id, q.command);
                }
                Expected::Answer(want) => {
                    legal += 1;
                    assert!(
                        *accepted && text == want,
                        "{}: `{}` answered {text}, expected {want}",
                        lc.case.id,
                        q.command
                    );
                }
                Expected::Accepted | Expected::Described(_) => assert!(accepted),
            }
        }
    }
    assert!(
        refused > 10 && legal > 0,
        "{refused} refused, {legal} legality questions"
    );
}

#[test]
fn the_script_text_names_the_case_and_the_expected_answers() {
    let cases = load_dir(&default_corpus()).unwrap();
    let lc = cases
        .iter()
        .find(|lc| lc.case.id.starts_with("ko-retake-at-once"))
        .unwrap();
    let script = gtp_script(&lc.case).unwrap();
    let text = script.text(&lc.case);
    assert!(
        text.starts_with(&format!("# case {}", lc.case.id)),
        "{text}"
    );
    assert!(
        text.contains("boardsize ") && text.contains("clear_board\nkomi "),
        "{text}"
    );
    assert!(
        text.contains("# expected: refused (?), rfg:5.2\nplay "),
        "{text}"
    );
    // Every line is a comment or one of the script's commands.
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        assert!(commands(&script).iter().any(|c| c == line), "{line}");
    }
}

#[test]
fn the_reproduce_command_prints_the_script_and_names_an_unknown_case() {
    let cases = load_dir(&default_corpus()).unwrap();
    let lc = cases
        .iter()
        .find(|lc| lc.case.id.starts_with("ko-retake-at-once"))
        .unwrap();
    let bin = env!("CARGO_BIN_EXE_go-conformance");
    let out = Command::new(bin)
        .args(["reproduce", &lc.case.id])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        gtp_script(&lc.case).unwrap().text(&lc.case)
    );
    let out = Command::new(bin)
        .args(["reproduce", "no-such-case"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no-such-case")
    );
}
