#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! `.clusterfuzzlite/build.sh`, run as the OSS-Fuzz / ClusterFuzzLite builder runs it (Docker
//! is not needed: `$SRC`, `$OUT` and `$WORK` are temporary directories). Every target of
//! `fuzz/Cargo.toml` must come out as a fuzzer with its seed zip and options, and each fuzzer
//! must run on its seeds, with the options' dictionary, for a few seconds.
//!
//! Ignored by default: it needs `cargo fuzz` (`cargo install cargo-fuzz`) and builds the
//! fuzzers. CI runs it after its fuzzing step, which has already built them:
//! `cargo test -p shogi-conformance --test it -- --ignored oss_fuzz_build::`.

use conformance_probe::bounded::Bounded as _;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_owned()
}

/// The `[[bin]]` names of fuzz/Cargo.toml, read here independently of the script.
fn targets() -> Vec<String> {
    let manifest = std::fs::read_to_string(workspace().join("fuzz/Cargo.toml")).unwrap();
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && let Some(value) = line.strip_prefix("name") {
            let value = value.trim_start().trim_start_matches('=').trim();
            names.push(value.trim_matches('"').to_owned());
        }
    }
    names
}

/// The `key = value` lines of an options file's `[libfuzzer]` section.
fn libfuzzer_options(path: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_owned();
        } else if let Some((k, v)) = line.split_once('=') {
            assert_eq!(section, "[libfuzzer]", "{}: {line}", path.display());
            out.push((k.trim().to_owned(), v.trim().to_owned()));
        }
    }
    out
}

#[test]
#[ignore = "needs cargo-fuzz and builds the fuzzers; CI runs it after its fuzzing step"]
fn build_sh_produces_every_fuzzer_with_seeds_options_and_dictionaries() {
    let scratch = std::env::temp_dir().join(format!("shogi-oss-fuzz-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let (src, out, work) = (
        scratch.join("src"),
        scratch.join("out"),
        scratch.join("work"),
    );
    for d in [&src, &out, &work] {
        std::fs::create_dir_all(d).unwrap();
    }
    // The builder copies the repository to $SRC/shogi-conformance; a link does the same here
    // and lets the build reuse fuzz/target.
    std::os::unix::fs::symlink(workspace(), src.join("shogi-conformance")).unwrap();

    let status = Command::new("bash")
        .arg(workspace().join(".clusterfuzzlite/build.sh"))
        .env("SRC", &src)
        .env("OUT", &out)
        .env("WORK", &work)
        .env_remove("SANITIZER")
        // A whole build of the fuzz targets: longer than the default bound.
        .bounded_status_within(std::time::Duration::from_secs(1800))
        .unwrap();
    assert!(status.success(), "build.sh failed");

    let targets = targets();
    assert!(targets.len() >= 5, "{targets:?}");
    for target in &targets {
        let fuzzer = out.join(target);
        assert!(fuzzer.is_file(), "no fuzzer {target}");
        let zip = out.join(format!("{target}_seed_corpus.zip"));
        assert!(zip.is_file(), "no seed zip for {target}");
        let options = out.join(format!("{target}.options"));
        assert!(options.is_file(), "no options for {target}");

        // The zip holds exactly the committed seeds.
        let seeds = work.join(format!("{target}-seeds"));
        std::fs::create_dir_all(&seeds).unwrap();
        let unzip = Command::new("unzip")
            .args(["-q", "-o"])
            .arg(&zip)
            .arg("-d")
            .arg(&seeds)
            .bounded_status()
            .unwrap();
        assert!(unzip.success());
        let names = |d: &Path| {
            let mut v: Vec<String> = std::fs::read_dir(d)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            names(&seeds),
            names(&workspace().join("fuzz/corpus").join(target)),
            "{target}"
        );

        // Run it for a few seconds with its options, as ClusterFuzz would: libFuzzer refuses a
        // malformed dictionary, so this also checks the .dict files.
        let mut args = vec![
            "-max_total_time=3".to_owned(),
            format!("-artifact_prefix={}/", work.display()),
        ];
        for (k, v) in libfuzzer_options(&options) {
            if k == "dict" {
                let dict = out.join(&v);
                assert!(dict.is_file(), "{target}: options name {v}, not in $OUT");
                args.push(format!("-dict={}", dict.display()));
            } else {
                args.push(format!("-{k}={v}"));
            }
        }
        let scratch_corpus = work.join(format!("{target}-new"));
        std::fs::create_dir_all(&scratch_corpus).unwrap();
        let run = Command::new(&fuzzer)
            .args(&args)
            .arg(&scratch_corpus)
            .arg(&seeds)
            .bounded_output()
            .unwrap();
        let log = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "{target} {args:?}:\n{log}");
        assert!(!log.contains("ParseDictionaryFile"), "{target}: {log}");
        if args.iter().any(|a| a.starts_with("-dict=")) {
            assert!(
                log.contains("Dictionary:"),
                "{target}: dictionary not loaded\n{log}"
            );
        }
        assert!(log.contains("Done"), "{target}: {log}");
    }
    std::fs::remove_dir_all(&scratch).unwrap();
}
