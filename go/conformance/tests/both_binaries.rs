//! The same command-line and report checks on both binaries, `shogi-conformance` and
//! `go-conformance`: the shared `run` flags, every report format read back (JSON against the
//! published schema, JUnit parsed), every exit status, an interrupted run's partial report and
//! an engine that cannot start.
//!
//! Both binaries must be built: this test finds `shogi-conformance` beside `go-conformance` in
//! the target folder (a workspace test run builds both; go-conformance may not depend on the
//! shogi crates, so it cannot ask cargo for it). When it is missing the shogi half is skipped
//! with a note, unless `CONFORMANCE_REQUIRE_BOTH_BINARIES` is set (CI), where it fails.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test may panic on what it did not expect

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use conformance_core::lint::Finding;
use rstest::rstest;
use serde_json::Value;

/// What differs between the two binaries: their names and corpora; everything checked is the
/// same.
struct Tool {
    game: &'static str,
    bin: PathBuf,
    /// A filter choosing a handful of cases the oracle passes.
    some: &'static str,
    /// One case id among them.
    one_id: &'static str,
    /// An engine slow enough to be interrupted mid-run.
    slow_impl: String,
    /// Arguments under which the oracle can check nothing: every chosen case skipped.
    all_skipped: &'static [&'static str],
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn tool(game: &str) -> Option<Tool> {
    let go_bin = PathBuf::from(env!("CARGO_BIN_EXE_go-conformance"));
    let slow = fixtures().join("slow_engine.py");
    match game {
        "go" => Some(Tool {
            game: "go",
            slow_impl: format!(
                "gtp:python3 {} 0.2 python3 {}",
                slow.display(),
                fixtures().join("misbehaving_gtp.py").display()
            ),
            bin: go_bin,
            some: "ref:rfg:5.2",
            one_id: "ko-retake-at-once-top-9-black-rfg",
            // A case written for positional superko, under the simple ko: skipped.
            all_skipped: &[
                "--filter",
                "id:ko-retake-at-once-top-9-black-rfg",
                "--profile",
                "rfg-simple-ko",
            ],
        }),
        _ => {
            let bin = go_bin.with_file_name("shogi-conformance");
            if !bin.exists() {
                assert!(
                    std::env::var_os("CONFORMANCE_REQUIRE_BOTH_BINARIES").is_none(),
                    "{} is not built (CONFORMANCE_REQUIRE_BOTH_BINARIES is set)",
                    bin.display()
                );
                eprintln!(
                    "skipped: {} is not built (cargo build -p shogi-conformance)",
                    bin.display()
                );
                return None;
            }
            let usi = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../conformance/tests/fixtures/usi_styles.py");
            Some(Tool {
                game: "shogi",
                slow_impl: format!(
                    "usi:python3 {} 0.2 python3 {} fairy-stockfish --movegen {}",
                    slow.display(),
                    usi.display(),
                    bin.display()
                ),
                bin,
                some: "ref:fesa2017:3.11b",
                one_id: "cd69ef86",
                // A bestmove probe: the oracle does not search.
                all_skipped: &["--filter", "id:aeacc4b5"],
            })
        }
    }
}

