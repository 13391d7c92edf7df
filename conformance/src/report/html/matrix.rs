//! What shogi gives the core's matrix page: its articles (from every rulebook's registry) and
//! its board, drawn for a position a report writes with the moves a failure is about.

use conformance_core::report::matrix::{Mark, MatrixGame};
use shogi_spec::{ArticleId, PositionSpec};

use crate::report::board;

/// Shogi, for the matrix page.
pub struct Shogi;

impl MatrixGame for Shogi {
    fn article(&self, id: &ArticleId) -> Option<&shogi_spec::registry::Article> {
        shogi_spec::rulebooks::lookup(id)
    }

    fn board(&self, position: &str, marks: &[(String, Mark)]) -> Option<String> {
        let spec = PositionSpec::parse(position).ok()?;
        let pos = board::position_of(&spec).ok()?;
        let marks: Vec<(String, board::Mark)> = marks
            .iter()
            .map(|(m, k)| {
                let k = match k {
                    Mark::Extra => board::Mark::Extra,
                    Mark::Missing => board::Mark::Missing,
                };
                (m.clone(), k)
            })
            .collect();
        Some(board::svg(&pos, &marks, position))
    }
}

/// The `matrix` command's page: several JSON reports side by side.
pub fn matrix_page(
    reports: &[std::path::PathBuf],
) -> Result<String, conformance_core::report::matrix::MatrixError> {
    conformance_core::report::matrix::matrix_page(
        &Shogi,
        "shogi-conformance: implementations side by side",
        reports,
    )
}
