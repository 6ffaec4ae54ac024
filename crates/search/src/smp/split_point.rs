//! Split points (young brothers wait): a node whose first move has been searched hands its
//! remaining moves to idle threads, which search them in parallel with the owner.
//!
//! A node's remaining moves are listed once when it splits and handed out without a lock; its
//! window, best score and move sit behind one lock, taken to record each searched move's score
//! (what pruning reads of them is published beside it), under which its helper set changes too
//! (others read that set without the lock). A beta cutoff sets the
//! split point's `cutoff` flag (`ThreadStop`): every thread below it sees the flag through its
//! chain of split points (each split point links to the one its owner was working under), so
//! the stop reaches helpers of helpers too.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use arrayvec::ArrayVec;
use crossbeam_utils::CachePadded;

use movegen::{MAX_MOVES, Move, Position};

use super::contended::lock_counting;
use crate::history::{History, Killers};
use crate::movepick::{MovePicker, Picked};
use crate::node::{LoopState, NodeContext};
use crate::parallel::root_share::RootMoves;
use crate::params::SearchParams;
use crate::stack::PlyState;

/// What a split point's threads take their moves from.
// It is moved into the split point's one heap allocation, so the smaller variant's unused
// bytes cost nothing, while boxing the list would cost an allocation per split.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub(crate) enum SplitWork {
    /// A node below the root: its remaining moves, with the node's pruning rules.
    Node(ListedMoves),
    /// The root: its remaining moves in the root's order, each searched in full (no pruning,
    /// no reduction) and its result kept for the root's bookkeeping.
    Root(RootMoves),
}

/// The remaining moves of a node below the root, listed once in the owner's order when the
/// node splits and handed out by index without the split point's lock: a move picker shared
/// by the threads would have to be used under the lock, holding it while it generates, scores
/// and (with the pruning rules) exchanges out every move.
#[derive(Debug, Default)]
pub(crate) struct ListedMoves {
    moves: ArrayVec<Picked, MAX_MOVES>,
    /// The next index to hand out; on a cache line of its own, as every thread there takes
    /// moves from it.
    next: CachePadded<AtomicUsize>,
}

impl ListedMoves {
    /// Every move `picker` has left for `pos`, in its order (`history` ordering those it has
    /// yet to generate).
    pub fn drain(
        picker: &mut MovePicker,
        pos: &Position,
        history: &History,
        params: &SearchParams,
    ) -> ListedMoves {
        let mut list = ListedMoves::default();
        // The picker hands out each legal move at most once, and there are at most MAX_MOVES.
        while let Some(picked) = picker.next_move(pos, history, params) {
            list.moves.push(picked);
        }
        list
    }

    /// The next move not yet handed out to any thread.
    pub fn take(&self) -> Option<Picked> {
        let index = self.next.fetch_add(1, Ordering::Relaxed);
        self.moves.get(index).copied()
    }
}

/// What the move-loop pruning reads of a split node's state: published by the thread that
/// records a move (under the lock, as the state changes) and read without the lock by threads
/// taking moves. A view a moment old only makes a pruning decision as a thread a moment
/// earlier would have made it.
#[derive(Debug, Default)]
pub(crate) struct PublishedLoop {
    alpha: AtomicI32,
    best_score: AtomicI32,
    quiets_tried: AtomicUsize,
    /// Moves handed out and not pruned: the move number late move reductions go by.
    searched: AtomicUsize,
    skip_quiets: AtomicBool,
}

impl PublishedLoop {
    /// The view of `node`, as the loop has found it so far.
    pub fn new(node: &LoopState) -> PublishedLoop {
        let published = PublishedLoop::default();
        published.publish(node);
        published.searched.store(node.searched, Ordering::Relaxed);
        published
            .skip_quiets
            .store(node.skip_quiets, Ordering::Relaxed);
        published
    }

    /// Publishes what recording a move changed in `node`.
    pub fn publish(&self, node: &LoopState) {
        self.alpha.store(node.alpha, Ordering::Relaxed);
        self.best_score.store(node.best_score, Ordering::Relaxed);
        self.quiets_tried
            .store(node.quiets_tried, Ordering::Relaxed);
    }