/// Whether python3 runs here (the workspace's one probe): without it the checks that need it
/// skip with a note, unless `SHOGI_REQUIRE_PYTHON` is set (CI), where they fail.
fn python() -> bool {
    conformance_probe::python_with(&[], "SHOGI_REQUIRE_PYTHON")
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("both-binaries-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The tool's `command` with `args`, run to the end.
fn command(t: &Tool, command: &str, args: &[&str]) -> Output {
    Command::new(&t.bin)
        .arg(command)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn run(t: &Tool, args: &[&str]) -> Output {
    command(t, "run", args)
}

fn status(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// The command ended with `code`; else the test fails showing its standard error.
fn exits(o: &Output, code: i32, game: &str) {
    assert_eq!(
        status(o),
        code,
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()))
}

/// The report satisfies the published schema and names its game.
fn valid(t: &Tool, v: &Value) {
    if let Err(errors) = conformance_core::report::validate(v) {
        panic!("{} report breaks the schema: {errors:#?}\n{v:#}", t.game);
    }
    assert_eq!(v["game"], t.game);
}

fn ids(v: &Value) -> Vec<String> {
    v["cases"]
        .as_array()
        .map(|cs| {
            cs.iter()
                .filter_map(|c| c["id"].as_str())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

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
            .output()
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
        .status();
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
        .output()
        .unwrap();
    exits(&out, 1, game);
    let v = json(&path);
    valid(&t, &v);
    assert_eq!(v["header"]["interrupted"], "max-time", "{v:#}");
}

/// A corpus with one finding of each kind the shared lint checks make, in the game's own case
/// format; the finding each case must draw, as the core words it. The two games differ only in
/// their articles and case formats: the wording must be the same.
fn corpus_with_shared_findings(game: &str, dir: &Path) -> Vec<(&'static str, Finding)> {
    use conformance_core::lint::ArticleStatus;
    let article = |id: &str, status: ArticleStatus| Finding::Article {
        id: id.to_owned(),
        status,
    };
    if game == "go" {
        std::fs::create_dir_all(dir).unwrap();
        let case = |id: &str, articles: &str, description: &str| {
            format!(
                "- id: \"{id}\"\n  articles: [{articles}]\n  description: \"{description}\"\n  expect: {{resign: {{resigns: \"black\", winner: \"white\"}}}}\n"
            )
        };
        let text = [
            case("twice", "\"rfg:3.2\"", "x"),
            case("twice", "\"rfg:3.2\"", "x"),
            case("untestable", "\"rfg:4.1\"", "x"),
            case("unknown", "\"rfg:99.9\"", "x"),
            case("elsewhere", "\"fesa2017:3.1\"", "x"),
            case("Not_Well_Formed", "\"rfg:3.2\"", "x"),
            case("wordless", "\"rfg:3.2\"", " "),
        ]
        .concat();
        std::fs::write(dir.join("cases.yaml"), text).unwrap();
        let file = dir.join("cases.yaml").display().to_string();
        vec![
            ("twice", Finding::DuplicateId { first: file }),
            ("untestable", article("rfg:4.1", ArticleStatus::Untestable)),
            (
                "unknown",
                article(
                    "rfg:99.9",
                    ArticleStatus::NotInRegistry {
                        file: "go/spec/data/rfg.yaml".into(),
                    },
                ),
            ),
            (
                "elsewhere",
                article(
                    "fesa2017:3.1",
                    ArticleStatus::UnknownRulebook {
                        rulebook: "fesa2017".into(),
                        known: vec!["rfg".into()],
                    },
                ),
            ),
            (
                "Not_Well_Formed",
                Finding::MalformedId {
                    id: "Not_Well_Formed".into(),
                    rule: "lowercase letters, digits and hyphens",
                },
            ),
            (
                "wordless",
                Finding::EmptyText {
                    field: "description",
                },
            ),
        ]
    } else {
        std::fs::create_dir_all(dir.join("moves")).unwrap();
        let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        std::fs::copy(real.join("tags.yaml"), dir.join("tags.yaml")).unwrap();
        let case = |id: &str, slug: &str, refs: &str, title: &str| {
            format!(
                "  - id: \"{id}\"\n    slug: {slug}\n    title: \"{title}\"\n    refs: [{refs}]\n    setup: {{position: startpos}}\n    expect:\n      - status: normal\n"
            )
        };
        let text = [
            "cases:\n".to_owned(),
            case("0000000a", "first", "fesa2017:3.1", "x"),
            case("0000000a", "second", "fesa2017:3.1", "x"),
            case("0000000b", "untestable", "fesa2017:8.5", "x"),
            case("0000000c", "unknown", "fesa2017:99.9", "x"),
            case("0000000d", "elsewhere", "rfg:5.2, fesa2017:3.1", "x"),
            case("NotHex", "malformed", "fesa2017:3.1", "x"),
            case("0000000e", "wordless", "fesa2017:3.1", " "),
        ]
        .concat();
        let file = dir.join("moves/cases.yaml");
        std::fs::write(&file, text).unwrap();
        vec![
            (
                "0000000a",
                Finding::DuplicateId {
                    first: format!("{}:2", file.display()),
                },
            ),
            (
                "0000000b",
                article("fesa2017:8.5", ArticleStatus::Untestable),
            ),
            (
                "0000000c",
                article(
                    "fesa2017:99.9",
                    ArticleStatus::NotInRegistry {
                        file: "spec/data/fesa2017.yaml".into(),
                    },
                ),
            ),
            (
                "NotHex",
                Finding::MalformedId {
                    id: "NotHex".into(),
                    rule: "eight lowercase hex digits",
                },
            ),
            ("0000000e", Finding::EmptyText { field: "title" }),
        ]
    }
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn lint_words_the_shared_findings_alike(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("lint-{game}"));
    let corpus = dir.join("corpus");
    let expected = corpus_with_shared_findings(game, &corpus);
    let mut cmd = Command::new(&t.bin);
    cmd.arg("lint");
    if game == "shogi" {
        cmd.args(["--min-cases", "0"]);
    }
    let out = cmd.arg("--corpus").arg(&corpus).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(status(&out), 1, "{game}: {text}");
    for (id, finding) in &expected {
        let line = format!(": case {id}: {finding}");
        assert!(
            text.lines().any(|l| l.ends_with(&line)),
            "{game}: no line ending `{line}` in:\n{text}"
        );
    }
    // An article of a rulebook the game does not know: the same words, the known list aside.
    let foreign = if game == "go" {
        "article `fesa2017:3.1`: unknown rulebook `fesa2017` (known: "
    } else {
        "article `rfg:5.2`: unknown rulebook `rfg` (known: "
    };
    assert!(text.contains(foreign), "{game}: {text}");
    // The last line, in one shape.
    let last = text.lines().last().unwrap_or("");
    assert!(
        last.starts_with("lint: ")
            && last.contains(" case(s) in ")
            && last.ends_with(" problem(s)"),
        "{game}: {last}"
    );
}

/// Records for `judge`, each game's own: one whose written result the rules give, one whose
/// written result they contradict, one that cannot be read, a folder of agreeing records, and
/// a knob the profile has.
struct JudgeRecords {
    agree: PathBuf,
    disagree: PathBuf,
    unreadable: PathBuf,
    folder: PathBuf,
    knob: &'static str,
    /// How the game's article ids start (`fesa2017:`, `rfg:`).
    article: &'static str,
}

fn judge_records(t: &Tool, dir: &Path) -> JudgeRecords {
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    match t.game {
        "go" => {
            // The records with their hand-worked outcomes (go/records/*/outcomes.yaml): the
            // judge reads the dead stones from there, so they are used where they are.
            let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("../records");
            JudgeRecords {
                // Counted by hand W+11 (go/records/gnugo/outcomes.yaml), as RE says.
                agree: records.join("gnugo/9x9-1.sgf"),
                // RE B+0.5; territory plus prisoners give B+2.5 (outcomes.yaml: disagree).
                disagree: records.join("hayago/hashimoto-ohira-1970.sgf"),
                unreadable: write("broken.sgf", "(;GM[1]SZ[9];B[aa"),
                folder: records.join("gnugo"),
                knob: "komi=7.5",
                article: "rfg:",
            }
        }
        _ => {
            let folder = dir.join("agreeing");
            std::fs::create_dir_all(&folder).unwrap();
            // Sente plays, gote resigns (%TORYO): sente wins by resignation (FESA 5.1b).
            std::fs::write(folder.join("a.csa"), "PI\n+\n+7776FU\n%TORYO\n").unwrap();
            // Sente resigns before its first move: gote wins by resignation (FESA 5.1b).
            std::fs::write(folder.join("b.csa"), "PI\n+\n%TORYO\n").unwrap();
            JudgeRecords {
                agree: folder.join("a.csa"),
                // %TSUMI after 7g7f: gote is not mated (it has legal moves, FESA 1.2), so the
                // game goes on and the written checkmate differs.
                disagree: write("not-mate.csa", "PI\n+\n+7776FU\n%TSUMI\n"),
                unreadable: write("broken.csa", "garbage here\n"),
                folder,
                knob: "impasse=points_27",
                article: "fesa2017:",
            }
        }
    }
}

fn judge(t: &Tool, args: &[&str]) -> Output {
    command(t, "judge", args)
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn judge_takes_the_same_flags_and_exits_alike(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("judge-{game}"));
    let r = judge_records(&t, &dir);
    let path = |p: &Path| p.to_str().unwrap().to_owned();
    let (agree, disagree) = (path(&r.agree), path(&r.disagree));
    // Exit statuses: 0 agree, 1 a disagreement, 2 unreadable, a bad flag or knob.
    exits(&judge(&t, &[&agree]), 0, game);
    exits(&judge(&t, &[&disagree]), 1, game);
    exits(&judge(&t, &[&path(&r.unreadable)]), 2, game);
    exits(&judge(&t, &[&agree, "--profile", "no-such"]), 2, game);
    let bad_knob = judge(&t, &[&agree, "--set", "no_such_knob=1"]);
    exits(&bad_knob, 2, game);
    assert!(
        String::from_utf8_lossy(&bad_knob.stderr).contains("no_such_knob"),
        "{game}: the message names the knob"
    );
    exits(&judge(&t, &[&agree, "--set", r.knob]), 0, game);
    exits(&judge(&t, &[&path(&r.folder), "--jobs", "0"]), 2, game);
    // --jobs changes nothing but the speed.
    let one = judge(&t, &[&path(&r.folder), "--jobs", "1"]);
    let two = judge(&t, &[&path(&r.folder), "--jobs", "2"]);
    exits(&one, 0, game);
    assert_eq!(text(&one), text(&two), "{game}: --jobs 1 and 2");
    // --explain adds the articles, each with its title, under the verdict.
    let plain = text(&judge(&t, &[&agree]));
    let explained = text(&judge(&t, &[&agree, "--explain"]));
    assert!(
        explained.starts_with(plain.lines().next().unwrap()),
        "{game}: {explained}"
    );
    assert!(
        explained
            .lines()
            .skip(1)
            .any(|l| l.trim_start().starts_with(r.article) && l.contains(": ")),
        "{game}: {explained}"
    );
    // --output writes what standard output would have shown, and nothing is printed.
    let out = dir.join("judge.txt");
    let o = judge(&t, &[&disagree, "--output", out.to_str().unwrap()]);
    exits(&o, 1, game);
    assert!(o.stdout.is_empty(), "{game}: {}", text(&o));
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        text(&judge(&t, &[&disagree])),
        "{game}"
    );
}

#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn judge_writes_every_format(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("judge-formats-{game}"));
    let r = judge_records(&t, &dir);
    let record = r.disagree.to_str().unwrap();
    let format = |f: &str| {
        let o = judge(&t, &[record, "--format", f]);
        exits(&o, 1, game);
        text(&o)
    };
    let v: Value = serde_json::from_str(&format("json")).unwrap();
    assert!(v.is_object(), "{game}: {v}");
    let xml = format("junit");
    let bin = t.bin.file_name().unwrap().to_str().unwrap();
    assert!(
        xml.starts_with("<?xml")
            && xml.contains(&format!(
                "<testsuites name=\"{bin} judge\" tests=\"1\" failures=\"1\""
            ))
            && xml.matches("<failure ").count() == 1
            && xml.trim_end().ends_with("</testsuites>"),
        "{game}: {xml}"
    );
    let md = format("markdown");
    assert!(md.starts_with("## judge: `"), "{game}: {md}");
    let header = md.lines().find(|l| l.starts_with("| ")).unwrap();
    let row = md.lines().filter(|l| l.starts_with("| ")).nth(1).unwrap();
    assert_eq!(
        header.matches(" | ").count(),
        row.matches(" | ").count(),
        "{game}: {md}"
    );
    assert!(header.contains(" agreement |"), "{game}: {md}");
    let html = format("html");
    assert!(
        html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"),
        "{game}: {html}"
    );
    assert!(format("text").lines().count() >= 1);
}

/// `serve` listens on the loopback only: another address without `--allow-remote` is refused
/// before anything is bound (exit 2, the flag named); with it the server starts, saying so
/// loudly on standard error. Both binaries, one wording.
#[rstest]
#[case::go("go")]
#[case::shogi("shogi")]
fn serve_refuses_another_machines_address_without_the_flag(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("serve-{game}"));
    let d = dir.to_str().unwrap();
    let refused = command(&t, "serve", &["--listen", "0.0.0.0", "--port", "0", d]);
    exits(&refused, 2, game);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("--listen 0.0.0.0:0: not a loopback address")
            && err.contains("--allow-remote"),
        "{game}: {err}"
    );
    assert!(refused.stdout.is_empty(), "{game}: an address was printed");
    // With the flag: a warning, the address on standard output; then it is stopped.
    let served = conformance_probe::browser::Served::start_any(
        {
            let mut c = Command::new(&t.bin);
            c.args([
                "serve",
                "--listen",
                "0.0.0.0",
                "--allow-remote",
                "--port",
                "0",
                d,
            ]);
            c
        },
        Duration::from_secs(120),
    );
    assert!(
        served.url.starts_with("http://0.0.0.0:"),
        "{game}: {}",
        served.url
    );
    let warning = served.stop_and_stderr();
    assert!(
        warning.contains("WARNING: serving on 0.0.0.0:"),
        "{game}: {warning}"
    );
}

/// `diff` over records: the same flags, the same report (JSON lines against the one published
/// impact schema, the summary last) and the same exit statuses — 0 when changes are found,
/// 1 with `--fail-on-change`, 2 for a usage error — in both tools. Each side compares its
/// game's rulebook with the repetition rule changed, on real records of its own game where the
/// change is known to matter (shogi: 3 games of `records/real/shogihome`; Go: 4 records of
/// `go/records/gnugo`; see each tool's `diff_records` test for the reasoning).
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn diff_takes_the_same_flags_and_writes_one_report(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (profile, set, records, changed) = match t.game {
        "go" => (
            "rfg",
            "repetition=simple_ko",
            root.join("../records/gnugo"),
            4,
        ),
        _ => (
            "fesa-2017",
            "repetition_start=not_counted",
            root.join("../../records/real/shogihome"),
            3,
        ),
    };
    let records = records.to_str().expect("a UTF-8 path").to_owned();
    let diff = |extra: &[&str]| {
        let mut args = vec!["--profile", profile, "--set", set, records.as_str()];
        args.extend_from_slice(extra);
        command(&t, "diff", &args)
    };
    let out = diff(&["--format", "json", "--jobs", "2"]);
    exits(&out, 0, game);
    let lines: Vec<Value> = text(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    for l in &lines {
        assert_eq!(
            conformance_core::report::impact::validate(l),
            Ok(()),
            "{game}: {l}"
        );
    }
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["type"], "summary", "{game}");
    assert_eq!(summary["changed"], changed, "{game}");
    exits(&diff(&["--fail-on-change"]), 1, game);
    exits(&diff(&["--jobs", "0"]), 2, game);
    let page = text(&diff(&["--format", "html"]));
    assert_eq!(
        page.matches("<section class=\"case change\"").count(),
        changed,
        "{game}"
    );
}

/// The grammar table of docs/command-line.md ("Both tools, one grammar"), read back: each row's
/// command and flags.
fn grammar_table() -> Vec<(String, Vec<String>)> {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/command-line.md"),
    )
    .unwrap();
    let section = doc
        .split("## Both tools, one grammar")
        .nth(1)
        .expect("the section")
        .split("\n## ")
        .next()
        .unwrap();
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let flags = cells[1]
                .split_whitespace()
                .map(|f| f.trim_matches('`').to_owned())
                .collect();
            (cells[0].trim_matches('`').to_owned(), flags)
        })
        .collect()
}

