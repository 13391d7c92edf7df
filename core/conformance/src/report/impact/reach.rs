//! The reach of each knob and article over an archive: how many games *reached* a knob — met
//! the situation its rule decides, under either side of the comparison (the game's reach table,
//! `conformance_rulebook::profile::reach`) — and, of those, how many changed verdict. It is
//! what tells "no effect" (reached by 40, changed 0) from "never tested" (reached by 0).
//!
//! A knob reaches its article (the article of its row in the game's knob table,
//! [`knob_article`]) and every article above it: reaching `fesa2017:5.3.2` reaches
//! `fesa2017:5.3` and `fesa2017:5`. A knob whose row names no article (a server's move limit)
//! reaches no article.
//!
//! It stands on the same footing as the deciding knobs (`report::impact::deciding`): a knob that
//! decides a change was reached by the game under one side or the other, which each game's
//! tests check over its corpus and real records by counterfactual.

use std::collections::BTreeMap;

use conformance_rulebook::profile::Knobs;
use conformance_rulebook::profile::reach::Reach;

use super::deciding::knob_article;

/// What one game reached, and whether its verdict changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameReach {
    /// The knobs reached, in the order of the game's knob table.
    pub knobs: Vec<String>,
    /// The articles reached: each knob's article and its parents, each once.
    pub articles: Vec<String>,
    /// Whether the game's verdict differs between the two sides.
    pub changed: bool,
}

impl GameReach {
    /// A game's reach from the knobs it reached ([`Reach`], under either side: the caller
    /// joins the two with [`Reach::union`]) and whether it changed.
    pub fn of<R: Knobs>(reach: &Reach, changed: bool) -> GameReach {
        let knobs: Vec<String> = R::KNOBS
            .iter()
            .filter(|k| reach.reached(k.name))
            .map(|k| k.name.to_owned())
            .collect();
        let mut articles: Vec<String> = Vec::new();
        for k in &knobs {
            for a in knob_article::<R>(k)
                .map(|a| with_parents(&a))
                .unwrap_or_default()
            {
                if !articles.contains(&a) {
                    articles.push(a);
                }
            }
        }
        GameReach {
            knobs,
            articles,
            changed,
        }
    }
}

/// An article and those above it, the article first: `r:5.3.2` → `r:5.3.2`, `r:5.3`, `r:5`; a
/// letter closing a number is a part of its own (`r:5.1b` → `r:5.1b`, `r:5.1`, `r:5`).
pub fn with_parents(article: &str) -> Vec<String> {
    let (prefix, number) = match article.split_once(':') {
        Some((p, n)) => (format!("{p}:"), n),
        None => (String::new(), article),
    };
    let mut out = vec![article.to_owned()];
    let mut rest = number.to_owned();
    loop {
        let cut = if rest.ends_with(|c: char| c.is_ascii_alphabetic())
            && rest.contains(|c: char| c.is_ascii_digit())
        {
            rest.trim_end_matches(|c: char| c.is_ascii_alphabetic())
                .len()
        } else if let Some(dot) = rest.rfind('.') {
            dot
        } else {
            break;
        };
        rest.truncate(cut);
        if rest.is_empty() {
            break;
        }
        out.push(format!("{prefix}{rest}"));
    }
    out
}

/// How many games reached a knob or an article, and how many of those changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct ReachCount {
    /// Games that reached it.
    pub reached: usize,
    /// Of those, games whose verdict changed.
    pub changed: usize,
}

/// One knob's row of the tally.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct KnobReach {
    /// The knob.
    pub knob: String,
    /// Its article, when its row names one.
    pub article: Option<String>,
    /// Its counts.
    #[serde(flatten)]
    pub count: ReachCount,
}

/// The reach over an archive: every knob of the game's table (a knob no game reached shows
/// with 0) and every article of those knobs with its parents.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct ReachTally {
    /// Games counted.
    pub games: usize,
    /// Per knob, in the order of the game's table.
    pub by_knob: Vec<KnobReach>,
    /// Per article (the knobs' articles and their parents).
    pub by_article: BTreeMap<String, ReachCount>,
}

impl ReachTally {
    /// A tally with a row of 0 for every knob of `R` and every article they reach.
    pub fn for_knobs<R: Knobs>() -> ReachTally {
        let knobs: Vec<(String, Option<String>)> = R::KNOBS
            .iter()
            .map(|k| (k.name.to_owned(), knob_article::<R>(k.name)))
            .collect();
        ReachTally::for_names(&knobs)
    }

    /// A tally with a row of 0 for every knob named (with its article, if any) and every
    /// article they reach.
    pub fn for_names(knobs: &[(String, Option<String>)]) -> ReachTally {
        let mut by_article = BTreeMap::new();
        let by_knob = knobs
            .iter()
            .map(|(knob, article)| {
                for a in article.iter().flat_map(|a| with_parents(a)) {
                    by_article.insert(a, ReachCount::default());
                }
                KnobReach {
                    knob: knob.clone(),
                    article: article.clone(),
                    count: ReachCount::default(),
                }
            })
            .collect();
        ReachTally {
            games: 0,
            by_knob,
            by_article,
        }
    }

    /// Counts one game in. A knob or article not yet in the tally gets a row.
    pub fn add(&mut self, game: &GameReach) {
        self.games += 1;
        let bump = |c: &mut ReachCount| {
            c.reached += 1;
            c.changed += usize::from(game.changed);
        };
        for k in &game.knobs {
            match self.by_knob.iter_mut().find(|r| &r.knob == k) {
                Some(row) => bump(&mut row.count),
                None => {
                    let mut count = ReachCount::default();
                    bump(&mut count);
                    self.by_knob.push(KnobReach {
                        knob: k.clone(),
                        article: None,
                        count,
                    });
                }
            }
        }
        for a in &game.articles {
            bump(self.by_article.entry(a.clone()).or_default());
        }
    }

