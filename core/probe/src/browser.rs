//! For the workbench's real-browser tests: whether headless Chromium, node and the
//! `playwright-core` package (`browser/` at the workspace's root, installed by `npm ci`) are
//! here — a skip with a note, or a failure where the REQUIRE variable is set —, a served tool
//! started in its own process group and killed with it, and a driver script run against it.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::bounded::Bounded as _;

/// The workspace's `browser/` folder (the driver scripts and their `node_modules`).
pub fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../browser")
}

/// The Chromium to drive: `$CHROMIUM`, else `/usr/bin/chromium`.
pub fn chromium_path() -> PathBuf {
    std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from)
}

/// Whether Chromium, node and playwright-core are all here. Without one: `false` with a note on
/// standard error, or a panic when `require_var` is set (as CI sets it).
pub fn available(require_var: &str) -> bool {
    let node = Command::new("node")
        .arg("--version")
        .bounded_output()
        .is_ok_and(|o| o.status.success());
    let missing: Vec<String> = [
        (!chromium_path().is_file()).then(|| {
            format!(
                "Chromium ({}: apt-get install chromium)",
                chromium_path().display()
            )
        }),
        (!node).then(|| "node (apt-get install nodejs npm)".to_owned()),
        (!scripts_dir().join("node_modules/playwright-core").is_dir())
            .then(|| "playwright-core (npm ci in browser/)".to_owned()),
    ]
    .into_iter()
    .flatten()
    .collect();
    if missing.is_empty() {
        return true;
    }
    let why = format!("missing {}", missing.join(", "));
    assert!(
        std::env::var_os(require_var).is_none(),
        "{require_var} is set: {why}"
    );
    eprintln!("skipping the real-browser test: {why}");
    false
}

/// A tool serving the workbench, in a process group of its own; dropped, the group is killed.
pub struct Served {
    child: Child,
    /// The page's address, as the tool printed it.
    pub url: String,
    /// What the tool writes on standard error, when it is kept.
    stderr: Option<std::thread::JoinHandle<String>>,
    /// Whether the group was killed already (its id may be reused afterwards).
    stopped: bool,
}

impl Served {
    /// Starts `command` (its own process group, standard output read) and waits up to
    /// `within` for the loopback address it prints on its first line.
    ///
    /// # Panics
    /// When the tool does not start or prints no loopback address in time (a test's failure).
    pub fn start(command: Command, within: Duration) -> Served {
        let served = Served::spawn(command, within, false);
        assert!(
            served.url.starts_with("http://127.0.0.1:"),
            "the tool printed no loopback address in {within:?}: `{}`",
            served.url
        );
        served
    }

    /// As [`Served::start`], for any address, keeping standard error for
    /// [`Served::stop_and_stderr`].
    ///
    /// # Panics
    /// When the tool does not start or prints no address in time.
    pub fn start_any(command: Command, within: Duration) -> Served {
        let served = Served::spawn(command, within, true);
        assert!(
            served.url.starts_with("http://"),
            "the tool printed no address in {within:?}: `{}`",
            served.url
        );
        served
    }

    fn spawn(mut command: Command, within: Duration, keep_stderr: bool) -> Served {
        use std::io::Read as _;
        use std::os::unix::process::CommandExt as _;
        let mut child = command
            .process_group(0)
            .stdout(Stdio::piped())
            .stderr(if keep_stderr {
                Stdio::piped()
            } else {
                Stdio::inherit()
            })
            .spawn()
            .expect("the tool starts");
        let stdout = child.stdout.take().expect("standard output is piped");
        let stderr = child.stderr.take().map(|mut e| {
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = e.read_to_string(&mut text);
                text
            })
        });
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let url = rx
            .recv_timeout(within)
            .map(|l| l.trim().to_owned())
            .unwrap_or_default();
        Served {
            child,
            url,
            stderr,
            stopped: false,
        }
    }

    /// Stops the tool and returns what it wrote on standard error (empty unless kept).
    pub fn stop_and_stderr(mut self) -> String {
        self.kill();
        self.stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default()
    }

    fn kill(&mut self) {
        if std::mem::replace(&mut self.stopped, true) {
            return;
        }
        // Only this tool's own group: its id is the group's.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill")
            .args(["-TERM", "--", &group])
            .bounded_status();
        // A tool that ignores TERM is killed outright after a while: this runs in `drop`, where
        // a test must not hang nor panic a second time.
        let start = std::time::Instant::now();
        while matches!(self.child.try_wait(), Ok(None)) {
            if start.elapsed() > Duration::from_secs(30) {
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &group])
                    .bounded_status();
                let _ = self.child.wait();
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Runs `node SCRIPT URL SHOTS` from the scripts folder ([`drive`]) and returns what it
    /// printed (one JSON object), or panics with its standard error.
    pub fn drive(&self, script: &str, shots: &Path) -> String {
        std::fs::create_dir_all(shots).expect("the screenshots folder");
        drive(script, &[self.url.as_ref(), shots.as_os_str()])
    }
}

/// Runs `node SCRIPT ARGS…` from the scripts folder, the Chromium to drive in `CHROMIUM`, and
/// returns what it printed (one JSON object), or panics with its standard error.
pub fn drive(script: &str, args: &[&std::ffi::OsStr]) -> String {
    let out = Command::new("node")
        .arg(script)
        .args(args)
        .current_dir(scripts_dir())
        .env("CHROMIUM", chromium_path())
        .bounded_output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "{script} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Drop for Served {
    fn drop(&mut self) {
        self.kill();
    }
}

/// What both games' browser tests ask of the page's layout and its knob fields, from what
/// `browser/lib.mjs` measured (`geometry`, `badKnob`).
pub mod page {
    use serde_json::Value;

    /// The verdict, its first article and the board lie wholly inside the window at the size `width`×`height` the script set.
    ///
    /// # Panics
    /// When one of them is outside the window, missing, or the window is not that size.
    pub fn in_view(g: &Value, width: u64, height: u64) {
        assert_eq!(
            (g["width"].as_u64(), g["height"].as_u64()),
            (Some(width), Some(height)),
            "{g}"
        );
        for part in ["verdict", "article", "board"] {
            assert_eq!(
                g[part]["inside"], true,
                "{part} is not inside {width}×{height}: {g}"
            );
        }
    }

    /// A bad value in `knob`'s field: that field, and only it, marked, once, with the knob's
    /// `domain` in words and no command-line flag; no judgement or comparison sent after it.
    ///
    /// # Panics
    /// When the field is not marked, is marked more than once, or a request was sent.
    pub fn marked_once(bad: &Value, knob: &str, domain: &str) {
        assert_eq!(bad["state"], "refused", "{bad}");
        assert_eq!(bad["marked"], serde_json::json!([knob]), "{bad}");
        assert_eq!(bad["invalid"], "true", "{bad}");
        let words = bad["words"].as_str().unwrap_or_default();
        assert!(!domain.is_empty() && words.contains(domain), "{bad}");
        assert_eq!(bad["times"], 1, "the words shown more than once: {bad}");
        assert_eq!(bad["flagSyntax"], false, "{bad}");
        let sent: Vec<&str> = bad["sent"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        assert!(
            !sent
                .iter()
                .any(|p| *p == "/api/impact" || *p == "/api/judge"),
            "sent under a refused value: {sent:?}"
        );
        assert!(sent.contains(&"/api/check"), "{sent:?}");
    }
}
