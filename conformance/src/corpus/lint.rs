//! `shogi-conformance lint`: the corpus's own rules, enforced.
//!
//! Ids are unique, well-formed and never reused; refs name articles a shipped registry knows
//! (FESA 2017, UFS 2016, …) and can test; tags come from the vocabulary; every position and
//! move is well-formed (and setup moves legal); every case asserts something; every testable
//! FESA article has cases; every testable UFS article that differs from FESA has cases of its
//! own under the `ufs-2016` profile, for both colours; every article id a built-in profile
//! cites resolves; the registries' cross-references resolve and come back.
//!
//! The checks every corpus shares — unique ids of the game's shape, a title, cited articles
//! that exist and are testable — are the core's ([`conformance_core::lint`]), so that
//! `go-conformance lint` words them alike; what follows here is shogi's own.

use std::collections::{BTreeMap, HashMap};

use conformance_core::lint::{ArticleStatus, CaseFacts, IdRule, SharedChecks, Testability};
use conformance_rulebook::coverage::{Credit, cases_per_article};
use shogi_oracle::{play, validate};
use shogi_spec::registry::{Article, Registry};
use shogi_spec::{ArticleId, PositionSpec, rulebooks};
use shogi_spec::{sfen, usi::Move};

use crate::corpus::case::{Case, Expectation};
use crate::corpus::{Corpus, CorpusError};
use shogi_spec::ShogiRegistries;

/// Rulebooks whose articles cases may cite though no registry holds them: their ids are checked
/// for shape only. (The CSA server conventions are not among the project's rulebooks.)
pub const OTHER_RULEBOOKS: &[&str] = &["csa"];

/// One problem found, with where it is: the core's shape, which both tools print.
use conformance_core::lint::Problem;

/// Shogi's case ids: eight lowercase hex digits, as `new-id` gives them.
const IDS: IdRule = IdRule {
    words: "eight lowercase hex digits",
    accepts: is_hex_id,
};

