#![allow(clippy::unwrap_used)]
//! Explanations that say why (issue 43.5): a written ending the moves do not bear out gets the
//! article it names and the fact that fails; a recorded finding carries the article its words
//! mean and a step that does not contradict the verdict. Facts worked from the articles.

use conformance_probe::bounded::Bounded as _;
use std::path::PathBuf;
use std::process::Command;

use crate::common::stdout;

fn judge_json(name: &str, text: &str) -> serde_json::Value {
    let dir = std::env::temp_dir().join(format!("shogi-explanations-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"))
        .args(["judge", "--format", "json", "--explain"])
        .arg(&path)
        .bounded_output()
        .unwrap();
    serde_json::from_str(stdout(&out).trim()).unwrap()
}

/// 1.P-7f 2.P-8d 3.Bx3c+: the horse on 3c checks gote's king on 5a through the empty 4b
/// (FESA 1.2). `%TSUMI` says gote is mated, but the king can step to 5b or 6b, the knight on
/// 2a or the bishop on 2b can take the horse, and the gold on 4a, the silver on 3a or the rook
/// on 8b (along the empty second rank) can step between on 4b: not mate (5.1a), the game goes
/// on.
#[test]
fn a_claimed_mate_names_the_escapes() {
    let v = judge_json(
        "false-mate.csa",
        "PI\n+\n+7776FU\n-8384FU\n+8833UM\n%TSUMI\n",
    );
    assert_eq!(v["verdict"]["result"], "continues", "{v}");
    assert_eq!(v["agreement"], "differs", "{v}");
    let chain: Vec<String> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect();
    let step = chain
        .iter()
        .find(|s| s.starts_with("fesa2017:5.1a"))
        .unwrap_or_else(|| panic!("{chain:?}"));
    assert!(step.contains("in check but not mated"), "{step}");
    assert!(
        step.contains("escape to") && step.contains("5b") && step.contains("6b"),
        "{step}"
    );
    assert!(step.contains("2a3c") && step.contains("2b3c"), "{step}");
    for interposition in ["4a4b", "3a4b", "8b4b"] {
        assert!(step.contains(interposition), "{step}");
    }
}

/// `%ILLEGAL_MOVE` after a legal last move: a recorded finding. Its reason carries 9.4, the
/// article the words mean, and the chain says the moves do not show it.
#[test]
fn a_recorded_foul_cites_9_4() {
    let v = judge_json(
        "refused.csa",
        "V2\nN+a\nN-b\nPI\n+\n+7776FU\nT1\n-3334FU\nT1\n%ILLEGAL_MOVE\n",
    );
    assert_eq!(v["verdict"]["reason"]["article"], "fesa2017:9.4", "{v}");
    let last = v["explanation"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_str()
        .unwrap();
    assert!(last.starts_with("fesa2017:9.4:"), "{last}");
    assert!(last.contains("not provable"), "{last}");
}
