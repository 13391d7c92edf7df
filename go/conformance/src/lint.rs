//! `lint`: every case cites at least one existing, testable RFG article, ids are unique and
//! well formed, each case states an expectation, and its setup is usable. The checks every
//! corpus shares (unique, well-formed ids, a title, cited articles that exist and are
//! testable) and their wording are the core's ([`conformance_core::lint`]); the rest is Go's.

use conformance_core::lint::{ArticleStatus, CaseFacts, IdRule, SharedChecks, Testability};

use conformance_rulebook::{ArticleId, Registry};

use crate::case::LoadedCase;

/// One problem found, naming the file and case: the core's shape, which both tools print.
pub use conformance_core::lint::Problem;

/// Where the RFG registry is kept, named when a case cites an article it does not hold.
const REGISTRY_FILE: &str = "go/spec/data/rfg.yaml";

/// Go's case ids: lowercase words that say what the case is about.
const IDS: IdRule = IdRule {
    words: "lowercase letters, digits and hyphens",
    accepts: |id| {
        !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    },
};

/// What the RFG registry says of an article a case cites.
fn status(registry: &Registry, a: &str) -> ArticleStatus {
    match a.parse::<ArticleId>() {
        Ok(id) if id.rulebook() != "rfg" => ArticleStatus::UnknownRulebook {
            rulebook: id.rulebook().to_owned(),
            known: vec!["rfg".to_owned()],
        },
        Ok(id) => match registry.get(&id) {
            None => ArticleStatus::NotInRegistry {
                file: REGISTRY_FILE.to_owned(),
            },
            Some(art) if !art.testable => ArticleStatus::Untestable,
            Some(_) => ArticleStatus::Testable,
        },
        Err(e) => ArticleStatus::Malformed(e.to_string()),
    }
}

/// Every problem in `cases`, in corpus order.
pub fn lint(cases: &[LoadedCase], registry: &Registry) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut shared = SharedChecks::new(IDS, Testability::EveryArticle);
    for lc in cases {
        let case = &lc.case;
        let file = lc.file.display().to_string();
        let facts = CaseFacts {
            id: &case.id,
            location: file.clone(),
            text: ("title", &case.title),
            articles: case.articles.iter().map(String::as_str).collect(),
            primary: None,
        };
        for finding in shared.check(&facts, |a| status(registry, a)) {
            out.push(Problem::shared(file.clone(), &case.id, finding));
        }
        let mut problem = |message: String| {
            out.push(Problem::new(file.clone(), Some(case.id.clone()), message));
        };
        let e = &case.expect;
        if !e.states_anything() {
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
            if ill.ply == 0 || ill.ply > case.setup.moves.len() + case.setup.record.len() {
                problem(format!("illegal.ply {} is not a move of the case", ill.ply));
            }
        }
    }
    out
}
