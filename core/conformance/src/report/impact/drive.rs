//! The workers of an impact run: records judged side by side, handed on in the order given.
//!
//! Memory stays flat in the number of records: each worker holds one record at a time, and a
//! finished record waits only until every earlier one is done (a million records are never
//! held). The results are handed on in order so that two runs print the same report.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use super::{ImpactSummary, RecordImpact};

/// Judges every item of `items` with `judge` on `jobs` workers and hands each result to
/// `each`, in the order of `items`; returns the tally. One worker judges on the calling thread.
pub fn drive<T: Sync>(
    items: &[T],
    jobs: usize,
    judge: impl Fn(&T) -> RecordImpact + Sync,
    mut each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    let mut summary = ImpactSummary::default();
    if jobs <= 1 {
        for item in items {
            let result = judge(item);
            summary.add(&result);
            each(&result);
        }
        return summary;
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, RecordImpact)>();
    let judge = &judge;
    std::thread::scope(|s| {
        for _ in 0..jobs.min(items.len()).max(1) {
            let tx = tx.clone();
            let next = &next;
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else {
                        return;
                    };
                    if tx.send((i, judge(item))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting: BTreeMap<usize, RecordImpact> = BTreeMap::new();
        let mut due = 0;
        for (i, result) in rx {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                summary.add(&result);
                each(&result);
                due += 1;
            }
        }
    });
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_order_given_whatever_the_workers() {
        let items: Vec<usize> = (0..50).collect();
        for jobs in [1, 4] {
            let mut seen = Vec::new();
            let s = drive(
                &items,
                jobs,
                |i| {
                    // Later items finish first.
                    std::thread::sleep(std::time::Duration::from_micros((50 - *i as u64) * 20));
                    RecordImpact::Judged {
                        file: i.to_string(),
                        games: 2,
                        changes: vec![],
                    }
                },
                |r| seen.push(r.file().to_owned()),
            );
            assert_eq!(seen, (0..50).map(|i| i.to_string()).collect::<Vec<_>>());
            assert_eq!((s.files, s.games), (50, 100));
        }
    }
}
