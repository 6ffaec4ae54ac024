//! `ThreadWait`: where a thread of the pool sits when it has nothing to search. A thread free
//! for anyone waits there for the whole search, between the split points it is assigned to;
//! an owner waits there for its split point's helpers, helping only them meanwhile. It spins
//! briefly, then parks until an owner assigns it (or the search ends).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crossbeam_utils::Backoff;

use super::pool_state::PoolState;
use super::split_point::{SplitPoint, SplitRole};
use crate::searcher::Searcher;

/// A helper's departure from a split point, also when its search unwinds from a panic: the
/// owner waits until every helper has left, so a helper that vanished without leaving would
/// hold the owner, and with it the whole search, forever.
struct LeaveOnDrop<'a> {
    sp: &'a SplitPoint,
    thread: usize,
    pool: &'a PoolState,
}

impl Drop for LeaveOnDrop<'_> {
    fn drop(&mut self) {
        self.sp.remove_helper(self.thread);
        self.pool.slots[self.sp.owner].wake();
    }
}

impl Searcher<'_> {
    /// `ThreadWait(thread, waiting_for)`: idles until there is work, doing any split point this
    /// thread is assigned to. Without `waiting_for` (a thread free for anyone) it returns when
    /// the search ends; with it (an owner) it returns once every helper of that split point
    /// has left.
    pub(crate) fn thread_wait(&mut self, waiting_for: Option<&Arc<SplitPoint>>) {
        let pool = self.smp().pool;
        let slot = &pool.slots[self.smp().index];
        // An owner helping its helpers can split again and wait here a second time, nested:
        // what it waited for before is restored when the inner wait ends.
        let previous_wait = {
            let mut now = slot.lock();
            now.searching = false;
            std::mem::replace(&mut now.waiting_on, waiting_for.cloned())
        };
        // Only threads free for anyone count as idle; a waiting owner can help just its own
        // helpers, so it is announced separately.
        let (counter, hint) = match waiting_for {
            None => (&pool.idle, &slot.free_idle),
            Some(_) => (&pool.waiting_owners, &slot.waiting_idle),
        };
        let mut announced = false;
        let stop_idling = |announced: &mut bool| {
            if std::mem::take(announced) {
                hint.store(false, Ordering::Relaxed);
                counter.fetch_sub(1, Ordering::Relaxed);
            }
        };
        let backoff = Backoff::new();
        let mut idle_since: Option<Instant> = None;
        let count_idle = |since: &mut Option<Instant>| {
            if let Some(t) = since.take() {
                let micros = t.elapsed().as_micros() as u64;
                pool.stats.idle_micros.fetch_add(micros, Ordering::Relaxed);
                if waiting_for.is_some() {
                    pool.stats
                        .owner_idle_micros
                        .fetch_add(micros, Ordering::Relaxed);
                }
            }
        };
        loop {
            let assigned = {
                let mut now = slot.lock();
                if let Some(sp) = now.assigned.take() {
                    // Taken out of `assigned` at once, so a nested wait can't pick it up again;
                    // `searching` (set by the owner) keeps the thread unavailable meanwhile.
                    Some(sp)
                } else if waiting_for.is_some_and(|sp| sp.close_if_no_helpers())
                    || (waiting_for.is_none() && pool.quit.load(Ordering::Acquire))
                {
                    now.waiting_on = previous_wait;
                    now.searching = waiting_for.is_some();
                    drop(now);
                    stop_idling(&mut announced);
                    count_idle(&mut idle_since);
                    return;
                } else if pool.config.late_join {
                    // Not assigned: join a running split point instead, if one has work left
                    // (a waiting owner, only one of its helpers').
                    drop(now);
                    self.late_join(waiting_for)
                } else {
                    None
                }
            };
            match assigned {
                Some(sp) => {
                    stop_idling(&mut announced);
                    count_idle(&mut idle_since);
                    let suspended = waiting_for.map(|own| own.context.ply);
                    let leave = LeaveOnDrop {
                        sp: &sp,
                        thread: self.smp().index,
                        pool,
                    };
                    self.work_at(&sp, SplitRole::Helper { suspended });
                    drop(leave);
                    slot.lock().searching = false;
                    backoff.reset();
                }
                None => {
                    if !announced {
                        announced = true;
                        hint.store(true, Ordering::Relaxed);
                        counter.fetch_add(1, Ordering::Relaxed);
                    }
                    idle_since.get_or_insert_with(Instant::now);
                    // The main thread watches the clock: waiting for its helpers (at the root,
                    // a helper may be deep in a whole root move) it must keep doing so, or a
                    // time limit passes unnoticed until the helpers are done. (A helper's role
                    // has no clock; it only publishes its count and sees the stop flags.)
                    self.check_limits();
                    if backoff.is_completed() {
                        std::thread::park_timeout(Duration::from_micros(
                            pool.config.idle_park_micros,
                        ));
                    } else {
                        backoff.snooze();
                    }
                }
            }
        }
    }

    /// A late join: finds a running split point with work left and joins it as a helper,
    /// marked busy so no owner assigns this thread meanwhile. A waiting owner looks only at
    /// split points of its own helpers, since they work for it. `None` if there is none, or
    /// if an owner has assigned this thread in the meantime (the wait loop takes that next).
    fn late_join(&mut self, waiting_for: Option<&Arc<SplitPoint>>) -> Option<Arc<SplitPoint>> {
        let pool = self.smp().pool;
        let index = self.smp().index;
        let candidate = pool.late_join_candidate(index, waiting_for)?;
        let slot = &pool.slots[index];
        {
            let mut now = slot.lock();
            if now.searching || now.assigned.is_some() {
                return None;
            }
            now.searching = true;
        }
        if candidate.try_join(index, pool.config.max_helpers) {
            pool.stats.late_joins.fetch_add(1, Ordering::Relaxed);
            pool.stats.helpers.fetch_add(1, Ordering::Relaxed);
            Some(candidate)
        } else {
            slot.lock().searching = false;
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::Arc;

    use super::super::pool_state::PoolState;
    use super::super::split::test_searcher;
    use super::super::split_point::tests::split_point;
    use crate::shared::test_support::TestShared;
    use crate::worker::Worker;

    /// A helper whose search panics still leaves its split point, so its owner's wait ends.
    #[test]
    fn a_helper_that_panics_leaves_its_split_point() {
        let mut sp = split_point(0, None);
        // A ply beyond the helper's stack: its search panics at once (any bug would do).
        Arc::get_mut(&mut sp).expect("not shared yet").context.ply = 1 << 20;
        let pool = PoolState::new(2);
        sp.add_helper(1);
        {
            let mut helper = pool.slots[1].lock();
            helper.assigned = Some(Arc::clone(&sp));
            helper.searching = true;
        }
        let parts = TestShared::new(2);
        let mut worker = Worker::new();
        let helped = catch_unwind(AssertUnwindSafe(|| {
            test_searcher(&mut worker, &parts, &pool, 1).thread_wait(None);
        }));
        assert!(helped.is_err(), "the test needs a search that panics");
        assert!(sp.close_if_no_helpers(), "the helper must have left");
    }
}
