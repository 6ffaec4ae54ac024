//! Young brothers wait, the owner's side and the helper's: a node whose first move has been
//! searched becomes a split point, idle threads are assigned to it, and every thread there
//! takes moves from it until none is left or a cutoff ends it. The moves themselves are
//! searched by the sequential search (`search_child`, `search_root_move`).

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crossbeam_utils::CachePadded;
use movegen::{Move, Position};

use super::link::SmpLink;
use super::split_point::{
    ListedMoves, PublishedLoop, SplitPoint, SplitRole, SplitState, SplitWork,
};
use crate::movepick::Picked;
use crate::node::{LoopState, NodeContext, Step};
use crate::parallel::link::ThreadLink;
use crate::parallel::root_share::{RootMoves, RootResult};
use crate::searcher::Searcher;

impl<'a> Searcher<'a> {
    /// This thread's place among the split points. Only a searcher of the split-point design
    /// reaches the code that asks (it splits, helps or waits only when its link says so).
    pub(super) fn smp(&self) -> &SmpLink<'a> {
        match &self.parallel {
            ThreadLink::SplitPoints(link) => link,
            ThreadLink::Independent => unreachable!("split-point work outside the design"),
        }
    }

    /// The same, to move along the chain of split points.
    pub(super) fn smp_mut(&mut self) -> &mut SmpLink<'a> {
        match &mut self.parallel {
            ThreadLink::SplitPoints(link) => link,
            ThreadLink::Independent => unreachable!("split-point work outside the design"),
        }
    }
}

/// The next move a thread takes from a split point.
enum Next {
    /// A move of a node below the root.
    Node(Picked),
    /// The root move of this index in the split's list.
    Root(usize, Move),
}

