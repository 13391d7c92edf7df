//! The copy check: our paraphrases and notes must be our own words, so no run of
//! [`COPY_WINDOW`] consecutive words of them may stand in a rulebook's own text.
//!
//! The rulebooks are other people's text and live outside the repository; the test that reads
//! the French FESA text runs where they are (`SHOGI_RULES_DIR`), and says it skipped elsewhere.

use super::Registry;
use crate::ArticleId;

/// How many consecutive words make a copied run for [`copied_runs`].
pub const COPY_WINDOW: usize = 8;

/// The words of a text as the copy check compares them: lower case, split at anything that is
/// not a letter or digit, numbers left out (article numbers are not prose).
pub fn copy_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_lowercase)
        .collect()
}

/// Our paraphrases must be our own words: every run of [`COPY_WINDOW`] consecutive words of an
/// article's paraphrase or interpretation notes that also stands in `source` (a rulebook's
/// text), with the article it is in. Empty when nothing was copied.
pub fn copied_runs(registry: &Registry, source: &str) -> Vec<(ArticleId, String)> {
    let source = format!(" {} ", copy_words(source).join(" "));
    let mut out = Vec::new();
    for article in registry {
        for text in std::iter::once(&article.paraphrase).chain(&article.interpretation) {
            for window in copy_words(text).windows(COPY_WINDOW) {
                let run = format!(" {} ", window.join(" "));
                if source.contains(&run) {
                    out.push((article.id.clone(), run.trim().to_owned()));
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn fesa() -> &'static Registry {
        Registry::fesa2017()
    }

    /// The folder holding the rulebooks: `SHOGI_RULES_DIR` when set (then it must hold them),
    /// else `../shared/rules` beside the checkout as the project's machines lay it out.
    fn rules_dir() -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os("SHOGI_RULES_DIR") {
            return Some(PathBuf::from(dir));
        }
        let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/rules");
        beside.is_dir().then_some(beside)
    }

    /// No eight consecutive words of any paraphrase or note appear verbatim in the French
    /// source. The texts are in different languages, so this guards against pasted passages.
    /// The rulebooks are not in the repository: outside the project's machines, set
    /// `SHOGI_RULES_DIR` (CI does) or the check is skipped with a note.
    #[test]
    fn nothing_is_copied_from_the_french_source() {
        let Some(dir) = rules_dir() else {
            eprintln!(
                "SKIPPED: the rulebooks are not beside this checkout; set SHOGI_RULES_DIR to run the copy check"
            );
            return;
        };
        let path = dir.join("001_5276a6c0070cc0a2.txt");
        let french = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "cannot read the French FESA text at {} ({e}); check SHOGI_RULES_DIR",
                path.display()
            )
        });
        let copied = copied_runs(fesa(), &french);
        assert!(copied.is_empty(), "copied from the French: {copied:?}");
    }

    #[test]
    fn copy_check_detects_a_pasted_sentence() {
        // An invented sentence, not taken from any source.
        let french = "Hier soir, le chat gris a dormi tranquillement sur l'ancien tapis du salon.";
        let pasted = "le chat gris a dormi tranquillement sur l'ancien tapis";
        let source = format!(" {} ", copy_words(french).join(" "));
        let run = format!(" {} ", copy_words(pasted)[..COPY_WINDOW].join(" "));
        assert!(source.contains(&run));
    }
}
