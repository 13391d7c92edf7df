//! The Go corpus as data: every case file of `go/corpus/cases/` embedded when this crate is
//! built, so that `cargo install go-conformance` — built from packaged crates, without the
//! repository beside it — still carries its cases. `go-conformance` reads them from here unless
//! it is given a folder (`--corpus DIR`).
//!
//! The files are listed by hand (a dozen, flat): a test checks the list against the folder, so a
//! new case file cannot be left out.

/// One case file: its name in `cases/` and its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct File {
    /// The file name (e.g. `generated-ko.yaml`).
    pub name: &'static str,
    /// The YAML text, as it was when this crate was built.
    pub text: &'static str,
}

const fn file(name: &'static str, text: &'static str) -> File {
    File { name, text }
}

/// Every case file, sorted by name.
pub const FILES: &[File] = &[
    file(
        "counting-by-hand.yaml",
        include_str!("../cases/counting-by-hand.yaml"),
    ),
    file(
        "end-of-game.yaml",
        include_str!("../cases/end-of-game.yaml"),
    ),
    file(
        "generated-capture.yaml",
        include_str!("../cases/generated-capture.yaml"),
    ),
    file(
        "generated-clock.yaml",
        include_str!("../cases/generated-clock.yaml"),
    ),
    file(
        "generated-count.yaml",
        include_str!("../cases/generated-count.yaml"),
    ),
    file(
        "generated-end.yaml",
        include_str!("../cases/generated-end.yaml"),
    ),
    file(
        "generated-ko.yaml",
        include_str!("../cases/generated-ko.yaml"),
    ),
    file(
        "generated-late.yaml",
        include_str!("../cases/generated-late.yaml"),
    ),
    file(
        "generated-moves.yaml",
        include_str!("../cases/generated-moves.yaml"),
    ),
    file(
        "generated-suicide.yaml",
        include_str!("../cases/generated-suicide.yaml"),
    ),
    file(
        "irregularities.yaml",
        include_str!("../cases/irregularities.yaml"),
    ),
    file(
        "tournaments.yaml",
        include_str!("../cases/tournaments.yaml"),
    ),
    file(
        "turns-and-forfeits.yaml",
        include_str!("../cases/turns-and-forfeits.yaml"),
    ),
];

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a test may panic on what it did not expect
mod tests {
    use super::*;

    #[test]
    fn every_case_file_of_the_folder_is_embedded() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".yaml"))
            .collect();
        on_disk.sort();
        let embedded: Vec<&str> = FILES.iter().map(|f| f.name).collect();
        assert_eq!(embedded, on_disk);
        for f in FILES {
            let text = std::fs::read_to_string(dir.join(f.name)).unwrap();
            assert_eq!(f.text, text, "{}", f.name);
        }
    }
}
