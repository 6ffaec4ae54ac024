//! `PoolState`: what the pool's threads share during a search: each thread's slot (what it is
//! assigned to, its node count, its split points), how many are idle, the flags that end the
//! search, and the split statistics.
//!
//! It lives as long as the pool and is reset before each search. During a search, a thread
//! with nothing to do sits in `ThreadWait` (`smp/wait.rs`) and is unparked when an owner
//! assigns it to a split point. An assignment is decided and changed only under the assigned
//! thread's own lock, so no thread is ever assigned to two split points.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::Thread;

use crossbeam_utils::CachePadded;

use super::split_point::SplitPoint;
use super::stats::{SplitStats, SplitSummary};

/// The most split points one thread may own at once (nested in its own subtree). Each one
/// pins the owner until its helpers finish, so deep nesting only adds waiting.
pub const MAX_SPLITS_PER_THREAD: usize = 8;

/// The most helpers one split point takes: more threads on one node mostly search moves that a
/// cutoff makes useless, and they are better kept for the next split.
pub const MAX_HELPERS_PER_SPLIT: usize = 8;

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

/// One thread's shared state.
#[derive(Debug, Default)]
pub(crate) struct ThreadSlot {
    assignment: Mutex<Assignment>,
    handle: Mutex<Option<Thread>>,
    /// Nodes searched, published every few hundred nodes for `go nodes` and the info lines.
    pub nodes: AtomicU64,
    /// Split points this thread owns now.
    pub open_splits: AtomicUsize,
    /// An owner idle in `thread_wait`, free to help at split points of its own helpers (a
    /// hint that saves locking this slot; `assign_helpers` decides under the lock).
    pub(super) waiting_idle: AtomicBool,
}

impl ThreadSlot {
    /// What the thread is doing, locked.
    pub fn lock(&self) -> MutexGuard<'_, Assignment> {
        self.assignment
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
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

/// What the pool's threads share during a search.
#[derive(Debug)]
pub(crate) struct PoolState {
    pub slots: Box<[CachePadded<ThreadSlot>]>,
    /// The search is over (helpers leave `thread_wait`).
    pub quit: AtomicBool,
    /// Set by the main thread when a limit is reached: every thread unwinds.
    pub abort: AtomicBool,
    /// Threads idle in `thread_wait` with no split point of their own to wait for (a hint:
    /// exact availability is decided under each thread's lock).
    pub idle: AtomicUsize,
    /// Owners idle in `thread_wait` while their helpers work (a hint, like `idle`).
    pub waiting_owners: AtomicUsize,
    pub stats: SplitStats,
}

impl PoolState {
    /// The state of a pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> PoolState {
        PoolState {
            slots: (0..threads.max(1))
                .map(|_| CachePadded::new(ThreadSlot::default()))
                .collect(),
            quit: AtomicBool::new(false),
            abort: AtomicBool::new(false),
            idle: AtomicUsize::new(0),
            waiting_owners: AtomicUsize::new(0),
            stats: SplitStats::default(),
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
        self.abort.store(false, Ordering::Release);
        self.idle.store(0, Ordering::Relaxed);
        self.waiting_owners.store(0, Ordering::Relaxed);
        for slot in self.slots.iter() {
            *slot.lock() = Assignment::default();
            slot.nodes.store(0, Ordering::Relaxed);
            slot.open_splits.store(0, Ordering::Relaxed);
            slot.waiting_idle.store(false, Ordering::Relaxed);
        }
        let stats = &self.stats;
        for counter in [
            &stats.splits,
            &stats.root_splits,
            &stats.helpers,
            &stats.cutoffs,
            &stats.helper_nodes,
            &stats.idle_micros,
        ] {
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

    /// Nodes searched by all threads, as last published.
    pub fn published_nodes(&self) -> u64 {
        self.slots
            .iter()
            .map(|s| s.nodes.load(Ordering::Relaxed))
            .sum()
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
        }
    }

    /// Ends the search: wakes every thread so it sees `quit`.
    pub fn shut_down(&self) {
        self.quit.store(true, Ordering::Release);
        for slot in self.slots.iter() {
            slot.wake();
        }
    }

    /// Whether some thread could join a split point that `thread` opens now: a free idle
    /// thread, or an owner idle while it waits for `thread` (the "helpful master"). Without
    /// the second case, with two threads the owner that finished its share of a split point
    /// first would idle until its helper's whole subtree is done.
    pub fn has_helper_for(&self, thread: usize) -> bool {
        if self.idle.load(Ordering::Relaxed) > 0 {
            return true;
        }
        if self.waiting_owners.load(Ordering::Relaxed) == 0 {
            return false;
        }
        self.slots.iter().enumerate().any(|(index, slot)| {
            index != thread
                && slot.waiting_idle.load(Ordering::Relaxed)
                && Self::available_to(&slot.lock(), thread)
        })
    }

    /// Whether a thread doing `now` may be assigned by `owner` (under its lock).
    fn available_to(now: &Assignment, owner: usize) -> bool {
        !now.searching
            && now.assigned.is_none()
            && now
                .waiting_on
                .as_ref()
                .is_none_or(|own| own.has_helper(owner))
    }

    /// Assigns idle threads available to `owner` to `sp`; returns how many joined.
    pub fn assign_helpers(&self, owner: usize, sp: &Arc<SplitPoint>) -> usize {
        let mut assigned = 0;
        for (index, slot) in self.slots.iter().enumerate() {
            if assigned == MAX_HELPERS_PER_SPLIT {
                break;
            }
            if index == owner {
                continue;
            }
            let mut now = slot.lock();
            if Self::available_to(&now, owner) {
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
        assert!(!pool.has_helper_for(1), "every thread is busy");
        let sp = split_point(0, None);
        sp.add_helper(1);
        wait_idle(&pool, 0, &sp);
        assert!(pool.has_helper_for(1), "thread 1 works for thread 0");
        assert!(!pool.has_helper_for(2), "thread 2 does not");
        let joining = split_point(1, Some(Arc::clone(&sp)));
        assert_eq!(pool.assign_helpers(1, &joining), 1);
        assert!(joining.has_helper(0));
        assert!(
            !pool.has_helper_for(1),
            "assigned once, it is no longer available"
        );
    }

    #[test]
    fn a_free_idle_thread_helps_anyone() {
        let pool = PoolState::new(3);
        pool.slots[0].lock().searching = true;
        pool.slots[1].lock().searching = true;
        pool.idle.fetch_add(1, Ordering::Relaxed);
        assert!(pool.has_helper_for(0) && pool.has_helper_for(1));
        let sp = split_point(1, None);
        assert_eq!(pool.assign_helpers(1, &sp), 1);
        assert!(sp.has_helper(2) && !sp.has_helper(0));
    }
}
