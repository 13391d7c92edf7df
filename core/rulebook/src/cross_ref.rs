//! Article-level links between rulebooks.
//!
//! A rule committee comparing two rulebooks wants to move from an article of one to the articles
//! of the other that cover the same rule, and to see at a glance whether the two agree. Each
//! registry entry may therefore list [`CrossRef`]s: the other article, a [`Relation`] read from
//! the entry towards it, and the profile knobs that carry the difference when there is one.
//!
//! Links between two registries that both know each other are kept in both files, each the
//! converse of the other; [`crate::links::check_links`] verifies that when the caller names the
//! pair as reciprocal.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ArticleId;

/// How an article stands to an article of another rulebook, read from the article that holds
/// the link towards the one it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The two say the same thing.
    Same,
    /// This article forbids or punishes more than the other one.
    Stricter,
    /// This article forbids or punishes less than the other one.
    Looser,
    /// The two give different rules, neither simply stricter than the other.
    Differs,
    /// The other rulebook has no such rule (the link names a rulebook, not an article).
    Absent,
}

impl Relation {
    /// Every relation, as written in the registry files.
    pub const ALL: [Relation; 5] = [
        Relation::Same,
        Relation::Stricter,
        Relation::Looser,
        Relation::Differs,
        Relation::Absent,
    ];

    /// The relation seen from the other article: `stricter` and `looser` swap, the others stay.
    /// `absent` has no converse (there is no article on the other side to hold one).
    pub fn converse(self) -> Relation {
        match self {
            Relation::Stricter => Relation::Looser,
            Relation::Looser => Relation::Stricter,
            other => other,
        }
    }

    /// Whether the two rulebooks disagree on this point (everything but `same`).
    pub fn is_difference(self) -> bool {
        self != Relation::Same
    }

    /// The word used in registry files.
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::Same => "same",
            Relation::Stricter => "stricter",
            Relation::Looser => "looser",
            Relation::Differs => "differs",
            Relation::Absent => "absent",
        }
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One link from a registry entry to another rulebook.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrossRef {
    /// The article of the other rulebook; absent exactly when the relation is `absent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article: Option<ArticleId>,
    /// The other rulebook, for an `absent` link (which names no article).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook: Option<String>,
    /// How the entry stands to the other article.
    pub relation: Relation,
    /// The rule-profile knobs that carry the difference, if any (the caller says which names
    /// exist: [`crate::links::check_links`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knobs: Vec<String>,
}

/// Why a cross-reference is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CrossRefProblem {
    /// An `absent` link must name the rulebook and no article.
    #[error("an `absent` link names the rulebook (`rulebook: …`) and no article")]
    AbsentShape,
    /// Any other link must name an article and no separate rulebook.
    #[error("a `{0}` link names the other article (`article: …`) and no `rulebook`")]
    ArticleShape(Relation),
    /// A link to the entry's own rulebook.
    #[error("a link must point to another rulebook, not `{0}`")]
    SameRulebook(String),
    /// A blank knob name.
    #[error("a knob name is empty")]
    EmptyKnob,
}

impl CrossRef {
    /// The rulebook the link points into.
    pub fn target_rulebook(&self) -> &str {
        match (&self.article, &self.rulebook) {
            (Some(a), _) => a.rulebook(),
            (None, Some(r)) => r,
            (None, None) => "",
        }
    }

    /// Checks the link's shape for an entry of rulebook `own`.
    ///
    /// # Errors
    /// The first problem found.
    pub fn check(&self, own: &str) -> Result<(), CrossRefProblem> {
        match (self.relation, &self.article, &self.rulebook) {
            (Relation::Absent, None, Some(r)) if !r.trim().is_empty() => {}
            (Relation::Absent, _, _) => return Err(CrossRefProblem::AbsentShape),
            (_, Some(_), None) => {}
            (relation, _, _) => return Err(CrossRefProblem::ArticleShape(relation)),
        }
        if self.target_rulebook() == own {
            return Err(CrossRefProblem::SameRulebook(own.to_owned()));
        }
        if self.knobs.iter().any(|k| k.trim().is_empty()) {
            return Err(CrossRefProblem::EmptyKnob);
        }
        Ok(())
    }
}

impl fmt::Display for CrossRef {
    /// `main:5.2 (differs; knob draw_result)` or `(absent in main)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.article {
            Some(a) => write!(f, "{a} ({}", self.relation)?,
            None => write!(f, "(absent in {}", self.target_rulebook())?,
        }
        if !self.knobs.is_empty() {
            write!(f, "; knob {}", self.knobs.join(", "))?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn link(article: Option<&str>, rulebook: Option<&str>, relation: Relation) -> CrossRef {
        CrossRef {
            article: article.map(|a| a.parse().unwrap()),
            rulebook: rulebook.map(str::to_owned),
            relation,
            knobs: vec![],
        }
    }

    #[test]
    fn converse_swaps_stricter_and_looser_only() {
        assert_eq!(Relation::Stricter.converse(), Relation::Looser);
        assert_eq!(Relation::Looser.converse(), Relation::Stricter);
        for r in [Relation::Same, Relation::Differs, Relation::Absent] {
            assert_eq!(r.converse(), r);
        }
        for r in Relation::ALL {
            assert_eq!(r.converse().converse(), r);
        }
    }

    #[test]
    fn shapes() {
        let ok = link(Some("main:5.2"), None, Relation::Same);
        assert_eq!(ok.check("other"), Ok(()));
        assert_eq!(ok.target_rulebook(), "main");
        let absent = link(None, Some("main"), Relation::Absent);
        assert_eq!(absent.check("other"), Ok(()));
        assert_eq!(absent.to_string(), "(absent in main)");
        assert_eq!(
            link(Some("main:5.2"), None, Relation::Absent).check("other"),
            Err(CrossRefProblem::AbsentShape)
        );
        assert_eq!(
            link(None, Some("main"), Relation::Differs).check("other"),
            Err(CrossRefProblem::ArticleShape(Relation::Differs))
        );
        assert_eq!(
            ok.check("main"),
            Err(CrossRefProblem::SameRulebook("main".into()))
        );
        let mut blank = ok.clone();
        blank.knobs.push(" ".into());
        assert_eq!(blank.check("other"), Err(CrossRefProblem::EmptyKnob));
    }

    #[test]
    fn display_names_relation_and_knobs() {
        let mut l = link(Some("main:12.2"), None, Relation::Differs);
        l.knobs.push("draw_result".into());
        assert_eq!(l.to_string(), "main:12.2 (differs; knob draw_result)");
    }

    #[test]
    fn yaml_flow_form() {
        let l: CrossRef = serde_norway::from_str(
            "{article: \"main:9.4\", relation: stricter, knobs: [illegal_move]}",
        )
        .unwrap();
        assert_eq!(l.relation, Relation::Stricter);
        assert_eq!(l.knobs, ["illegal_move"]);
        assert!(serde_norway::from_str::<CrossRef>("{relation: similar}").is_err());
    }
}
