//! What the split points did: the counters their threads keep during a search, and their
//! summary, which reaches `smp-bench` as the design's [`ParallelStats`].

use std::sync::atomic::AtomicU64;

use crate::parallel::stats::{Measure, ParallelStats};

/// Split statistics of one search.
#[derive(Debug, Default)]
pub(crate) struct SplitStats {
    /// Split points created.
    pub splits: AtomicU64,
    /// Split points created at the root.
    pub root_splits: AtomicU64,
    /// Helpers assigned, over all split points.
    pub helpers: AtomicU64,
    /// Split points ended by a beta cutoff while helpers worked.
    pub cutoffs: AtomicU64,
    /// Nodes searched by threads while working at a split point they do not own.
    pub helper_nodes: AtomicU64,
    /// Microseconds threads sat in `thread_wait` without work.
    pub idle_micros: AtomicU64,
    /// The part of `idle_micros` spent by owners waiting for their split points' helpers.
    pub owner_idle_micros: AtomicU64,
    /// Nanoseconds threads waited for split-point locks held by others (thread slots keep
    /// their own count).
    pub split_lock_wait_nanos: AtomicU64,
    /// Nodes of move searches at split points thrown away unfinished by a cutoff or a stop.
    pub wasted_nodes: AtomicU64,
    /// Helpers that joined a split point already running (counted in `helpers` too).
    pub late_joins: AtomicU64,
}

impl SplitStats {
    /// Every counter, for resetting them together.
    pub fn counters(&self) -> [&AtomicU64; 10] {
        [
            &self.splits,
            &self.root_splits,
            &self.helpers,
            &self.cutoffs,
            &self.helper_nodes,
            &self.idle_micros,
            &self.owner_idle_micros,
            &self.split_lock_wait_nanos,
            &self.wasted_nodes,
            &self.late_joins,
        ]
    }
}

/// Split-point statistics of one search (all zero with one thread).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SplitSummary {
    /// Split points where at least one helper joined.
    pub splits: u64,
    /// Of those, split points at the root (each helper searches whole root moves).
    pub root_splits: u64,
    /// Helpers assigned, summed over split points.
    pub helpers: u64,
    /// Split points ended by a beta cutoff (their helpers were stopped).
    pub cutoffs: u64,
    /// Nodes searched by threads helping at split points they do not own.
    pub helper_nodes: u64,
    /// Time threads spent idle in `ThreadWait` with nothing to do, summed over threads, in
    /// microseconds: with the search's wall time, the share of thread time lost to waiting.
    pub idle_micros: u64,
    /// The part of `idle_micros` spent by owners waiting for their helpers (the rest is
    /// threads that found no split point to join).
    pub owner_idle_micros: u64,
    /// Time threads waited for locks (split points and thread slots) that another thread
    /// held, summed over threads, in microseconds.
    pub lock_wait_micros: u64,
    /// The part of `lock_wait_micros` spent waiting for split points' locks.
    pub split_lock_wait_micros: u64,
    /// Nodes of move searches at split points thrown away unfinished by a cutoff or a stop.
    pub wasted_nodes: u64,
    /// Helpers that joined a split point already running (counted in `helpers` too).
    pub late_joins: u64,
}

impl SplitSummary {
    /// The same as the design's named counters.
    pub fn stats(&self) -> ParallelStats {
        ParallelStats {
            counters: vec![
                ("splits", Measure::Count(self.splits)),
                ("root splits", Measure::Count(self.root_splits)),
                ("late joins", Measure::Count(self.late_joins)),
                ("helpers", Measure::Count(self.helpers)),
                ("cutoffs", Measure::Count(self.cutoffs)),
                ("helper nodes", Measure::Nodes(self.helper_nodes)),
                ("wasted nodes", Measure::Nodes(self.wasted_nodes)),
                ("idle", Measure::ThreadMicros(self.idle_micros)),
                (
                    "owners waiting",
                    Measure::ThreadMicros(self.owner_idle_micros),
                ),
                ("lock wait", Measure::ThreadMicros(self.lock_wait_micros)),
                (
                    "split lock wait",
                    Measure::ThreadMicros(self.split_lock_wait_micros),
                ),
            ],
        }
    }
}
