//! The integration tests of the schemas crate: the published schemas against the data they
//! describe.

mod case_files;
