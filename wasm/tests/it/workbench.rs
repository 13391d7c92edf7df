#![allow(clippy::unwrap_used)] // a test may panic on what it did not expect
//! The workbench's two back-ends cannot drift: `serve` (the native binary, over HTTP) and the
//! WebAssembly `Workbench` (in node, `workbench.mjs`, given the same folder's files as a page
//! gives a dropped folder) are asked the same questions — `info`, `records`, `record`, `check`,
//! `judge` (served records, a file of several games, unreadable records, an upload, refused
//! rules and paths) and `impact` — and their answers compared byte for byte, status and body.
//!
//! Normalised: nothing. `serve` runs in the folder's parent on the folder's bare name
//! (`serve shogi` in `real-records/`), so its labels start with the name a dropped folder has.
//! Go's `impact` is compared on a part of `real-records/go` (copied with its `outcomes.yaml`,
//! so agreed outcomes count, and holding the four records simple ko changes), not on all 341
//! records: the whole archive judged twice by both back-ends would add minutes to CI for no
//! other code path; `records` and `judge` are compared on the whole folder.
//!
//! Skipped with a note, as [`super::same_json`], without the module, node or the native
//! binaries, unless `CONFORMANCE_REQUIRE_WASM=1`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use conformance_probe::browser::Served;
use conformance_probe::http::{exchange, host};
use serde_json::{Value, json};

use super::same_json::{Setup, output_of, root, setup};

/// One question, as `serve` is asked it (method, target, body) and as the module is (the
/// method's name and its JSON argument).
struct Question {
    what: String,
    method: &'static str,
    target: String,
    body: Vec<u8>,
    call: &'static str,
    arg: Option<Value>,
}

/// A query component percent-encoded (every byte but the unreserved ones).
fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The rules as a query (`profile` left out when none) and as the contract's choice.
fn rules(profile: Option<&str>, set: &[&str]) -> (String, Value) {
    let mut q: Vec<String> = profile
        .map(|p| format!("profile={}", enc(p)))
        .into_iter()
        .collect();
    q.extend(set.iter().map(|s| format!("set={}", enc(s))));
    let mut choice = json!({ "set": set });
    if let Some(p) = profile {
        choice["profile"] = json!(p);
    }
    (q.join("&"), choice)
}

fn info() -> Question {
    Question {
        what: "info".into(),
        method: "GET",
        target: "/api/info".into(),
        body: Vec::new(),
        call: "info",
        arg: None,
    }
}

fn records() -> Question {
    Question {
        what: "records".into(),
        target: "/api/records".into(),
        call: "records",
        ..info()
    }
}

fn record(path: &str) -> Question {
    Question {
        what: format!("record {path}"),
        target: format!("/api/record?root=0&path={}", enc(path)),
        call: "record",
        arg: Some(json!({ "root": 0, "path": path })),
        ..info()
    }
}

fn check(profile: Option<&str>, set: &[&str]) -> Question {
    let (q, choice) = rules(profile, set);
    Question {
        what: format!("check {q}"),
        target: format!("/api/check?{q}"),
        call: "check",
        arg: Some(choice),
        ..info()
    }
}

fn judge(path: &str, game: usize, profile: Option<&str>, set: &[&str]) -> Question {
    let (q, choice) = rules(profile, set);
    Question {
        what: format!("judge {path} game {game} {q}"),
        method: "POST",
        target: format!("/api/judge?root=0&path={}&game={game}&{q}", enc(path)),
        call: "judge",
        arg: Some(json!({ "record": { "root": 0, "path": path, "game": game }, "choice": choice })),
        ..info()
    }
}

fn upload(name: &str, bytes: Vec<u8>, set: &[&str]) -> Question {
    let (q, choice) = rules(None, set);
    Question {
        what: format!("judge upload {name} {q}"),
        method: "POST",
        target: format!("/api/judge?name={}&{q}", enc(name)),
        arg: Some(json!({ "record": { "name": name, "bytes": bytes }, "choice": choice })),
        body: bytes,
        call: "judge",
    }
}

fn impact(base: &str, profile: &str, set: &[&str]) -> Question {
    let (q, choice) = rules(Some(profile), set);
    Question {
        what: format!("impact base={base} {q}"),
        method: "POST",
        target: format!("/api/impact?base={}&{q}", enc(base)),
        call: "impact",
        arg: Some(json!({ "base": base, "choice": choice })),
        ..info()
    }
}

