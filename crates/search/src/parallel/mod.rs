//! The seam between the search and its parallel design: all the rest of the search sees of
//! how several threads share the work.
//!
//! A pool runs one [`ParallelMode`]. Inside the crate a mode is a [`Design`] (what the pool
//! keeps for it, what each of its threads other than the main one does during a search, and
//! what it measured), and each searcher holds a [`ThreadLink`] (what the sequential search
//! asks of it at a node: may this node be shared, and must this thread stop because of what
//! another found). Another design replaces `smp/` and the arms here, and nothing else.

pub(crate) mod link;
pub(crate) mod mode;
pub(crate) mod root_share;
pub(crate) mod stats;

use std::sync::Arc;

use movegen::{Move, Position};

use self::link::ThreadLink;
use self::mode::{ParallelMode, UnknownSetting};
use self::root_share::RootMoves;
use self::stats::ParallelStats;
use crate::lazy::{self, LazyJob};
use crate::movepick::MovePicker;
use crate::node::{LoopState, NodeContext};
use crate::searcher::Searcher;
use crate::shared::ThreadCounters;
use crate::smp::config::SplitConfig;
use crate::smp::link::SmpLink;
use crate::smp::pool_state::PoolState;
use crate::smp::split_point::{ListedMoves, SplitWork};

/// A pool's parallel design, and what it keeps between searches.
#[derive(Clone, Debug)]
pub(crate) enum Design {
    /// Young brothers wait (`smp/`): the threads' assignments, split points and statistics.
    SplitPoints(Arc<PoolState>),
    /// Lazy SMP (`lazy.rs`): nothing beyond the table every search shares.
    LazySmp,
    /// The main thread alone.
    Sequential,
}

impl Design {
    /// The design of `mode` for `threads` threads, its defaults changed by `settings`
    /// (name and value).
    pub fn new(
        mode: ParallelMode,
        threads: usize,
        settings: &[(String, i64)],
    ) -> Result<Design, UnknownSetting> {
        let unknown = |name: &str| UnknownSetting {
            name: name.to_owned(),
            mode,
        };
        match mode {
            ParallelMode::SplitPoints => {
                let mut config = SplitConfig::for_threads(threads);
                for (name, value) in settings {
                    config
                        .set(name, *value)
                        .then_some(())
                        .ok_or_else(|| unknown(name))?;
                }
                Ok(Design::SplitPoints(Arc::new(PoolState::with_config(
                    threads, config,
                ))))
            }
            ParallelMode::LazySmp | ParallelMode::Sequential => match settings.first() {
                Some((name, _)) => Err(unknown(name)),
                None if mode == ParallelMode::LazySmp => Ok(Design::LazySmp),
                None => Ok(Design::Sequential),
            },
        }
    }

    /// Its settings, in words (for `smp-bench`'s header).
    pub fn describe(&self) -> String {
        match self {
            Design::SplitPoints(pool) => format!("split points ({})", pool.config.describe()),
            Design::LazySmp => "Lazy SMP".to_owned(),
            Design::Sequential => "sequential".to_owned(),
        }
    }

    /// Gets ready for a search, run on the calling thread as the main thread.
    pub fn begin(&self) {
        if let Design::SplitPoints(pool) = self {
            pool.reset();
            pool.register(0);
            pool.slots[0].lock().searching = true;
        }
    }

    /// Registers the calling thread as thread `index` (once, when the pool starts it).
    pub fn register(&self, index: usize) {
        if let Design::SplitPoints(pool) = self {
            pool.register(index);
        }
    }

    /// Thread `index` takes no part in this search (the system refused it a thread).
    pub fn absent(&self, index: usize) {
        if let Design::SplitPoints(pool) = self {
            // Never assigned: it looks busy for the whole search.
            pool.slots[index].lock().searching = true;
        }
    }

    /// Thread `index`'s link to the design for one search.
    pub fn link(&self, index: usize) -> ThreadLink<'_> {
        match self {
            Design::SplitPoints(pool) => ThreadLink::SplitPoints(SmpLink::new(pool, index)),
            Design::LazySmp | Design::Sequential => ThreadLink::Independent,
        }
    }

    /// What a thread other than the main one does during a search, until the search ends:
    /// wait to help at split points, search the root on its own, or nothing.
    pub fn help(&self, searcher: &mut Searcher<'_>, job: &LazyJob) {
        match self {
            Design::SplitPoints(_) => searcher.thread_wait(None),
            Design::LazySmp => lazy::search_beside(searcher, job),
            Design::Sequential => {}
        }
    }

    /// The main thread has finished: every other thread stops and leaves its part.
    pub fn end(&self, threads: &ThreadCounters) {
        match self {
            Design::SplitPoints(pool) => pool.shut_down(),
            Design::LazySmp => threads.request_abort(),
            Design::Sequential => {}
        }
    }

    /// What the design measured during the last search.
    pub fn stats(&self) -> ParallelStats {
        match self {
            Design::SplitPoints(pool) => pool.summary().stats(),
            Design::LazySmp | Design::Sequential => ParallelStats::default(),
        }
    }
}

impl Searcher<'_> {
    /// Whether the node being searched may share its remaining moves with other threads now
    /// (then [`Searcher::split`] does): a split-point design's node deep enough, this thread
    /// not stopping, and a helper free to join.
    #[inline]
    pub(crate) fn can_split(&self, depth: i32, cut_node: bool) -> bool {
        match &self.parallel {
            ThreadLink::Independent => false,
            ThreadLink::SplitPoints(link) => {
                link.may_split(depth, cut_node) && !self.aborted() && link.helper_available()
            }
        }
    }

    /// Young brothers wait below the root: with the node's first move searched, hands the
    /// moves `picker` has left to the design's other threads and waits for the node to be
    /// done, its state in `node`. Only after [`Searcher::can_split`] said yes.
    pub(crate) fn share_node(
        &mut self,
        pos: &Position,
        ctx: NodeContext,
        picker: &mut MovePicker,
        node: &mut LoopState,
    ) {
        let moves = ListedMoves::drain(picker, pos, &self.worker.history, &self.params);
        let alpha = node.alpha;
        let searched = std::mem::replace(node, LoopState::start(alpha));
        *node = self.split(pos, ctx, SplitWork::Node(moves), searched).0;
    }

    /// Young brothers wait at the root: hands the root moves `moves` (the first already
    /// searched) to the design's other threads, each move searched in full by one thread;
    /// returns the node's state and what the moves' searches found. Only after
    /// [`Searcher::can_split`] said yes.
    pub(crate) fn share_root(
        &mut self,
        root: &Position,
        ctx: NodeContext,
        moves: Vec<Move>,
        node: LoopState,
    ) -> (LoopState, Option<RootMoves>) {
        self.split(root, ctx, SplitWork::Root(RootMoves::new(moves)), node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_belong_to_their_mode() {
        let set = |name: &str| [(name.to_owned(), 6)];
        let split = Design::new(ParallelMode::SplitPoints, 4, &set("min_depth"));
        assert!(matches!(split, Ok(Design::SplitPoints(pool)) if pool.config.min_depth == 6));
        assert!(Design::new(ParallelMode::SplitPoints, 4, &set("depth")).is_err());
        assert!(Design::new(ParallelMode::LazySmp, 4, &set("min_depth")).is_err());
        assert!(Design::new(ParallelMode::LazySmp, 4, &[]).is_ok());
    }
}