    /// The node's state as far as pruning reads it (the move lists left empty).
    pub fn view(&self) -> LoopState {
        LoopState {
            quiets_tried: self.quiets_tried.load(Ordering::Relaxed),
            skip_quiets: self.skip_quiets.load(Ordering::Relaxed),
            ..LoopState::new(
                self.alpha.load(Ordering::Relaxed),
                self.best_score.load(Ordering::Relaxed),
                self.searched.load(Ordering::Relaxed),
            )
        }
    }

    /// Takes what a pruning decision on a `view` changed: every further quiet move ruled out.
    pub fn prune_quiets_if(&self, view: &LoopState) {
        if view.skip_quiets {
            self.skip_quiets.store(true, Ordering::Relaxed);
        }
    }

    /// Counts one more move searched; returns its number (1 for the first).
    pub fn count_searched(&self) -> usize {
        self.searched.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Moves searched so far.
    pub fn searched(&self) -> usize {
        self.searched.load(Ordering::Relaxed)
    }
}

/// Who works at a split point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SplitRole {
    /// The thread that opened it: its position and stacks are already in place.
    Owner,
    /// A thread assigned to it. `suspended` is the ply of the split point it waits on as an
    /// owner, if any: its own line up to that ply must survive the help.
    Helper { suspended: Option<usize> },
}

/// A set of the pool's threads, by index (up to 256, [`crate::MAX_THREADS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ThreadSet([u64; 4]);

