//! `SmpLink`: all the sequential search sees of the parallel one. A searcher holds one; it
//! tells the search when a split point above has been cut off (`ThreadStop`), whether a node
//! may split now, and carries the node counts and the stop flag between threads. Splitting
//! itself is [`Searcher::split`](crate::searcher::Searcher::split), in `smp/split.rs`.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::pool_state::PoolState;
use super::split_point::SplitPoint;

/// One thread's place in the pool during a search.
#[derive(Debug)]
pub(crate) struct SmpLink<'a> {
    /// What the pool's threads share.
    pub pool: &'a PoolState,
    /// This thread's index in the pool; 0 is the main thread, which runs the root.
    pub index: usize,
    /// The innermost split point this thread works under; a cutoff there or above it stops it.
    pub chain: Option<Arc<SplitPoint>>,
}

impl<'a> SmpLink<'a> {
    /// Thread `index` of `pool`, under no split point yet.
    pub fn new(pool: &'a PoolState, index: usize) -> SmpLink<'a> {
        SmpLink {
            pool,
            index,
            chain: None,
        }
    }

    /// `ThreadStop`: whether a cutoff at a split point this thread works under (or above it)
    /// makes its work useless.
    #[inline]
    pub fn should_stop(&self) -> bool {
        self.chain.as_ref().is_some_and(|sp| sp.cut_off())
    }

    /// Whether the main thread has ended the search for everyone (a limit was reached).
    pub fn abort_requested(&self) -> bool {
        self.pool.abort.load(Ordering::Acquire)
    }

    /// Ends the search for every thread (the main thread, at a limit).
    pub fn request_abort(&self) {
        self.pool.abort.store(true, Ordering::Release);
    }

    /// Publishes this thread's node count for the others.
    pub fn publish_nodes(&self, nodes: u64) {
        self.pool.slots[self.index]
            .nodes
            .store(nodes, Ordering::Relaxed);
    }

    /// Nodes of all threads: `own` (this thread's exact count) plus the others' last
    /// published ones.
    pub fn total_nodes(&self, own: u64) -> u64 {
        let own_published = self.pool.slots[self.index].nodes.load(Ordering::Relaxed);
        self.pool.published_nodes() - own_published + own
    }

    /// Whether a node `depth` plies from the leaves, an expected cut node or not, is worth
    /// splitting and this thread may open one more split point (not whether a helper is
    /// free: see `helper_available`).
    #[inline]
    pub fn may_split(&self, depth: i32, cut_node: bool) -> bool {
        let config = &self.pool.config;
        self.pool.len() > 1
            && depth >= config.min_depth
            && (config.cut_node_splits || !cut_node)
            && self.pool.slots[self.index]
                .open_splits
                .load(Ordering::Relaxed)
                < config.max_splits_per_thread
    }

    /// Whether some thread could help at a split point this thread opens now.
    pub fn helper_available(&self) -> bool {
        self.pool.has_helper_for(self.index, self.chain.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smp::config::SplitConfig;

    /// Splits need a second thread and enough depth; expected cut nodes split only when the
    /// configuration lets them.
    #[test]
    fn who_may_split() {
        let config = SplitConfig::for_threads(4);
        let pool = PoolState::with_config(4, config);
        let link = SmpLink::new(&pool, 0);
        let depth = config.min_depth;
        assert!(link.may_split(depth, false) && link.may_split(depth, true));
        assert!(!link.may_split(depth - 1, false));
        let all_nodes = PoolState::with_config(
            4,
            SplitConfig {
                cut_node_splits: false,
                ..config
            },
        );
        let link = SmpLink::new(&all_nodes, 0);
        assert!(link.may_split(depth, false) && !link.may_split(depth, true));
        let alone = PoolState::with_config(1, config);
        assert!(!SmpLink::new(&alone, 0).may_split(depth, false));
    }
}
