//! What more than one of the Go suite's test binaries needs (each declares `mod common;`).

/// Whether `python3` runs here and imports every module of `modules` (none: whether it runs at
/// all), installing `pip_packages` with pip first when an import fails: the workspace's one
/// probe ([`conformance_probe::Python`]), with the Go suite's variable. Without them the test
/// skips with a note — unless `SHOGI_REQUIRE_PYTHON` is set (`.ci/run` sets it), where it fails.
pub fn python_with(modules: &[&str], pip_packages: &[&str]) -> bool {
    conformance_probe::Python::new(modules, "SHOGI_REQUIRE_PYTHON")
        .installing(pip_packages)
        .available()
}
