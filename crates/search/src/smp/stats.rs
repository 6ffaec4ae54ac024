//! What the parallel search did: the counters its threads keep during a search, and the
//! summary a search returns.

use std::sync::atomic::AtomicU64;

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
pub struct SplitSummary {
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

impl std::ops::AddAssign for SplitSummary {
    /// Adds another search's statistics (for totals over many searches).
    fn add_assign(&mut self, other: SplitSummary) {
        self.splits += other.splits;
        self.root_splits += other.root_splits;
        self.helpers += other.helpers;
        self.cutoffs += other.cutoffs;
        self.helper_nodes += other.helper_nodes;
        self.idle_micros += other.idle_micros;
        self.owner_idle_micros += other.owner_idle_micros;
        self.lock_wait_micros += other.lock_wait_micros;
        self.split_lock_wait_micros += other.split_lock_wait_micros;
        self.wasted_nodes += other.wasted_nodes;
        self.late_joins += other.late_joins;
    }
}
