#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The `shogi-conformance` binary's contract, exercised as a user would.

use conformance_probe::bounded::Bounded as _;
use std::process::Output;

use crate::common::{bin, run_with_stdin};
use shogi_spec::ShogiRegistries;

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn legal_prints_one_line_per_argument() {
    let out = bin()
        .args(["legal", "startpos", "7lk/7pG/9/7N1/9/9/9/9/K8 w - 1"])
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    let lines = lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0].split(' ').count(), 30);
    assert_eq!(lines[1], "", "a mated side has no legal move: empty line");
}

#[test]
fn legal_reads_stdin_and_continues_after_errors() {
    let input = "startpos\nsfen 4k4/9/9/9/9/9/9/9/4K4 b -\nnot an sfen at all\n9/9/9/9/9/9/9/9 b - 1\nstartpos moves 7g7f 3c3d\n";
    let out = run_with_stdin(&["legal"], input.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(1),
        "a failed line makes the exit status non-zero"
    );
    let lines = lines(&out);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[1], "5i4h 5i4i 5i5h 5i6h 5i6i");
    assert!(lines[2].starts_with("ERROR "), "{}", lines[2]);
    assert!(
        lines[3].starts_with("ERROR ") && lines[3].contains("8 ranks"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains("8h2b+"),
        "after 7g7f 3c3d the bishop exchange is on: {}",
        lines[4]
    );
}

#[test]
fn legal_refuses_unreachable_positions_unless_asked() {
    let tsume = "8k/9/9/9/9/9/9/9/9 b G 1";
    let out = bin().args(["legal", tsume]).bounded_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let first = lines(&out).remove(0);
    assert!(
        first.starts_with("ERROR") && first.contains("sente has no king"),
        "{first}"
    );
    let out = bin()
        .args(["legal", "--allow-unreachable", tsume])
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        lines(&out)[0].split(' ').count(),
        80,
        "a gold can be dropped on any of the 80 empty squares"
    );
}

#[test]
fn perft_prints_count_last_and_divides() {
    let out = bin()
        .args(["perft", "startpos", "3"])
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(lines(&out), ["25470"]);
    let out = bin()
        .args(["perft", "--divide", "startpos", "2"])
        .bounded_output()
        .unwrap();
    let lines = lines(&out);
    assert_eq!(lines.len(), 31);
    assert_eq!(lines[0], "1g1f 30");
    assert_eq!(lines[30], "900");
}

#[test]
fn perft_bad_input_is_a_clear_error() {
    let out = bin()
        .args(["perft", "9/9 b - 1", "2"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("ranks"), "{err}");
    let out = bin()
        .args(["perft", "startpos", "two"])
        .bounded_output()
        .unwrap();
    assert!(!out.status.success());
    let out = bin()
        .args(["perft", "--impl", "nonesuch", "startpos", "1"])
        .bounded_output()
        .unwrap();
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("unknown implementation")
    );
}

/// `coverage --rulebook ufs2016` lists every UFS article with its own cases, the cases reaching
/// it through FESA articles on the same rule, and how it differs from FESA. The testable
/// articles no case reaches are exactly the gaps `corpus/known-gaps` lists with their reasons,
/// so the exit status is 1 until those are closed.
#[test]
fn coverage_of_the_ufs_rulebook() {
    let out = bin()
        .args(["coverage", "--rulebook", "ufs2016"])
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let uncovered: Vec<&str> = text
        .lines()
        .filter(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            f.len() > 4 && f[1] == "yes" && f[2] == "0" && f[3] == "0"
        })
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let gaps_file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/known-gaps");
    let gaps = std::fs::read_to_string(gaps_file).unwrap();
    let gaps: Vec<&str> = gaps
        .lines()
        .filter(|l| l.starts_with("ufs2016:"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(uncovered, gaps, "{text}");
    let expected_status = if gaps.is_empty() { 0 } else { 1 };
    assert_eq!(out.status.code(), Some(expected_status), "{text}");
    assert!(text.starts_with("article "), "{text}");
    assert!(text.contains("via links"), "{text}");
    let line = |id: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("no line for {id} in\n{text}"))
            .to_owned()
    };
    assert!(
        line("ufs2016:5.8.6.3").contains("[absent in fesa2017; knob impasse]"),
        "{text}"
    );
    assert!(
        line("ufs2016:9.2").contains("differs from fesa2017:12.2; knob draw_result"),
        "{text}"
    );
    assert!(line("ufs2016:12.9").contains(" no "), "{text}");
    assert!(text.contains("testable without cases"), "{text}");
    let entries = text.lines().filter(|l| l.starts_with("ufs2016:")).count();
    assert_eq!(entries, shogi_spec::Registry::ufs2016().len());
}

#[test]
fn coverage_of_an_unknown_rulebook_is_an_error() {
    let out = bin()
        .args(["coverage", "--rulebook", "jsa1990"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown rulebook `jsa1990`"), "{err}");
}

/// `explain` prints the paraphrase of a cited UFS article, and how it compares to FESA.
#[test]
fn explain_prints_ufs_paraphrases() {
    let out = bin()
        .args([
            "explain",
            "ufs-impasse-rook-handicap-giver-exactly-24-draw",
            "--profile",
            "ufs-2016",
        ])
        .bounded_output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("cites ufs2016:5.8.6.3: The 24-point threshold"),
        "{text}"
    );
    assert!(
        text.contains("A player with fewer than 24 points loses."),
        "{text}"
    );
    assert!(
        text.contains("compare: (absent in fesa2017; knob impasse)"),
        "{text}"
    );
    assert!(!text.contains("not in the registry"), "{text}");
    assert!(text.contains("oracle under ufs-2016: pass"), "{text}");
}

/// An unknown case id is an error (exit 2) that names the corpus it was looked up in, in words
/// a reader can parse ("the corpus at DIR", "the built-in corpus").
#[test]
fn explain_of_an_unknown_case_names_the_corpus() {
    let out = bin()
        .args(["explain", "no-such-case", "--corpus"])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus"))
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no case with id or slug `no-such-case` in the corpus at "),
        "{err}"
    );
    assert!(!err.contains("corpus corpus"), "{err}");
}
