//! Split points (young brothers wait): a node whose first move has been searched hands its
//! remaining moves to idle threads, which search them in parallel with the owner.
//!
//! The node's window, best score and move, its move picker and its helper set sit behind one
//! lock. A beta cutoff sets the split point's `cutoff` flag (`ThreadStop`): every thread below
//! it sees the flag through its chain of split points (each split point links to the one its
//! owner was working under), so the stop reaches helpers of helpers too.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use movegen::{Move, Position};

use crate::crew::MAX_SPLITS_PER_THREAD;
use crate::move_loop::{LoopState, NodeContext, Step};
use crate::movepick::{MovePicker, Picked};
use crate::searcher::Searcher;
use crate::worker::PlyState;

/// Splitting a node this shallow costs more than it saves.
pub const MIN_SPLIT_DEPTH: i32 = 4;

/// What a split point's threads take their moves from.
// It lives in the split point's one heap allocation, so the smaller variant's unused bytes
// cost nothing, while boxing the picker would cost an allocation per split.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub(crate) enum SplitWork {
    /// A node below the root: its move picker, with the node's pruning rules.
    Node(MovePicker),
    /// The root: its remaining moves in the root's order, each searched in full (no pruning,
    /// no reduction) and its result kept for the root's bookkeeping.
    Root(RootMoves),
}

/// The root moves handed out at a root split point, and what their searches found.
#[derive(Debug)]
pub(crate) struct RootMoves {
    moves: Vec<Move>,
    next: usize,
    /// One entry per move, filled when its search completes.
    pub results: Vec<Option<RootResult>>,
    /// Moves that became the new best while the root was split.
    pub best_move_changes: u32,
}

impl RootMoves {
    /// The moves to hand out, in order.
    pub fn new(moves: Vec<Move>) -> RootMoves {
        let results = vec![None; moves.len()];
        RootMoves {
            moves,
            next: 0,
            results,
            best_move_changes: 0,
        }
    }

    fn next_move(&mut self) -> Option<(usize, Move)> {
        let mv = *self.moves.get(self.next)?;
        self.next += 1;
        Some((self.next - 1, mv))
    }
}

/// The next move a thread takes from a split point.
enum Next {
    /// A move of a node below the root.
    Node(Picked),
    /// The root move of this index in the split's list.
    Root(usize, Move),
}

/// The completed search of one root move at a root split point.
#[derive(Clone, Debug)]
pub(crate) struct RootResult {
    /// The fail-soft score.
    pub score: i32,
    /// It raised alpha when it was recorded: its score is exact (or a fail high) and it was
    /// the best move so far.
    pub raised_alpha: bool,
    /// Its line after the move (only when `raised_alpha`).
    pub continuation: Vec<Move>,
    pub seldepth: usize,
}

/// Who works at a split point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// The thread that opened it: its position and stacks are already in place.
    Owner,
    /// A thread booked into it. `suspended` is the ply of the split point it waits on as a
    /// master, if any: its own line up to that ply must survive the help.
    Helper { suspended: Option<usize> },
}

/// What changes while threads work at a split point.
#[derive(Debug)]
pub(crate) struct SplitState {
    /// Taken back by the owner once every helper has left.
    pub work: Option<SplitWork>,
    pub node: LoopState,
    /// The best line when this is a PV node and a move raised alpha.
    pub pv: Vec<Move>,
    /// Threads other than the owner working here (a bit set: up to 256 threads).
    helpers: [u64; 4],
}

/// A node searched by several threads.
#[derive(Debug)]
pub(crate) struct SplitPoint {
    /// The thread that created it and waits for its helpers.
    pub owner: usize,
    /// The split point the owner was working under, for the cutoff chain.
    pub parent: Option<Arc<SplitPoint>>,
    pub position: Position,
    pub context: NodeContext,
    /// Keys from the game's start to this node, for repetition detection in helpers.
    pub keys: Vec<u64>,
    /// The owner's per-ply state up to this node (for `improving` and countermoves below).
    pub plies: Vec<PlyState>,
    /// The owner's killers for the children, learnt from the moves searched before the split:
    /// a helper's own killers at that ply come from some unrelated node.
    pub child_killers: [Option<Move>; 2],
    /// A beta cutoff happened here: everything below must stop.
    pub cutoff: AtomicBool,
    state: Mutex<SplitState>,
}

