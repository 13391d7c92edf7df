//! Checking cross-references across registries: a link may only be checked once every
//! registry it can point into is loaded, so this is not part of loading one registry.

use crate::cross_ref::{CrossRef, Relation};
use crate::registry::{Article, Registry};

/// Checks the links of `registries` against each other: every linked article exists, every
/// link names one of the given rulebooks, every knob named passes `knob_exists`, and links
/// between a pair listed in `reciprocal` (in either order) come back with the converse
/// relation. Returns one message per problem, each naming the entry.
pub fn check_links(
    registries: &[&Registry],
    reciprocal: &[(&str, &str)],
    knob_exists: impl Fn(&str) -> bool,
) -> Vec<String> {
    let find = |rulebook: &str| registries.iter().find(|r| r.rulebook() == rulebook);
    let is_reciprocal = |a: &str, b: &str| {
        reciprocal
            .iter()
            .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    let mut out = Vec::new();
    for reg in registries {
        for article in reg.iter() {
            for link in &article.cross_refs {
                let target = link.target_rulebook();
                let Some(target_reg) = find(target) else {
                    out.push(format!(
                        "{}: links to unknown rulebook `{target}`",
                        article.id
                    ));
                    continue;
                };
                for k in &link.knobs {
                    if !knob_exists(k) {
                        out.push(format!("{}: names unknown profile knob `{k}`", article.id));
                    }
                }
                let Some(other_id) = &link.article else {
                    continue;
                };
                let Some(other) = target_reg.get(other_id) else {
                    out.push(format!(
                        "{}: links to {other_id}, which is not in the registry",
                        article.id
                    ));
                    continue;
                };
                if !is_reciprocal(reg.rulebook(), target) {
                    continue;
                }
                let back = other
                    .cross_refs
                    .iter()
                    .find(|l| l.article.as_ref() == Some(&article.id));
                match back {
                    None => out.push(format!(
                        "{}: links to {other_id} ({}), but {other_id} has no link back",
                        article.id, link.relation
                    )),
                    Some(b) if b.relation != link.relation.converse() => out.push(format!(
                        "{}: links to {other_id} as `{}`, but the link back says `{}` (expected `{}`)",
                        article.id,
                        link.relation,
                        b.relation,
                        link.relation.converse()
                    )),
                    Some(_) => {}
                }
            }
        }
    }
    out
}

/// The links from `article` to `rulebook` that record a difference (any relation but `same`),
/// with the knobs they name; used to group profile differences by article pair.
pub fn differences_towards<'a>(
    article: &'a Article,
    rulebook: &'a str,
) -> impl Iterator<Item = &'a CrossRef> + 'a {
    article
        .cross_refs
        .iter()
        .filter(move |l| l.target_rulebook() == rulebook && l.relation != Relation::Same)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn reg(yaml: &str) -> Registry {
        Registry::from_yaml(yaml).unwrap()
    }

    const A: &str = r#"
- id: "a:1"
  title: "T"
  paraphrase: "P."
  testable: true
  cross_refs:
    - {article: "b:1", relation: stricter, knobs: [k]}
    - {article: "b:9", relation: same}
    - {rulebook: "c", relation: absent}
    - {article: "b:2", relation: same, knobs: [nope]}
"#;
    const B: &str = r#"
- id: "b:1"
  title: "T"
  paraphrase: "P."
  testable: true
  cross_refs:
    - {article: "a:1", relation: stricter}
- id: "b:2"
  title: "T"
  paraphrase: "P."
  testable: true
"#;

    #[test]
    fn every_kind_of_problem_is_named() {
        let (a, b) = (reg(A), reg(B));
        let problems = check_links(&[&a, &b], &[("a", "b")], |k| k == "k");
        assert_eq!(
            problems,
            [
                "a:1: links to b:1 as `stricter`, but the link back says `stricter` (expected `looser`)",
                "a:1: links to b:9, which is not in the registry",
                "a:1: links to unknown rulebook `c`",
                "a:1: names unknown profile knob `nope`",
                "a:1: links to b:2 (same), but b:2 has no link back",
                "b:1: links to a:1 as `stricter`, but the link back says `stricter` (expected `looser`)",
            ]
        );
        // Not reciprocal: only existence and knobs are checked.
        let one_way = check_links(&[&a, &b], &[], |_| true);
        assert_eq!(one_way.len(), 2, "{one_way:?}");
    }

    #[test]
    fn differences_leave_out_same() {
        let a = reg(A);
        let article = a.iter().next().unwrap();
        let found: Vec<_> = differences_towards(article, "b")
            .map(|l| l.relation)
            .collect();
        assert_eq!(found, [Relation::Stricter]);
    }
}
