//! `PoolState`: what the split-point design's threads share during a search: each thread's
//! slot (what it is assigned to, its split points), how many are idle, the flag that ends
//! their waiting, and the split statistics. (Node counts and the stop flag every design
//! shares are in [`crate::shared::ThreadCounters`].)
//!
//! It lives as long as the pool and is reset before each search. During a search, a thread
//! with nothing to do sits in `ThreadWait` (`smp/wait.rs`) and is unparked when an owner
//! assigns it to a split point. An assignment is decided and changed only under the assigned
//! thread's own lock, so no thread is ever assigned to two split points.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::Thread;

use crossbeam_utils::CachePadded;

use super::config::SplitConfig;
use super::contended::{lock_counting, try_lock};
use super::split_point::{SplitPoint, chain_reaches};
use super::stats::{SplitStats, SplitSummary};

/// What a thread is doing, changed only under its lock.
#[derive(Debug, Default)]
pub(crate) struct Assignment {
    /// Working: on a split point, or (for the main thread) on the root search.
    pub searching: bool,
    /// The split point it has been assigned to and not yet started on.
    pub assigned: Option<Arc<SplitPoint>>,
    /// As an owner, the split point whose helpers it waits for; it may then help only those
    /// helpers (Crafty's "helpful master"), since they work for it.
    pub waiting_on: Option<Arc<SplitPoint>>,
}

/// One thread's shared state. What the thread itself writes (`open_splits`, which it
/// also reads at every node that may split) and what other threads lock (`assignment`,
/// `owned`) are on separate cache lines, so another thread's lock does not make this
/// thread's reads miss.
#[derive(Debug, Default)]
pub(crate) struct ThreadSlot {
    assignment: CachePadded<Mutex<Assignment>>,
    handle: Mutex<Option<Thread>>,
    /// How many split points this thread owns now: the length of `owned`, readable without
    /// its lock (the thread reads it at every node that may split).
    pub open_splits: AtomicUsize,
    /// The split points this thread owns now, outermost first, for late joiners (room for
    /// the most a thread may own is reserved when the pool is made).
    pub(super) owned: CachePadded<Mutex<Vec<Arc<SplitPoint>>>>,
    /// An owner idle in `thread_wait`, free to help at split points of its own helpers (a
    /// hint that saves locking this slot; `assign_helpers` decides under the lock).
    pub(super) waiting_idle: AtomicBool,
    /// A thread idle in `thread_wait` and free for anyone (a hint, like `waiting_idle`).
    pub(super) free_idle: AtomicBool,
    /// Nanoseconds other threads waited for this slot's lock while it was held.
    lock_wait_nanos: AtomicU64,
}

impl ThreadSlot {
    /// What the thread is doing, locked.
    pub fn lock(&self) -> MutexGuard<'_, Assignment> {
        lock_counting(&self.assignment, &self.lock_wait_nanos)
    }

    /// What the thread is doing, if nobody else holds the lock right now.
    pub fn try_lock(&self) -> Option<MutexGuard<'_, Assignment>> {
        try_lock(&self.assignment)
    }

    /// The split points this thread owns now, locked.
    pub(super) fn owned(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.owned.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Unparks the thread (registered with [`PoolState::register`]).
    pub fn wake(&self) {
        if let Some(t) = self
            .handle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
        {
            t.unpark();
        }
    }
}

/// What the split-point design's threads share during a search.
#[derive(Debug)]
pub(crate) struct PoolState {
    pub slots: Box<[CachePadded<ThreadSlot>]>,
    /// The search is over (helpers leave `thread_wait`).
    pub quit: AtomicBool,
    // The counters below change all the time; each is on its own cache lines, away from the
    // flags and limits that every thread reads at every node that may split.
    /// Threads idle in `thread_wait` with no split point of their own to wait for (a hint:
    /// exact availability is decided under each thread's lock).
    pub idle: CachePadded<AtomicUsize>,
    /// Owners idle in `thread_wait` while their helpers work (a hint, like `idle`).
    pub waiting_owners: CachePadded<AtomicUsize>,
    pub stats: CachePadded<SplitStats>,
    /// When to split and how many threads may work at a split point.
    pub config: SplitConfig,
}

