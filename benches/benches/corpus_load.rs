//! Loading the corpus, at ten times its size: each case file holds its cases ten times over,
//! since the cost that once grew quadratically (finding each case's line by rescanning its file)
//! grows with the cases *per file*. The benchmark asserts the number of cases it loaded.
//!
//! Compare against loading the corpus as it is (`corpus-1x`): linear loading costs about ten
//! times as much for ten times the cases.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::path::{Path, PathBuf};

use criterion::{Criterion, criterion_group, criterion_main};
use shogi_conformance::corpus::Corpus;

fn real_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("corpus folder").flatten() {
        let p = entry.path();
        if p.is_dir() {
            case_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "yaml") && !p.ends_with("tags.yaml") {
            out.push(p);
        }
    }
}

/// A copy of the corpus in a scratch folder with every file's cases repeated `times` times
/// (`cases:` is the last key of every case file, so its lines can simply be appended).
fn scaled_corpus(times: usize) -> PathBuf {
    let src = real_corpus();
    let dst =
        std::env::temp_dir().join(format!("shogi-bench-corpus-{}-{times}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dst);
    std::fs::create_dir_all(&dst).expect("scratch folder");
    std::fs::copy(src.join("tags.yaml"), dst.join("tags.yaml")).expect("tags.yaml");
    let mut files = Vec::new();
    case_files(&src, &mut files);
    for f in files {
        let text = std::fs::read_to_string(&f).expect("case file");
        let body: String = text
            .lines()
            .skip_while(|l| !l.starts_with("cases:"))
            .skip(1)
            .map(|l| format!("{l}\n"))
            .collect();
        let mut scaled = text.clone();
        if !scaled.ends_with('\n') {
            scaled.push('\n');
        }
        for _ in 1..times {
            scaled.push_str(&body);
        }
        let rel = f.strip_prefix(&src).expect("inside the corpus");
        let out = dst.join(rel);
        std::fs::create_dir_all(out.parent().expect("a folder")).expect("folder");
        std::fs::write(out, scaled).expect("write");
    }
    dst
}

fn bench(c: &mut Criterion) {
    let one = Corpus::load(&real_corpus())
        .expect("the corpus loads")
        .cases
        .len();
    let mut group = c.benchmark_group("corpus-load");
    group.sample_size(10);
    for times in [1, 10] {
        let root = scaled_corpus(times);
        group.bench_function(format!("corpus-{times}x"), |b| {
            b.iter(|| {
                let corpus = Corpus::load(&root).expect("the scaled corpus loads");
                assert_eq!(corpus.cases.len(), one * times);
            })
        });
        let _ = std::fs::remove_dir_all(&root);
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
