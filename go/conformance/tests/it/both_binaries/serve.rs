//! `serve` in both tools: the loopback only, unless told otherwise.

use super::*;

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

/// A `POST` declaring 99,999,999,999 bytes aborted both servers (tiny_http allocated the declared
/// size); now it is answered 413 three times with the server still serving, and a `POST` from
/// another site is refused with 403 while the page's own reaches the judge.
#[rstest]
#[case::go("go", "upload.sgf")]
#[case::shogi("shogi", "upload.kif")]
fn serve_survives_a_huge_declared_body_and_refuses_cross_site_posts(
    #[case] game: &str,
    #[case] record: &str,
) {
    let Some(t) = tool(game) else { return };
    let dir = scratch(&format!("serve-stays-{game}"));
    let served = conformance_probe::browser::Served::start(
        {
            let mut c = Command::new(&t.bin);
            c.args(["serve", "--port", "0", dir.to_str().unwrap()]);
            c
        },
        Duration::from_secs(120),
    );
    conformance_probe::http::check_stays_up(&served.url, record);
}
