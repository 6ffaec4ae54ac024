//! `SharedState`: what every thread of one search shares, bundled and built in one place
//! (after Stockfish's `SharedState` in `search.h`): the table, the controls, the tablebases,
//! the clock's start and the threads' node counts and stop flag.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crossbeam_utils::CachePadded;
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::tablebase::SearchTablebases;

/// What the threads of a search tell each other whatever the parallel design: each one's
/// node count, and the flag that ends the search for all. It lives as long as the threads.
#[derive(Debug)]
pub(crate) struct ThreadCounters {
    /// Nodes searched by each thread, published every few hundred nodes for `go nodes` and
    /// the info lines (each on its own cache line: every thread writes its own).
    nodes: Box<[CachePadded<AtomicU64>]>,
    /// Set by the main thread when a limit is reached, or when it has finished: every thread
    /// unwinds.
    abort: AtomicBool,
}

impl ThreadCounters {
    /// The counters of `threads` threads (at least one).
    pub fn new(threads: usize) -> ThreadCounters {
        ThreadCounters {
            nodes: (0..threads.max(1))
                .map(|_| CachePadded::default())
                .collect(),
            abort: AtomicBool::new(false),
        }
    }

    /// How many threads search.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Makes them ready for a new search (no thread is searching).
    pub fn reset(&self) {
        self.abort.store(false, Ordering::Release);
        for nodes in self.nodes.iter() {
            nodes.store(0, Ordering::Relaxed);
        }
    }

    /// Publishes thread `index`'s node count for the others.
    pub fn publish(&self, index: usize, nodes: u64) {
        self.nodes[index].store(nodes, Ordering::Relaxed);
    }

    /// Nodes of all threads: `own` (thread `index`'s exact count) plus the others' last
    /// published ones.
    pub fn total(&self, index: usize, own: u64) -> u64 {
        let published: u64 = self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum();
        published - self.nodes[index].load(Ordering::Relaxed) + own
    }

    /// Whether the search has been ended for every thread.
    pub fn abort_requested(&self) -> bool {
        self.abort.load(Ordering::Acquire)
    }

    /// Ends the search for every thread.
    pub fn request_abort(&self) {
        self.abort.store(true, Ordering::Release);
    }
}

/// What every thread of one search shares, lent for the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SharedState<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// Tablebase probing (the root already ranked); `None` outside a search's drive (unit
    /// tests), which then probes nothing.
    pub tb: Option<&'a SearchTablebases>,
    pub threads: &'a ThreadCounters,
    /// When the search's clock started.
    pub start: Instant,
}

impl<'a> SharedState<'a> {
    /// The state a search shares: built here only, by the driver for the main thread and by
    /// the pool for the others, from the same parts.
    pub fn new(
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        tb: Option<&'a SearchTablebases>,
        threads: &'a ThreadCounters,
        start: Instant,
    ) -> SharedState<'a> {
        SharedState {
            tt,
            control,
            tb,
            threads,
            start,
        }
    }
}

/// What the unit tests share: owned parts to lend a searcher.
#[cfg(test)]
pub(crate) mod test_support {
    use super::*;

    /// A fresh 1 MiB table, controls that never stop, counters for some threads.
    pub(crate) struct TestShared {
        pub tt: TranspositionTable,
        pub control: SearchControl,
        pub threads: ThreadCounters,
    }

    impl TestShared {
        /// The parts for `threads` threads.
        pub fn new(threads: usize) -> TestShared {
            TestShared {
                tt: TranspositionTable::new(1).expect("1 MB table"),
                control: SearchControl::default(),
                threads: ThreadCounters::new(threads),
            }
        }

        /// Them lent, with no tablebases.
        pub fn shared(&self) -> SharedState<'_> {
            SharedState::new(&self.tt, &self.control, None, &self.threads, Instant::now())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_counts_its_own_nodes_exactly_and_the_others_as_published() {
        let counters = ThreadCounters::new(3);
        counters.publish(0, 100);
        counters.publish(1, 20);
        counters.publish(2, 3);
        assert_eq!(counters.total(0, 150), 173);
        counters.reset();
        assert_eq!(counters.total(1, 5), 5);
        assert!(!counters.abort_requested());
        counters.request_abort();
        assert!(counters.abort_requested());
    }
}
