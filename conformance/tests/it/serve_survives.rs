//! `shogi-conformance serve` cannot be brought down by a request: a `POST` declaring
//! 99,999,999,999 bytes (which aborted it under tiny_http) answered 413 three times with the
//! page still served after each, and a `POST` from another site refused with 403 while the
//! page's own reaches the judge (`conformance_probe::http::check_stays_up`, which Go's
//! `both_binaries::serve` runs on both tools).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use conformance_probe::browser::Served;

#[test]
fn serve_survives_a_huge_declared_body_and_refuses_cross_site_posts() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shogi-conformance"));
    cmd.args(["serve", "--port", "0", "real-records/shogi/tsshogi"])
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
    let served = Served::start(cmd, Duration::from_secs(120));
    conformance_probe::http::check_stays_up(&served.url, "upload.kif");
}
