//! `lint`: every case cites at least one existing, testable RFG article, ids are unique and
//! well formed, each case states an expectation, and its setup is usable. The checks every
//! corpus shares (unique ids, cited articles that exist and are testable) are the core's
//! ([`conformance_core::lint::SharedChecks`]); the rest is Go's.

use conformance_core::lint::{ArticleStatus, SharedChecks};

use conformance_rulebook::{ArticleId, Registry};

use crate::case::LoadedCase;

/// One problem found, naming the file and case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file.
    pub file: String,
    /// The case id.
    pub id: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: case `{}`: {}", self.file, self.id, self.message)
    }
}

/// Every problem in `cases`, in corpus order.
pub fn lint(cases: &[LoadedCase], registry: &Registry) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut shared = SharedChecks::new();
    let status = |a: &str| match a.parse::<ArticleId>() {
        Ok(id) if id.rulebook() != "rfg" => {
            ArticleStatus::Unknown(format!("{a} is not an RFG article"))
        }
        Ok(id) => match registry.get(&id) {
            None => ArticleStatus::Unknown(format!("{a} is not in the RFG registry")),
            Some(art) if !art.testable => ArticleStatus::Untestable,
            Some(_) => ArticleStatus::Testable,
        },
        Err(e) => ArticleStatus::Unknown(e.to_string()),
    };
    for lc in cases {
        let case = &lc.case;
        let file = lc.file.display().to_string();
        let mut problem = |message: String| {
            out.push(Problem {
                file: file.clone(),
                id: case.id.clone(),
                message,
            });
        };
        if case.id.is_empty()
            || !case
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            problem("ids are lowercase letters, digits and hyphens".to_owned());
        }
        for message in shared.check(&case.id, &case.articles, status) {
            problem(message);
        }
        if case.description.trim().is_empty() {
            problem("no description".to_owned());
        }
        let e = &case.expect;
        let has = !e.legal.is_empty()
            || e.illegal.is_some()
            || !e.board_after.is_empty()
            || e.prisoners.is_some()
            || e.ended.is_some()
            || e.phase.is_some()
            || e.wrong_colour.is_some()
            || e.arbiter.is_some()
            || e.score.is_some()
            || e.clock.is_some()
            || e.late.is_some()
            || e.resign.is_some()
            || e.tournament.is_some()
            || !e.match_points.is_empty()
            || e.recommended.is_some()
            || e.tie_break_choice.is_some()
            || e.mcmahon.is_some()
            || e.impossible.is_some();
        if !has {
            problem("states no expectation".to_owned());
        }
        match case.game() {
            Err(crate::case::CaseError::Setup { problem: what, .. }) => problem(what),
            Err(err) => problem(err.to_string()),
            Ok(_) => {}
        }
        for m in &e.match_points {
            let halves = m.scored * 2.0;
            if m.boards == 0
                || !(0.0..=f64::from(m.boards)).contains(&m.scored)
                || halves.fract() != 0.0
            {
                problem(format!(
                    "match_points: {} board points cannot be scored on {} boards (whole or half points, at most one a board)",
                    m.scored, m.boards
                ));
            }
        }
        if let Some(ill) = &e.illegal {
            if ill.ply == 0 || ill.ply > case.moves.len() + case.record.len() {
                problem(format!("illegal.ply {} is not a move of the case", ill.ply));
            }
        }
    }
    out
}
