//! What more than one module of the Go suite's test binary (`tests/it/`) needs.

/// Whether `python3` runs here and imports every module of `modules` (none: whether it runs at
/// all), installing `pip_packages` with pip first when an import fails: the workspace's one
/// probe ([`conformance_probe::Python`]), with the Go suite's variable. Without them the test
/// skips with a note — unless `SHOGI_REQUIRE_PYTHON` is set (`.ci/run` sets it), where it fails.
pub fn python_with(modules: &[&str], pip_packages: &[&str]) -> bool {
    conformance_probe::Python::new(modules, "SHOGI_REQUIRE_PYTHON")
        .installing(pip_packages)
        .available()
}

/// Where GNU Go is, as Debian's `gnugo` installs it (and `.ci/run` has it installed).
pub const GNUGO: &str = "/usr/games/gnugo";

/// Whether GNU Go is installed at [`GNUGO`]. Without it the test skips with a note, unless
/// `SHOGI_REQUIRE_GNUGO` is set (to anything, like `SHOGI_REQUIRE_PYTHON`; `.ci/run` sets it),
/// where it fails.
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

/// One case's result, as the corpus tests read it.
#[derive(Debug)]
pub struct Ran {
    /// The case's id.
    pub id: String,
    /// What came of it.
    pub status: go_conformance::run::Checked,
}

/// The cases' results, case by case (the run loop itself is the core's `Runner`, tested with
/// it; these tests look at what each case answers).
pub struct Results {
    /// One result per case, in the order given.
    pub cases: Vec<Ran>,
}

/// Asks every case of `cases` of `subject`.
pub fn run(
    cases: &[go_conformance::case::LoadedCase],
    mut subject: go_conformance::run::Subject<'_>,
) -> Results {
    Results {
        cases: cases
            .iter()
            .map(|lc| Ran {
                id: lc.case.id.clone(),
                status: go_conformance::run::run_case(&lc.case, &mut subject),
            })
            .collect(),
    }
}
