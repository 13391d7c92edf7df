//! `shogi-conformance lint`: the corpus's own rules, enforced.
//!
//! Ids are unique, well-formed and never reused; refs name articles the registry knows; tags
//! come from the vocabulary; every position and move is well-formed (and setup moves legal);
//! every case asserts something; every testable article has cases.

use std::collections::{BTreeMap, HashMap};

use shogi_oracle::{Move, play, sfen, validate};
use shogi_spec::registry::Registry;
use shogi_spec::{ArticleId, PositionSpec};

use crate::case::{Case, Expectation};
use crate::corpus::{Corpus, CorpusError};

/// Rulebooks whose articles cases may cite besides FESA 2017, which the registry does not hold
/// (yet): their ids are checked for shape only.
pub const OTHER_RULEBOOKS: &[&str] = &["ufs2016", "csa"];

/// The rule profiles cases may name.
pub const PROFILES: &[&str] = &["fesa-2017", "ufs-2016", "csa-computer"];

/// One problem found, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `file:line`, or the corpus folder for problems that belong to no case.
    pub location: String,
    /// The case id, when the problem belongs to a case.
    pub case: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.case {
            Some(id) => write!(f, "{}: case {id}: {}", self.location, self.message),
            None => write!(f, "{}: {}", self.location, self.message),
        }
    }
}

/// How many (non-staging) cases cite `article` or one of its sub-clauses.
pub fn case_counts(corpus: &Corpus, registry: &Registry) -> BTreeMap<ArticleId, usize> {
    let mut counts: BTreeMap<ArticleId, usize> =
        registry.iter().map(|a| (a.id.clone(), 0)).collect();
    for case in corpus.cases.iter().filter(|c| !c.staging) {
        // Each case counts once for each article it cites and for every ancestor of those.
        let mut credited: Vec<ArticleId> = Vec::new();
        for r in &case.refs {
            let mut cur = registry.get(r);
            while let Some(article) = cur {
                if !credited.contains(&article.id) {
                    credited.push(article.id.clone());
                }
                cur = article.parent.as_ref().and_then(|p| registry.get(p));
            }
        }
        for id in credited {
            *counts.entry(id).or_default() += 1;
        }
    }
    counts
}

