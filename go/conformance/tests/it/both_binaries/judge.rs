//! `judge` in both tools: the same flags, exit statuses and report formats.

use super::*;

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
            // The records with their hand-worked outcomes (real-records/go/*/outcomes.yaml): the
            // judge reads the dead stones from there, so they are used where they are.
            let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../real-records/go");
            JudgeRecords {
                // Counted by hand W+11 (real-records/go/gnugo/outcomes.yaml), as RE says.
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
