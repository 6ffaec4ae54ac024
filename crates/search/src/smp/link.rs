//! `SmpLink`: a thread's place among the split points. A searcher of the split-point design
//! holds one in its `ThreadLink`; it tells the search when a split point above has been
//! cut off (`ThreadStop`) and whether a node may split now. Splitting itself is
//! [`Searcher::split`], in `smp/split.rs`.

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
