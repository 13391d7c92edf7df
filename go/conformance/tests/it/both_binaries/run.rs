//! `run` in both tools: every report format read back, filters, shards and expectations,
//! the exit statuses, a stopped run's partial report; `--write-expectations` and `--progress`.

use super::*;

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn every_format_reads_back_and_the_json_satisfies_the_schema(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("formats-{game}"));
    let file = |ext: &str| dir.join(format!("report.{ext}"));
    let out = run(
        &t,
        &[
            "--impl",
            "oracle",
            "--filter",
            t.some,
            "--format",
            "json",
            "--output",
            file("json").to_str().unwrap(),
            "--report",
            &format!("junit={}", file("xml").display()),
            "--report",
            &format!("markdown={}", file("md").display()),
            "--report",
            &format!("html={}", file("html").display()),
            "--report",
            &format!("text={}", file("txt").display()),
        ],
    );
    assert_eq!(status(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&file("json"));
    valid(&t, &v);
    let passed = v["summary"]["passed"].as_u64().unwrap();
    assert!(passed > 0, "{v:#}");
    assert_eq!(v["header"]["filter"], t.some);
    // The one summary wording, in every format for people.
    let line = format!("{passed} passed");
    for ext in ["txt", "md", "html"] {
        let text = std::fs::read_to_string(file(ext)).unwrap();
        assert!(
            text.contains(&format!("{line}, 0 failed, ")),
            "{game} {ext}: {text}"
        );
    }
    let html = std::fs::read_to_string(file("html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    if python() {
        // JUnit parsed by a real XML parser; its counts are the report's.
        let parsed = Command::new("python3")
            .args([
                "-c",
                "import sys,xml.etree.ElementTree as E;r=E.parse(sys.argv[1]).getroot();\
                 print(r.tag, r.get('tests'), r.get('failures'), r.get('errors'))",
            ])
            .arg(file("xml"))
            .bounded_output()
            .unwrap();
        let got = String::from_utf8_lossy(&parsed.stdout);
        let total = ids(&v).len();
        assert_eq!(
            got.trim(),
            format!("testsuites {total} 0 0"),
            "{game}: {got}"
        );
    }
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn filter_shard_and_expectations_mean_the_same(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("flags-{game}"));
    let report = |name: &str, args: &[&str]| -> (i32, Value) {
        let path = dir.join(name);
        let mut all = vec!["--format", "json", "--output", path.to_str().unwrap()];
        all.extend_from_slice(args);
        let out = run(&t, &all);
        let v = json(&path);
        valid(&t, &v);
        (status(&out), v)
    };
    let (_, whole) = report("whole.json", &["--filter", t.some]);
    let (_, first) = report("1.json", &["--filter", t.some, "--shard", "1/2"]);
    let (_, second) = report("2.json", &["--filter", t.some, "--shard", "2/2"]);
    assert_eq!(first["header"]["shard"], "1/2");
    let mut both = ids(&first);
    both.extend(ids(&second));
    both.sort();
    let mut want = ids(&whole);
    want.sort();
    assert_eq!(both, want, "{game}: the two shards split the run");
    // `id:` and `!id:` choose one case and the others.
    let (_, one) = report("one.json", &["--filter", &format!("id:{}", t.one_id)]);
    assert_eq!(ids(&one), [t.one_id]);
    let (_, rest) = report(
        "rest.json",
        &["--filter", &format!("{} !id:{}", t.some, t.one_id)],
    );
    assert_eq!(ids(&rest).len() + 1, ids(&whole).len());
    // An expectations file that says a passing case fails: the run is not as expected (1), and
    // the same file saying nothing about it lets it pass (0).
    let exp = dir.join("expectations.yaml");
    std::fs::write(
        &exp,
        format!(
            "entries:\n  - case: {}\n    expect: fail\n    reason: test\n",
            t.one_id
        ),
    )
    .unwrap();
    let filter = format!("id:{}", t.one_id);
    let e = exp.to_str().unwrap();
    let (code, _) = report("exp.json", &["--filter", &filter, "--expectations", e]);
    assert_eq!(code, 1, "{game}: a known failure that passes");
    std::fs::write(&exp, "entries: []\n").unwrap();
    let (code, _) = report("exp2.json", &["--filter", &filter, "--expectations", e]);
    assert_eq!(code, 0, "{game}");
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn exit_statuses_follow_one_policy(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("exit-{game}"));
    // 3: nothing checked.
    let out = run(&t, t.all_skipped);
    assert_eq!(
        status(&out),
        3,
        "{game}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    // 2: a usage error (a duration that is not one, a malformed filter, a filter that chooses
    // nothing), before any case.
    for bad in [
        &["--filter", "id:no-such-case-anywhere"][..],
        &["--timeout", "5parsecs"][..],
        &["--max-time", "-1"][..],
        &["--filter", "nokey:"][..],
        &["--shard", "3/2"][..],
    ] {
        let out = run(&t, bad);
        assert_eq!(
            status(&out),
            2,
            "{game} {bad:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // 2: the engine cannot start; the report says why and has no case.
    let path = dir.join("nostart.json");
    let imp = if game == "go" {
        "gtp:/nonexistent/engine"
    } else {
        "usi:/nonexistent/engine"
    };
    let out = run(
        &t,
        &[
            "--impl",
            imp,
            "--format",
            "json",
            "--output",
            path.to_str().unwrap(),
        ],
    );
    exits(&out, 2, game);
    let v = json(&path);
    valid(&t, &v);
    assert!(
        v["header"]["startup_error"]
            .as_str()
            .is_some_and(|s| !s.is_empty()),
        "{v:#}"
    );
    assert_eq!(ids(&v).len(), 0);
    assert!(v.get("certified_by").is_none(), "{v:#}");
    // Durations take units.
    let out = run(
        &t,
        &[
            "--filter",
            &format!("id:{}", t.one_id),
            "--timeout",
            "2s",
            "--max-time",
            "10m",
        ],
    );
    exits(&out, 0, game);
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn sigint_and_max_time_stop_with_a_partial_report(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    if !python() {
        eprintln!("skipped: python3 runs the slow fixture engine");
        return;
    }
    let dir = scratch(&format!("stop-{game}"));
    let path = dir.join("partial.json");
    let mut child = Command::new(&t.bin)
        .args([
            "run",
            "--impl",
            &t.slow_impl,
            "--timeout",
            "20s",
            "--format",
            "json",
            "--output",
        ])
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(5));
    // SIGINT to the run alone (not its engines): what a terminal's Ctrl-C asks of it.
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .bounded_status();
    let start = Instant::now();
    let code = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{game}: the run did not stop within a minute of SIGINT");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(code, Some(130), "{game}");
    let v = json(&path);
    valid(&t, &v);
    assert_eq!(v["header"]["interrupted"], "SIGINT", "{v:#}");
    assert!(!v["header"]["not_run"].as_array().unwrap().is_empty());
    // --max-time: the same partial report, exit 1 (an incomplete run is no pass).
    let path = dir.join("max-time.json");
    let out = Command::new(&t.bin)
        .args([
            "run",
            "--impl",
            &t.slow_impl,
            "--max-time",
            "4s",
            "--format",
            "json",
            "--output",
        ])
        .arg(&path)
        .bounded_output()
        .unwrap();
    exits(&out, 1, game);
    let v = json(&path);
    valid(&t, &v);
    assert_eq!(v["header"]["interrupted"], "max-time", "{v:#}");
}

/// `--write-expectations` writes the run's failures as known ones, and the same run against
/// that file exits 0; `--progress` prints a line per case.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn write_expectations_and_progress_mean_the_same(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("write-expectations-{game}"));
    let file = dir.join("known.yaml");
    let o = run(
        &t,
        &[
            "--filter",
            t.some,
            "--progress",
            "--write-expectations",
            file.to_str().unwrap(),
        ],
    );
    exits(&o, 0, game);
    let chosen = String::from_utf8_lossy(&o.stderr)
        .lines()
        .filter(|l| l.starts_with('['))
        .count();
    assert!(chosen > 0, "{game}: a progress line per case");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("entries"), "{game}: {written}");
    let again = run(
        &t,
        &["--filter", t.some, "--expectations", file.to_str().unwrap()],
    );
    exits(&again, 0, game);
    // The file records the corpus it was written for (the core's contract, in both tools):
    // against another corpus, a run names what changed since.
    let mut stamped: serde_norway::Value = serde_norway::from_str(&written).unwrap();
    let corpus = &mut stamped["corpus"];
    assert!(
        corpus["version"].is_string() && corpus["revision"].is_string(),
        "{game}: {written}"
    );
    let id = corpus["cases"]
        .as_mapping()
        .and_then(|cases| cases.keys().next())
        .and_then(|k| k.as_str())
        .unwrap_or_else(|| panic!("{game}: no case fingerprints in {written}"))
        .to_owned();
    corpus["version"] = "0.0.1".into();
    corpus["cases"][id.as_str()] = "0000000000000000".into();
    let older = dir.join("older.yaml");
    std::fs::write(&older, serde_norway::to_string(&stamped).unwrap()).unwrap();
    let upgrade = run(
        &t,
        &[
            "--filter",
            t.some,
            "--expectations",
            older.to_str().unwrap(),
        ],
    );
    let err = String::from_utf8_lossy(&upgrade.stderr);
    assert!(
        err.contains("expectations: written for corpus 0.0.1")
            && err
                .lines()
                .any(|l| l.starts_with(&format!("  changed  {id}"))),
        "{game}: {err}"
    );
}