/// How many (non-staging) cases cite `article` or one of its sub-clauses.
pub fn case_counts(corpus: &Corpus, registry: &Registry) -> BTreeMap<ArticleId, usize> {
    // Each case counts once for each article it cites and for every ancestor of those.
    let cases = corpus.cases.iter().filter(|c| !c.staging).map(|c| {
        (
            c.id.as_str(),
            c.articles.iter().map(ArticleId::as_str).collect::<Vec<_>>(),
        )
    });
    cases_per_article(registry, cases, Credit::CitedAndAncestors)
        .into_iter()
        .map(|row| (row.article.id.clone(), row.cases.len()))
        .collect()
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

/// What the shipped registries say of an article a case cites: FESA 2017's and every other
/// registered rulebook's by lookup, the [`OTHER_RULEBOOKS`] on shape alone.
fn article_status(cited: &str) -> ArticleStatus {
    let id = match cited.parse::<ArticleId>() {
        Ok(id) => id,
        Err(e) => return ArticleStatus::Malformed(e.to_string()),
    };
    let book = id.rulebook();
    if rulebooks::rulebook(book).is_some() {
        match rulebooks::lookup(&id) {
            None => ArticleStatus::NotInRegistry {
                file: format!("spec/data/{book}.yaml"),
            },
            Some(article) if !article.testable => ArticleStatus::Untestable,
            Some(_) => ArticleStatus::Testable,
        }
    } else if OTHER_RULEBOOKS.contains(&book) {
        ArticleStatus::Unregistered
    } else {
        ArticleStatus::UnknownRulebook {
            rulebook: book.to_owned(),
            known: rulebooks::names()
                .into_iter()
                .map(str::to_owned)
                .chain(OTHER_RULEBOOKS.iter().map(|b| (*b).to_owned()))
                .collect(),
        }
    }
}

fn check_case(case: &Case, corpus: &Corpus, out: &mut Vec<String>) {
    if corpus.retired_ids.contains(&case.id) {
        out.push("id is retired (listed in corpus/retired-ids): give the case a new one".into());
    }
    if !is_slug(&case.slug) {
        out.push(format!(
            "slug `{}` must be lowercase words joined by `-`",
            case.slug
        ));
    }
    if !case.articles.iter().any(|r| r.rulebook() == "fesa2017") {
        out.push("no fesa2017 ref: cite the FESA 2017 article too".into());
    }
    if !case.articles.contains(&case.primary) {
        out.push(format!(
            "primary `{}` is not one of the refs: the primary article must be cited in `refs`",
            case.primary
        ));
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
    // The profiles cases may name are the built-in ones (spec's one list of them).
    let known = shogi_spec::profile::builtin_names();
    for p in profiles {
        if !known.contains(&p.as_str()) {
            out.push(format!(
                "unknown profile `{p}` (known: {})",
                known.join(", ")
            ));
        }
    }
    if let Some(spec) = case.position() {
        check_position(case, &spec, out);
    }
    if let Some(q) = &case.setup.question {
        use shogi_oracle::tournament_questions::{QuestionError, answer};
        // A question describing something impossible is a legitimate case (the implementation
        // should refuse it); only a malformed one is the case's fault.
        let text = q.to_text();
        if let Err(e @ QuestionError::Malformed(_)) =
            answer(&text, &shogi_spec::profile::Profile::default())
        {
            out.push(format!("setup.question: {e}"));
        }
    }
    if let Some(r) = &case.setup.record {
        let text = r.to_text();
        if let Err(e) = shogi_spec::record::Record::from_yaml(&text) {
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
        // Load errors already start with `file:line`; keep them whole.
        .map(|e| Problem::new(e.to_string(), None, String::new()))
        .collect();
    // A case of a UFS article must cite the FESA article too (below), which may be one the
    // FESA text does not make testable (8.5, the clock's general rule): only the primary
    // article, the one the case tests, must be testable.
    let mut shared = SharedChecks::new(IDS, Testability::PrimaryArticle);
    let mut slugs: HashMap<&str, &Case> = HashMap::new();
    for case in &corpus.cases {
        let facts = CaseFacts {
            id: &case.id,
            location: case.location(),
            text: ("title", &case.title),
            articles: case.articles.iter().map(ArticleId::as_str).collect(),
            primary: Some(case.primary.as_str()),
        };
        problems.extend(
            shared
                .check(&facts, article_status)
                .into_iter()
                .map(|finding| Problem::shared(case.location(), &case.id, finding)),
        );
        let mut msgs = Vec::new();
        if let Some(first) = slugs.insert(&case.slug, case) {
            msgs.push(format!(
                "duplicate slug `{}` (also at {})",
                case.slug,
                first.location()
            ));
        }
        check_case(case, &corpus, &mut msgs);
        problems.extend(
            msgs.into_iter()
                .map(|message| Problem::new(case.location(), Some(case.id.clone()), message)),
        );
    }
    problems.extend(ufs_difference_problems(&corpus, root));
    problems.extend(profile_citation_problems());
    problems.extend(
        rulebooks::check_links()
            .into_iter()
            .map(|message| Problem::new("spec/data", None, message)),
    );
    let counts = case_counts(&corpus, registry);
    for article in registry.testable() {
        let n = counts.get(&article.id).copied().unwrap_or(0);
        if n < min_cases {
            problems.push(Problem::new(
                root.display().to_string(),
                None,
                format!(
                    "testable article {} ({}) has {n} case(s), needs at least {min_cases}",
                    article.id, article.title
                ),
            ));
        }
    }
    Ok(problems)
}

/// Whether a UFS entry records a difference from FESA (any link to FESA but `same`).
pub fn differs_from_fesa(article: &Article) -> bool {
    rulebooks::differences_towards(article, "fesa2017")
        .next()
        .is_some()
}

/// The cases citing `article` or one of its sub-clauses directly (not through FESA).
pub fn citing<'a>(corpus: &'a Corpus, registry: &Registry, article: &ArticleId) -> Vec<&'a Case> {
    corpus
        .cases
        .iter()
        .filter(|c| !c.staging)
        .filter(|c| {
            c.articles.iter().any(|r| {
                let mut cur = registry.get(r);
                while let Some(a) = cur {
                    if &a.id == article {
                        return true;
                    }
                    cur = a.parent.as_ref().and_then(|p| registry.get(p));
                }
                false
            })
        })
        .collect()
}

/// Every testable UFS article that differs from FESA needs cases citing it that apply under
/// `ufs-2016`, for both colours (tags `sente` and `gote`, or a `verdict`/`declaration`/`clock`
/// expectation naming each winner).
///
/// Colours are asked only of articles with game-record cases; tournament questions (scores,
/// furigoma) have no side. An article listed in `corpus/known-gaps` with its reason is excused
/// while it has no such cases, and reported once it does (the line must then go).
fn ufs_difference_problems(corpus: &Corpus, root: &std::path::Path) -> Vec<Problem> {
    let ufs = Registry::ufs2016();
    let gaps = known_gaps(root);
    let mut out = Vec::new();
    let problem = |message: String| {
        Problem::new(root.join("known-gaps").display().to_string(), None, message)
    };
    for (id, why) in &gaps {
        if why.is_empty() {
            out.push(problem(format!("`{id}` is listed without a reason")));
        }
        match id.parse::<ArticleId>() {
            Ok(a) if ufs.contains(&a) => {}
            _ => out.push(problem(format!("`{id}` is not a UFS 2016 article"))),
        }
    }
    for article in ufs.testable().filter(|a| differs_from_fesa(a)) {
        let cases: Vec<&Case> = citing(corpus, ufs, &article.id)
            .into_iter()
            .filter(|c| c.applies_to("ufs-2016"))
            .collect();
        let excused = gaps.iter().any(|(id, _)| id == article.id.as_str());
        if excused {
            if !cases.is_empty() {
                out.push(problem(format!(
                    "{} is listed as a known gap but now has {} case(s): remove the line",
                    article.id,
                    cases.len()
                )));
            }
            continue;
        }
        let with_records = cases.iter().any(|c| c.setup.record.is_some());
        let colours = |colour: &str| {
            cases.iter().any(|c| {
                c.tags.iter().any(|t| t == colour)
                    || c.expectations.iter().any(|(e, ps)| {
                        ps.as_ref().is_none_or(|ps| ps.iter().any(|p| p == "ufs-2016"))
                            && matches!(e, Expectation::Verdict(_, v) if v.winner.is_some_and(|w| w.to_string() == colour))
                    })
            })
        };
        let missing: Vec<&str> = ["sente", "gote"]
            .into_iter()
            .filter(|c| with_records && !colours(c))
            .collect();
        if cases.is_empty() || !missing.is_empty() {
            out.push(Problem::new(root.display().to_string(), None, format!(
                    "testable article {} ({}) differs from FESA but has {} case(s) under ufs-2016{}",
                    article.id,
                    article.title,
                    cases.len(),
                    if missing.is_empty() {
                        String::new()
                    } else {
                        format!(", none for {}", missing.join(" or "))
                    }
                )));
        }
    }
    out
}

/// The lines of `corpus/known-gaps`: article id and reason (comments and blank lines skipped).
fn known_gaps(root: &std::path::Path) -> Vec<(String, String)> {
    std::fs::read_to_string(root.join("known-gaps"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((id, why)) => (id.to_owned(), why.trim().to_owned()),
            None => (l.to_owned(), String::new()),
        })
        .collect()
}

/// Every article id (`rulebook:article`) that a built-in profile's knob sources cite resolves
/// in the shipped registries.
fn profile_citation_problems() -> Vec<Problem> {
    use shogi_spec::profile::{Profile, builtin_names};
    let mut out = Vec::new();
    for name in builtin_names() {
        let profile = match Profile::builtin(name) {
            Ok(p) => p,
            Err(e) => {
                out.push(Problem::new(
                    format!("spec/profiles/{name}.yaml"),
                    None,
                    e.to_string(),
                ));
                continue;
            }
        };
        for setting in profile.settings() {
            for id in cited_ids(&setting.source) {
                if rulebooks::rulebook(id.rulebook()).is_some() && rulebooks::lookup(&id).is_none()
                {
                    out.push(Problem::new(
                        format!("spec/profiles/{name}.yaml"),
                        None,
                        format!(
                            "knob `{}` cites `{id}`, which is not in the registry",
                            setting.knob
                        ),
                    ));
                }
            }
        }
    }
    out
}

/// The `rulebook:article` ids in free text, e.g. `ufs2016:5.8.7.3b` in a knob's source.
pub fn cited_ids(text: &str) -> Vec<ArticleId> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '"' | '`'))
        .filter_map(|w| w.trim_end_matches(['.', ',', ':', '—']).parse().ok())
        .filter(|id: &ArticleId| id.rulebook().chars().any(|c| c.is_ascii_alphabetic()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primary_article_must_be_one_of_the_refs() {
        let text = |primary: &str| {
            format!(
                "cases:\n  - id: 0a1b2c3d\n    slug: pawn-drop-mate\n    title: t\n    articles: [fesa2017:3.11c, fesa2017:1.2]\n    {primary}\n    setup: {{position: startpos}}\n    expect:\n      - status: normal\n"
            )
        };
        let corpus = Corpus {
            root: "corpus".into(),
            cases: vec![],
            tags: BTreeMap::new(),
            retired_ids: vec![],
            source: crate::corpus::source::CorpusSource::Dir("corpus".into()),
        };
        let problems = |primary: &str| {
            let cases = crate::corpus::case::parse_file(
                &text(primary),
                std::path::Path::new("x.yaml"),
                false,
            )
            .unwrap();
            let mut out = Vec::new();
            check_case(&cases[0], &corpus, &mut out);
            (cases[0].primary.to_string(), out)
        };
        let (primary, out) = problems("");
        assert_eq!(primary, "fesa2017:3.11c", "the first ref by default");
        assert!(!out.iter().any(|m| m.contains("primary")), "{out:?}");
        let (primary, out) = problems("primary: fesa2017:1.2");
        assert_eq!(primary, "fesa2017:1.2");
        assert!(!out.iter().any(|m| m.contains("primary")), "{out:?}");
        let (_, out) = problems("primary: fesa2017:3.4");
        assert!(
            out.iter()
                .any(|m| m.contains("primary `fesa2017:3.4` is not one of the refs")),
            "{out:?}"
        );
    }

    #[test]
    fn ids_and_slugs() {
        assert!(is_hex_id("0a1b2c3d"));
        assert!(!is_hex_id("0A1B2C3D"));
        assert!(!is_hex_id("0a1b2c3"));
        assert!(is_slug("pawn-drop-mate-2"));
        assert!(!is_slug("Pawn drop"));
        assert!(!is_slug("a--b"));
    }

    #[test]
    fn cited_ids_in_prose() {
        let ids = cited_ids(
            "ufs2016:5.8.7.3b — at least 28; see fesa2017:5.3, (ufs2016:9.2). Time 10:30",
        );
        let ids: Vec<&str> = ids.iter().map(ArticleId::as_str).collect();
        assert_eq!(ids, ["ufs2016:5.8.7.3b", "fesa2017:5.3", "ufs2016:9.2"]);
    }
}
