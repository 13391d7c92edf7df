//! Which knobs decided a verdict, proved by counterfactual: a knob is named only when setting it
//! — alone — to another value changes the verdict; where no knob does alone, the smallest
//! combination that does is named, and said to act only together.
//!
//! A knob the judgement *read* on its way is not thereby a knob that *decided*: a repetition
//! draw reads `draw_result` whatever the start position counts, and the verdict that changes
//! when the start position stops counting changes because of `repetition_start`. So a game says
//! how it judges one record under a profile (a closure returning the verdict in words), and
//! this module re-judges it with knobs changed:
//!
//! - for `diff` ([`deciding_change`]), only the knobs whose values differ between the two
//!   sides, each set alone to the other side's value, from the first side; then combinations of
//!   them, smallest first. Every differing knob together is the other side itself, whose
//!   verdict differs, so a change always has a named knob or combination;
//! - for one judgement ([`deciding_verdict`]), each knob set to every value another shipped
//!   profile gives it and, for a knob of words, to each of its words; when none changes the
//!   verdict alone, the smallest combination taking another shipped profile's values that does.
//!
//! The cost is paid only where it is asked: `diff` re-judges only the games whose verdict
//! changed, over the knobs that differ; `judge` only with `--explain`.

use conformance_rulebook::ArticleId;
use conformance_rulebook::profile::{Knobs, Profile};

/// The most judgements a search for a combination makes before it names every differing knob
/// together (which is the other side itself): 2^8 covers every combination of eight knobs.
pub const COMBINATION_BUDGET: usize = 256;

/// A knob named as deciding: set to `value`, the verdict becomes `verdict`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecidingKnob {
    /// The knob.
    pub knob: String,
    /// The article whose reading the knob is ([`knob_article`]): the article of the branch the
    /// game took because of this knob. `None` for a knob no rulebook has an article for (a
    /// server's move limit), which is named as a knob only.
    pub article: Option<String>,
    /// The value it is set to in the counterfactual (the other side's, or another profile's).
    pub value: String,
    /// The verdict then, in words (for a combination: with all its knobs set).
    pub verdict: String,
}

/// The knobs that decided a verdict or a change.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deciding {
    /// The knobs named, in the order of the game's table.
    pub knobs: Vec<DecidingKnob>,
    /// Whether the knobs decide only together: none changes the verdict alone, and these are
    /// the smallest combination that does.
    pub together: bool,
}

impl Deciding {
    /// The knobs' names, in order.
    pub fn names(&self) -> Vec<String> {
        self.knobs.iter().map(|k| k.knob.clone()).collect()
    }

    /// The articles of the knobs named, in their order, each once (a knob without an article
    /// adds none).
    pub fn articles(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for a in self.knobs.iter().filter_map(|k| k.article.as_ref()) {
            if !out.contains(a) {
                out.push(a.clone());
            }
        }
        out
    }

    /// The knobs in one phrase, as the reports print them: `a, b` for knobs that each decide
    /// alone, `a + b (only together)` for a combination, empty for none.
    pub fn phrase(&self) -> String {
        let names = self.names();
        if self.together {
            format!("{} (only together)", names.join(" + "))
        } else {
            names.join(", ")
        }
    }
}

/// The article a knob reads, from its row of the game's knob table (its `Domain`): the article
/// whose meaning the knob's values are, when it is an article id (`rules:5.2`); `None` when the
/// row names a rule no rulebook has (a server's move limit) or the knob is not in the table. Such a knob is still named as a knob; it adds no article.
pub fn knob_article<R: Knobs>(knob: &str) -> Option<String> {
    let info = Profile::<R>::knob(knob)?;
    info.article
        .parse::<ArticleId>()
        .ok()
        .map(|a| a.as_str().to_owned())
}