/// `serve`'s answers: `bin serve --port 0 NAME` run in `dir`, each question sent as it is.
fn served(
    s: &Setup,
    bin: &str,
    dir: &Path,
    name: &str,
    questions: &[Question],
) -> Vec<(u16, String)> {
    let mut command = Command::new(s.bins.join(bin));
    command
        .current_dir(dir)
        .args(["serve", "--port", "0", name]);
    let server = Served::start(command, Duration::from_secs(120));
    let answers = questions
        .iter()
        .map(|q| {
            let mut raw = format!(
                "{} {} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n\r\n",
                q.method,
                q.target,
                host(&server.url),
                q.body.len()
            )
            .into_bytes();
            raw.extend_from_slice(&q.body);
            exchange(&server.url, &raw)
        })
        .collect();
    drop(server);
    answers
}

/// The module's answers (`workbench.mjs`), with each impact's progress.
fn wasm(s: &Setup, game: &str, folder: &Path, questions: &[Question]) -> Vec<Value> {
    let asked: Vec<Value> = questions
        .iter()
        .map(|q| match &q.arg {
            Some(a) => json!({ "call": q.call, "arg": a.to_string() }),
            None => json!({ "call": q.call }),
        })
        .collect();
    let file =
        std::env::temp_dir().join(format!("wb-questions-{}-{game}.json", std::process::id()));
    std::fs::write(&file, serde_json::to_vec(&asked).unwrap()).unwrap();
    let mut command = Command::new("node");
    command
        .arg(root().join("wasm/tests/it/workbench.mjs"))
        .arg(&s.glue)
        .arg(game)
        .arg(folder)
        .stdin(Stdio::from(std::fs::File::open(&file).unwrap()));
    let out = output_of(command, &[0]);
    let _ = std::fs::remove_file(&file);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("workbench.mjs: {e}: {out}"))
}

/// Both back-ends asked; every answer the same, status and body. Returns the answers.
fn same_answers(
    s: &Setup,
    (bin, game): (&str, &str),
    folder: &Path,
    questions: &[Question],
) -> Vec<Value> {
    let parent = folder.parent().unwrap();
    let name = folder.file_name().unwrap().to_str().unwrap();
    let native = served(s, bin, parent, name, questions);
    let module = wasm(s, game, folder, questions);
    assert_eq!(module.len(), questions.len());
    for ((q, (status, body)), m) in questions.iter().zip(&native).zip(&module) {
        let (m_status, m_body) = (
            m["status"].as_u64().unwrap_or(0),
            m["body"].as_str().unwrap_or(""),
        );
        if (u64::from(*status), body.as_str()) != (m_status, m_body) {
            let at = body
                .bytes()
                .zip(m_body.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| body.len().min(m_body.len()));
            let near = |t: &str| {
                let b = t.as_bytes();
                let from = at.saturating_sub(80).min(b.len());
                String::from_utf8_lossy(&b[from..(from + 240).min(b.len())]).into_owned()
            };
            panic!(
                "{}: serve and the WebAssembly back-end differ (status {status} and {m_status}, at byte {at})\nserve: {}\nwasm:  {}",
                q.what,
                near(body),
                near(m_body)
            );
        }
    }
    module
}

fn body(answer: &Value) -> Value {
    serde_json::from_str(answer["body"].as_str().unwrap()).unwrap()
}