impl Searcher<'_> {
    /// Turns the current node into a split point, searches its remaining moves together with
    /// the helpers it can get, waits for them (helping them meanwhile), and returns the node's
    /// final state and, at the root, the root moves with their results. If no helper joined,
    /// the owner simply searches on alone.
    pub(crate) fn split(
        &mut self,
        pos: &Position,
        context: NodeContext,
        work: SplitWork,
        node: LoopState,
    ) -> (LoopState, Option<RootMoves>) {
        let ply = context.ply;
        let (at_root, moves, root) = match work {
            SplitWork::Node(moves) => (false, moves, None),
            SplitWork::Root(root) => (true, ListedMoves::default(), Some(root)),
        };
        let sp = Arc::new(SplitPoint {
            owner: self.smp().index,
            parent: self.smp().chain.clone(),
            position: pos.clone(),
            context,
            keys: self.worker.keys.clone(),
            plies: self.worker.stack[..=ply].to_vec(),
            child_killers: self.worker.stack[ply + 1].killers,
            at_root,
            moves,
            published: CachePadded::new(PublishedLoop::new(&node)),
            cutoff: CachePadded::new(AtomicBool::new(false)),
            exhausted: AtomicBool::new(false),
            dropped_move: AtomicBool::new(false),
            lock_wait_nanos: CachePadded::new(AtomicU64::new(0)),
            state: CachePadded::new(Mutex::new(SplitState::new(root, node))),
            helpers: CachePadded::default(),
        });
        let pool = self.smp().pool;
        let slot = &pool.slots[self.smp().index];
        slot.owned().push(Arc::clone(&sp));
        slot.open_splits.fetch_add(1, Ordering::Relaxed);
        let helpers = pool.assign_helpers(self.smp().index, &sp);
        if helpers > 0 {
            pool.stats.splits.fetch_add(1, Ordering::Relaxed);
            if ply == 0 {
                pool.stats.root_splits.fetch_add(1, Ordering::Relaxed);
            }
            pool.stats
                .helpers
                .fetch_add(helpers as u64, Ordering::Relaxed);
        }
        self.work_at(&sp, SplitRole::Owner);
        // The owner's own moves are done: help our helpers until all of them have left.
        self.thread_wait(Some(&sp));
        slot.open_splits.fetch_sub(1, Ordering::Relaxed);
        // Split points nest in the owner's own search: this one is the innermost.
        slot.owned().pop();
        pool.stats.split_lock_wait_nanos.fetch_add(
            sp.lock_wait_nanos.load(Ordering::Relaxed),
            Ordering::Relaxed,
        );
        if sp.cutoff.load(Ordering::Relaxed) && helpers > 0 {
            pool.stats.cutoffs.fetch_add(1, Ordering::Relaxed);
        }
        // A move a stopped helper took and dropped is missing from the node's result: an
        // upper bound below the truth, or a best move that is not one. The stop that made the
        // helper drop it is the search's own (its flags stay set until the next search), so
        // this thread stops too, and `negamax` discards the node instead of storing it.
        if sp.dropped_move.load(Ordering::Acquire) {
            self.stopped = true;
        }
        // Every helper has left: nobody takes work from here any more, so it can be moved out.
        let mut state = sp.lock();
        if context.pv_node && !state.pv.is_empty() {
            self.worker.pv.set_line(ply, &state.pv);
        }
        let mut node = state.node.clone();
        node.searched = sp.published.searched();
        (node, state.root.take())
    }

    /// Searches moves of `sp` until none is left or the work is cut off.
    pub(crate) fn work_at(&mut self, sp: &Arc<SplitPoint>, role: SplitRole) {
        let ctx = sp.context;
        let ply = ctx.ply;
        let saved_chain = self.smp_mut().chain.replace(Arc::clone(sp));
        // A helper may be an owner waiting on its own split point: its suspended line (keys,
        // frames up to its node's children, accumulators from this split point's ply to its
        // node's) is set aside and restored afterwards. A free helper has no line to keep.
        let saved = match role {
            SplitRole::Owner => None,
            SplitRole::Helper { suspended } => {
                let worker = &mut *self.worker;
                let mark = suspended.map(|own| {
                    let frames = (own + 2).min(worker.stack.len());
                    let slots = (own >= ply && worker.network.is_some()).then_some((
                        &worker.accumulators,
                        ply,
                        own,
                    ));
                    worker
                        .set_aside
                        .push(&worker.keys, &worker.stack[..frames], slots)
                });
                worker.keys.clear();
                worker.keys.extend_from_slice(&sp.keys);
                for (frame, line) in worker.stack.iter_mut().zip(&sp.plies) {
                    frame.take_line(line);
                }
                worker.stack[ply + 1].killers = sp.child_killers;
                self.refresh_accumulator(&sp.position, ply);
                mark
            }
        };
        let nodes_before = self.nodes;
        loop {
            let move_start = self.nodes;
            if self.aborted() {
                break;
            }
            let next = if sp.at_root {
                let mut state = sp.lock();
                let state = &mut *state;
                let next = state.root.as_mut().and_then(RootMoves::next_move);
                next.map(|(i, mv)| {
                    state.node.searched += 1;
                    (Next::Root(i, mv), state.node.alpha, state.node.searched)
                })
            } else {
                self.next_listed_move(sp, &ctx)
            };
            let Some((next, alpha, searched)) = next else {
                sp.exhausted.store(true, Ordering::Relaxed);
                break;
            };
            let (mv, root_index, score) = match next {
                Next::Root(i, mv) => {
                    let score =
                        self.search_root_move(&sp.position, mv, ctx.depth, alpha, ctx.beta, false);
                    (mv, Some(i), score)
                }
                Next::Node(picked) => {
                    let score = self.search_child(&sp.position, &picked, &ctx, alpha, searched, 0);
                    (picked.mv, None, score)
                }
            };
            if self.aborted() {
                self.smp()
                    .pool
                    .stats
                    .wasted_nodes
                    .fetch_add(self.nodes - move_start, Ordering::Relaxed);
                // A cutoff here or above makes the whole node's result void anyway; a stop
                // does not reach the owner until it checks the limits, so it is told.
                if self.stopped {
                    sp.dropped_move.store(true, Ordering::Release);
                }
                break;
            }
            let mut state = sp.lock();
            let state = &mut *state;
            let step = self.record_move(&sp.position, &ctx, &mut state.node, mv, score);
            sp.published.publish(&state.node);
            if let (Some(i), Some(root)) = (root_index, &mut state.root) {
                let raised_alpha = step >= Step::RaisedAlpha;
                let continuation = if raised_alpha {
                    self.worker.pv.line(1).collect()
                } else {
                    Vec::new()
                };
                root.best_move_changes += u32::from(raised_alpha);
                root.results[i] = Some(RootResult {
                    score,
                    raised_alpha,
                    continuation,
                    seldepth: self.seldepth,
                    nodes: self.nodes - move_start,
                });
            }
            if step >= Step::RaisedAlpha && ctx.pv_node {
                // This thread's row holds the move and its line: the node's line for everyone.
                state.pv.clear();
                state.pv.extend(self.worker.pv.line(ply));
            }
            if step == Step::Cutoff {
                sp.cutoff.store(true, Ordering::Release);
                break;
            }
        }
        if role != SplitRole::Owner {
            self.smp()
                .pool
                .stats
                .helper_nodes
                .fetch_add(self.nodes - nodes_before, Ordering::Relaxed);
        }
        self.smp_mut().chain = saved_chain;
        if let Some(mark) = saved {
            let worker = &mut *self.worker;
            worker.set_aside.pop(
                mark,
                &mut worker.keys,
                &mut worker.stack[..],
                &mut worker.accumulators,
                ply,
            );
        }
    }

    /// The next move of a split node below the root that its pruning rules keep, with the
    /// window's lower bound to search it with and its move number, without the split point's
    /// lock (see [`ListedMoves`]); `None` when every move has been handed out.
    fn next_listed_move(&self, sp: &SplitPoint, ctx: &NodeContext) -> Option<(Next, i32, usize)> {
        while let Some(picked) = sp.moves.take() {
            let mut view = sp.published.view();
            if self.should_prune(&sp.position, &picked, ctx, &mut view) {
                sp.published.prune_quiets_if(&view);
                continue;
            }
            return Some((
                Next::Node(picked),
                view.alpha,
                sp.published.count_searched(),
            ));
        }
        None
    }
}

