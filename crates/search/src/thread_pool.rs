//! The search threads' shared bookkeeping: who is idle, who works where, and `ThreadWait`.
//!
//! Threads live for one search (scoped threads borrow the table and the histories). A thread
//! with nothing to do sits in [`Searcher::thread_wait`]: it spins briefly, then parks, and is
//! unparked when a master books it into a split point. Booking is decided and changed only
//! under the booked thread's own lock, so no thread is ever booked into two split points.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::Thread;
use std::time::Duration;

use crossbeam_utils::{Backoff, CachePadded};

use crate::searcher::Searcher;
use crate::split_point::SplitPoint;

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
    /// Helpers booked, over all split points.
    pub helpers: AtomicU64,
    /// Split points ended by a beta cutoff while helpers worked.
    pub cutoffs: AtomicU64,
    /// Nodes searched by threads while working at a split point they do not own.
    pub helper_nodes: AtomicU64,
}

/// Every thread of one search.
#[derive(Debug)]
pub(crate) struct ThreadPool {
    pub slots: Box<[CachePadded<ThreadSlot>]>,
    /// The search is over (helpers leave `thread_wait`).
    pub quit: AtomicBool,
    /// Set by the main thread when a limit is reached: every thread unwinds.
    pub abort: AtomicBool,
    /// Threads idle in `thread_wait` with no split point of their own to wait for (a hint:
    /// exact availability is decided under each thread's lock).
    pub idle: AtomicUsize,
    pub stats: SplitStats,
}

impl ThreadPool {
    pub fn new(threads: usize) -> ThreadPool {
        ThreadPool {
            slots: (0..threads.max(1))
                .map(|_| CachePadded::new(ThreadSlot::default()))
                .collect(),
            quit: AtomicBool::new(false),
            abort: AtomicBool::new(false),
            idle: AtomicUsize::new(0),
            stats: SplitStats::default(),
        }
    }

    /// How many threads search.
    pub fn len(&self) -> usize {
        self.slots.len()
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
            helpers: get(&self.stats.helpers),
            cutoffs: get(&self.stats.cutoffs),
            helper_nodes: get(&self.stats.helper_nodes),
        }
    }

    /// Ends the search: wakes every thread so it sees `quit`.
    pub fn shut_down(&self) {
        self.quit.store(true, Ordering::Release);
        for slot in self.slots.iter() {
            slot.wake();
        }
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
            let available = !booking.searching
                && booking.assigned.is_none()
                && booking
                    .waiting_on
                    .as_ref()
                    .is_none_or(|own| own.has_helper(master));
            if available {
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
        let pool = self.pool;
        let slot = &pool.slots[self.index];
        // A master helping its helpers can split again and wait here a second time, nested:
        // what it waited for before is restored when the inner wait ends.
        let previous_wait = {
            let mut booking = slot.lock();
            booking.searching = false;
            std::mem::replace(&mut booking.waiting_on, waiting_for.cloned())
        };
        let backoff = Backoff::new();
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
                    return;
                } else {
                    None
                }
            };
            match job {
                Some(sp) => {
                    self.work_at(&sp, false);
                    sp.remove_helper(self.index);
                    pool.slots[sp.owner].wake();
                    slot.lock().searching = false;
                    backoff.reset();
                }
                None => {
                    // Only threads free for anyone count as idle: a waiting master can help
                    // just its own helpers, and a split hoping for it would mostly book no one.
                    let free = waiting_for.is_none();
                    if free {
                        pool.idle.fetch_add(1, Ordering::Relaxed);
                    }
                    if backoff.is_completed() {
                        std::thread::park_timeout(Duration::from_millis(1));
                    } else {
                        backoff.snooze();
                    }
                    if free {
                        pool.idle.fetch_sub(1, Ordering::Relaxed);
                    }
                }
            }
        }
    }
}
