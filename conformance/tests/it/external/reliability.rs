#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! An engine that hangs, floods or dies never yields a green certificate, and no run
//! loses or destroys data. Each test drives the `shogi-conformance` binary as a CI job would,
//! against the fault-injecting fakes of `tests/fixtures/` (`fake_adapter.py`, `run-engine.sh`).

use conformance_probe::bounded::Bounded as _;
use std::fs;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{self, bin, fake, python};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-reliability-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The four cases of `nifu-own-file.yaml`: legal-move cases, quick on any implementation.
const FEW: &str = "file:nifu-own-file";

fn run(args: &[&str]) -> Output {
    bin().arg("run").args(args).bounded_output().unwrap()
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn outcomes(report: &Value) -> Vec<String> {
    report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["outcome"].as_str().unwrap().to_owned())
        .collect()
}

/// Every message of every expectation of a JSON report.
fn messages(report: &Value) -> Vec<String> {
    report["cases"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["expectations"].as_array().unwrap().clone())
        .filter_map(|e| {
            // An error explains itself under `reason`, as a skip does (issue 44.8).
            assert!(e.get("message").is_none(), "{e}");
            e["reason"].as_str().map(str::to_owned)
        })
        .collect()
}

// A run in which every case was skipped is not a pass.
#[test]
fn a_run_where_everything_was_skipped_exits_3_and_says_so() {
    if !python() {
        return;
    }
    let imp = format!("usi:{}", fake("usi-no-perft"));
    let timeout = common::patient_secs(5);
    let out = run(&["--impl", &imp, "--filter", FEW, "--timeout", &timeout]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("nothing could be checked"),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("Nothing could be checked"),
        "{}",
        stdout(&out)
    );
}