impl SplitPoint {
    pub fn lock(&self) -> MutexGuard<'_, SplitState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn add_helper(&self, thread: usize) {
        self.lock().helpers[thread / 64] |= 1 << (thread % 64);
    }

    pub fn remove_helper(&self, thread: usize) {
        self.lock().helpers[thread / 64] &= !(1 << (thread % 64));
    }

    pub fn has_helper(&self, thread: usize) -> bool {
        self.lock().helpers[thread / 64] & (1 << (thread % 64)) != 0
    }

    pub fn has_helpers(&self) -> bool {
        self.lock().helpers.iter().any(|&w| w != 0)
    }

    /// Whether a cutoff here or at any split point above means this work is wasted.
    pub fn cut_off(self: &Arc<Self>) -> bool {
        let mut sp = Some(self);
        while let Some(s) = sp {
            if s.cutoff.load(Ordering::Acquire) {
                return true;
            }
            sp = s.parent.as_ref();
        }
        false
    }
}

impl Searcher<'_> {
    /// Whether this node may become a split point now.
    pub(crate) fn can_split(&self, depth: i32) -> bool {
        self.crew.len() > 1
            && depth >= MIN_SPLIT_DEPTH
            && self.crew.slots[self.index]
                .open_splits
                .load(Ordering::Relaxed)
                < MAX_SPLITS_PER_THREAD
            && !self.aborted()
            && self.crew.has_helper_for(self.index)
    }

    /// Turns the current node into a split point, searches its remaining moves together with
    /// the helpers it can book, waits for them (helping them meanwhile), and returns the node's
    /// final state and the work taken back from the split point (at the root it holds the root
    /// moves' results). If no helper could be booked, the owner simply searches on alone.
    pub(crate) fn split(
        &mut self,
        pos: &Position,
        context: NodeContext,
        work: SplitWork,
        node: LoopState,
    ) -> (LoopState, Option<SplitWork>) {
        let ply = context.ply;
        let sp = Arc::new(SplitPoint {
            owner: self.index,
            parent: self.split_chain.clone(),
            position: pos.clone(),
            context,
            keys: self.worker.keys.clone(),
            plies: self.worker.stack[..=ply].to_vec(),
            child_killers: self.worker.history.killers(ply + 1),
            cutoff: AtomicBool::new(false),
            state: Mutex::new(SplitState {
                work: Some(work),
                node,
                pv: Vec::new(),
                helpers: [0; 4],
            }),
        });
        let slot = &self.crew.slots[self.index];
        slot.open_splits.fetch_add(1, Ordering::Relaxed);
        let helpers = self.crew.book_helpers(self.index, &sp);
        if helpers > 0 {
            self.crew.stats.splits.fetch_add(1, Ordering::Relaxed);
            if ply == 0 {
                self.crew.stats.root_splits.fetch_add(1, Ordering::Relaxed);
            }
            self.crew
                .stats
                .helpers
                .fetch_add(helpers as u64, Ordering::Relaxed);
        }
        self.work_at(&sp, Role::Owner);
        // The owner's own moves are done: help our helpers until all of them have left.
        self.thread_wait(Some(&sp));
        slot.open_splits.fetch_sub(1, Ordering::Relaxed);
        if sp.cutoff.load(Ordering::Relaxed) && helpers > 0 {
            self.crew.stats.cutoffs.fetch_add(1, Ordering::Relaxed);
        }
        // Every helper has left: nobody takes work from here any more, so it can be moved out.
        let mut state = sp.lock();
        if context.pv_node && !state.pv.is_empty() {
            self.worker.pv.set_line(ply, &state.pv);
        }
        (state.node.clone(), state.work.take())
    }

    /// Searches moves of `sp` until its picker is empty or the work is cut off.
    pub(crate) fn work_at(&mut self, sp: &Arc<SplitPoint>, role: Role) {
        let ctx = sp.context;
        let ply = ctx.ply;
        let saved_chain = self.split_chain.replace(Arc::clone(sp));
        // A helper may be a master waiting on its own split point: its suspended frames' keys,
        // ply states and accumulators are set aside and restored afterwards.
        let saved = match role {
            Role::Owner => None,
            Role::Helper { suspended } => {
                let keys = std::mem::replace(&mut self.worker.keys, sp.keys.clone());
                let plies = self.worker.stack.clone();
                self.worker.stack[..=ply].copy_from_slice(&sp.plies);
                self.worker.history.set_killers(ply + 1, sp.child_killers);
                // Only the slots from the split point's ply to the suspended node's are both
                // overwritten here and needed later.
                let accumulators = suspended
                    .filter(|&own| own >= ply && self.worker.network.is_some())
                    .map(|own| self.worker.accumulators.save(ply, own));
                self.refresh_accumulator(&sp.position, ply);
                Some((keys, plies, accumulators))
            }
        };
        let nodes_before = self.nodes;
        loop {
            let (next, alpha, searched) = {
                let mut state = sp.lock();
                if self.aborted() {
                    break;
                }
                let state = &mut *state;
                let mut next = None;
                match &mut state.work {
                    Some(SplitWork::Node(picker)) => {
                        let history = &self.worker.history;
                        while let Some(picked) = picker.next_move(&sp.position, history) {
                            if !self.should_prune(&sp.position, &picked, &ctx, &mut state.node) {
                                next = Some(Next::Node(picked));
                                break;
                            }
                            if state.node.skip_quiets {
                                picker.skip_quiets_except_checks();
                            }
                        }
                    }
                    Some(SplitWork::Root(root)) => {
                        next = root.next_move().map(|(i, mv)| Next::Root(i, mv));
                    }
                    None => {}
                }
                let Some(next) = next else {
                    break;
                };
                state.node.searched += 1;
                (next, state.node.alpha, state.node.searched)
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
                break;
            }
            let mut state = sp.lock();
            let state = &mut *state;
            let step = self.record_move(&sp.position, &ctx, &mut state.node, mv, score);
            if let (Some(i), Some(SplitWork::Root(root))) = (root_index, &mut state.work) {
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
        if role != Role::Owner {
            self.crew
                .stats
                .helper_nodes
                .fetch_add(self.nodes - nodes_before, Ordering::Relaxed);
        }
        self.split_chain = saved_chain;
        if let Some((keys, plies, accumulators)) = saved {
            self.worker.keys = keys;
            self.worker.stack = plies;
            if let Some(slots) = accumulators {
                self.worker.accumulators.restore(ply, &slots);
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::history::History;
    use crate::movepick::OrderingHints;
    use crate::score::INFINITE;

    /// A split point at the start position owned by `owner`, with no helpers yet.
    pub(crate) fn split_point(owner: usize, parent: Option<Arc<SplitPoint>>) -> Arc<SplitPoint> {
        let position = Position::startpos();
        let picker = MovePicker::new(&OrderingHints::default());
        Arc::new(SplitPoint {
            owner,
            parent,
            position,
            context: NodeContext {
                depth: 6,
                beta: 10,
                ply: 2,
                pv_node: false,
                cut_node: true,
                in_check: false,
                eval: 0,
                improving: false,
            },
            keys: Vec::new(),
            plies: Vec::new(),
            child_killers: [None; 2],
            cutoff: AtomicBool::new(false),
            state: Mutex::new(SplitState {
                work: Some(SplitWork::Node(picker)),
                node: LoopState::new(9, -INFINITE, 1),
                pv: Vec::new(),
                helpers: [0; 4],
            }),
        })
    }

    /// ThreadStop: a cutoff at a split point reaches every split point opened below it (by
    /// its helpers and their helpers), and nothing above or beside it.
    #[test]
    fn a_cutoff_stops_everything_below_it_only() {
        let top = split_point(0, None);
        let middle = split_point(1, Some(Arc::clone(&top)));
        let bottom = split_point(2, Some(Arc::clone(&middle)));
        let sibling = split_point(3, Some(Arc::clone(&top)));
        assert!(!bottom.cut_off() && !sibling.cut_off());
        middle.cutoff.store(true, Ordering::Release);
        assert!(bottom.cut_off(), "a helper's helper must stop");
        assert!(middle.cut_off());
        assert!(
            !top.cut_off(),
            "the cutoff must not reach the split point above"
        );
        assert!(!sibling.cut_off(), "nor a split point beside it");
        top.cutoff.store(true, Ordering::Release);
        assert!(sibling.cut_off());
    }

    /// A helper starts a split point with the owner's killers for the node's children, not
    /// with the ones it kept from whatever it searched before.
    #[test]
    fn a_helper_takes_the_owners_killers_for_the_children() {
        use crate::control::SearchControl;
        use crate::crew::Crew;
        use crate::worker::Worker;
        use tt::TranspositionTable;

        let mv = |text| {
            Position::startpos()
                .parse_uci_move(text, false)
                .expect("legal")
        };
        let mut sp = split_point(0, None);
        let ply = sp.context.ply;
        let mut owner_killers = History::default();
        owner_killers.add_killer(ply + 1, mv("g1f3"));
        let spw = Arc::get_mut(&mut sp).expect("not shared yet");
        spw.child_killers = owner_killers.killers(ply + 1);
        spw.plies = vec![PlyState::default(); ply + 1];
        spw.state.get_mut().expect("not poisoned").work = None; // no move to search

        let tt = TranspositionTable::new(1).expect("1 MB table");
        let control = SearchControl::default();
        let crew = Crew::new(2);
        let mut worker = Worker::new();
        worker.history.add_killer(ply + 1, mv("b1c3"));
        let mut helper = worker.searcher(&tt, &control, &crew, 1, None);
        helper.work_at(&sp, Role::Helper { suspended: None });
        assert_eq!(helper.worker.history.killers(ply + 1), sp.child_killers);
    }

    /// A helper joining a split point starts from a refreshed accumulator equal to the one
    /// the owner updated along its line; a helper that waits on a split point of its own finds
    /// its own line's accumulators as they were when it comes back.
    #[test]
    fn a_helper_starts_from_the_owners_accumulator_and_keeps_its_own_line() {
        use crate::control::SearchControl;
        use crate::crew::Crew;
        use crate::worker::Worker;
        use nnue::{Network, Nnue};
        use tt::TranspositionTable;

        let network = Network::embedded_shared();
        let nnue = Nnue::new(&network);
        let tt = TranspositionTable::new(1).expect("1 MB table");
        let control = SearchControl::default();
        let crew = Crew::new(2);

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
                return (pos.clone(), s.worker.accumulators.current(nnue, ply));
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
        let mut owner = owner_worker.searcher(&tt, &control, &crew, 0, None);
        owner.refresh_accumulator(&start, 0);
        let (position, owner_acc) = play_line(&mut owner, &start, 0, &["e2e4", "e7e5"], &nnue);

        let mut sp = split_point(0, None);
        let ply = 2;
        let spw = Arc::get_mut(&mut sp).expect("not shared yet");
        spw.position = position;
        spw.context.ply = ply;
        spw.plies = vec![PlyState::default(); ply + 1];
        spw.state.get_mut().expect("not poisoned").work = None; // no move to search

        // A free helper: its line starts at the split point, refreshed.
        let mut free = Worker::new();
        free.set_network(Some(Arc::clone(&network)));
        let mut helper = free.searcher(&tt, &control, &crew, 1, None);
        helper.work_at(&sp, Role::Helper { suspended: None });
        assert_eq!(helper.worker.accumulators.current(&nnue, ply), owner_acc);

        // A master waiting on its own split point at ply 3: its line 0..=3 must survive.
        let mut master = Worker::new();
        master.set_network(Some(Arc::clone(&network)));
        master.keys.push(start.key());
        let mut helper = master.searcher(&tt, &control, &crew, 1, None);
        helper.refresh_accumulator(&start, 0);
        let own_line = ["d2d4", "d7d5", "c2c4"];
        play_line(&mut helper, &start, 0, &own_line, &nnue);
        let own: Vec<_> = (0..=3)
            .map(|p| helper.worker.accumulators.current(&nnue, p))
            .collect();
        helper.work_at(&sp, Role::Helper { suspended: Some(3) });
        for (p, acc) in own.iter().enumerate() {
            assert_eq!(
                helper.worker.accumulators.current(&nnue, p),
                *acc,
                "ply {p}"
            );
        }
        assert_ne!(
            own[ply], owner_acc,
            "the test needs lines that differ at the split ply"
        );
    }

    #[test]
    fn helper_sets_hold_every_thread_index() {
        let sp = split_point(0, None);
        for t in [1, 63, 64, 200, 255] {
            sp.add_helper(t);
            assert!(sp.has_helper(t));
        }
        assert!(!sp.has_helper(2));
        for t in [1, 63, 64, 200, 255] {
            sp.remove_helper(t);
        }
        assert!(!sp.has_helpers());
    }
}
