//! The one worker pool of every parallel walk over records (`judge`, `diff`, the workbench's
//! impact table, in every game): items are worked on side by side and their results handed on
//! in the order of the items, so that two runs print the same report whatever the workers did.
//!
//! Memory stays flat in the number of items: each worker holds one item at a time, and a
//! finished result waits only until every earlier one is done (a million records are never
//! held at once). Each worker keeps a state of its own from `state` (a read buffer, say), made
//! once per worker rather than once per item.
//!
//! With the `native` feature (the default) the workers are threads; without it (WebAssembly,
//! where a thread cannot be spawned) every item is worked on in turn on the calling thread,
//! which gives the same results in the same order.

/// How many workers to use when the user names no count (`--jobs` absent): one per core the
/// system offers, or one when it cannot tell (and always one without threads).
pub fn available_jobs() -> usize {
    #[cfg(feature = "native")]
    {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    }
    #[cfg(not(feature = "native"))]
    {
        1
    }
}

/// Works on every item of `items` with `work` on `jobs` workers and hands each result to
/// `each` with the item's index, in the order of `items`.
///
/// One worker (or zero) works on the calling thread, without a thread and a channel to hand
/// each result over (a tenth of a single-threaded judge went to waking the other thread). A
/// panic in `work` is not caught here: it ends the walk as it would in a loop (a caller that
/// must survive one catches it inside `work`).
pub fn for_each_ordered<T, S, R>(
    items: &[T],
    jobs: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &T) -> R + Sync,
    mut each: impl FnMut(usize, R),
) where
    T: Sync,
    R: Send,
{
    #[cfg(feature = "native")]
    if jobs > 1 && items.len() > 1 {
        threads::for_each_ordered(items, jobs, &state, &work, &mut each);
        return;
    }
    let _ = jobs;
    let mut mine = state();
    for (i, item) in items.iter().enumerate() {
        each(i, work(&mut mine, item));
    }
}

/// The workers as threads.
#[cfg(feature = "native")]
mod threads {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;

    /// [`super::for_each_ordered`] on `jobs` threads (at most one per item), each taking the
    /// next item not yet taken.
    pub(super) fn for_each_ordered<T: Sync, S, R: Send>(
        items: &[T],
        jobs: usize,
        state: &(impl Fn() -> S + Sync),
        work: &(impl Fn(&mut S, &T) -> R + Sync),
        each: &mut impl FnMut(usize, R),
    ) {
        let next = AtomicUsize::new(0);
        let (tx, rx) = mpsc::channel::<(usize, R)>();
        std::thread::scope(|s| {
            for _ in 0..jobs.min(items.len()) {
                let tx = tx.clone();
                let next = &next;
                s.spawn(move || {
                    let mut mine = state();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else {
                            return;
                        };
                        if tx.send((i, work(&mut mine, item))).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(tx);
            // Results come back in any order; hand them on in item order, keeping only those
            // that finished ahead of an earlier item.
            let mut waiting: BTreeMap<usize, R> = BTreeMap::new();
            let mut due = 0;
            for (i, result) in rx {
                waiting.insert(i, result);
                while let Some(result) = waiting.remove(&due) {
                    each(due, result);
                    due += 1;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Later items finish first, so a pool that handed results on as they came would fail.
    fn slow_first(i: &u64) -> u64 {
        std::thread::sleep(Duration::from_micros((50 - *i) * 40));
        i * 10
    }

    #[test]
    fn results_come_in_the_order_of_the_items_whatever_the_workers() {
        let items: Vec<u64> = (0..50).collect();
        for jobs in [0, 1, 2, 4, 64] {
            let mut seen = Vec::new();
            for_each_ordered(
                &items,
                jobs,
                || (),
                |_, i| slow_first(i),
                |k, r| seen.push((k, r)),
            );
            let want: Vec<(usize, u64)> = (0..50).map(|i| (i as usize, i * 10)).collect();
            assert_eq!(seen, want, "jobs {jobs}");
        }
    }

    #[test]
    fn each_worker_makes_its_state_once_and_every_item_is_worked_on_once() {
        let items: Vec<u64> = (0..40).collect();
        let made = AtomicUsize::new(0);
        let worked = AtomicUsize::new(0);
        let mut total = 0;
        for_each_ordered(
            &items,
            3,
            || {
                made.fetch_add(1, Ordering::Relaxed);
                0u64
            },
            |count, i| {
                *count += 1;
                worked.fetch_add(1, Ordering::Relaxed);
                *i
            },
            |_, r| total += r,
        );
        assert_eq!(total, (0..40).sum::<u64>());
        assert_eq!(worked.load(Ordering::Relaxed), 40);
        let made = made.load(Ordering::Relaxed);
        assert!((1..=3).contains(&made), "{made} states for 3 workers");
    }

    #[test]
    fn no_items_hand_on_nothing() {
        let mut calls = 0;
        for_each_ordered(&[] as &[u8], 4, || (), |_, _| 1, |_, _: i32| calls += 1);
        assert_eq!(calls, 0);
    }

    #[test]
    fn the_count_of_jobs_to_offer_is_at_least_one() {
        assert!(available_jobs() >= 1);
    }
}
