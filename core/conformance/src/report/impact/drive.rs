//! The workers of an impact run: records judged side by side, handed on in the order given.
//!
//! Memory stays flat in the number of records: each worker holds one record at a time, and a
//! finished record waits only until every earlier one is done (a million records are never
//! held). The results are handed on in order so that two runs print the same report.

use super::{ImpactSummary, RecordImpact};

/// Judges every item of `items` with `judge` on `jobs` workers (the core's
/// [`crate::pool`]) and hands each result to `each`, in the order of `items`; returns the tally,
/// counted into `summary` (the game's [`ImpactSummary::for_knobs`], so its reach lists every
/// knob). One worker judges on the calling thread.
pub fn drive<T: Sync>(
    items: &[T],
    jobs: usize,
    mut summary: ImpactSummary,
    judge: impl Fn(&T) -> RecordImpact + Sync,
    mut each: impl FnMut(&RecordImpact),
) -> ImpactSummary {
    crate::pool::for_each_ordered(
        items,
        jobs,
        || (),
        |(), item| judge(item),
        |_, result| {
            summary.add(&result);
            each(&result);
        },
    );
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
                ImpactSummary::default(),
                |i| {
                    // Later items finish first.
                    std::thread::sleep(std::time::Duration::from_micros((50 - *i as u64) * 20));
                    RecordImpact::Judged {
                        file: i.to_string(),
                        games: 2,
                        changes: vec![],
                        reach: vec![],
                    }
                },
                |r| seen.push(r.file().to_owned()),
            );
            assert_eq!(seen, (0..50).map(|i| i.to_string()).collect::<Vec<_>>());
            assert_eq!((s.files, s.games), (50, 100));
        }
    }
}