/// A searcher of the split-point design for the unit tests: thread `index` of `pool`, a
/// helper, sharing `parts`.
#[cfg(test)]
pub(crate) fn test_searcher<'a>(
    worker: &'a mut crate::worker::Worker,
    parts: &'a crate::shared::test_support::TestShared,
    pool: &'a super::pool_state::PoolState,
    index: usize,
) -> Searcher<'a> {
    let link = ThreadLink::SplitPoints(SmpLink::new(pool, index));
    worker.searcher(parts.shared(), index, crate::role::ThreadRole::Helper, link)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use movegen::Position;

    use super::super::pool_state::PoolState;
    use super::super::split_point::tests::split_point;
    use super::*;
    use crate::shared::test_support::TestShared;
    use crate::stack::PlyState;
    use crate::worker::Worker;

    /// A helper starts a split point with the owner's killers for the node's children, not
    /// with the ones it kept from whatever it searched before.
    #[test]
    fn a_helper_takes_the_owners_killers_for_the_children() {
        let mv = |text| {
            Position::startpos()
                .parse_uci_move(text, false)
                .expect("legal")
        };
        let mut sp = split_point(0, None);
        let ply = sp.context.ply;
        let spw = Arc::get_mut(&mut sp).expect("not shared yet");
        spw.child_killers.add(mv("g1f3"));
        spw.plies = vec![PlyState::default(); ply + 1];

        let parts = TestShared::new(2);
        let pool = PoolState::new(2);
        let mut worker = Worker::new();
        worker.stack[ply + 1].killers.add(mv("b1c3"));
        let mut helper = test_searcher(&mut worker, &parts, &pool, 1);
        helper.work_at(&sp, SplitRole::Helper { suspended: None });
        assert_eq!(helper.worker.stack[ply + 1].killers, sp.child_killers);
    }

    /// An owner alone at a split point below the root searches every listed move the pruning
    /// rules keep, numbers them on from the moves searched before the split, and leaves the
    /// split point exhausted with the best score recorded.
    #[test]
    fn the_owner_searches_every_listed_move() {
        use crate::movepick::{MovePicker, OrderingHints};
        use crate::node::LoopState;
        use crate::score::INFINITE;

        let mut sp = split_point(0, None);
        let spw = Arc::get_mut(&mut sp).expect("not shared yet");
        let ply = spw.context.ply;
        spw.context.depth = 2;
        spw.context.beta = INFINITE;
        // A PV node with a high static evaluation: no late move pruning, no futility.
        (spw.context.pv_node, spw.context.cut_node, spw.context.eval) = (true, false, 1000);
        spw.plies = vec![PlyState::default(); ply + 1];
        let mut picker = MovePicker::new(&OrderingHints::default());
        let worker_history = crate::history::History::default();
        let params = crate::params::SearchParams::default();
        spw.moves = ListedMoves::drain(&mut picker, &spw.position, &worker_history, &params);
        // No move searched yet found a score: nothing may be pruned.
        let node = LoopState::new(-INFINITE + 1, -INFINITE, 1);
        spw.published = CachePadded::new(PublishedLoop::new(&node));
        spw.state.get_mut().expect("not poisoned").node = node;

        let (parts, pool) = (TestShared::new(1), PoolState::new(1));
        let mut worker = Worker::new();
        worker.keys.push(sp.position.key());
        let mut owner = test_searcher(&mut worker, &parts, &pool, 0);
        owner.worker.stack[..=ply].copy_from_slice(&sp.plies);
        owner.refresh_accumulator(&sp.position, ply);
        owner.work_at(&sp, SplitRole::Owner);
        assert!(sp.is_exhausted());
        assert_eq!(
            sp.published.searched(),
            21,
            "20 moves after the one before the split"
        );
        assert!(sp.lock().node.best_score > -INFINITE);
        assert!(!sp.cut_off(), "a window no score reaches");
    }

    /// A helper that the search's stop reaches while it searches a move of a split point
    /// records nothing of that move and marks the split point, so that its owner does not
    /// store the node's result without it.
    #[test]
    fn a_stopped_helper_marks_the_move_it_dropped() {
        use crate::movepick::{MovePicker, OrderingHints};
        use crate::node::LoopState;
        use crate::score::INFINITE;

        let mut sp = split_point(0, None);
        let spw = Arc::get_mut(&mut sp).expect("not shared yet");
        let ply = spw.context.ply;
        // Deep enough that the helper counts past its first check of the limits in one move.
        spw.context.depth = 12;
        spw.context.beta = INFINITE;
        (spw.context.pv_node, spw.context.cut_node, spw.context.eval) = (true, false, 1000);
        spw.plies = vec![PlyState::default(); ply + 1];
        let mut picker = MovePicker::new(&OrderingHints::default());
        let params = crate::params::SearchParams::default();
        let history = crate::history::History::default();
        spw.moves = ListedMoves::drain(&mut picker, &spw.position, &history, &params);
        let node = LoopState::new(-INFINITE + 1, -INFINITE, 1);
        spw.published = CachePadded::new(PublishedLoop::new(&node));
        spw.state.get_mut().expect("not poisoned").node = node;

        let (parts, pool) = (TestShared::new(2), PoolState::new(2));
        parts.control.request_stop();
        let mut worker = Worker::new();
        let mut helper = test_searcher(&mut worker, &parts, &pool, 1);
        helper.work_at(&sp, SplitRole::Helper { suspended: None });
        assert!(helper.stopped, "the stop reached the helper");
        assert!(
            sp.dropped_move.load(Ordering::Acquire),
            "the dropped move is marked"
        );
        let state = sp.lock();
        assert_eq!(state.node.best_score, -INFINITE, "nothing recorded");
        assert_eq!(state.node.best_move, None);
    }

    /// A frame taking another thread's line takes all of it but the killers, which stay what
    /// this thread learnt at that ply (a helper keeps them, as it keeps its histories).
    #[test]
    fn taking_a_line_keeps_the_killers() {
        let mv = |text| {
            Position::startpos()
                .parse_uci_move(text, false)
                .expect("legal")
        };
        let mut frame = PlyState::default();
        frame.killers.add(mv("e2e4"));
        let mut line = PlyState {
            eval: 37,
            mv: Some(mv("g1f3")),
            plies_from_null: 5,
            ..PlyState::default()
        };
        line.killers.add(mv("d2d4"));
        frame.take_line(&line);
        assert_eq!(
            (frame.eval, frame.mv, frame.plies_from_null),
            (37, Some(mv("g1f3")), 5)
        );
        assert_eq!(frame.killers.moves(), [Some(mv("e2e4")), None]);
    }

    /// A helper joining a split point starts from a refreshed accumulator equal to the one
    /// the owner updated along its line; a helper that waits on a split point of its own finds
    /// its own line's accumulators as they were when it comes back.
    #[test]
    fn a_helper_starts_from_the_owners_accumulator_and_keeps_its_own_line() {
        use nnue::{Network, Nnue};

        let network = Network::embedded_shared();
        let nnue = Nnue::new(&network);
        let parts = TestShared::new(2);
        let pool = PoolState::new(2);

        /// Plays `line` from `pos` at `ply` through the search's make-move path and returns
        /// the last node's position and its up-to-date accumulator.
        fn play_line(
            s: &mut Searcher<'_>,
            pos: &Position,
            ply: usize,
            line: &[&str],
            nnue: &Nnue<'_>,
        ) -> (Position, nnue::Accumulator) {
            let Some((first, rest)) = line.split_first() else {
                return (pos.clone(), s.worker.accumulators.current(nnue, ply, pos));
            };
            let mv = pos.parse_uci_move(first, false).expect("legal");
            s.with_move(pos, mv, ply, |s, child| {
                play_line(s, child, ply + 1, rest, nnue)
            })
        }

        // The owner reaches the split point's node, two plies from the start, incrementally.
        let start = Position::startpos();
        let mut owner_worker = Worker::new();
        owner_worker.set_network(Some(Arc::clone(&network)));
        owner_worker.keys.push(start.key());
        let mut owner = test_searcher(&mut owner_worker, &parts, &pool, 0);
        owner.refresh_accumulator(&start, 0);
        let (position, owner_acc) = play_line(&mut owner, &start, 0, &["e2e4", "e7e5"], &nnue);

        let mut sp = split_point(0, None);
        let ply = 2;
        let spw = Arc::get_mut(&mut sp).expect("not shared yet");
        spw.position = position;
        spw.context.ply = ply;
        spw.plies = vec![PlyState::default(); ply + 1];

        // A free helper: its line starts at the split point, refreshed.
        let mut free = Worker::new();
        free.set_network(Some(Arc::clone(&network)));
        let mut helper = test_searcher(&mut free, &parts, &pool, 1);
        helper.work_at(&sp, SplitRole::Helper { suspended: None });
        assert_eq!(
            helper.worker.accumulators.current(&nnue, ply, &sp.position),
            owner_acc
        );

        // An owner waiting on its own split point at ply 3: its line 0..=3 must survive.
        let mut waiting_owner = Worker::new();
        waiting_owner.set_network(Some(Arc::clone(&network)));
        waiting_owner.keys.push(start.key());
        let mut helper = test_searcher(&mut waiting_owner, &parts, &pool, 1);
        helper.refresh_accumulator(&start, 0);
        let own_line = ["d2d4", "d7d5", "c2c4"];
        play_line(&mut helper, &start, 0, &own_line, &nnue);
        // The line's positions, for the accumulators' checks.
        let mut own_positions = vec![start.clone()];
        for uci in own_line {
            let last = own_positions.last().expect("the start").clone();
            let mut next = last.clone();
            next.play(last.parse_uci_move(uci, false).expect("legal"));
            own_positions.push(next);
        }
        let own: Vec<_> = (0..=3)
            .map(|p| {
                helper
                    .worker
                    .accumulators
                    .current(&nnue, p, &own_positions[p])
            })
            .collect();
        helper.work_at(&sp, SplitRole::Helper { suspended: Some(3) });
        for (p, acc) in own.iter().enumerate() {
            assert_eq!(
                helper
                    .worker
                    .accumulators
                    .current(&nnue, p, &own_positions[p]),
                *acc,
                "ply {p}"
            );
        }
        assert_ne!(
            own[ply], owner_acc,
            "the test needs lines that differ at the split ply"
        );
    }
}
