#![allow(clippy::unwrap_used)]
//! The registries of the rulebooks other than FESA (UFS 2016, the Russian textbook chapter)
//! against their seed texts and against FESA.
//!
//! The seed texts are not in the repository. Tests that read them look in `SHOGI_RULES_DIR`
//! when it is set (then the files must be there) or in `../shared/rules` beside the checkout;
//! elsewhere they are skipped with a note.

use std::collections::BTreeSet;
use std::path::PathBuf;

use shogi_spec::ShogiRegistries;
use shogi_spec::rulebooks::{self, RULEBOOKS};
use shogi_spec::{ArticleId, Registry, Relation};

const UFS_TEXT: &str = "002_bf0be3edb49a862c.txt";
const TEXTBOOK_TEXT: &str = "003_ea99f21bfa26bb2a.txt";

fn ufs() -> &'static Registry {
    Registry::ufs2016()
}

fn rules_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SHOGI_RULES_DIR") {
        return Some(PathBuf::from(dir));
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/rules");
    beside.is_dir().then_some(beside)
}

fn seed(file: &str) -> Option<String> {
    let Some(dir) = rules_dir() else {
        eprintln!("SKIPPED: the rulebooks are not beside this checkout; set SHOGI_RULES_DIR");
        return None;
    };
    let path = dir.join(file);
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}); check SHOGI_RULES_DIR",
            path.display()
        )
    }))
}

/// The article numbers the UFS seed text gives: the `Стаття N.` headings and every line that
/// starts with a dotted number such as `5.8.6.3.` (the trailing dot is optional: `5.8.6`).
fn numbered_articles(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("Стаття ") {
            let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if !n.is_empty() && rest[n.len()..].starts_with('.') {
                out.push(n);
            }
            continue;
        }
        let number: String = line
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let number = number.trim_end_matches('.');
        if number.contains('.') && number.split('.').all(|p| !p.is_empty()) {
            out.push(number.to_owned());
        }
    }
    out
}

/// Clause numbers of the registry that the seed text does not print, each with the reason.
const NOT_PRINTED: &[(&str, &str)] = &[(
    "2.1",
    "printed without its number (the line starts with a bare full stop)",
)];

/// Every numbered article of the UFS seed text has exactly one entry, and every entry of the
/// registry is a numbered article of the text, one of its lettered conditions (5.8.7.3a-e), or
/// a clause whose number the text lost (listed above with the reason).
#[test]
fn ufs_registry_matches_the_structure_of_the_seed_text() {
    let Some(text) = seed(UFS_TEXT) else { return };
    let in_text: BTreeSet<String> = numbered_articles(&text).into_iter().collect();
    assert!(in_text.len() > 140, "parsed only {} numbers", in_text.len());
    for n in &in_text {
        let id: ArticleId = format!("ufs2016:{n}").parse().unwrap();
        let count = ufs().iter().filter(|a| a.id == id).count();
        assert_eq!(count, 1, "article {n} of the seed text has {count} entries");
    }
    for article in ufs() {
        let n = article.id.article();
        let base = n.trim_end_matches(|c: char| c.is_ascii_lowercase());
        let known = in_text.contains(n)
            || (base != n && in_text.contains(base))
            || NOT_PRINTED.iter().any(|(k, _)| *k == n);
        assert!(known, "{} is not an article of the seed text", article.id);
    }
}

#[test]
fn the_structure_parser_reads_headings_and_clauses() {
    let text =
        "Стаття 5. Гра\n5.8.6 Вхід\n5.8.6.1. Текст\n. без номера\n6.10. Текст 2.3 в тексті\n";
    assert_eq!(numbered_articles(text), ["5", "5.8.6", "5.8.6.1", "6.10"]);
}

/// The parent of every entry is the clause its number is nested in, as in FESA (the one check
/// in `conformance_rulebook::registry::numbering_problems`).
#[test]
fn parents_follow_the_numbering() {
    let problems = shogi_spec::registry::numbering_problems(ufs());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let roots = ufs().iter().filter(|a| a.parent.is_none()).count();
    assert_eq!(roots, 12, "Articles 1-12");
}

/// No run of eight words of any paraphrase or note appears in `source`
/// (`shogi_spec::registry::copied_runs`).
fn assert_not_copied(registry: &Registry, source: &str, what: &str) {
    let copied = shogi_spec::registry::copied_runs(registry, source);
    assert!(copied.is_empty(), "copied from the {what}: {copied:?}");
}

/// The registries are our own wording: no eight consecutive words from the seed texts. The
/// texts are Ukrainian and Russian and the registries English, so this guards against pasted
/// passages (transliterated terms, the diagrams' letters).
#[test]
fn nothing_is_copied_from_the_ukrainian_source() {
    let Some(text) = seed(UFS_TEXT) else { return };
    assert_not_copied(ufs(), &text, "Ukrainian");
}

#[test]
fn nothing_is_copied_from_the_russian_textbook() {
    let Some(text) = seed(TEXTBOOK_TEXT) else {
        return;
    };
    assert_not_copied(rulebooks::registry("ru-ch2").unwrap(), &text, "textbook");
}

