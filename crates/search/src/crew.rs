//! The crew: the search threads' shared bookkeeping during a search (who is idle, who works
//! where) and `ThreadWait`.
//!
//! The crew lives as long as the thread pool and is reset before each search. During a search,
//! a thread with nothing to do sits in [`Searcher::thread_wait`]: it spins briefly, then parks,
//! and is unparked when a master books it into a split point. Booking is decided and changed
//! only under the booked thread's own lock, so no thread is ever booked into two split points.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::Thread;
use std::time::{Duration, Instant};

use crossbeam_utils::{Backoff, CachePadded};

use crate::searcher::Searcher;
use crate::split_point::{Role, SplitPoint};

/// The most split points one thread may own at once (nested in its own subtree). Each one
/// pins the owner until its helpers finish, so deep nesting only adds waiting.
pub const MAX_SPLITS_PER_THREAD: usize = 8;

/// The most helpers one split point takes: more threads on one node mostly search moves that a
/// cutoff makes useless, and they are better kept for the next split.
pub const MAX_HELPERS_PER_SPLIT: usize = 8;

/// What a thread is doing, changed only under its lock.
#[derive(Debug, Default)]
pub(crate) struct Booking {
    /// Working: on a split point, or (for the main thread) on the root search.
    pub searching: bool,
    /// The split point it has been booked into and not yet started on.
    pub assigned: Option<Arc<SplitPoint>>,
    /// As a master, the split point whose helpers it waits for; it may then help only those
    /// helpers (the "helpful master"), since they work for it.
    pub waiting_on: Option<Arc<SplitPoint>>,
}

/// One thread's shared state.
#[derive(Debug, Default)]
pub(crate) struct ThreadSlot {
    booking: Mutex<Booking>,
    handle: Mutex<Option<Thread>>,
    /// Nodes searched, published every few hundred nodes for `go nodes` and the info lines.
    pub nodes: AtomicU64,
    /// Split points this thread owns now.
    pub open_splits: AtomicUsize,
    /// A master idle in `thread_wait`, free to help at split points of its own helpers (a
    /// hint that saves locking this slot; `book_helpers` decides under the lock).
    waiting_idle: AtomicBool,
}

