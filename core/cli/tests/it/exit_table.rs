//! The one exit-status table: its numbers, the `--write-expectations` rule, and the table the
//! docs print.

use conformance_cli::exit::{ExitStatus, TABLE, after_writing_expectations};

/// The numbers a CI job reads, written here by hand (not read from the table under test).
#[test]
fn each_status_has_its_documented_number() {
    let expected = [
        (ExitStatus::Passed, 0),
        (ExitStatus::Failed, 1),
        (ExitStatus::Error, 2),
        (ExitStatus::NothingChecked, 3),
        (ExitStatus::Sigint, 130),
        (ExitStatus::Sigterm, 143),
    ];
    for (status, code) in expected {
        assert_eq!(status.code(), code, "{status:?}");
        assert_eq!(ExitStatus::from_code(code), Some(status));
    }
    assert_eq!(TABLE.len(), expected.len(), "a status without a test");
    assert_eq!(ExitStatus::from_code(4), None);
}

#[test]
fn writing_expectations_turns_a_failure_into_a_pass_only_alone() {
    // Alone: the file written is the job, so a failed run passes.
    assert_eq!(after_writing_expectations(1, false), 0);
    // Beside --expectations: that file's verdict stands.
    assert_eq!(after_writing_expectations(1, true), 1);
    // Nothing checked is never a pass; a pass stays a pass.
    assert_eq!(after_writing_expectations(3, false), 3);
    assert_eq!(after_writing_expectations(0, false), 0);
    assert_eq!(after_writing_expectations(0, true), 0);
}

/// docs/reports.md's exit-status table lists exactly the statuses of the one table.
#[test]
fn the_docs_print_the_one_table() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/reports.md"),
    )
    .expect("docs/reports.md");
    let section = doc
        .split("## Exit status")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("the exit-status section");
    let mut documented: Vec<u8> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .filter_map(|l| l.split(" |").next())
        .flat_map(|cell| cell.split(" / ").map(str::to_owned).collect::<Vec<_>>())
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    documented.sort_unstable();
    let mut table: Vec<u8> = TABLE.iter().map(|(_, code, _)| *code).collect();
    table.sort_unstable();
    assert_eq!(documented, table);
}
