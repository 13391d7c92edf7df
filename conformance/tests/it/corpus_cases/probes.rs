#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The probe cases (corpus/probes/), double-checked against the oracle, and the judging of
//! probe answers.
//!
//! The probes' expected answers were worked out by hand from the articles; this test only
//! confirms that the reference agrees with them, so that a slip in a hand-built position (a
//! piece that can move after all, a declaration one point off) is caught before an engine is
//! blamed for it.

use conformance_probe::bounded::Bounded as _;
use shogi_conformance::corpus::case::{Case, Expectation, Probe};
use shogi_conformance::corpus::{Corpus, default_root};
use shogi_conformance::run::case_run::{Checked, run_case};
use shogi_conformance::run::probe::{judge, setup_position};
use shogi_oracle::game::adjudicate;
use shogi_oracle::game::article5_declaration::judge_declaration;
use shogi_oracle::{IllegalMove, Oracle, check_move, legal_moves};
use shogi_spec::profile::Profile;
use shogi_spec::record::Record;
use shogi_spec::usi::Move;
use shogi_spec::{ReasonKind, Verdict};

fn probes() -> Vec<(Case, Probe)> {
    let corpus = Corpus::load(&default_root()).unwrap();
    let mut out = Vec::new();
    for c in corpus.cases {
        for (e, _) in &c.expectations {
            if let Expectation::BestMove(p) = e {
                out.push((c.clone(), p.clone()));
            }
        }
    }
    out
}

#[test]
fn at_least_forty_probes_in_both_colours() {
    let ps = probes();
    assert!(ps.len() >= 40, "{} probes", ps.len());
    let sente = ps
        .iter()
        .filter(|(c, _)| c.position().unwrap().sfen.split_whitespace().nth(1) == Some("b"))
        .count();
    // Whose move it is after the setup moves decides the colour; count by the tag instead.
    let tagged = |t: &str| {
        ps.iter()
            .filter(|(c, _)| c.tags.iter().any(|x| x == t))
            .count()
    };
    assert!(tagged("sente") >= 15 && tagged("gote") >= 15, "{sente}");
    for (c, p) in &ps {
        assert!(c.note.as_deref().is_some_and(|n| n.len() > 40), "{}", c.id);
        assert!(p.byoyomi <= 500, "{}: probes must stay fast", c.id);
    }
}

#[test]
fn the_oracle_agrees_with_every_hand_worked_probe() {
    let fesa = Profile::default();
    for (c, p) in probes() {
        let spec = c.position().unwrap();
        let pos = setup_position(&spec).unwrap();
        let moves = legal_moves(&pos);
        if p.required == ["resign"] {
            assert!(moves.is_empty(), "{}: {} legal moves", c.id, moves.len());
        }
        for f in &p.forbidden {
            if f == "win" {
                let (holds, _) =
                    judge_declaration(&pos, pos.side_to_move(), &fesa.rules, None, None);
                assert!(!holds, "{}: the declaration holds", c.id);
                continue;
            }
            let mv = Move::parse(f).unwrap();
            match check_move(&pos, mv) {
                Err(e) => {
                    assert!(
                        matches!(e, IllegalMove::PawnDropMate),
                        "{}: {f} is illegal, but not as uchifuzume: {e}",
                        c.id
                    );
                }
                Ok(()) => {
                    // A legal move that loses: the perpetual-check probes.
                    let mut events: Vec<String> = spec.moves.clone();
                    events.push(f.clone());
                    let yaml = format!(
                        "start: \"{}\"\nevents: [{}]\n",
                        spec.sfen,
                        events.join(", ")
                    );
                    let record = Record::from_yaml(&yaml).unwrap();
                    let j = adjudicate(&record, &fesa).unwrap();
                    let mover = pos.side_to_move();
                    assert!(
                        matches!(&j.verdict, Verdict::Win { winner, reason }
                            if *winner == !mover && reason.kind == ReasonKind::PerpetualCheck),
                        "{}: after {f}: {:?}",
                        c.id,
                        j.verdict
                    );
                }
            }
        }
        if c.tags.iter().any(|t| t == "declaration") && p.forbidden.is_empty() {
            let (holds, _) = judge_declaration(&pos, pos.side_to_move(), &fesa.rules, None, None);
            assert!(holds, "{}: the declaration fails", c.id);
        }
    }
}

#[test]
fn judging_answers() {
    let ps = probes();
    let find = |slug: &str| ps.iter().find(|(c, _)| c.slug == slug).unwrap().clone();
    let fails = |o: Checked| matches!(o, Checked::Fail(_));
    // Uchifuzume: the drop fails, a king move passes, an illegal move fails, garbage fails.
    let (c, p) = find("probe-uchifuzume-gold-guard");
    let spec = c.position().unwrap();
    assert!(fails(judge(&spec, &p, "P*1b", "fesa-2017")));
    assert_eq!(judge(&spec, &p, "9i8h", "fesa-2017"), Checked::Pass);
    assert_eq!(judge(&spec, &p, "resign", "fesa-2017"), Checked::Pass);
    assert!(fails(judge(&spec, &p, "9i7g", "fesa-2017")));
    assert!(fails(judge(&spec, &p, "xyzzy", "fesa-2017")));
    assert!(fails(judge(&spec, &p, "win", "fesa-2017")));
    // No legal move: only resign.
    let (c, p) = find("probe-uchifuzume-only-move");
    let spec = c.position().unwrap();
    assert_eq!(judge(&spec, &p, "resign", "fesa-2017"), Checked::Pass);
    assert!(fails(judge(&spec, &p, "P*1d", "fesa-2017")));
    // A declaration that holds may be made; one that fails may not.
    let (c, p) = find("probe-declaration-holds");
    assert_eq!(
        judge(&c.position().unwrap(), &p, "win", "fesa-2017"),
        Checked::Pass
    );
    let (c, p) = find("probe-declaration-in-check");
    assert!(fails(judge(&c.position().unwrap(), &p, "win", "fesa-2017")));
}

#[test]
fn the_oracle_skips_probes_with_a_reason() {
    let (c, _) = probes().remove(0);
    let mut oracle = Oracle::new();
    let r = run_case(&mut oracle, &c, "fesa-2017").unwrap();
    match r.outcome() {
        Checked::Skip { reason } => assert!(reason.contains("does not search"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

/// A run where every case was skipped certifies nothing: it must not exit 0. The oracle does
/// not search, so on the probes alone it answers nothing.
#[test]
fn a_run_of_skips_alone_fails() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(["run", "--impl", "oracle", "--filter", "tag:probe"])
        .bounded_output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Exit status 3: nothing could be checked (README, "Certify your engine").
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("nothing could be checked"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    // Nothing was checked, so the report claims no certification at all (issue 37).
    assert!(!stdout.contains("Certified by"), "{stdout}");
    assert!(
        !stderr.to_lowercase().contains("certified by"),
        "one line, on the report's stream: {stderr}"
    );
    // With the move-list cases too, the oracle is certified on them, not on probes.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args([
            "run",
            "--impl",
            "oracle",
            "--filter",
            "file:drops/uchifuzume.yaml",
        ])
        .bounded_output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(" 0 bestmove probe(s)"), "{stdout}");
}