/// Both binaries take every command and flag of the table (issue 46: one grammar), and refuse
/// an unknown report format in one wording on every command that writes reports.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn both_binaries_speak_the_grammar_of_the_table(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let table = grammar_table();
    let commands: Vec<&str> = table.iter().map(|(c, _)| c.as_str()).collect();
    for must in ["run", "judge", "explain", "profiles", "diff"] {
        assert!(commands.contains(&must), "the table lists `{must}`");
    }
    for (cmd, flags) in &table {
        let help = command(&t, cmd, &["--help"]);
        exits(&help, 0, game);
        let text = String::from_utf8_lossy(&help.stdout);
        for flag in flags {
            assert!(
                text.contains(&format!("{flag} ")) || text.contains(&format!("{flag}\n")),
                "{game}: `{cmd}` has no `{flag}`:\n{text}"
            );
        }
    }
    // `profiles` lists each profile with every knob's value and source.
    let profiles = command(&t, "profiles", &[]);
    exits(&profiles, 0, game);
    assert!(text(&profiles).contains(" = "), "{game}");
    // One list of report formats, one refusal.
    for (cmd, args) in [("run", vec![]), ("diff", vec![]), ("judge", vec!["x"])] {
        let mut all = args.clone();
        all.extend(["--format", "pdf"]);
        let o = command(&t, cmd, &all);
        exits(&o, 2, game);
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("unknown report format `pdf`"),
            "{game} {cmd}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
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

/// `merge` puts the shards of one run back together in both tools: the merged report has the
/// cases of the whole run, once each, and refuses a piece given twice.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn merge_puts_the_shards_of_one_run_together(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("merge-{game}"));
    let whole = dir.join("whole.json");
    exits(
        &run(
            &t,
            &[
                "--filter",
                t.some,
                "--format",
                "json",
                "--output",
                whole.to_str().unwrap(),
            ],
        ),
        0,
        game,
    );
    let mut pieces = Vec::new();
    for i in 1..=2 {
        let piece = dir.join(format!("shard-{i}.json"));
        let shard = format!("{i}/2");
        let o = run(
            &t,
            &[
                "--filter",
                t.some,
                "--shard",
                &shard,
                "--format",
                "json",
                "--output",
                piece.to_str().unwrap(),
            ],
        );
        // A shard may be left with no case of the filter: that is a refused run, not a piece.
        if status(&o) == 0 {
            pieces.push(piece);
        }
    }
    let merged = dir.join("merged.json");
    let mut args: Vec<&str> = pieces.iter().map(|p| p.to_str().unwrap()).collect();
    args.extend(["--output", merged.to_str().unwrap()]);
    exits(&command(&t, "merge", &args), 0, game);
    let mut a = ids(&json(&whole));
    let mut b = ids(&json(&merged));
    a.sort();
    b.sort();
    assert_eq!(a, b, "{game}: the merged shards are the whole run");
    let twice = [pieces[0].to_str().unwrap(), pieces[0].to_str().unwrap()];
    exits(&command(&t, "merge", &twice), 2, game);
}

