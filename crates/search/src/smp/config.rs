//! `SplitConfig`: when a node becomes a split point and how many threads may work there.
//!
//! The limits are per pool, fixed when the pool is made, so the search reads plain fields on
//! its hot path. `smp-bench` sets them to compare designs on the same positions.

/// Splitting a node this shallow costs more than it saves (the default).
pub const MIN_SPLIT_DEPTH: i32 = 4;

/// The most split points one thread may own at once (nested in its own subtree). Each one
/// pins the owner until its helpers finish, so deep nesting only adds waiting.
pub const MAX_SPLITS_PER_THREAD: usize = 8;

/// The most helpers one split point takes (the default): more threads on one node mostly
/// search moves that a cutoff makes useless, and they are better kept for the next split.
pub const MAX_HELPERS_PER_SPLIT: usize = 8;

/// The limits of the young-brothers-wait search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitConfig {
    /// Nodes at least this many plies from the leaves may split.
    pub min_depth: i32,
    /// The most helpers one split point takes, late joiners included.
    pub max_helpers: usize,
    /// The most split points a thread owns at once.
    pub max_splits_per_thread: usize,
    /// A thread with nothing to do may join a split point that is already running and still
    /// has moves (Stockfish's "active reparenting", 2012), instead of waiting for an owner
    /// to open a new one.
    pub late_join: bool,
}

impl Default for SplitConfig {
    fn default() -> SplitConfig {
        SplitConfig {
            min_depth: MIN_SPLIT_DEPTH,
            max_helpers: MAX_HELPERS_PER_SPLIT,
            max_splits_per_thread: MAX_SPLITS_PER_THREAD,
            late_join: true,
        }
    }
}