// `--output` never replaces what is at the path.
#[test]
fn output_writes_through_fifos_and_symlinks() {
    let dir = scratch("fifo");
    let fifo = dir.join("report.fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .bounded_status()
            .unwrap()
            .success()
    );
    let mut reader = Command::new("cat")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = run(&["--filter", FEW, "--output", fifo.to_str().unwrap()]);
    let still_fifo = fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo();
    if !still_fifo || !out.status.success() {
        // Nobody will open the FIFO for writing: don't wait for the reader forever.
        let _ = reader.kill();
    }
    let read =
        conformance_probe::bounded::output_of(&mut reader, "cat FIFO", Duration::from_secs(600))
            .unwrap();
    assert!(still_fifo, "the FIFO was replaced by a regular file");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&read).contains("Summary: 4 cases"),
        "{}",
        stdout(&read)
    );

    let real = dir.join("real.md");
    fs::write(&real, "old").unwrap();
    let link = dir.join("link.md");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = run(&[
        "--filter",
        FEW,
        "--format",
        "markdown",
        "--output",
        link.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        fs::read_to_string(&real)
            .unwrap()
            .contains("shogi-conformance")
    );

    // `-` is standard output, not a file named `-`.
    let out = bin()
        .current_dir(&dir)
        .args(["run", "--filter", FEW, "--output", "-"])
        .bounded_output()
        .unwrap();
    assert!(stdout(&out).contains("Summary: 4 cases"));
    assert!(!dir.join("-").exists());

    // matrix writes through a symlink too.
    let report = dir.join("oracle.json");
    let out = run(&[
        "--filter",
        FEW,
        "--format",
        "json",
        "--output",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let page = dir.join("page.html");
    fs::write(&page, "old").unwrap();
    let page_link = dir.join("page-link.html");
    std::os::unix::fs::symlink(&page, &page_link).unwrap();
    let out = bin()
        .args(["matrix", report.to_str().unwrap(), "--output"])
        .arg(&page_link)
        .bounded_output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        fs::symlink_metadata(&page_link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(fs::read_to_string(&page).unwrap().contains("<table>"));
}

#[test]
fn an_unwritable_output_is_refused_before_the_run() {
    if !python() {
        return;
    }
    let started = Instant::now();
    let imp = format!("adapter:{}", fake("hang"));
    let out = run(&[
        "--impl",
        &imp,
        "--filter",
        FEW,
        "--timeout",
        "60",
        "--output",
        "/nonexistent-folder/report.txt",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
    assert!(
        started.elapsed() < common::patient(Duration::from_secs(4)),
        "refused before asking the hung adapter anything"
    );
}

/// A corpus folder holding `tags.yaml` and the given case files (name, text).
fn corpus_with(dir: &Path, files: &[(&str, String)]) -> PathBuf {
    let root = dir.join("corpus");
    fs::create_dir_all(root.join("moves")).unwrap();
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    fs::copy(real.join("tags.yaml"), root.join("tags.yaml")).unwrap();
    for (name, text) in files {
        fs::write(root.join("moves").join(name), text).unwrap();
    }
    root
}

fn nifu_text() -> String {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut found = None;
    for entry in fs::read_dir(&real).unwrap() {
        let p = entry.unwrap().path().join("nifu-own-file.yaml");
        if p.is_file() {
            found = Some(p);
        }
    }
    fs::read_to_string(found.expect("corpus/*/nifu-own-file.yaml")).unwrap()
}

// Duplicate ids are an error in `run`, with both places; lint names the right lines.
#[test]
fn duplicate_ids_stop_a_run_with_both_places() {
    let dir = scratch("dups");
    let text = nifu_text();
    let root = corpus_with(&dir, &[("a.yaml", text.clone()), ("b.yaml", text.clone())]);
    let out = run(&["--corpus", root.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("duplicate case id"), "{err}");
    let first_line = text
        .lines()
        .position(|l| l.trim_start().starts_with("- id:"))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("moves/a.yaml:{first_line} and "))
            && err.contains(&format!("moves/b.yaml:{first_line}")),
        "{err}"
    );

    // The same case twice in one file: lint gives the second copy its own line.
    let body: String = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("- id:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let twice = format!("{text}\n{body}");
    let root = corpus_with(&scratch("dups-lint"), &[("c.yaml", twice.clone())]);
    let out = bin()
        .args(["lint", "--min-cases", "0", "--corpus"])
        .arg(&root)
        .bounded_output()
        .unwrap();
    let second_line = twice
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with("- id:"))
        .map(|(i, _)| i + 1)
        .nth(
            text.lines()
                .filter(|l| l.trim_start().starts_with("- id:"))
                .count(),
        )
        .unwrap();
    let report = stdout(&out);
    assert!(
        report.contains(&format!(
            "c.yaml:{second_line}: case {}: duplicate id (also at ",
            body.lines()
                .next()
                .unwrap()
                .trim_start()
                .trim_start_matches("- id:")
                .trim()
        )),
        "the second copy is at line {second_line}: {report}"
    );
}

#[test]
fn a_symlink_loop_in_the_corpus_is_walked_once() {
    let dir = scratch("loop");
    let root = corpus_with(&dir, &[("nifu.yaml", nifu_text())]);
    std::os::unix::fs::symlink(".", root.join("moves/loop")).unwrap();
    let report = dir.join("r.json");
    let out = run(&[
        "--corpus",
        root.to_str().unwrap(),
        "--format",
        "json",
        "--output",
        report.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let n = nifu_text()
        .lines()
        .filter(|l| l.trim_start().starts_with("- id:"))
        .count();
    assert_eq!(outcomes(&json(&report)).len(), n, "each case once");
}

/// Whether any process's command line contains `marker`.
fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        if let Ok(cmd) = fs::read(entry.path().join("cmdline")) {
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.contains(marker) {
                found.push(format!("{}: {cmd}", entry.file_name().to_string_lossy()));
            }
        }
    }
    found
}

// The whole process group is killed; a wrapper script leaves no orphans.
#[test]
#[ignore = "slow (about 14 s): CI runs it, `cargo test --workspace -- --ignored slow_`"]
fn slow_hung_engines_behind_a_wrapper_script_leave_no_orphans() {
    if !python() {
        return;
    }
    let marker = format!("orphan-marker-{}", std::process::id());
    let imp = format!(
        "adapter:sh '{}' hang {marker}",
        fixture("run-engine.sh").display()
    );
    let out = run(&["--impl", &imp, "--filter", FEW, "--timeout", "2"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    common::wait_until(Duration::from_secs(3), || {
        processes_with(&marker).is_empty()
    });
    let left = processes_with(&marker);
    assert!(left.is_empty(), "orphans left behind: {left:?}");
}

/// Starts a run against a hung adapter, sends `signal` after a moment, returns its output.
fn interrupted_run(signal: &str, format: &str, report: &Path, marker: &str) -> Output {
    let imp = format!(
        "adapter:sh '{}' hang {marker}",
        fixture("run-engine.sh").display()
    );
    let mut child = bin()
        .args([
            "run",
            "--impl",
            &imp,
            "--filter",
            FEW,
            "--timeout",
            "60",
            "--format",
            format,
            "--output",
        ])
        .arg(report)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Signalled once the engine is up and the first case is under way.
    assert!(
        common::wait_until(Duration::from_secs(10), || !processes_with(marker)
            .is_empty()),
        "the engine never started"
    );
    std::thread::sleep(common::patient(Duration::from_millis(500)));
    assert!(
        Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .bounded_status()
            .unwrap()
            .success()
    );
    let started = Instant::now();
    let out = conformance_probe::bounded::output_of(
        &mut child,
        "shogi-conformance run",
        Duration::from_secs(600),
    )
    .unwrap();
    assert!(
        started.elapsed() < common::patient(Duration::from_secs(10)),
        "the run ends soon after the signal"
    );
    out
}

// SIGINT/SIGTERM write the report of what is done, marked interrupted; engines killed.
#[test]
fn sigterm_and_sigint_write_an_interrupted_report() {
    if !python() {
        return;
    }
    let dir = scratch("signals");
    let marker = format!("signal-marker-{}", std::process::id());
    let report = dir.join("r.json");
    let out = interrupted_run("TERM", "json", &report, &marker);
    assert_eq!(out.status.code(), Some(143), "{}", stderr(&out));
    let v = json(&report);
    assert_eq!(v["header"]["interrupted"], "SIGTERM");
    assert_eq!(
        v["header"]["not_run"].as_array().unwrap().len(),
        4,
        "the first case was cut short: all four not run"
    );
    assert!(
        common::wait_until(Duration::from_secs(3), || processes_with(&marker)
            .is_empty()),
        "engines killed"
    );

    let report = dir.join("r.xml");
    let out = interrupted_run("INT", "junit", &report, &marker);
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let xml = fs::read_to_string(&report).unwrap();
    assert!(
        xml.contains("<property name=\"interrupted\" value=\"SIGINT\"/>"),
        "{xml}"
    );
    let report = dir.join("r.txt");
    let out = interrupted_run("INT", "text", &report, &marker);
    assert_eq!(out.status.code(), Some(130));
    assert!(
        fs::read_to_string(&report)
            .unwrap()
            .contains("INTERRUPTED (SIGINT)")
    );
    let report = dir.join("r.md");
    interrupted_run("TERM", "markdown", &report, &marker);
    assert!(
        fs::read_to_string(&report)
            .unwrap()
            .contains("INTERRUPTED (SIGTERM)")
    );
    let report = dir.join("r.html");
    interrupted_run("TERM", "html", &report, &marker);
    assert!(
        fs::read_to_string(&report)
            .unwrap()
            .contains("INTERRUPTED (SIGTERM)")
    );
}

#[test]
fn max_time_ends_a_hung_run_with_a_report() {
    if !python() {
        return;
    }
    let dir = scratch("max-time");
    let report = dir.join("r.json");
    let started = Instant::now();
    let imp = format!("adapter:{}", fake("hang"));
    let out = run(&[
        "--impl",
        &imp,
        "--filter",
        FEW,
        "--timeout",
        "60",
        "--max-time",
        "1s",
        "--format",
        "json",
        "--output",
        report.to_str().unwrap(),
    ]);
    assert!(started.elapsed() < common::patient(Duration::from_secs(10)));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = json(&report);
    assert_eq!(v["header"]["interrupted"], "max-time");
    assert_eq!(v["header"]["not_run"].as_array().unwrap().len(), 4);
}

fn one_run_json(dir: &Path, mode: &str, timeout: &str) -> (Output, Value) {
    let report = dir.join(format!("{mode}.json"));
    let imp = format!("adapter:{}", fake(mode));
    let out = run(&[
        "--impl",
        &imp,
        "--filter",
        FEW,
        "--timeout",
        timeout,
        "--format",
        "json",
        "--output",
        report.to_str().unwrap(),
    ]);
    (out, json(&report))
}

// Output without a newline is cut while it is read.
#[test]
fn endless_output_without_newline_is_cut_while_reading() {
    if !python() {
        return;
    }
    let dir = scratch("flood");
    let (out, v) = one_run_json(&dir, "flood", &common::patient_secs(3));
    // Every case errored: no answer was checked (issue 37), exit status 3.
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    for m in messages(&v) {
        assert!(m.contains("a line longer than 65536 bytes"), "{m}");
        assert!(m.len() < 2048, "{} bytes", m.len());
    }
}

// The stderr tail in an error is bounded, and stored once.
#[test]
fn stderr_in_errors_is_a_bounded_tail_stored_once() {
    if !python() {
        return;
    }
    let dir = scratch("stderr");
    let (_, v) = one_run_json(&dir, "stderr-flood", &common::patient_secs(10));
    let ms = messages(&v);
    assert!(ms.len() >= 4, "every case errored: {ms:?}");
    for m in &ms {
        assert!(m.contains("the real reason at the end"), "the tail is kept");
        assert!(m.len() < 5 * 1024, "{} bytes", m.len());
    }
    let text = fs::read_to_string(dir.join("stderr-flood.json")).unwrap();
    assert!(text.len() < 64 * 1024, "report of {} bytes", text.len());
}

// A start-up failure still writes a report, replacing any older one: it says the
// implementation did not start and lists no case.
#[test]
fn a_start_up_failure_writes_a_not_started_report() {
    if !python() {
        return;
    }
    let dir = scratch("no-start");
    for spec in [
        format!("adapter:{}", fake("no-start")),
        format!("usi:{}", fake("no-start")),
    ] {
        let report = dir.join("r.json");
        fs::write(&report, "a stale report of an older run").unwrap();
        let out = run(&[
            "--impl",
            &spec,
            "--filter",
            FEW,
            "--format",
            "json",
            "--output",
            report.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{spec}: {}", stderr(&out));
        let v = json(&report);
        assert!(v["header"]["startup_error"].as_str().is_some(), "{v}");
        assert_eq!(outcomes(&v), Vec::<String>::new());
        assert!(v.get("certified_by").is_none(), "{v}");
        let text_report = dir.join("r.txt");
        run(&[
            "--impl",
            &spec,
            "--filter",
            FEW,
            "--output",
            text_report.to_str().unwrap(),
        ]);
        let text = fs::read_to_string(&text_report).unwrap();
        assert!(
            text.lines().nth(1).unwrap().starts_with("NOT STARTED: "),
            "the cause at the top: {text}"
        );
    }
}

// `legal` carries on past a line that is not UTF-8.
#[test]
fn legal_carries_on_past_invalid_utf8() {
    let out = common::run_with_stdin(&["legal"], b"startpos\n\xff\xfe bad\nstartpos moves 7g7f\n");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = stdout(&out).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[1].starts_with("ERROR") && lines[1].contains("UTF-8"));
    // Published: 30 legal moves in the initial position, 30 for gote after 7g7f too.
    assert_eq!(lines[0].split(' ').count(), 30);
    assert_eq!(lines[2].split(' ').count(), 30);
}

// Shards are recorded, merged, and one column in the matrix.
#[test]
fn shards_are_recorded_merged_and_one_matrix_column() {
    let dir = scratch("shards");
    let filter = "file:drops/";
    let mut paths = Vec::new();
    for shard in ["1/2", "2/2"] {
        let p = dir.join(format!("shard{}.json", &shard[..1]));
        let out = run(&[
            "--filter",
            filter,
            "--shard",
            shard,
            "--format",
            "json",
            "--output",
            p.to_str().unwrap(),
        ]);
        assert!(
            out.status.code().is_some_and(|c| c <= 1),
            "{}",
            stderr(&out)
        );
        assert_eq!(json(&p)["header"]["shard"], shard);
        paths.push(p);
    }
    let whole = dir.join("whole.json");
    run(&[
        "--filter",
        filter,
        "--format",
        "json",
        "--output",
        whole.to_str().unwrap(),
    ]);
    let merged = dir.join("all.json");
    let out = bin()
        .arg("merge")
        .args(&paths)
        .arg("--output")
        .arg(&merged)
        .bounded_output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let (m, w) = (json(&merged), json(&whole));
    assert_eq!(m["summary"], w["summary"]);
    let mut a = outcomes(&m);
    let mut b = outcomes(&w);
    a.sort();
    b.sort();
    assert_eq!(a, b);

    // A report of another implementation is refused.
    let engine = dir.join("engine.json");
    run(&[
        "--impl",
        "engine",
        "--filter",
        filter,
        "--shard",
        "2/2",
        "--format",
        "json",
        "--output",
        engine.to_str().unwrap(),
    ]);
    let out = bin()
        .arg("merge")
        .arg(&paths[0])
        .arg(&engine)
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not shards of one run"),
        "{}",
        stderr(&out)
    );

    let out = bin().arg("matrix").args(&paths).bounded_output().unwrap();
    assert!(out.status.success());
    let page = stdout(&out);
    assert_eq!(
        page.matches("data-implementation=\"oracle\"").count(),
        1,
        "one summary row (one column) per implementation: {page}"
    );
}

// A second reply to one request errors the case.
#[test]
fn a_second_reply_errors_the_case() {
    if !python() {
        return;
    }
    let dir = scratch("twice");
    let (out, v) = one_run_json(&dir, "twice", &common::patient_secs(5));
    // Every case errored: no answer was checked (issue 37), exit status 3.
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(
        outcomes(&v),
        vec!["error"; 4],
        "no case takes the first of two replies"
    );
    let ms = messages(&v);
    assert!(!ms.is_empty());
    for m in ms {
        assert!(
            m.contains("a second reply") || m.contains("unrequested output"),
            "{m}"
        );
    }
}

// Smaller guarantees.
#[test]
fn an_enormous_timeout_is_refused_not_a_panic() {
    if !python() {
        return;
    }
    // The deadline of an external implementation's reply once overflowed the clock.
    let imp = format!("adapter:{}", fake("skip"));
    let out = run(&["--impl", &imp, "--timeout", "1e19", "--filter", FEW]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn perft_refuses_absurd_depths_and_reports_progress() {
    let out = bin()
        .args(["perft", "startpos", "99"])
        .bounded_output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    let out = bin()
        .args(["perft", "startpos", "2"])
        .env("SHOGI_PERFT_PROGRESS_AFTER", "0")
        .bounded_output()
        .unwrap();
    assert!(out.status.success());
    // Published perft(2) of the initial position: 900.
    assert_eq!(stdout(&out).trim(), "900");
    let progress: Vec<&str> = std::str::from_utf8(&out.stderr)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("perft: "))
        .collect();
    assert_eq!(progress.len(), 30, "one line per root move");
}

#[test]
fn judging_an_empty_record_is_an_error() {
    let dir = scratch("judge");
    for (name, text) in [("empty.yaml", ""), ("comments.yaml", "# nothing\n\n")] {
        let p = dir.join(name);
        fs::write(&p, text).unwrap();
        let out = bin().arg("judge").arg(&p).bounded_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(stderr(&out).contains("empty"), "{}", stderr(&out));
    }
}