    /// The counts of a knob or an article, by name.
    pub fn count(&self, name: &str) -> Option<ReachCount> {
        self.by_knob
            .iter()
            .find(|r| r.knob == name)
            .map(|r| r.count)
            .or_else(|| self.by_article.get(name).copied())
    }

    /// One knob's or article's line, as every format but JSON says it:
    /// `impasse: reached by 0 of 150 games`, `repetition_start: reached by 4 of 150 games,
    /// changed 3` (the changed count only where a comparison has one: `with_changed`).
    pub fn phrase(&self, name: &str, count: ReachCount, with_changed: bool) -> String {
        let mut s = format!(
            "{name}: reached by {} of {} games",
            count.reached, self.games
        );
        if with_changed && count.reached > 0 {
            s.push_str(&format!(", changed {}", count.changed));
        }
        s
    }

    /// Every line: the knobs in table order, then the articles in order.
    pub fn lines(&self, with_changed: bool) -> (Vec<String>, Vec<String>) {
        (
            self.by_knob
                .iter()
                .map(|r| self.phrase(&r.knob, r.count, with_changed))
                .collect(),
            self.by_article
                .iter()
                .map(|(a, c)| self.phrase(a, *c, with_changed))
                .collect(),
        )
    }

    /// The tally as JSON: `{"games", "by_knob": [{"knob", "article", "reached", "changed"}],
    /// "by_article": {ARTICLE: {"reached", "changed"}}}` — without the `changed` counts where
    /// nothing is compared (`judge`: `with_changed` false).
    pub fn to_json(&self, with_changed: bool) -> serde_json::Value {
        let counts = |c: &ReachCount| {
            let mut m = serde_json::Map::new();
            m.insert("reached".into(), c.reached.into());
            if with_changed {
                m.insert("changed".into(), c.changed.into());
            }
            m
        };
        serde_json::json!({
            "games": self.games,
            "by_knob": self.by_knob.iter().map(|r| {
                let mut m = counts(&r.count);
                m.insert("knob".into(), r.knob.clone().into());
                m.insert("article".into(), r.article.clone().into());
                serde_json::Value::Object(m)
            }).collect::<Vec<_>>(),
            "by_article": self.by_article.iter().map(|(a, c)| (a.clone(), serde_json::Value::Object(counts(c)))).collect::<serde_json::Map<_, _>>(),
        })
    }
}

/// What `--reached NAME` names: a knob of the game's table or an article one of its knobs
/// reaches (with its parents).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReachTarget {
    /// A knob.
    Knob(String),
    /// An article.
    Article(String),
}

/// `--reached` named neither a knob nor an article any knob reaches.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "--reached {name}: no knob or article of that name; knobs: {}; articles: {}",
    .knobs.join(", "),
    .articles.join(", ")
)]
pub struct UnknownReach {
    /// The name given.
    pub name: String,
    /// The knobs there are.
    pub knobs: Vec<String>,
    /// The articles a knob reaches.
    pub articles: Vec<String>,
}

impl ReachTarget {
    /// Reads `name` as a knob of `R`, else as an article its knobs reach.
    ///
    /// # Errors
    /// [`UnknownReach`] naming `name` and listing the knobs and articles there are.
    pub fn parse<R: Knobs>(name: &str) -> Result<ReachTarget, UnknownReach> {
        if R::KNOBS.iter().any(|k| k.name == name) {
            return Ok(ReachTarget::Knob(name.to_owned()));
        }
        let tally = ReachTally::for_knobs::<R>();
        if tally.by_article.contains_key(name) {
            return Ok(ReachTarget::Article(name.to_owned()));
        }
        Err(UnknownReach {
            name: name.to_owned(),
            knobs: R::KNOBS.iter().map(|k| k.name.to_owned()).collect(),
            articles: tally.by_article.keys().cloned().collect(),
        })
    }

    /// Whether a game's reach includes the target.
    pub fn matches(&self, game: &GameReach) -> bool {
        match self {
            ReachTarget::Knob(k) => game.knobs.contains(k),
            ReachTarget::Article(a) => game.articles.contains(a),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_article_reaches_its_parents() {
        assert_eq!(
            with_parents("fesa2017:5.3.2"),
            ["fesa2017:5.3.2", "fesa2017:5.3", "fesa2017:5"]
        );
        assert_eq!(with_parents("r:5.1b"), ["r:5.1b", "r:5.1", "r:5"]);
        assert_eq!(with_parents("rfg:9.3"), ["rfg:9.3", "rfg:9"]);
        assert_eq!(with_parents("rfg:7"), ["rfg:7"]);
    }

    #[test]
    fn the_tally_counts_reached_and_changed_and_says_it() {
        let mut t = ReachTally::default();
        let g = |knobs: &[&str], articles: &[&str], changed| GameReach {
            knobs: knobs.iter().map(|s| s.to_string()).collect(),
            articles: articles.iter().map(|s| s.to_string()).collect(),
            changed,
        };
        t.add(&g(&["start"], &["r:5.2", "r:5"], true));
        t.add(&g(&["start"], &["r:5.2", "r:5"], false));
        t.add(&g(&[], &[], false));
        let c = t.count("start").unwrap();
        assert_eq!((c.reached, c.changed), (2, 1));
        assert_eq!(t.count("r:5").unwrap().reached, 2);
        assert_eq!(
            t.phrase("start", c, true),
            "start: reached by 2 of 3 games, changed 1"
        );
        assert_eq!(
            t.phrase("x", ReachCount::default(), true),
            "x: reached by 0 of 3 games"
        );
        assert!(t.count("nothing").is_none());
    }
}