impl ThreadSet {
    pub fn contains(self, thread: usize) -> bool {
        self.0[thread / 64] & (1 << (thread % 64)) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

/// A [`ThreadSet`] that other threads read without a lock. It is changed only under the
/// lock of what it belongs to, so changes are decided consistently; reads are hints that may
/// be a moment old (who asks decides again under the lock when it matters).
#[derive(Debug, Default)]
pub(crate) struct SharedThreadSet([AtomicU64; 4]);

impl SharedThreadSet {
    pub fn insert(&self, thread: usize) {
        self.0[thread / 64].fetch_or(1 << (thread % 64), Ordering::Release);
    }

    pub fn remove(&self, thread: usize) {
        self.0[thread / 64].fetch_and(!(1 << (thread % 64)), Ordering::Release);
    }

    /// The set as it is now.
    pub fn load(&self) -> ThreadSet {
        ThreadSet(std::array::from_fn(|i| self.0[i].load(Ordering::Acquire)))
    }
}

/// What changes while threads work at a split point.
#[derive(Debug)]
pub(crate) struct SplitState {
    /// At the root, its moves and their results, taken back by the owner once every helper
    /// has left.
    pub root: Option<RootMoves>,
    pub node: LoopState,
    /// The best line when this is a PV node and a move raised alpha.
    pub pv: Vec<Move>,
    /// The owner has seen every helper leave and taken the split point back: nobody may join.
    closed: bool,
}

impl SplitState {
    /// The state of a node that splits with `root`'s moves left (none below the root) and
    /// `node` found so far, no helper yet.
    pub fn new(root: Option<RootMoves>, node: LoopState) -> SplitState {
        SplitState {
            root,
            node,
            pv: Vec::new(),
            closed: false,
        }
    }
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
    pub child_killers: Killers,
    /// The root's split point: its moves are in [`SplitState::root`], handed out under the lock.
    pub at_root: bool,
    /// Below the root, the node's moves left when it split (empty at the root).
    pub moves: ListedMoves,
    /// What pruning reads of the node's state.
    pub published: CachePadded<PublishedLoop>,
    // The three groups below are each on cache lines of their own: `cutoff` is read at every
    // node below this split point by every thread there, while the lock and its state are
    // written for every move handed out; sharing a line would make each of those reads miss.
    /// A beta cutoff happened here: everything below must stop.
    pub cutoff: CachePadded<AtomicBool>,
    /// A thread found no move left to take: late joiners keep away.
    pub exhausted: AtomicBool,
    /// A thread stopped by the search's stop (not by a cutoff) left a move it had taken
    /// unrecorded: the node's result is missing that move and must not be stored or used.
    pub dropped_move: AtomicBool,
    /// Nanoseconds threads waited for [`SplitPoint::lock`] while another held it.
    pub lock_wait_nanos: CachePadded<AtomicU64>,
    /// Behind [`SplitPoint::lock`].
    pub(super) state: CachePadded<Mutex<SplitState>>,
    /// Threads other than the owner working here: changed under [`SplitPoint::lock`], read
    /// without it by threads looking for a split point to help at (so that looking does not
    /// stall the threads that take moves here).
    pub(super) helpers: CachePadded<SharedThreadSet>,
}

impl SplitPoint {
    pub fn lock(&self) -> MutexGuard<'_, SplitState> {
        lock_counting(&self.state, &self.lock_wait_nanos)
    }

    pub fn add_helper(&self, thread: usize) {
        let _state = self.lock();
        self.helpers.insert(thread);
    }

    pub fn remove_helper(&self, thread: usize) {
        let _state = self.lock();
        self.helpers.remove(thread);
    }

    /// The helpers working here now (without the lock: see [`SharedThreadSet`]).
    pub fn helper_set(&self) -> ThreadSet {
        self.helpers.load()
    }

    pub fn has_helper(&self, thread: usize) -> bool {
        self.helper_set().contains(thread)
    }

    #[cfg(test)]
    pub fn has_helpers(&self) -> bool {
        !self.helper_set().is_empty()
    }

    /// Whether a late joiner could get in: not cut off, moves left and fewer than
    /// `max_helpers` helpers, as far as can be seen without the lock.
    pub fn looks_joinable(self: &Arc<Self>, max_helpers: usize) -> bool {
        !self.is_exhausted() && self.helper_set().len() < max_helpers && !self.cut_off()
    }

    /// The owner's last look: if no helper is left, closes the split point to late joiners
    /// (in the same lock, so none can slip in after it) and returns true.
    pub fn close_if_no_helpers(&self) -> bool {
        // Looked at first without the lock: a waiting owner asks on every turn of its wait,
        // and taking the lock each time would stall the helpers taking moves here.
        if !self.helper_set().is_empty() {
            return false;
        }
        let mut state = self.lock();
        if !self.helper_set().is_empty() {
            return false;
        }
        state.closed = true;
        true
    }

    /// A thread with nothing to do joins this running split point as a helper, if it is still
    /// open, not cut off, has work, and has fewer than `max_helpers` helpers.
    pub fn try_join(self: &Arc<Self>, thread: usize, max_helpers: usize) -> bool {
        // Checked first without the lock, which the threads working here take for every move.
        if !self.looks_joinable(max_helpers) {
            return false;
        }
        let state = self.lock();
        if state.closed || self.helper_set().len() >= max_helpers {
            return false;
        }
        self.helpers.insert(thread);
        true
    }

    /// Whether every move has been handed out (a hint for late joiners).
    pub fn is_exhausted(&self) -> bool {
        self.exhausted.load(Ordering::Relaxed)
    }

    /// Whether `ancestor` is this split point or one on the chain above it: work here is
    /// work for `ancestor`'s subtree.
    pub fn is_within(self: &Arc<Self>, ancestor: &SplitPoint) -> bool {
        chain_reaches(Some(self), ancestor)
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

/// Whether `ancestor` is on the chain of split points from `chain` up (`None`: no chain,
/// the search outside any split point).
pub(crate) fn chain_reaches(chain: Option<&Arc<SplitPoint>>, ancestor: &SplitPoint) -> bool {
    let mut sp = chain;
    while let Some(s) = sp {
        if std::ptr::eq(Arc::as_ptr(s), ancestor) {
            return true;
        }
        sp = s.parent.as_ref();
    }
    false
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::history::Mover;
    use crate::movepick::OrderingHints;
    use crate::score::INFINITE;

    /// A split point at the start position owned by `owner`, with no moves left to hand out
    /// and no helpers yet.
    pub(crate) fn split_point(owner: usize, parent: Option<Arc<SplitPoint>>) -> Arc<SplitPoint> {
        let position = Position::startpos();
        let node = LoopState::new(9, -INFINITE, 1);
        let mover = Mover::of(&position);
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
                mover,
            },
            keys: Vec::new(),
            plies: Vec::new(),
            child_killers: Killers::default(),
            at_root: false,
            moves: ListedMoves::default(),
            published: CachePadded::new(PublishedLoop::new(&node)),
            cutoff: CachePadded::new(AtomicBool::new(false)),
            exhausted: AtomicBool::new(false),
            dropped_move: AtomicBool::new(false),
            lock_wait_nanos: CachePadded::new(AtomicU64::new(0)),
            state: CachePadded::new(Mutex::new(SplitState::new(None, node))),
            helpers: CachePadded::default(),
        })
    }