impl PoolState {
    /// The state of a pool of `threads` threads (at least one) with the limits for that
    /// many threads.
    #[cfg(test)]
    pub fn new(threads: usize) -> PoolState {
        PoolState::with_config(threads, SplitConfig::for_threads(threads))
    }

    /// The state of a pool of `threads` threads (at least one) splitting by `config`.
    pub fn with_config(threads: usize, config: SplitConfig) -> PoolState {
        let slot = || {
            let slot = ThreadSlot::default();
            slot.owned().reserve(config.max_splits_per_thread);
            CachePadded::new(slot)
        };
        PoolState {
            config,
            slots: (0..threads.max(1)).map(|_| slot()).collect(),
            quit: AtomicBool::new(false),
            idle: CachePadded::new(AtomicUsize::new(0)),
            waiting_owners: CachePadded::new(AtomicUsize::new(0)),
            stats: CachePadded::new(SplitStats::default()),
        }
    }

    /// How many threads search.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Makes the state ready for a new search. Called only while no thread of it is searching
    /// (every helper has reported the last search done), so nothing reads what is reset.
    pub fn reset(&self) {
        self.quit.store(false, Ordering::Release);
        self.idle.store(0, Ordering::Relaxed);
        self.waiting_owners.store(0, Ordering::Relaxed);
        for slot in self.slots.iter() {
            *slot.lock() = Assignment::default();
            slot.open_splits.store(0, Ordering::Relaxed);
            slot.owned().clear();
            slot.waiting_idle.store(false, Ordering::Relaxed);
            slot.free_idle.store(false, Ordering::Relaxed);
            slot.lock_wait_nanos.store(0, Ordering::Relaxed);
        }
        for counter in self.stats.counters() {
            counter.store(0, Ordering::Relaxed);
        }
    }

    /// Registers the calling thread as thread `index`, so it can be unparked.
    pub fn register(&self, index: usize) {
        *self.slots[index]
            .handle
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = Some(std::thread::current());
    }

    /// The split statistics so far.
    pub fn summary(&self) -> SplitSummary {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        SplitSummary {
            splits: get(&self.stats.splits),
            root_splits: get(&self.stats.root_splits),
            helpers: get(&self.stats.helpers),
            cutoffs: get(&self.stats.cutoffs),
            helper_nodes: get(&self.stats.helper_nodes),
            idle_micros: get(&self.stats.idle_micros),
            owner_idle_micros: get(&self.stats.owner_idle_micros),
            lock_wait_micros: (get(&self.stats.split_lock_wait_nanos)
                + self
                    .slots
                    .iter()
                    .map(|s| get(&s.lock_wait_nanos))
                    .sum::<u64>())
                / 1000,
            split_lock_wait_micros: get(&self.stats.split_lock_wait_nanos) / 1000,
            wasted_nodes: get(&self.stats.wasted_nodes),
            late_joins: get(&self.stats.late_joins),
        }
    }

    /// Ends the search: wakes every thread so it sees `quit`.
    pub fn shut_down(&self) {
        self.quit.store(true, Ordering::Release);
        for slot in self.slots.iter() {
            slot.wake();
        }
    }

    /// Whether some thread could join a split point that `thread` opens now under the split
    /// points `chain`: a free idle thread, or an owner idle while it waits for work below its
    /// split point (the "helpful master"). Without the second case, with two threads the
    /// owner that finished its share of a split point first would idle until its helper's
    /// whole subtree is done.
    pub fn has_helper_for(&self, thread: usize, chain: Option<&Arc<SplitPoint>>) -> bool {
        if self.idle.load(Ordering::Relaxed) > 0 {
            return true;
        }
        if self.waiting_owners.load(Ordering::Relaxed) == 0 {
            return false;
        }
        // A hint, like the counts: a slot locked right now is passed over rather than waited
        // for (its thread is being assigned or is changing what it does).
        self.slots.iter().enumerate().any(|(index, slot)| {
            index != thread
                && slot.waiting_idle.load(Ordering::Relaxed)
                && slot
                    .try_lock()
                    .is_some_and(|now| self.available_to(&now, thread, chain))
        })
    }

