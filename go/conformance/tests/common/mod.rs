//! What more than one of the Go suite's test binaries needs (each declares `mod common;`).

/// Whether `python3` runs here and imports every module of `modules` (none: whether it runs at
/// all), installing `pip_packages` with pip first when an import fails: the workspace's one
/// probe ([`conformance_probe::Python`]), with the Go suite's variable. Without them the test
/// skips with a note — unless `SHOGI_REQUIRE_PYTHON` is set (`.ci/run` sets it), where it fails.
#[allow(dead_code)] // not every test binary that declares `mod common;` runs python
pub fn python_with(modules: &[&str], pip_packages: &[&str]) -> bool {
    conformance_probe::Python::new(modules, "SHOGI_REQUIRE_PYTHON")
        .installing(pip_packages)
        .available()
}

/// Where GNU Go is, as Debian's `gnugo` installs it (and `.ci/run` has it installed).
#[allow(dead_code)] // not every test binary that declares `mod common;` runs GNU Go
pub const GNUGO: &str = "/usr/games/gnugo";

/// Whether GNU Go is installed at [`GNUGO`]. Without it the test skips with a note, unless
/// `SHOGI_REQUIRE_GNUGO` is set (to anything, like `SHOGI_REQUIRE_PYTHON`; `.ci/run` sets it),
/// where it fails.
#[allow(dead_code)] // not every test binary that declares `mod common;` runs GNU Go
pub fn gnugo_installed() -> bool {
    if std::path::Path::new(GNUGO).exists() {
        return true;
    }
    assert!(
        std::env::var_os("SHOGI_REQUIRE_GNUGO").is_none(),
        "SHOGI_REQUIRE_GNUGO is set but {GNUGO} is absent"
    );
    eprintln!("skipped: {GNUGO} is absent (Debian: apt install gnugo)");
    false
}
