//! `go-conformance judge --format json` against its published schema
//! (`schemas/go/judge.json`): every real record of the repository (the 341 of
//! `real-records/go` with their hand-worked outcomes, the files of `real-records/go-sgf`), with and without
//! `--explain`, and an unreadable file. The schema is checked to refuse what it must, so that
//! a schema accepting anything cannot pass.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn validator() -> jsonschema::Validator {
    let text = conformance_schemas::GO_JUDGE.text.to_string();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn judge_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .args(["judge", "--format", "json"])
        .args(args)
        .bounded_output()
        .expect("go-conformance runs");
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{e}: {text}{}", String::from_utf8_lossy(&out.stderr)))
}

fn valid(v: &Value) {
    let errors: Vec<String> = validator()
        .iter_errors(v)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "the schema refuses the output: {errors:#?}"
    );
}

#[test]
fn every_real_record_judged_satisfies_the_schema() {
    let records = root().join("../real-records/go");
    let real = root().join("../real-records/go-sgf");
    for args in [
        vec![records.to_str().unwrap()],
        vec![real.to_str().unwrap()],
        vec![records.join("gnugo").to_str().unwrap(), "--explain"],
    ] {
        let v = judge_json(&args);
        valid(&v);
        let n = v["records"].as_array().unwrap().len();
        assert!(n > 0, "{args:?}");
    }
    let dir = std::env::temp_dir().join(format!("go-judge-schema-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;GM[1]SZ[9];B[aa").unwrap();
    let v = judge_json(&[broken.to_str().unwrap()]);
    valid(&v);
    assert_eq!(v["unreadable"], 1);
    assert!(v["records"][0]["error"].is_string(), "{v}");
}

#[test]
fn the_schema_refuses_what_the_judge_never_writes() {
    let v = judge_json(&[root()
        .join("../real-records/go/gnugo/9x9-1.sgf")
        .to_str()
        .unwrap()]);
    valid(&v);
    let schema = validator();
    let broken = |change: &dyn Fn(&mut Value)| {
        let mut w = v.clone();
        change(&mut w);
        assert!(!schema.is_valid(&w), "accepted: {w}");
    };
    broken(&|w| w["records"][0]["judgement"]["agreement"] = "maybe".into());
    // An agreement carries no detail; any other verdict must say why.
    broken(&|w| w["records"][0]["judgement"]["detail"] = "why".into());
    broken(&|w| w["records"][0]["judgement"]["agreement"] = "disagree".into());
    broken(&|w| w["records"][0]["judgement"]["articles"][0] = "fesa2017:5.1".into());
    broken(&|w| w["records"][0]["judgement"]["count"]["territory"] = Value::from(vec![1]));
    broken(&|w| w["records"][0]["judgement"]["dead_from"] = "guessed".into());
    broken(&|w| w["agree"] = (-1).into());
    broken(&|w| {
        w.as_object_mut().unwrap().remove("unreadable");
    });
    broken(&|w| w["records"][0]["extra"] = true.into());
    // The ledger's counts: present for a record read from a file, its uses a closed list.
    let p = &v["records"][0]["judgement"]["properties"];
    assert!(p["total"].as_u64().unwrap() > 0, "{v}");
    assert!(p["by_use"]["move"].as_u64().unwrap() > 0, "{v}");
    broken(&|w| w["records"][0]["judgement"]["properties"]["by_use"]["ignored_because"] = 1.into());
    broken(&|w| w["records"][0]["judgement"]["properties"]["summary"] = "lots".into());
    broken(&|w| {
        w["records"][0]["judgement"]["properties"]
            .as_object_mut()
            .unwrap()
            .remove("encoding");
    });
}

/// A file of two games (an SGF collection, FF[4] 3.1: a collection is one or more game trees):
/// `judge` judges and lists both, counts one file and two games, and the JSON names each
/// game. Both games end by resignation, so each verdict is the written one without a count
/// (rfg 11: a player who resigns loses): B+R, then W+R.
#[test]
fn every_game_of_a_collection_is_judged_and_counted_apart() {
    let dir = std::env::temp_dir().join(format!("go-judge-collection-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.sgf");
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+R];B[ee];W[cc])\n(;GM[1]FF[4]SZ[9]KM[6.5]RE[W+R];B[ee];W[cc];B[gg])\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let v = judge_json(&[path]);
    valid(&v);
    assert_eq!(v["files"], 1, "{v}");
    assert_eq!(v["games"], 2, "{v}");
    assert_eq!(v["agree"], 2, "{v}");
    let records = v["records"].as_array().unwrap();
    assert_eq!(records.len(), 2, "{v}");
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["game"], k + 1, "{r}");
        assert_eq!(r["games_in_file"], 2, "{r}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_go-conformance"))
        .args(["judge", path])
        .bounded_output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("two.sgf (game 2 of 2)"), "{text}");
    assert!(text.contains("1 files, 2 games: 2 agree"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
