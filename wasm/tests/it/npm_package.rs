//! The npm package (`npm/`): the tarball `npm pack` makes installs offline into an empty folder
//! and judges a real record there; its in-process `certify` gives shogiops the report the
//! node adapter route gives it; and in headless Chromium it loads its module and answers
//! (`npm/test/browser.mjs`; the system's Chromium and `browser/node_modules`).
//!
//! The package is assembled first (`node npm/scripts/assemble.mjs`: the module of
//! `target/wasm/web/`, which `wasm/build.sh` writes). Without the module, node or npm — and,
//! for the comparison, the native binary (`CONFORMANCE_NATIVE_BIN_DIR`, default
//! `target/release`) and `examples/js/node_modules` (`npm ci` there) — each test says why on
//! standard error and passes, unless `CONFORMANCE_REQUIRE_WASM=1` (CI).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from(".."), Path::to_path_buf)
}

/// Whether `program --version` runs.
fn runs(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok()
}

/// The first missing piece among `pieces` (a description, and whether it is there); `None`
/// when all are there. A missing piece panics under `CONFORMANCE_REQUIRE_WASM=1`.
fn missing(pieces: &[(String, bool)]) -> Option<String> {
    let (what, _) = pieces.iter().find(|(_, there)| !there)?;
    if std::env::var("CONFORMANCE_REQUIRE_WASM").as_deref() == Ok("1") {
        panic!("CONFORMANCE_REQUIRE_WASM=1 and {what} is missing");
    }
    eprintln!("skipped: the npm package's test needs {what}");
    Some(what.clone())
}

/// What every test here needs: the module built, node and npm.
fn package_pieces() -> Vec<(String, bool)> {
    let module = root().join("target/wasm/web/conformance_wasm_bg.wasm");
    vec![
        (
            format!("{} (run wasm/build.sh)", module.display()),
            module.is_file(),
        ),
        ("node".to_owned(), runs("node")),
        ("npm".to_owned(), runs("npm")),
    ]
}

/// Assembles the package once per test process (the tests run in threads).
fn assemble() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        let mut command = Command::new("node");
        command
            .current_dir(root())
            .arg(root().join("npm/scripts/assemble.mjs"));
        output_of(command);
    });
}

/// The standard output of `command`, which must succeed.
fn output_of(mut command: Command) -> String {
    let shown = format!("{command:?}");
    let out = command.output().unwrap_or_else(|e| panic!("{shown}: {e}"));
    assert!(
        out.status.success(),
        "{shown}: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{shown}: not UTF-8: {e}"))
}

/// A fresh empty folder under the temporary folder.
fn empty_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

#[test]
fn the_packed_tarball_installs_offline_and_judges_bridge_5_a_repetition_draw() {
    if missing(&package_pieces()).is_some() {
        return;
    }
    assemble();
    let packed = empty_folder("npm-pack");
    let mut pack = Command::new("npm");
    pack.current_dir(root().join("npm"))
        .args(["pack", "--silent", "--pack-destination"])
        .arg(&packed);
    let tarball = packed.join(output_of(pack).trim());
    assert!(tarball.is_file(), "npm pack wrote no {}", tarball.display());

    let fresh = empty_folder("npm-offline-install");
    let mut install = Command::new("npm");
    install
        .current_dir(&fresh)
        .args(["install", "--offline", "--no-audit", "--no-fund"])
        .arg(&tarball);
    output_of(install);

    // MANIFEST.tsv: bridge-5 repeats the start position four times without a check, a draw by
    // repetition (FESA 5.2).
    let record = root().join("real-records/shogi/shogihome/bridge-5-record.kifu");
    let script = format!(
        "import {{ judge }} from 'shogi-conformance';\n\
         import {{ readFileSync }} from 'node:fs';\n\
         const r = judge(readFileSync({:?}), {{ name: 'bridge-5-record.kifu' }});\n\
         console.log(JSON.stringify(r));",
        record.display().to_string()
    );
    let mut node = Command::new("node");
    node.current_dir(&fresh)
        .args(["--input-type=module", "-e", &script]);
    let printed = output_of(node);
    let _ = std::fs::remove_dir_all(&fresh);
    let _ = std::fs::remove_dir_all(&packed);
    assert!(printed.contains("\"result\":\"draw\""), "{printed}");
    assert!(printed.contains("repetition"), "{printed}");
    assert!(printed.contains("fesa2017:5.2"), "{printed}");
}

