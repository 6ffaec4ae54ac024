//! `SplitConfig`: when a node becomes a split point and how many threads may work there.
//!
//! The limits are per pool, fixed when the pool is made, so the search reads plain fields on
//! its hot path. `smp-bench` sets them to compare designs on the same positions.

/// Splitting a node this shallow costs more than it saves, with up to four threads.
pub const MIN_SPLIT_DEPTH: i32 = 4;

/// The same with more than four threads. Measured with `smp-bench` on 16 cores (depth 17,
/// 20 positions): from 4 to 6, the extra nodes at 16 threads fell from +60% to +44% and the
/// time-to-depth speedup rose from 2.8x to 3.6x (3.05x to 3.17x at 8 threads); at 4 threads
/// it made no difference. Shallower split points multiply, and their helpers cost more than
/// they find.
pub const MIN_SPLIT_DEPTH_MANY_THREADS: i32 = 6;

/// The most split points one thread may own at once (nested in its own subtree). Each one
/// pins the owner until its helpers finish, so deep nesting only adds waiting.
pub const MAX_SPLITS_PER_THREAD: usize = 8;

/// The most helpers one split point takes (the default): more threads on one node mostly
/// search moves that a cutoff makes useless, and they are better kept for the next split.
pub const MAX_HELPERS_PER_SPLIT: usize = 8;

/// The limits of the young-brothers-wait search.
/// ([`SplitConfig::default`] has the limits of a few threads; a pool takes
/// [`SplitConfig::for_threads`] unless told otherwise.)
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
    /// Nodes expected to fail high (cut nodes) may split once their first move did not. Off,
    /// only PV nodes and expected all-nodes split: a cut node that has not failed high yet
    /// still often does on a later move, and the helpers' work there is thrown away.
    pub cut_node_splits: bool,
}

impl SplitConfig {
    /// The limits for a pool of `threads` threads.
    pub fn for_threads(threads: usize) -> SplitConfig {
        SplitConfig {
            min_depth: if threads > 4 {
                MIN_SPLIT_DEPTH_MANY_THREADS
            } else {
                MIN_SPLIT_DEPTH
            },
            ..SplitConfig::default()
        }
    }
}

impl Default for SplitConfig {
    fn default() -> SplitConfig {
        SplitConfig {
            min_depth: MIN_SPLIT_DEPTH,
            max_helpers: MAX_HELPERS_PER_SPLIT,
            max_splits_per_thread: MAX_SPLITS_PER_THREAD,
            late_join: true,
            cut_node_splits: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_threads_split_only_deeper_nodes() {
        for threads in 1..=4 {
            assert_eq!(SplitConfig::for_threads(threads).min_depth, MIN_SPLIT_DEPTH);
        }
        for threads in [5, 8, 16, 256] {
            let config = SplitConfig::for_threads(threads);
            assert_eq!(config.min_depth, MIN_SPLIT_DEPTH_MANY_THREADS);
            assert_eq!(config.max_helpers, MAX_HELPERS_PER_SPLIT);
            assert!(config.late_join);
        }
    }
}
