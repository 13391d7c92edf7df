//! Go conformance: the corpus format ([`case`]), running it against the reference oracle or
//! any [`go_spec::GoImplementation`] ([`run`]) such as a GTP engine ([`gtp`]), linting it
//! ([`lint`]), coverage per RFG article ([`coverage`]), the RFG rulebook browser ([`site`]) and
//! SGF records judged by the oracle ([`judge`]), the workbench in the browser ([`workbench`],
//! its boards drawn by [`board_svg`]); the corpus version and content hash
//! a run certifies against ([`contract`]); a case as a GTP script ([`reproduce`]). The `go-conformance` binary is the command
//! line over these.

pub mod agreed;
pub mod board_svg;
pub mod case;
pub mod certify;
pub mod contract;
pub mod coverage;
#[cfg(feature = "native")]
pub mod gtp;
pub mod impact;
pub mod judge;
pub mod judge_files;
pub mod judge_report;
pub mod lint;
pub mod marked_dead;
pub mod not_judgeable;
pub mod oracle_run;
pub mod pairing_case;
pub mod players_words;
pub mod record_game;
pub mod report_view;
#[cfg(feature = "native")]
pub mod reproduce;
pub mod run;
pub mod site;
pub mod workbench;

/// The corpus shipped with the source tree (`go/corpus/cases`).
pub fn default_corpus() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/cases")
}