    /// Four split points: `top`; `middle` below it, `bottom` below that; `sibling` below
    /// `top` beside `middle`.
    fn family() -> [Arc<SplitPoint>; 4] {
        let top = split_point(0, None);
        let middle = split_point(1, Some(Arc::clone(&top)));
        let bottom = split_point(2, Some(Arc::clone(&middle)));
        let sibling = split_point(3, Some(Arc::clone(&top)));
        [top, middle, bottom, sibling]
    }

    /// ThreadStop: a cutoff at a split point reaches every split point opened below it (by
    /// its helpers and their helpers), and nothing above or beside it.
    #[test]
    fn a_cutoff_stops_everything_below_it_only() {
        let [top, middle, bottom, sibling] = family();
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

    #[test]
    fn a_split_point_is_within_itself_and_those_above_it_only() {
        let [top, middle, bottom, sibling] = family();
        assert!(bottom.is_within(&bottom) && bottom.is_within(&middle) && bottom.is_within(&top));
        assert!(!bottom.is_within(&sibling) && !middle.is_within(&bottom));
        assert!(!chain_reaches(None, &top));
    }

    #[test]
    fn a_late_joiner_gets_in_only_while_the_owner_is_there_and_there_is_room() {
        let sp = split_point(0, None);
        assert!(sp.try_join(1, 2), "open, with work and room");
        assert!(sp.try_join(2, 2));
        assert!(!sp.try_join(3, 2), "two helpers are the most");
        assert!(!sp.close_if_no_helpers(), "helpers still work there");
        sp.remove_helper(1);
        sp.remove_helper(2);
        assert!(sp.close_if_no_helpers());
        assert!(!sp.try_join(3, 8), "the owner has taken it back");
        let cut = split_point(0, None);
        cut.cutoff.store(true, Ordering::Release);
        assert!(!cut.try_join(1, 8), "nothing left worth searching");
    }

    /// A drained picker's moves are handed out once each, in its order, to whichever thread
    /// asks, however many ask at once.
    #[test]
    fn listed_moves_are_handed_out_once_each_in_order() {
        let pos = Position::startpos();
        let (history, params) = (History::default(), SearchParams::default());
        let mut picker = MovePicker::new(&OrderingHints::default());
        let first = picker.next_move(&pos, &history, &params).expect("20 moves");
        let list = ListedMoves::drain(&mut picker, &pos, &history, &params);
        let mut again = MovePicker::new(&OrderingHints::default());
        again.next_move(&pos, &history, &params);
        let order: Vec<Picked> =
            std::iter::from_fn(|| again.next_move(&pos, &history, &params)).collect();
        assert_eq!(order.len(), 19);
        assert!(!order.contains(&first));
        let taken: Vec<Vec<Picked>> = std::thread::scope(|scope| {
            let takers: Vec<_> = (0..4)
                .map(|_| scope.spawn(|| std::iter::from_fn(|| list.take()).collect::<Vec<_>>()))
                .collect();
            takers
                .into_iter()
                .map(|t| t.join().expect("no panic"))
                .collect()
        });
        let mut all: Vec<Picked> = taken.concat();
        assert_eq!(all.len(), 19, "each move once");
        for one in &taken {
            let positions: Vec<usize> = one
                .iter()
                .map(|p| order.iter().position(|o| o == p).expect("listed"))
                .collect();
            assert!(
                positions.is_sorted(),
                "each thread gets them in the list's order"
            );
        }
        all.sort_by_key(|p| order.iter().position(|o| o == p));
        assert_eq!(all, order);
        assert_eq!(list.take(), None);
    }

    /// Pruning's view: what was published, the moves counted, and the quiets ruled out.
    #[test]
    fn the_published_loop_is_what_pruning_reads() {
        let mut node = LoopState::new(-50, -80, 3);
        let published = PublishedLoop::new(&node);
        assert_eq!(published.count_searched(), 4);
        node.alpha = 20;
        node.best_score = 20;
        node.quiets_tried = 2;
        published.publish(&node);
        let mut view = published.view();
        assert_eq!(
            (
                view.alpha,
                view.best_score,
                view.quiets_tried,
                view.searched
            ),
            (20, 20, 2, 4)
        );
        assert!(!view.skip_quiets);
        view.skip_quiets = true;
        published.prune_quiets_if(&view);
        assert!(published.view().skip_quiets);
        assert_eq!(published.searched(), 4);
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