/// `matrix` puts the reports of two implementations side by side in both tools: a row per
/// implementation, the articles with their titles, and the case that did not pass everywhere
/// under its article, with what the failing report says of it.
#[rstest]
#[case::shogi("shogi")]
#[case::go("go")]
fn matrix_puts_implementations_side_by_side(#[case] game: &str) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("matrix-{game}"));
    let oracle = dir.join("oracle.json");
    let args = ["--filter", t.some, "--format", "json", "--output"];
    let mut with_output: Vec<&str> = args.to_vec();
    with_output.push(oracle.to_str().unwrap());
    exits(&run(&t, &with_output), 0, game);
    // A second implementation's report: the same run with one case failed, as a report handed
    // to the tool is plain JSON.
    let mut other = json(&oracle);
    other["header"]["implementation"] = "edited".into();
    let case = &mut other["cases"][0];
    let failed_id = case["id"].as_str().unwrap().to_owned();
    case["outcome"] = "fail".into();
    case["expectations"] = serde_json::json!([
        {"kind": "edited", "outcome": "fail", "expected": "what the rules say", "actual": "something else"}
    ]);
    let edited = dir.join("edited.json");
    std::fs::write(&edited, other.to_string()).unwrap();
    let page = dir.join("matrix.html");
    let o = command(
        &t,
        "matrix",
        &[
            oracle.to_str().unwrap(),
            edited.to_str().unwrap(),
            "--output",
            page.to_str().unwrap(),
        ],
    );
    exits(&o, 0, game);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("<tr data-implementation=\"edited\">")
            && html.contains("<th>edited</th>")
            && html.contains("implementations side by side"),
        "{game}: {html}"
    );
    // The failing case under its article, the article with its title from the registry.
    let at = html
        .find(&format!("data-case=\"{failed_id}\""))
        .unwrap_or_else(|| panic!("{game}: {failed_id} listed: {html}"));
    let section = &html[..at];
    let heading = &section[section.rfind("<h3").unwrap()..];
    let title = heading.split("</h3>").next().unwrap();
    assert!(
        title.split_whitespace().count() > 2,
        "{game}: the article has a title: {title}"
    );
    assert!(
        html.contains("edited: expected what the rules say; got something else"),
        "{game}: {html}"
    );
    // Only that case did not pass everywhere.
    assert_eq!(html.matches("<article class=\"case\"").count(), 1, "{game}");
    // A file that is no report is refused, naming it.
    let o = command(&t, "matrix", &[page.to_str().unwrap()]);
    exits(&o, 2, game);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("matrix.html"),
        "{game}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}