fn is_hex_id(id: &str) -> bool {
    id.len() == 8
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

fn check_position(case: &Case, spec: &PositionSpec, out: &mut Vec<String>) {
    let pos = match sfen::parse(&spec.sfen) {
        Ok(p) => p,
        Err(e) => return out.push(format!("setup.position: bad SFEN: {e}")),
    };
    if !case.setup.unreachable {
        let reasons = validate(&pos);
        if !reasons.is_empty() {
            let text: Vec<String> = reasons.iter().map(ToString::to_string).collect();
            out.push(format!(
                "setup.position could not occur in a game ({}); mark the case `unreachable: true` if that is intended",
                text.join("; ")
            ));
        }
    }
    let mut pos = pos;
    for (i, text) in spec.moves.iter().enumerate() {
        match Move::parse(text) {
            Err(e) => return out.push(format!("setup move {} `{text}`: {e}", i + 1)),
            Ok(mv) => match play(&pos, mv) {
                Ok(next) => pos = next,
                Err(e) => {
                    return out.push(format!("setup move {} `{text}` is illegal: {e}", i + 1));
                }
            },
        }
    }
}

fn check_case(case: &Case, registry: &Registry, corpus: &Corpus, out: &mut Vec<String>) {
    if !is_hex_id(&case.id) {
        out.push("id must be eight lowercase hex digits".into());
    }
    if corpus.retired_ids.contains(&case.id) {
        out.push("id is retired (listed in corpus/retired-ids): give the case a new one".into());
    }
    if !is_slug(&case.slug) {
        out.push(format!(
            "slug `{}` must be lowercase words joined by `-`",
            case.slug
        ));
    }
    if case.title.trim().is_empty() {
        out.push("empty title".into());
    }
    if case.refs.is_empty() {
        out.push("no refs: a case must cite the article it tests".into());
    }
    if !case.refs.iter().any(|r| r.rulebook() == "fesa2017") {
        out.push("no fesa2017 ref: cite the FESA 2017 article too".into());
    }
    for r in &case.refs {
        match r.rulebook() {
            "fesa2017" if !registry.contains(r) => {
                out.push(format!("ref `{r}` is not in the registry"))
            }
            "fesa2017" => {}
            book if OTHER_RULEBOOKS.contains(&book) => {}
            book => out.push(format!("ref `{r}`: unknown rulebook `{book}`")),
        }
    }
    for t in &case.tags {
        if !corpus.tags.contains_key(t) {
            out.push(format!("tag `{t}` is not in corpus/tags.yaml"));
        }
    }
    let profiles = case.profiles.iter().flatten().chain(
        case.expectations
            .iter()
            .filter_map(|(_, p)| p.as_ref())
            .flatten(),
    );
    for p in profiles {
        if !PROFILES.contains(&p.as_str()) {
            out.push(format!(
                "unknown profile `{p}` (known: {})",
                PROFILES.join(", ")
            ));
        }
    }
    if let Some(spec) = case.position() {
        check_position(case, &spec, out);
    }
    if let Some(q) = &case.setup.question {
        use shogi_oracle::questions::{QuestionError, answer};
        // A question describing something impossible is a legitimate case (the implementation
        // should refuse it); only a malformed one is the case's fault.
        let text = serde_yaml::to_string(q).unwrap_or_default();
        if let Err(e @ QuestionError::Malformed(_)) =
            answer(&text, &shogi_spec::profile::Profile::fesa2017())
        {
            out.push(format!("setup.question: {e}"));
        }
    }
    if let Some(r) = &case.setup.record {
        let text = serde_yaml::to_string(r).unwrap_or_default();
        if let Err(e) = shogi_oracle::game::Record::from_yaml(&text) {
            out.push(format!("setup.record: {e}"));
        }
    }
    for (i, (e, _)) in case.expectations.iter().enumerate() {
        let moves: &[String] = match e {
            Expectation::LegalMoves(m) | Expectation::Legal(m) | Expectation::Illegal(m) => m,
            _ => &[],
        };
        for m in moves {
            if let Err(err) = Move::parse(m) {
                out.push(format!("expectation {}: {err}", i + 1));
            }
        }
        if let Expectation::BestMove(p) = e {
            for m in p.forbidden.iter().chain(&p.required) {
                if m != "resign" && m != "win" {
                    if let Err(err) = Move::parse(m) {
                        out.push(format!("expectation {}: bestmove: {err}", i + 1));
                    }
                }
            }
            if case.note.as_deref().is_none_or(|n| n.trim().is_empty()) {
                out.push(format!(
                    "expectation {}: a bestmove probe needs a `note` saying why an engine with the bug would give the forbidden answer",
                    i + 1
                ));
            }
        }
        if let Expectation::LegalMoves(m) = e {
            let mut sorted = m.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != m.len() {
                out.push(format!(
                    "expectation {}: legal_moves lists a move twice",
                    i + 1
                ));
            }
        }
    }
}

/// Lints a corpus folder. `min_cases` is how many non-staging cases every testable article of
/// the registry needs (counting cases that cite a sub-clause).
pub fn lint(root: &std::path::Path, min_cases: usize) -> Result<Vec<Problem>, CorpusError> {
    let (corpus, load_errors) = Corpus::load_all(root)?;
    let registry = Registry::fesa2017();
    let mut problems: Vec<Problem> = load_errors
        .into_iter()
        .map(|e| Problem {
            location: String::new(),
            case: None,
            message: e.to_string(),
        })
        .map(|mut p| {
            // Load errors already start with `file:line`; keep them whole.
            p.location = std::mem::take(&mut p.message);
            p
        })
        .collect();
    let mut ids: HashMap<&str, &Case> = HashMap::new();
    let mut slugs: HashMap<&str, &Case> = HashMap::new();
    for case in &corpus.cases {
        let mut msgs = Vec::new();
        if let Some(first) = ids.insert(&case.id, case) {
            msgs.push(format!("duplicate id (also at {})", first.location()));
        }
        if let Some(first) = slugs.insert(&case.slug, case) {
            msgs.push(format!(
                "duplicate slug `{}` (also at {})",
                case.slug,
                first.location()
            ));
        }
        check_case(case, registry, &corpus, &mut msgs);
        problems.extend(msgs.into_iter().map(|message| Problem {
            location: case.location(),
            case: Some(case.id.clone()),
            message,
        }));
    }
    let counts = case_counts(&corpus, registry);
    for article in registry.testable() {
        let n = counts.get(&article.id).copied().unwrap_or(0);
        if n < min_cases {
            problems.push(Problem {
                location: root.display().to_string(),
                case: None,
                message: format!(
                    "testable article {} ({}) has {n} case(s), needs at least {min_cases}",
                    article.id, article.title
                ),
            });
        }
    }
    Ok(problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_slugs() {
        assert!(is_hex_id("0a1b2c3d"));
        assert!(!is_hex_id("0A1B2C3D"));
        assert!(!is_hex_id("0a1b2c3"));
        assert!(is_slug("pawn-drop-mate-2"));
        assert!(!is_slug("Pawn drop"));
        assert!(!is_slug("a--b"));
    }
}
