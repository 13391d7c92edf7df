//! The copy check: our paraphrases and notes must be our own words, so no run of
//! [`COPY_WINDOW`] consecutive words of them may stand in a rulebook's own text.
//!
//! The rulebooks are other people's text and live outside the repository, so the check takes
//! the text as an argument: the crate that ships a registry runs it where the text is.

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
    use super::*;

    const ENTRIES: &str = r#"
- id: "test:1"
  title: "Whole article"
  paraphrase: "In the evening the grey cat slept quietly on the old rug of the living room."
  testable: true
- id: "test:1.1"
  parent: "test:1"
  title: "Clause"
  paraphrase: "Something else entirely."
  testable: true
  interpretation:
    - "A note of 12 words that 34 nobody wrote anywhere else at all."
"#;

    #[test]
    fn a_copied_run_is_found_with_its_article() {
        let registry = Registry::from_yaml(ENTRIES).unwrap();
        // An invented source, not taken from any rulebook.
        let source = "Yesterday: the grey cat slept quietly on the old rug, said the story.";
        let runs = copied_runs(&registry, source);
        assert!(!runs.is_empty());
        assert!(
            runs.iter().all(|(id, _)| id.as_str() == "test:1"),
            "{runs:?}"
        );
        assert_eq!(
            runs[0].1,
            "the grey cat slept quietly on the old rug"
                .split(' ')
                .take(COPY_WINDOW)
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(copied_runs(&registry, "An unrelated text about other things.").is_empty());
    }

    #[test]
    fn numbers_and_case_are_ignored() {
        assert_eq!(
            copy_words("Article 3.11c: The King"),
            ["article", "11c", "the", "king"]
        );
    }
}
