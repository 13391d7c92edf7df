//! One entry of a rulebook as the data files write it: id, parent, title, paraphrase,
//! testability, interpretation notes and cross-references. The type is the YAML shape itself
//! (`deny_unknown_fields`), so a misspelt key in a registry file is a load error.

use serde::{Deserialize, Serialize};

use crate::ArticleId;
use crate::cross_ref::CrossRef;

/// One article or sub-clause of a rulebook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Article {
    /// The stable id, e.g. `rules2020:3.11c`.
    pub id: ArticleId,
    /// The enclosing entry; `None` only for a whole article.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<ArticleId>,
    /// A short English title.
    pub title: String,
    /// What the clause says, in the project's own words.
    pub paraphrase: String,
    /// Whether a program could decide the clause from a position, game record, clock record or
    /// pairing.
    pub testable: bool,
    /// Why the clause cannot be tested; present exactly when `testable` is false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untestable_reason: Option<String>,
    /// Notes on ambiguities, silences and disagreements between translations, each saying what
    /// the project decides or that the decision belongs to the rule profile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interpretation: Vec<String>,
    /// The articles of other rulebooks that cover the same rule, with how this one stands to
    /// them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cross_refs: Vec<CrossRef>,
}
