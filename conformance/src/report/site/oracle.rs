//! The oracle's part of an article page: the items of the oracle's own article index that
//! implement the article — its row, or for another rulebook's article its own row or those of
//! the FESA articles it is linked to — with a note naming the adjudicator's private steps.
//! Separate because it reads only the oracle's index, never the corpus.

use std::fmt::Write as _;

use conformance_rulebook::site::Implementation;
use shogi_spec::registry::Article;

/// The oracle items of one [`ARTICLE_INDEX`](shogi_oracle::ARTICLE_INDEX) row, as full paths
/// (the oracle's own, or the shared vocabulary's in `shogi_spec`); its private steps of the
/// adjudicator are named as such in the note.
fn of_entry(entry: &shogi_oracle::article_index::ArticleEntry) -> Implementation {
    let items = entry
        .public
        .iter()
        .chain(entry.private)
        .map(|path| {
            if path.starts_with("shogi_spec::") {
                (*path).to_owned()
            } else {
                format!("shogi_oracle::{path}")
            }
        })
        .collect();
    let mut note = entry.note.to_owned();
    if !entry.private.is_empty() {
        let names: Vec<&str> = entry
            .private
            .iter()
            .map(|p| p.rsplit_once("::").map_or(*p, |(_, name)| name))
            .collect();
        if !note.is_empty() {
            note.push_str(". ");
        }
        let _ = write!(
            note,
            "Private steps of the adjudicator, not callable from outside the oracle: {}.",
            names.join(", ")
        );
    }
    Implementation { items, note }
}

/// The oracle's part of an article page. A FESA 2017 article gets what the oracle's
/// [`ARTICLE_INDEX`](shogi_oracle::ARTICLE_INDEX) names. Another rulebook's article gets its
/// own row of [`OTHER_ARTICLE_INDEX`](shogi_oracle::OTHER_ARTICLE_INDEX) first (the rules FESA
/// lacks: the impasse count, handicaps, both players absent); without one, the oracle having
/// transcribed FESA 2017, it gets the items of the FESA articles its registry entry links it
/// to, and the note says through which links.
pub(super) fn implementation(article: &Article) -> Implementation {
    if let Some(entry) = shogi_oracle::article_index::entry(&article.id) {
        let mut found = of_entry(entry);
        if article.id.rulebook() != "fesa2017" {
            let own = "The oracle's own row for this article, which no FESA article covers, \
                       decided under the knobs of the profile that follows this rulebook";
            found.note = if found.note.is_empty() {
                format!("{own}.")
            } else {
                let end = if found.note.ends_with('.') { "" } else { "." };
                format!("{own}: {}{end}", found.note)
            };
        }
        return found;
    }
    if article.id.rulebook() == "fesa2017" {
        return Implementation {
            items: Vec::new(),
            note: "The oracle's article index names nothing for this article.".to_owned(),
        };
    }
    let mut items: Vec<String> = Vec::new();
    let mut via = Vec::new();
    for link in &article.cross_refs {
        let Some(fesa) = link
            .article
            .as_ref()
            .filter(|id| id.rulebook() == "fesa2017")
        else {
            continue;
        };
        let Some(entry) = shogi_oracle::article_index::entry(fesa) else {
            continue;
        };
        for item in of_entry(entry).items {
            if !items.contains(&item) {
                items.push(item);
            }
        }
        via.push(format!("{fesa} ({})", link.relation));
    }
    let note = if via.is_empty() {
        "The oracle transcribes FESA 2017, and no FESA article it implements is linked to this one."
            .to_owned()
    } else {
        format!(
            "The oracle transcribes FESA 2017; these are the functions of the linked FESA articles: {}.",
            via.join(", ")
        )
    };
    Implementation { items, note }
}