/// The report with what must differ between the two routes made equal, and nothing else:
/// the implementation's name (`adapter:NAME VERSION` and `javascript:NAME VERSION`, wherever
/// it appears: the header and the default skip reasons that quote it), every `duration_ms`,
/// and the reason of a skip for a method the object lacks, which each route words for itself
/// (the adapter names its hello's query list, in-process the object's methods).
fn normalised(mut report: Value, name: &str) -> Value {
    fn walk(v: &mut Value, name: &str) {
        match v {
            Value::String(s) => {
                for route in ["adapter:", "javascript:"] {
                    *s = s.replace(&format!("{route}{name}"), "IMPLEMENTATION");
                }
                let lacks = s.starts_with("the adapter does not answer `")
                    || (s.starts_with("IMPLEMENTATION has no method `"));
                if lacks {
                    *s = "a method the object lacks".to_owned();
                }
            }
            Value::Array(a) => a.iter_mut().for_each(|x| walk(x, name)),
            Value::Object(o) => {
                for (k, x) in o.iter_mut() {
                    if k == "duration_ms" {
                        *x = Value::from(0);
                    } else {
                        walk(x, name);
                    }
                }
            }
            _ => {}
        }
    }
    walk(&mut report, name);
    report
}

#[test]
fn in_process_certify_gives_shogiops_the_adapter_routes_report() {
    let bins = std::env::var_os("CONFORMANCE_NATIVE_BIN_DIR")
        .map_or_else(|| root().join("target/release"), PathBuf::from);
    let bin = bins.join("shogi-conformance");
    let mut pieces = package_pieces();
    pieces.push((
        format!("{} (cargo build --release)", bin.display()),
        bin.is_file(),
    ));
    let library = root().join("examples/js/node_modules/shogiops");
    pieces.push((
        "examples/js/node_modules (npm ci there)".to_owned(),
        library.is_dir(),
    ));
    if missing(&pieces).is_some() {
        return;
    }
    assemble();
    // Outside the checkout, the command line reads the corpus built in, as the module does.
    let adapter = format!(
        "adapter:node {}",
        root().join("examples/js/adapter.mjs shogiops").display()
    );
    let mut native = Command::new(&bin);
    native.current_dir(std::env::temp_dir()).args([
        "run",
        "--impl",
        &adapter,
        "--timeout",
        "600",
        "--format",
        "json",
    ]);
    let by_adapter: Value = serde_json::from_str(&output_of(native)).unwrap_or_default();

    let mut node = Command::new("node");
    node.current_dir(root())
        .arg(root().join("wasm/tests/it/certify_js.mjs"))
        .arg("shogiops");
    let in_process: Value = serde_json::from_str(&output_of(node)).unwrap_or_default();

    assert_eq!(conformance_core::report::validate(&in_process), Ok(()));
    let version = in_process["header"]["implementation"]
        .as_str()
        .and_then(|n| n.strip_prefix("javascript:"))
        .unwrap_or_default()
        .to_owned();
    assert!(version.starts_with("shogiops "), "{version}");
    let (a, b) = (
        normalised(by_adapter, &version),
        normalised(in_process, &version),
    );
    if a != b {
        let cases = |v: &Value| v["cases"].as_array().cloned().unwrap_or_default();
        let first = cases(&a).into_iter().zip(cases(&b)).find(|(x, y)| x != y);
        panic!(
            "the routes differ; headers {} / {}; first differing case (adapter, in-process):\n{}",
            a["header"],
            b["header"],
            serde_json::to_string_pretty(&first).unwrap_or_default()
        );
    }
}

#[test]
fn in_chromium_the_package_loads_its_module_and_answers() {
    let mut pieces = package_pieces();
    let chromium = std::env::var_os("CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    pieces.push((
        format!("{} (Chromium)", chromium.display()),
        chromium.is_file(),
    ));
    let playwright = root().join("browser/node_modules/playwright-core");
    pieces.push((
        "browser/node_modules (npm ci there)".to_owned(),
        playwright.is_dir(),
    ));
    if missing(&pieces).is_some() {
        return;
    }
    assemble();
    let record = root().join("real-records/shogi/shogihome/bridge-5-record.kifu");
    let mut node = Command::new("node");
    node.current_dir(root())
        .arg(root().join("npm/test/browser.mjs"))
        .arg(&record);
    let printed = output_of(node);
    let v: Value = serde_json::from_str(&printed).unwrap_or_default();
    let seen = &v["seen"];
    assert_eq!(v["problems"], serde_json::json!([]), "{printed}");
    // Shogi Programming wiki, "Perft": 900 at depth 2; FESA 2.3's position has 30 moves.
    assert_eq!(seen["perft2"], 900, "{printed}");
    assert_eq!(seen["moves"], 30, "{printed}");
    // MANIFEST.tsv: a draw by repetition (FESA 5.2).
    assert_eq!(seen["verdict"]["result"], "draw", "{printed}");
    assert_eq!(
        seen["verdict"]["reason"]["article"], "fesa2017:5.2",
        "{printed}"
    );
    assert!(
        seen["certified"]["passed"].as_u64().unwrap_or(0) > 0,
        "{printed}"
    );
    assert_eq!(seen["certified"]["failed"], 0, "{printed}");
    assert_eq!(seen["badSfen"]["isError"], true, "{printed}");
}
