//! The rules of the case format that the YAML shape cannot say: exactly one kind per
//! expectation, the setup each kind needs, consistent verdicts, perft depths and probe times
//! within bounds, a cited article, a parsable position. A raw case that keeps them becomes a
//! [`Case`]; one that breaks one is a [`CaseError::Case`] naming it.
//!
//! Its messages are tested through [`super::parse_file`], next to the reader.

use std::path::Path;

use shogi_spec::PositionSpec;

use super::checked::{Case, Expectation, VerdictFlavour};
use super::raw::{ExpectedResult, MAX_PROBE_BYOYOMI_MS, RawCase};
use super::read::CaseError;

pub(super) fn check_case(
    raw: RawCase,
    line: usize,
    path: &Path,
    staging: bool,
) -> Result<Case, CaseError> {
    let err = |message: String| CaseError::Case {
        file: path.to_owned(),
        line,
        id: raw.id.clone(),
        message,
    };
    if raw.expect.is_empty() {
        return Err(err("no expectation: a case must assert something".into()));
    }
    let mut expectations = Vec::new();
    for (i, e) in raw.expect.iter().enumerate() {
        let n = i + 1;
        let mut kinds: Vec<Expectation> = Vec::new();
        if let Some(v) = &e.legal_moves {
            kinds.push(Expectation::LegalMoves(v.clone()));
        }
        if let Some(v) = &e.legal {
            kinds.push(Expectation::Legal(v.clone()));
        }
        if let Some(v) = &e.illegal {
            kinds.push(Expectation::Illegal(v.clone()));
        }
        if let Some(v) = e.status {
            kinds.push(Expectation::Status(v));
        }
        if let Some(v) = &e.perft {
            kinds.push(Expectation::Perft(v.clone()));
        }
        if let Some(v) = &e.verdict {
            kinds.push(Expectation::Verdict(VerdictFlavour::Game, v.clone()));
        }
        if let Some(v) = &e.declaration {
            kinds.push(Expectation::Verdict(VerdictFlavour::Declaration, v.clone()));
        }
        if let Some(v) = &e.clock {
            kinds.push(Expectation::Verdict(VerdictFlavour::Clock, v.clone()));
        }
        if let Some(v) = &e.answer {
            kinds.push(Expectation::Answer(v.clone()));
        }
        if let Some(v) = &e.bestmove {
            kinds.push(Expectation::BestMove(v.clone()));
        }
        if kinds.len() != 1 {
            return Err(err(format!(
                "expectation {n} must have exactly one of legal_moves, legal, illegal, status, perft, verdict, declaration, clock, answer, bestmove (found {})",
                kinds.len()
            )));
        }
        let kind = kinds.remove(0);
        match &kind {
            Expectation::Verdict(_, v) => {
                if raw.setup.record.is_none() {
                    return Err(err(format!(
                        "expectation {n} ({}) needs `setup.record`",
                        kind.kind()
                    )));
                }
                let winner_ok = (v.result == ExpectedResult::Win) == v.winner.is_some();
                let reason_ok = v.result == ExpectedResult::Continues || v.reason.is_some();
                if !winner_ok || !reason_ok {
                    return Err(err(format!(
                        "expectation {n}: a win needs a winner (and only a win has one); every result but `continues` needs a reason"
                    )));
                }
            }
            Expectation::Answer(_) => {
                if raw.setup.question.is_none() {
                    return Err(err(format!(
                        "expectation {n} (answer) needs `setup.question`"
                    )));
                }
            }
            Expectation::Perft(counts) if counts.is_empty() || counts.contains_key(&0) => {
                return Err(err(format!(
                    "expectation {n}: perft needs depths of at least 1"
                )));
            }
            Expectation::BestMove(p) if p.byoyomi == 0 || p.byoyomi > MAX_PROBE_BYOYOMI_MS => {
                return Err(err(format!(
                    "expectation {n}: bestmove byoyomi must be 1 to {MAX_PROBE_BYOYOMI_MS} ms"
                )));
            }
            Expectation::BestMove(_)
            | Expectation::LegalMoves(_)
            | Expectation::Legal(_)
            | Expectation::Illegal(_)
            | Expectation::Status(_)
            | Expectation::Perft(_) => {
                if raw.setup.position.is_none() {
                    return Err(err(format!(
                        "expectation {n} ({}) needs `setup.position`",
                        kind.kind()
                    )));
                }
            }
        }
        expectations.push((kind, e.profiles.clone()));
    }
    let Some(primary) = raw
        .primary
        .clone()
        .or_else(|| raw.articles.first().cloned())
    else {
        // The core lint's wording of the finding, so that both tools say it alike.
        return Err(err(conformance_core::lint::Finding::NoArticle.to_string()));
    };
    if raw.setup.position.is_none() && raw.setup.record.is_none() && raw.setup.question.is_none() {
        return Err(err("setup needs a position, a record or a question".into()));
    }
    if let Some(p) = &raw.setup.position {
        PositionSpec::parse(p).map_err(|e| err(format!("setup.position: {e}")))?;
    }
    Ok(Case {
        id: raw.id,
        slug: raw.slug,
        title: raw.title,
        articles: raw.articles,
        primary,
        tags: raw.tags,
        source: raw.source,
        note: raw.note,
        profiles: raw.profiles,
        setup: raw.setup,
        expectations,
        file: path.to_owned(),
        line,
        staging,
    })
}
