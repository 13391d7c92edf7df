//! The tests of the command line as a user meets it — every command's options and help, the
//! one grammar shared by the commands, and a run whose engine cannot start — one module per
//! subject.

mod cli;
mod cli_grammar;
mod public_matrix;
mod report_schema;
mod run_engine_report;