#[test]
fn the_copy_check_catches_a_pasted_run() {
    // An invented sentence, not taken from any source.
    let registry = Registry::from_yaml(
        "- id: \"t:1\"\n  title: T\n  paraphrase: \"one two three four five six seven eight\"\n  testable: true\n",
    )
    .unwrap();
    let result = std::panic::catch_unwind(|| {
        assert_not_copied(
            &registry,
            "zero one two three four five six seven eight nine",
            "x",
        );
    });
    assert!(result.is_err());
}

/// Every UFS entry says how it stands to FESA: at least one link (an article, or `absent`).
#[test]
fn every_ufs_article_is_cross_referenced_except_headings() {
    for article in ufs() {
        let has = article
            .cross_refs
            .iter()
            .any(|l| l.target_rulebook() == "fesa2017");
        // Clauses whose only content is a heading or a score-sheet detail may stand alone.
        let alone_ok = ["2.1", "3.1", "8.1.1", "8.1.2", "8.1.3", "8.2", "8.3", "8.4"]
            .contains(&article.id.article())
            || article.id.article().starts_with("8.5")
            || article.id.article() == "8.7";
        assert!(has || alone_ok, "{} has no link to FESA", article.id);
    }
}

/// Where UFS and FESA differ and a profile knob carries the difference, an interpretation point
/// of the UFS entry names the knob, so a reader finds the setting without reading code.
#[test]
fn differences_name_their_knob_in_an_interpretation_point() {
    let mut checked = 0;
    for article in ufs() {
        for link in article.cross_refs.iter().filter(|l| {
            matches!(
                l.relation,
                Relation::Differs | Relation::Stricter | Relation::Absent
            )
        }) {
            for knob in &link.knobs {
                let named_here = article
                    .interpretation
                    .iter()
                    .any(|n| n.contains(&format!("`{knob}")));
                let named_above = article
                    .parent
                    .as_ref()
                    .and_then(|p| ufs().get(p))
                    .is_some_and(|p| {
                        p.interpretation
                            .iter()
                            .any(|n| n.contains(&format!("`{knob}")))
                    });
                assert!(
                    named_here || named_above,
                    "{} differs from FESA through knob `{knob}` but no interpretation point names it",
                    article.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 15, "only {checked} knob links checked");
}

/// The known differences between the rulebooks are recorded, each with the knob carrying it.
#[test]
fn the_known_differences_are_recorded() {
    let cases = [
        ("5.8.6.3", "impasse"),
        ("5.7.2", "perpetual_check"),
        ("5.8.5", "draw_result"),
        ("9.2", "draw_result"),
        ("5.8.3", "illegal_move"),
        ("5.8.7.3b", "handicap_declaration"),
        ("6.8", "flag_fall"),
        ("6.14", "double_flag_fall"),
        ("6.11", "late_arrival_limit"),
    ];
    for (n, knob) in cases {
        let a = ufs().get(&format!("ufs2016:{n}").parse().unwrap()).unwrap();
        assert!(
            a.cross_refs
                .iter()
                .any(|l| l.knobs.iter().any(|k| k == knob)),
            "ufs2016:{n} does not name knob {knob}"
        );
    }
}

/// The profiles' citations resolve: every `ufs2016:` id in a built-in profile's sources is an
/// entry of the registry.
#[test]
fn profile_sources_cite_existing_articles() {
    for name in shogi_spec::profile::builtin_names() {
        let profile = shogi_spec::profile::Profile::builtin(name).unwrap();
        for setting in profile.settings() {
            for id in cited_ids(&setting.source) {
                if RULEBOOKS.iter().any(|r| r.id == id.rulebook()) {
                    assert!(
                        rulebooks::lookup(&id).is_some(),
                        "profile {name}, knob {}: {id} is not in the registry",
                        setting.knob
                    );
                }
            }
        }
    }
}

/// `rulebook:article` ids in free text, e.g. `ufs2016:5.8.7.3b`.
fn cited_ids(text: &str) -> Vec<ArticleId> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '(' || c == ')')
        .filter_map(|w| w.trim_end_matches(['.', ',', '—']).parse().ok())
        .collect()
}

#[test]
fn the_textbook_lands_on_fesa_and_ufs_ids() {
    let ch = rulebooks::registry("ru-ch2").unwrap();
    for article in ch {
        assert!(
            !article.cross_refs.is_empty(),
            "{} is not mapped",
            article.id
        );
        for link in &article.cross_refs {
            let target = link.article.as_ref().unwrap();
            assert!(
                rulebooks::lookup(target).is_some(),
                "{}: {target}",
                article.id
            );
        }
    }
    // Sennichite in the chapter is replayed, as in FESA 12.2, not as in UFS 9.2.
    let draw = ch.get(&"ru-ch2:draw.1".parse().unwrap()).unwrap();
    let rel = |id: &str| {
        draw.cross_refs
            .iter()
            .find(|l| l.article.as_ref().map(ArticleId::as_str) == Some(id))
            .unwrap()
            .relation
    };
    assert_eq!(rel("fesa2017:12.2"), Relation::Same);
    assert_eq!(rel("ufs2016:9.2"), Relation::Differs);
}