#[test]
fn shogi_serve_and_the_module_answer_alike() {
    let Some(s) = setup() else { return };
    let folder = root().join("real-records/shogi");
    let bridge5 = "shogihome/bridge-5-record.kifu";
    let not_counted = ["repetition_start=not_counted"];
    let questions = [
        info(),
        records(),
        record(bridge5),
        record("tsshogi/kif-standard.kif"),
        check(Some("fesa-2017"), &not_counted),
        check(None, &["repetition_start=sometimes"]),
        judge(bridge5, 0, None, &[]),
        judge(bridge5, 0, Some("fesa-2017"), &not_counted),
        judge("tsshogi/csa-multi-records.csa", 1, None, &[]),
        judge("tsshogi/csa-illegal_move.csa", 0, None, &[]),
        judge("kifu-for-js/ki2-fork.ki2", 0, None, &[]),
        judge("shogihome/bridge-29-record.jkf", 0, None, &[]),
        judge("shogi-kifu-converter/kif-empty.kifu", 0, None, &[]),
        judge("nothing-here.kif", 0, None, &[]),
        judge("../go/gnugo/reading41.sgf", 0, None, &[]),
        judge(bridge5, 0, None, &["repetition_start=sometimes"]),
        upload(
            "bridge-5-record.kifu",
            std::fs::read(folder.join(bridge5)).unwrap(),
            &not_counted,
        ),
        impact("fesa-2017", "fesa-2017", &not_counted),
    ];
    let answers = same_answers(&s, ("shogi-conformance", "shogi"), &folder, &questions);
    // What both say, checked so that two back-ends wrong alike fail too.
    let listing = body(&answers[1]);
    assert!(listing["files"].as_u64().unwrap() > 100, "{listing}");
    assert!(
        listing["games"].as_u64() > listing["files"].as_u64(),
        "a file of several games"
    );
    assert_eq!(answers[5]["status"], 400);
    assert_ne!(body(&answers[6])["result"], body(&answers[7])["result"]);
    assert_eq!(
        (
            answers[13]["status"].as_u64(),
            answers[14]["status"].as_u64()
        ),
        (Some(404), Some(403))
    );
    assert_eq!(body(&answers[16])["result"], body(&answers[7])["result"]);
    let table = &answers[17];
    let text = table["body"].as_str().unwrap();
    for game in ["bridge-5", "bridge-6", "bridge-7"] {
        assert!(text.contains(game), "{game} does not change");
    }
    let t = body(table);
    let compared = t["judged"].as_u64().unwrap() + t["unreadable"].as_u64().unwrap();
    let games = listing["games"].as_u64().unwrap();
    assert_eq!(compared, games);
    assert_eq!(
        table["progress"],
        json!([games, games, games]),
        "progress after every record"
    );
}

/// A part of `real-records/go` as its own folder `go`: the records simple ko changes among
/// others, the two `outcomes.yaml` files and what they name.
fn go_part() -> PathBuf {
    let from = root().join("real-records/go");
    let to = std::env::temp_dir().join(format!("wb-go-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&to);
    let files = std::fs::read_dir(from.join("gnugo/olympiad2006/9x9"))
        .unwrap()
        .map(|e| e.unwrap().path().strip_prefix(&from).unwrap().to_path_buf())
        .chain(
            [
                "gnugo/outcomes.yaml",
                "gnugo/reading41.sgf",
                "gnugo/filllib10.sgf",
                "gnugo/gifu2006/gnugo-gorimu.sgf",
                "gnugo/nngs/gnugo-3.1.22-heeroy-200201252006.sgf",
                "gnugo/9x9-1.sgf",
                "hayago/outcomes.yaml",
                "hayago/hashimoto-ohira-1970.sgf",
            ]
            .map(PathBuf::from),
        );
    for rel in files {
        let target = to.join("go").join(&rel);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(from.join(&rel), target).unwrap();
    }
    to.join("go")
}

#[test]
fn go_serve_and_the_module_answer_alike() {
    let Some(s) = setup() else { return };
    let simple_ko = ["repetition=simple_ko"];
    let questions = [
        info(),
        records(),
        record("gnugo/reading41.sgf"),
        check(Some("rfg"), &simple_ko),
        check(None, &["komi=abc"]),
        judge("gnugo/reading41.sgf", 0, None, &[]),
        judge("gnugo/reading41.sgf", 0, Some("rfg"), &simple_ko),
        judge("hayago/hashimoto-ohira-1970.sgf", 0, None, &[]),
        judge("gnugo/9x9-1.sgf", 0, None, &[]),
        judge("gnugo/nothing.sgf", 0, None, &[]),
    ];
    let answers = same_answers(
        &s,
        ("go-conformance", "go"),
        &root().join("real-records/go"),
        &questions,
    );
    assert!(body(&answers[1])["files"].as_u64().unwrap() > 300);
    assert_eq!(answers[4]["status"], 400);
    assert_ne!(body(&answers[5])["result"], body(&answers[6])["result"]);
    assert_eq!(answers[9]["status"], 404);

    let part = go_part();
    let questions = [records(), impact("rfg", "rfg", &simple_ko)];
    let answers = same_answers(&s, ("go-conformance", "go"), &part, &questions);
    let t = body(&answers[1]);
    assert_eq!(t["changed"], 4, "the four records simple ko changes: {t}");
    let _ = std::fs::remove_dir_all(part.parent().unwrap());
}