/// Every combination of `k` indices out of `n`, in lexicographic order, handed to `each` until
/// it returns `true` (found) or `budget` runs out; returns the combination found.
fn first_combination(
    n: usize,
    k: usize,
    budget: &mut usize,
    each: &mut dyn FnMut(&[usize]) -> bool,
) -> Option<Vec<usize>> {
    if k == 0 || k > n {
        return None;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if each(&pick) {
            return Some(pick);
        }
        // The next combination: the rightmost index that can still move, moved on by one, and
        // those after it right behind it.
        let mut i = k;
        while i > 0 && pick[i - 1] == n - k + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return None;
        }
        pick[i - 1] += 1;
        for j in i..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The smallest combination (of two knobs or more) of `candidates` whose values together give
/// another verdict than `verdict`, by size then table order: `Some((indices, verdict))`, or the
/// whole set when the budget runs out first (`whole_flips` says whether the whole set is known
/// to change it, as the other side of a `diff` does).
fn smallest_combination(
    candidates: usize,
    verdict: &str,
    whole_flips: bool,
    judge: &mut dyn FnMut(&[usize]) -> String,
) -> Option<(Vec<usize>, String)> {
    let mut budget = COMBINATION_BUDGET;
    let mut found = None;
    for size in 2..=candidates {
        if size == candidates && whole_flips {
            break;
        }
        let hit = first_combination(candidates, size, &mut budget, &mut |pick| {
            let v = judge(pick);
            let flips = v != verdict;
            if flips {
                found = Some(v);
            }
            flips
        });
        if let (Some(pick), Some(v)) = (hit, found.take()) {
            return Some((pick, v));
        }
        if budget == 0 {
            break;
        }
    }
    let all: Vec<usize> = (0..candidates).collect();
    if whole_flips {
        let v = judge(&all);
        return Some((all, v));
    }
    None
}

/// The knobs that decided a change between two sides of a `diff`, from the first side: each
/// knob whose value differs, set alone to the second side's value; when none changes the
/// verdict alone, the smallest combination that does. `judge` gives the verdict in words under
/// a profile; `verdict` is the first side's. `left` and `right` must be the profiles each side
/// actually judged with (a record's own move limit applied), so that every differing knob
/// together is the right side.
pub fn deciding_change<R: Knobs>(
    left: &Profile<R>,
    right: &Profile<R>,
    verdict: &str,
    mut judge: impl FnMut(&Profile<R>) -> String,
) -> Deciding {
    let differing: Vec<(&'static str, String)> = left
        .differences(right)
        .into_iter()
        .map(|d| (d.knob, d.right))
        .collect();
    let mut under = |pick: &[usize]| {
        let mut p = left.clone();
        for &i in pick {
            let (knob, value) = &differing[i];
            match p.with(knob, value) {
                Ok(next) => p = next,
                Err(e) => return format!("cannot be judged: {e}"),
            }
        }
        judge(&p)
    };
    let alone: Vec<DecidingKnob> = (0..differing.len())
        .filter_map(|i| {
            let v = under(&[i]);
            (v != verdict).then(|| DecidingKnob {
                knob: differing[i].0.to_owned(),
                article: knob_article::<R>(differing[i].0),
                value: differing[i].1.clone(),
                verdict: v,
            })
        })
        .collect();
    if !alone.is_empty() || differing.len() < 2 {
        return Deciding {
            knobs: alone,
            together: false,
        };
    }
    match smallest_combination(differing.len(), verdict, true, &mut under) {
        Some((pick, v)) => Deciding {
            knobs: pick
                .into_iter()
                .map(|i| DecidingKnob {
                    knob: differing[i].0.to_owned(),
                    article: knob_article::<R>(differing[i].0),
                    value: differing[i].1.clone(),
                    verdict: v.clone(),
                })
                .collect(),
            together: true,
        },
        None => Deciding::default(),
    }
}

/// The values a knob is tried at in a single judgement's counterfactual: every value another
/// shipped profile gives it and, for a knob with listed words, each word — the current value
/// left out, each once, in that order.
pub fn alternatives<R: Knobs>(profile: &Profile<R>, knob: &str) -> Vec<String> {
    let current = profile.setting(knob).map(|s| s.value.as_str());
    let shipped = Profile::<R>::shipped_names()
        .into_iter()
        .filter_map(|name| Profile::<R>::builtin(name).ok())
        .filter_map(|p| p.setting(knob).map(|s| s.value.clone()));
    let listed = Profile::<R>::knob(knob)
        .into_iter()
        .flat_map(|k| k.listed_values())
        .map(str::to_owned);
    let mut out: Vec<String> = Vec::new();
    for v in shipped.chain(listed) {
        if Some(v.as_str()) != current && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The knobs that decided one judgement (`judge --explain`, the workbench): each knob set alone
/// to each of its [`alternatives`] — the first value that changes the verdict names the knob;
/// when no knob changes it alone, the smallest combination of another shipped profile's values
/// that does (over every shipped profile whose verdict differs, the smallest found); nothing
/// when neither a knob nor another shipped profile changes it.
pub fn deciding_verdict<R: Knobs>(
    profile: &Profile<R>,
    verdict: &str,
    mut judge: impl FnMut(&Profile<R>) -> String,
) -> Deciding {
    let mut alone = Vec::new();
    for info in R::KNOBS {
        for value in alternatives(profile, info.name) {
            let Ok(p) = profile.with(info.name, &value) else {
                continue;
            };
            let v = judge(&p);
            if v != verdict {
                alone.push(DecidingKnob {
                    knob: info.name.to_owned(),
                    article: knob_article::<R>(info.name),
                    value,
                    verdict: v,
                });
                break;
            }
        }
    }
    if !alone.is_empty() {
        return Deciding {
            knobs: alone,
            together: false,
        };
    }
    let mut best: Option<Deciding> = None;
    for name in Profile::<R>::shipped_names() {
        let Ok(other) = Profile::<R>::builtin(name) else {
            continue;
        };
        let differing = profile.differences(&other);
        if differing.len() < 2 {
            // One differing knob was tried alone above.
            continue;
        }
        let mut under = |pick: &[usize]| {
            let mut p = profile.clone();
            for &i in pick {
                match p.with(differing[i].knob, &differing[i].right) {
                    Ok(next) => p = next,
                    Err(e) => return format!("cannot be judged: {e}"),
                }
            }
            judge(&p)
        };
        let all: Vec<usize> = (0..differing.len()).collect();
        if under(&all) == verdict {
            continue;
        }
        if let Some((pick, v)) = smallest_combination(differing.len(), verdict, true, &mut under) {
            if best.as_ref().is_none_or(|b| pick.len() < b.knobs.len()) {
                best = Some(Deciding {
                    knobs: pick
                        .into_iter()
                        .map(|i| DecidingKnob {
                            knob: differing[i].knob.to_owned(),
                            article: knob_article::<R>(differing[i].knob),
                            value: differing[i].right.clone(),
                            verdict: v.clone(),
                        })
                        .collect(),
                    together: true,
                });
            }
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_smallest_first_in_order() {
        let mut seen = Vec::new();
        let mut budget = 100;
        let hit = first_combination(4, 2, &mut budget, &mut |p| {
            seen.push(p.to_vec());
            false
        });
        assert_eq!(hit, None);
        assert_eq!(
            seen,
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]].map(|a| a.to_vec())
        );
        let mut budget = 3;
        let mut n = 0;
        assert_eq!(
            first_combination(5, 3, &mut budget, &mut |_| {
                n += 1;
                false
            }),
            None
        );
        assert_eq!((n, budget), (3, 0), "the budget stops the search");
    }

    /// A verdict that changes only when knobs 1 and 3 both change: the pair is found, not the
    /// whole set; one that changes with knob 2 alone names knob 2.
    #[test]
    fn the_smallest_combination_is_found() {
        let mut judge = |p: &[usize]| {
            if p.contains(&1) && p.contains(&3) {
                "other".to_owned()
            } else {
                "same".to_owned()
            }
        };
        assert_eq!(
            smallest_combination(5, "same", true, &mut judge),
            Some((vec![1, 3], "other".to_owned()))
        );
        let mut never = |_: &[usize]| "same".to_owned();
        assert_eq!(smallest_combination(3, "same", false, &mut never), None);
    }

    conformance_rulebook::knob_enum! {
        /// A toy switch.
        Switch { /// Off.
            Off = "off", /// On.
            On = "on" }
    }

    const PLAIN: &str = "name: plain\ntitle: t\nknobs:\n  a:\n    value: off\n    source: toy\n  b:\n    value: off\n    source: toy\n  c:\n    value: off\n    source: toy\n";
    const OTHER: &str = "name: other\ntitle: t\nknobs:\n  a:\n    value: on\n    source: toy\n  b:\n    value: on\n    source: toy\n  c:\n    value: on\n    source: toy\n";

    conformance_rulebook::knobs! {
        /// A toy game's rules: three switches.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct Toy;
        shipped: &[("plain", PLAIN), ("other", OTHER)],
        folder: "toy";
        /// A.
        a: Switch = conformance_rulebook::profile::word, "a", Switch::VALUES, conformance_rulebook::profile::Domain::words("toy:1");
        /// B.
        b: Switch = conformance_rulebook::profile::word, "b", Switch::VALUES, conformance_rulebook::profile::Domain::words("toy:2");
        /// C.
        c: Switch = conformance_rulebook::profile::word, "c", Switch::VALUES, conformance_rulebook::profile::Domain::words("toy:3");
    }

    /// The toy verdict: "won" only when a and b are both on (c never matters).
    fn toy(p: &Profile<Toy>) -> String {
        if p.rules.a == Switch::On && p.rules.b == Switch::On {
            "won".to_owned()
        } else {
            "lost".to_owned()
        }
    }

    /// Three knobs differ, none flips alone, a and b together do: the pair is named, together,
    /// and c (which never matters) is not — for a change and for a single verdict alike.
    #[test]
    fn a_verdict_only_a_combination_flips_names_the_smallest_one_together() {
        let plain = Profile::<Toy>::builtin("plain").unwrap_or_else(|e| panic!("{e}"));
        let other = Profile::<Toy>::builtin("other").unwrap_or_else(|e| panic!("{e}"));
        let d = deciding_change(&plain, &other, &toy(&plain), toy);
        assert_eq!(d.names(), ["a", "b"]);
        assert!(d.together);
        assert_eq!(d.knobs[0].verdict, "won");
        assert_eq!(d.phrase(), "a + b (only together)");
        // Each knob carries the article of its row (its Domain), for the change's articles.
        assert_eq!(d.articles(), ["toy:1", "toy:2"]);
        let d = deciding_verdict(&plain, &toy(&plain), toy);
        assert_eq!(
            (d.names(), d.together),
            (vec!["a".to_owned(), "b".to_owned()], true)
        );
        // From the other side, each of a and b alone turns "won" into "lost".
        let d = deciding_verdict(&other, &toy(&other), toy);
        assert_eq!(
            (d.names(), d.together),
            (vec!["a".to_owned(), "b".to_owned()], false)
        );
        assert_eq!(d.knobs[0].value, "off");
        assert_eq!(knob_article::<Toy>("c").as_deref(), Some("toy:3"));
        assert_eq!(knob_article::<Toy>("nothing"), None);
        // A verdict no knob and no other profile changes names none.
        let never = |_: &Profile<Toy>| "same".to_owned();
        assert_eq!(deciding_verdict(&plain, "same", never), Deciding::default());
    }
}