    /// Whether a thread doing `now` may be assigned by `owner` to a split point opened under
    /// `chain` (under the thread's lock). A waiting owner may be, for work its own split
    /// point waits for: where its helpers open split points, or anywhere below its own
    /// ([`SplitConfig::owner_helps_below`]).
    fn available_to(
        &self,
        now: &Assignment,
        owner: usize,
        chain: Option<&Arc<SplitPoint>>,
    ) -> bool {
        !now.searching
            && now.assigned.is_none()
            && now.waiting_on.as_ref().is_none_or(|own| {
                own.has_helper(owner)
                    || (self.config.owner_helps_below && chain_reaches(chain, own))
            })
    }

    /// Assigns idle threads available to `owner` to `sp`; returns how many joined.
    pub fn assign_helpers(&self, owner: usize, sp: &Arc<SplitPoint>) -> usize {
        let mut assigned = 0;
        for (index, slot) in self.slots.iter().enumerate() {
            if assigned == self.config.max_helpers {
                break;
            }
            // Only threads that announced themselves idle are worth locking.
            let idle =
                slot.free_idle.load(Ordering::Relaxed) || slot.waiting_idle.load(Ordering::Relaxed);
            if index == owner || !idle {
                continue;
            }
            let mut now = slot.lock();
            if self.available_to(&now, owner, Some(sp)) {
                sp.add_helper(index);
                now.assigned = Some(Arc::clone(sp));
                now.searching = true;
                drop(now);
                slot.wake();
                assigned += 1;
            }
        }
        assigned
    }