impl ThreadSlot {
    pub fn lock(&self) -> MutexGuard<'_, Booking> {
        self.booking.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wake(&self) {
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

/// Split statistics of one search.
#[derive(Debug, Default)]
pub struct SplitStats {
    /// Split points created.
    pub splits: AtomicU64,
    /// Split points created at the root.
    pub root_splits: AtomicU64,
    /// Helpers booked, over all split points.
    pub helpers: AtomicU64,
    /// Split points ended by a beta cutoff while helpers worked.
    pub cutoffs: AtomicU64,
    /// Nodes searched by threads while working at a split point they do not own.
    pub helper_nodes: AtomicU64,
    /// Microseconds threads sat in `thread_wait` without work.
    pub idle_micros: AtomicU64,
}

/// The shared state of every thread of a search.
#[derive(Debug)]
pub(crate) struct Crew {
    pub slots: Box<[CachePadded<ThreadSlot>]>,
    /// The search is over (helpers leave `thread_wait`).
    pub quit: AtomicBool,
    /// Set by the main thread when a limit is reached: every thread unwinds.
    pub abort: AtomicBool,
    /// Threads idle in `thread_wait` with no split point of their own to wait for (a hint:
    /// exact availability is decided under each thread's lock).
    pub idle: AtomicUsize,
    /// Masters idle in `thread_wait` while their helpers work (a hint, like `idle`).
    pub waiting_masters: AtomicUsize,
    pub stats: SplitStats,
}

impl Crew {
    pub fn new(threads: usize) -> Crew {
        Crew {
            slots: (0..threads.max(1))
                .map(|_| CachePadded::new(ThreadSlot::default()))
                .collect(),
            quit: AtomicBool::new(false),
            abort: AtomicBool::new(false),
            idle: AtomicUsize::new(0),
            waiting_masters: AtomicUsize::new(0),
            stats: SplitStats::default(),
        }
    }

    /// How many threads search.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Makes the crew ready for a new search. Called only while no thread of it is searching
    /// (every helper has reported the last search done), so nothing reads what is reset.
    pub fn reset(&self) {
        self.quit.store(false, Ordering::Release);
        self.abort.store(false, Ordering::Release);
        self.idle.store(0, Ordering::Relaxed);
        self.waiting_masters.store(0, Ordering::Relaxed);
        for slot in self.slots.iter() {
            *slot.lock() = Booking::default();
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
    pub fn summary(&self) -> crate::SplitSummary {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        crate::SplitSummary {
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
    /// thread, or a master idle while it waits for `thread` (the "helpful master"). Without
    /// the second case, with two threads the master that finished its share of a split point
    /// first would idle until its helper's whole subtree is done.
    pub fn has_helper_for(&self, thread: usize) -> bool {
        if self.idle.load(Ordering::Relaxed) > 0 {
            return true;
        }
        if self.waiting_masters.load(Ordering::Relaxed) == 0 {
            return false;
        }
        self.slots.iter().enumerate().any(|(index, slot)| {
            index != thread
                && slot.waiting_idle.load(Ordering::Relaxed)
                && Self::available_to(&slot.lock(), thread)
        })
    }

    /// Whether a thread with this booking may be booked by `master` (under its lock).
    fn available_to(booking: &Booking, master: usize) -> bool {
        !booking.searching
            && booking.assigned.is_none()
            && booking
                .waiting_on
                .as_ref()
                .is_none_or(|own| own.has_helper(master))
    }

    /// Books idle threads available to `master` into `sp`; returns how many joined.
    pub fn book_helpers(&self, master: usize, sp: &Arc<SplitPoint>) -> usize {
        let mut booked = 0;
        for (index, slot) in self.slots.iter().enumerate() {
            if booked == MAX_HELPERS_PER_SPLIT {
                break;
            }
            if index == master {
                continue;
            }
            let mut booking = slot.lock();
            if Self::available_to(&booking, master) {
                sp.add_helper(index);
                booking.assigned = Some(Arc::clone(sp));
                booking.searching = true;
                drop(booking);
                slot.wake();
                booked += 1;
            }
        }
        booked
    }
}

impl Searcher<'_> {
    /// `ThreadWait(thread, waiting_for)`: idles until there is work, doing any split point this
    /// thread is booked into. Without `waiting_for` (a helper) it returns when the search ends;
    /// with it (a master) it returns once every helper of that split point has left.
    pub(crate) fn thread_wait(&mut self, waiting_for: Option<&Arc<SplitPoint>>) {
        let pool = self.crew;
        let slot = &pool.slots[self.index];
        // A master helping its helpers can split again and wait here a second time, nested:
        // what it waited for before is restored when the inner wait ends.
        let previous_wait = {
            let mut booking = slot.lock();
            booking.searching = false;
            std::mem::replace(&mut booking.waiting_on, waiting_for.cloned())
        };
        let backoff = Backoff::new();
        let mut idle_since: Option<Instant> = None;
        let count_idle = |since: &mut Option<Instant>| {
            if let Some(t) = since.take() {
                let micros = t.elapsed().as_micros() as u64;
                pool.stats.idle_micros.fetch_add(micros, Ordering::Relaxed);
            }
        };
        loop {
            let job = {
                let mut booking = slot.lock();
                if let Some(job) = booking.assigned.take() {
                    // Taken out of `assigned` at once, so a nested wait can't pick it up again;
                    // `searching` (set by the booker) keeps the thread unavailable meanwhile.
                    Some(job)
                } else if waiting_for.is_some_and(|sp| !sp.has_helpers())
                    || (waiting_for.is_none() && pool.quit.load(Ordering::Acquire))
                {
                    booking.waiting_on = previous_wait;
                    booking.searching = waiting_for.is_some();
                    drop(booking);
                    count_idle(&mut idle_since);
                    return;
                } else {
                    None
                }
            };
            match job {
                Some(sp) => {
                    count_idle(&mut idle_since);
                    let suspended = waiting_for.map(|own| own.context.ply);
                    self.work_at(&sp, Role::Helper { suspended });
                    sp.remove_helper(self.index);
                    pool.slots[sp.owner].wake();
                    slot.lock().searching = false;
                    backoff.reset();
                }
                None => {
                    // Only threads free for anyone count as idle; a waiting master can help
                    // just its own helpers, so it is announced separately.
                    let counter = if waiting_for.is_none() {
                        &pool.idle
                    } else {
                        slot.waiting_idle.store(true, Ordering::Relaxed);
                        &pool.waiting_masters
                    };
                    counter.fetch_add(1, Ordering::Relaxed);
                    idle_since.get_or_insert_with(Instant::now);
                    // Only the main thread watches the clock: waiting for its helpers (at the
                    // root, a helper may be deep in a whole root move) it must keep doing so,
                    // or a time limit passes unnoticed until the helpers are done.
                    if self.main.is_some() {
                        self.check_limits();
                    }
                    if backoff.is_completed() {
                        std::thread::park_timeout(Duration::from_millis(1));
                    } else {
                        backoff.snooze();
                    }
                    counter.fetch_sub(1, Ordering::Relaxed);
                    slot.waiting_idle.store(false, Ordering::Relaxed);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split_point::tests::split_point;

    /// Marks thread `index` as a master idle in `thread_wait` for `sp`, as `thread_wait` does.
    fn wait_idle(pool: &Crew, index: usize, sp: &Arc<SplitPoint>) {
        let slot = &pool.slots[index];
        let mut booking = slot.lock();
        booking.searching = false;
        booking.waiting_on = Some(Arc::clone(sp));
        slot.waiting_idle.store(true, Ordering::Relaxed);
        pool.waiting_masters.fetch_add(1, Ordering::Relaxed);
    }

    #[test]
    fn a_waiting_master_is_a_helper_only_for_its_own_helpers() {
        let pool = Crew::new(3);
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
        assert_eq!(pool.book_helpers(1, &joining), 1);
        assert!(joining.has_helper(0));
        assert!(
            !pool.has_helper_for(1),
            "booked once, it is no longer available"
        );
    }

    #[test]
    fn a_free_idle_thread_helps_anyone() {
        let pool = Crew::new(3);
        pool.slots[0].lock().searching = true;
        pool.slots[1].lock().searching = true;
        pool.idle.fetch_add(1, Ordering::Relaxed);
        assert!(pool.has_helper_for(0) && pool.has_helper_for(1));
        let sp = split_point(1, None);
        assert_eq!(pool.book_helpers(1, &sp), 1);
        assert!(sp.has_helper(2) && !sp.has_helper(0));
    }
}
