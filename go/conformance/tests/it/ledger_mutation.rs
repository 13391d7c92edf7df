//! The mutation property of the reader's ledger, over every file of `real-records/go` and
//! `real-records/go-sgf`: delete, duplicate or garble one property and judge again (as `judge`
//! does: the ledger, the agreed outcome beside the record).
//!
//! - A property the judge does not read (a comment, a variation, anything ignored with a
//!   reason): the same verdict, and the ledger changed by exactly that property — one entry of
//!   its name and use fewer (deleted), more (duplicated: FF\[4\] forbids it, servers do it, the
//!   values are joined and both counted) or the same (its value garbled).
//! - A property the judge reads (header, setup, move, result, territory): a refusal, or the
//!   mutated text is itself a well-formed record and gets its own verdict, with the ledger's
//!   total changed by exactly the property (one fewer, one more, the same).
//!
//! Never a panic, never a verdict over a ledger that misses a property (the count of entries is
//! checked against the grammar's tree of the mutated text).

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use go_conformance::agreed::Finder;
use go_conformance::judge::{Agreement, judge_read};
use go_sgf::{GameTree, ReadRecord, Use};
use go_spec::GoProfile;

fn real_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["go", "go-sgf"] {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../real-records")
            .join(dir);
        walk(&root, &mut out);
    }
    out.sort();
    out
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}

/// A property as written: its character span in the text, name and use in the original ledger.
struct Span {
    start: usize,
    end: usize,
    name: String,
    used: Use,
}

/// Character index of a 1-based line and column.
fn index_of(chars: &[char], line: usize, column: usize) -> usize {
    let mut l = 1;
    let mut i = 0;
    while l < line {
        if chars[i] == '\n' {
            l += 1;
        }
        i += 1;
    }
    i + column - 1
}

/// The end (one past the `]`) of the value whose `[` is at `open`.
fn value_end(chars: &[char], open: usize) -> usize {
    let mut i = open + 1;
    while chars[i] != ']' {
        if chars[i] == '\\' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

/// Every property written once in its node (no repeats) with its span, paired with its ledger
/// entry by place.
fn spans(text: &str, read: &ReadRecord) -> Vec<Span> {
    let chars: Vec<char> = text.chars().collect();
    let collection = go_sgf::parse_collection(text).unwrap();
    let mut out = Vec::new();
    fn visit(tree: &GameTree, chars: &[char], read: &ReadRecord, out: &mut Vec<Span>) {
        for node in &tree.nodes {
            for p in node.properties.iter().filter(|p| p.repeats.is_empty()) {
                let Some(entry) = read.ledger.entries.iter().find(|e| e.at == p.location) else {
                    continue;
                };
                let start = index_of(chars, p.location.line, p.location.column);
                let (_, last) = p.values.last().unwrap();
                let end = value_end(chars, index_of(chars, last.line, last.column));
                out.push(Span {
                    start,
                    end,
                    name: p.id.clone(),
                    used: entry.used,
                });
            }
        }
        for v in &tree.variations {
            visit(v, chars, read, out);
        }
    }
    for tree in &collection.trees {
        visit(tree, &chars, read, &mut out);
    }
    out
}

fn counts(read: &ReadRecord) -> BTreeMap<(String, Use), usize> {
    let mut m = BTreeMap::new();
    for e in &read.ledger.entries {
        *m.entry((e.name.clone(), e.used)).or_insert(0) += 1;
    }
    m
}

fn verdict(a: &Agreement, ours: Option<&str>) -> String {
    format!(
        "{} {}",
        serde_json::to_string(a).unwrap(),
        ours.unwrap_or("-")
    )
}

#[derive(Clone, Copy, Debug)]
enum Mutation {
    Delete,
    Duplicate,
    Garble,
}

fn mutate(chars: &[char], s: &Span, m: Mutation) -> String {
    let before: String = chars[..s.start].iter().collect();
    let this: String = chars[s.start..s.end].iter().collect();
    let after: String = chars[s.end..].iter().collect();
    match m {
        Mutation::Delete => format!("{before}{after}"),
        Mutation::Duplicate => format!("{before}{this}{this}{after}"),
        Mutation::Garble => format!("{before}{}[garbled value 7?]{after}", s.name),
    }
}

/// A small deterministic generator, so that a failure names a mutation that can be replayed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((self.0 >> 33) % (n as u64)).unwrap()
    }
}

fn read_only_by_the_judge(used: Use) -> bool {
    !used.is_structural() && used != Use::Header
}

#[test]
fn one_property_mutated_is_refused_or_accounted_for_exactly() {
    let profile = GoProfile::default();
    let mut finder = Finder::default();
    let files = real_files();
    assert!(files.len() > 300, "{}", files.len());
    let mut rng = Lcg(55);
    let mut checked = [0usize; 3];
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let agreed = finder.agreed_for(file).unwrap();
        let original =
            go_sgf::read_game_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let text = go_sgf::decode_text(&bytes).unwrap();
        let j = judge_read(&original, &profile, agreed.as_ref());
        let before = verdict(&j.agreement, j.ours.as_deref());
        let spans = spans(&text, &original);
        let chars: Vec<char> = text.chars().collect();
        // Three mutations per file on random properties, and one more on a property the judge
        // does not read, where the file has one.
        let ignored: Vec<&Span> = spans
            .iter()
            .filter(|s| read_only_by_the_judge(s.used))
            .collect();
        let mut picks: Vec<(&Span, Mutation)> =
            [Mutation::Delete, Mutation::Duplicate, Mutation::Garble]
                .into_iter()
                .map(|m| (&spans[rng.below(spans.len())], m))
                .collect();
        if !ignored.is_empty() {
            let m = [Mutation::Delete, Mutation::Duplicate, Mutation::Garble][rng.below(3)];
            picks.push((ignored[rng.below(ignored.len())], m));
        }
        for (span, m) in picks {
            let mutated = mutate(&chars, span, m);
            let what = format!(
                "{}: {m:?} {} at char {}",
                file.display(),
                span.name,
                span.start
            );
            let read = match go_sgf::read_game(&mutated) {
                Ok(read) => read,
                Err(e) => {
                    assert!(
                        !read_only_by_the_judge(span.used),
                        "{what} ({:?}): refused, though the judge does not read it: {e}",
                        span.used
                    );
                    continue;
                }
            };
            checked[m as usize] += 1;
            let mj = judge_read(&read, &profile, agreed.as_ref());
            let after = verdict(&mj.agreement, mj.ours.as_deref());
            let (old, new) = (original.ledger.entries.len(), read.ledger.entries.len());
            let expected_total = match m {
                Mutation::Delete => old - 1,
                Mutation::Duplicate => old + 1,
                Mutation::Garble => old,
            };
            assert_eq!(new, expected_total, "{what}: the ledger's total");
            if read_only_by_the_judge(span.used) {
                assert_eq!(after, before, "{what}: the verdict changed");
                let mut expected = counts(&original);
                let key = (span.name.clone(), span.used);
                match m {
                    Mutation::Delete => {
                        let n = expected.get_mut(&key).unwrap();
                        *n -= 1;
                        if *n == 0 {
                            expected.remove(&key);
                        }
                    }
                    Mutation::Duplicate => *expected.get_mut(&key).unwrap() += 1,
                    Mutation::Garble => {}
                }
                assert_eq!(counts(&read), expected, "{what}: the ledger");
            }
        }
    }
    // The property was exercised: most mutations of real records still read.
    assert!(checked.iter().all(|&n| n > 50), "{checked:?}");
}