    /// For a late joiner: among the split points other threads own, the one furthest from the
    /// leaves that is not cut off and has room (the most work left to share), if any. An
    /// owner waiting on `waiting_for` considers only the split points of that split point's
    /// helpers (as it last saw them: one that has just left only costs the owner a short
    /// detour), or with [`SplitConfig::owner_helps_below`] any split point below its own.
    pub fn late_join_candidate(
        &self,
        thread: usize,
        waiting_for: Option<&Arc<SplitPoint>>,
    ) -> Option<Arc<SplitPoint>> {
        let below = self.config.owner_helps_below;
        let helpers = waiting_for.filter(|_| !below).map(|own| own.helper_set());
        let works_for_us = |index: usize| helpers.is_none_or(|set| set.contains(index));
        let for_us =
            |sp: &Arc<SplitPoint>| !below || waiting_for.is_none_or(|own| sp.is_within(own));
        let mut best: Option<Arc<SplitPoint>> = None;
        for (index, slot) in self.slots.iter().enumerate() {
            let owns_some = slot.open_splits.load(Ordering::Relaxed) > 0;
            if index == thread || !owns_some || !works_for_us(index) {
                continue;
            }
            // A list being changed right now is skipped rather than waited for.
            let Some(owned) = try_lock(&slot.owned) else {
                continue;
            };
            for sp in owned.iter() {
                let deeper = best
                    .as_ref()
                    .is_none_or(|b| sp.context.depth > b.context.depth);
                if deeper && sp.looks_joinable(self.config.max_helpers) && for_us(sp) {
                    best = Some(Arc::clone(sp));
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::split_point::tests::split_point;
    use super::*;

    /// Marks thread `index` as an owner idle in `thread_wait` for `sp`, as `thread_wait` does.
    fn wait_idle(pool: &PoolState, index: usize, sp: &Arc<SplitPoint>) {
        let slot = &pool.slots[index];
        let mut now = slot.lock();
        now.searching = false;
        now.waiting_on = Some(Arc::clone(sp));
        slot.waiting_idle.store(true, Ordering::Relaxed);
        pool.waiting_owners.fetch_add(1, Ordering::Relaxed);
    }

    #[test]
    fn a_waiting_owner_is_a_helper_only_for_its_own_helpers() {
        let pool = PoolState::new(3);
        for slot in pool.slots.iter() {
            slot.lock().searching = true;
        }
        assert!(!pool.has_helper_for(1, None), "every thread is busy");
        let sp = split_point(0, None);
        sp.add_helper(1);
        wait_idle(&pool, 0, &sp);
        assert!(pool.has_helper_for(1, None), "thread 1 works for thread 0");
        assert!(!pool.has_helper_for(2, None), "thread 2 does not");
        let joining = split_point(1, Some(Arc::clone(&sp)));
        assert_eq!(pool.assign_helpers(1, &joining), 1);
        assert!(joining.has_helper(0));
        assert!(
            !pool.has_helper_for(1, None),
            "assigned once, it is no longer available"
        );
    }

    /// Makes `sp` a split point that its owner has open.
    fn open(pool: &PoolState, sp: &Arc<SplitPoint>) {
        let slot = &pool.slots[sp.owner];
        slot.owned().push(Arc::clone(sp));
        slot.open_splits.fetch_add(1, Ordering::Relaxed);
    }

    #[test]
    fn a_late_joiner_picks_the_deepest_open_split_point_it_may_help() {
        let pool = PoolState::new(4);
        assert!(pool.late_join_candidate(2, None).is_none(), "none open");
        let shallow = split_point(1, None);
        let mut deep = split_point(1, Some(Arc::clone(&shallow)));
        Arc::get_mut(&mut deep).expect("not shared").context.depth = 12;
        open(&pool, &shallow);
        open(&pool, &deep);
        let pick = pool.late_join_candidate(2, None).expect("one is open");
        assert!(Arc::ptr_eq(&pick, &deep), "the most work left");
        assert!(
            pool.late_join_candidate(1, None).is_none(),
            "not its own split points"
        );
        deep.cutoff.store(true, Ordering::Release);
        let pick = pool.late_join_candidate(2, None).expect("one is open");
        assert!(
            Arc::ptr_eq(&pick, &shallow),
            "a cut-off one has nothing left"
        );

        // An owner waiting on its own split point helps only its helpers' split points.
        let own = split_point(0, None);
        own.add_helper(3);
        assert!(pool.late_join_candidate(0, Some(&own)).is_none());
        own.add_helper(1);
        assert!(pool.late_join_candidate(0, Some(&own)).is_some());
    }

    #[test]
    fn a_waiting_owner_may_help_anywhere_below_its_split_point() {
        let pool = PoolState::with_config(
            4,
            SplitConfig {
                owner_helps_below: true,
                ..SplitConfig::for_threads(4)
            },
        );
        let own = split_point(0, None);
        own.add_helper(1);
        // Thread 2 helps thread 1's split point below `own` and opens one further down.
        let child = split_point(1, Some(Arc::clone(&own)));
        child.add_helper(2);
        let grandchild = split_point(2, Some(Arc::clone(&child)));
        let elsewhere = split_point(3, None);
        open(&pool, &grandchild);
        open(&pool, &elsewhere);
        let pick = pool
            .late_join_candidate(0, Some(&own))
            .expect("one is below");
        assert!(Arc::ptr_eq(&pick, &grandchild));

        // Assignment: a waiting owner is available to a split point opened below its own,
        // by whichever thread, and not to one elsewhere.
        wait_idle(&pool, 0, &own);
        assert!(pool.has_helper_for(2, Some(&child)));
        assert!(!pool.has_helper_for(3, None));
        assert_eq!(pool.assign_helpers(3, &elsewhere), 0);
        assert_eq!(pool.assign_helpers(2, &grandchild), 1);
        assert!(grandchild.has_helper(0));

        // With the rule off (the default), only its own helpers' split points.
        let strict = PoolState::new(4);
        open(&strict, &grandchild);
        assert!(
            strict.late_join_candidate(0, Some(&own)).is_none(),
            "thread 2 is no helper of it"
        );
        open(&strict, &child);
        assert!(strict.late_join_candidate(0, Some(&own)).is_some());
    }

    #[test]
    fn a_free_idle_thread_helps_anyone() {
        let pool = PoolState::new(3);
        pool.slots[0].lock().searching = true;
        pool.slots[1].lock().searching = true;
        pool.idle.fetch_add(1, Ordering::Relaxed);
        pool.slots[2].free_idle.store(true, Ordering::Relaxed);
        assert!(pool.has_helper_for(0, None) && pool.has_helper_for(1, None));
        let sp = split_point(1, None);
        assert_eq!(pool.assign_helpers(1, &sp), 1);
        assert!(sp.has_helper(2) && !sp.has_helper(0));
    }
}
