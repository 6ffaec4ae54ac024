//! `Searcher`: the state of one search on one thread, and the node-count check.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use movegen::{Move, Piece, Position};
use timeman::TimeManager;
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::history::History;
use crate::pv::PvTable;
use crate::score::{MAX_PLY, SCORE_NONE};
use crate::split_point::SplitPoint;
use crate::tablebase::SearchTablebases;
use crate::thread_pool::ThreadPool;

/// How often (in nodes) the clock and the stop flag are looked at: about every millisecond.
const CHECK_INTERVAL: u64 = 1024;

/// What the search remembers about each ply of the current line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlyState {
    /// Static evaluation, or `SCORE_NONE` when in check.
    pub eval: i32,
    /// The move made from this ply (`None` for a null move or none yet).
    pub mv: Option<Move>,
    /// The piece that made it.
    pub moved: Option<Piece>,
    /// Null move pruning is off in this subtree (verification search).
    pub no_null: bool,
}

impl Default for PlyState {
    fn default() -> PlyState {
        PlyState {
            eval: SCORE_NONE,
            mv: None,
            moved: None,
            no_null: false,
        }
    }
}

/// One thread's search state.
#[derive(Debug)]
pub(crate) struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    pub pool: &'a ThreadPool,
    /// This thread's index in the pool; 0 is the main thread, which runs the root.
    pub index: usize,
    /// The innermost split point this thread works under; a cutoff there or above it stops it.
    pub split_chain: Option<Arc<SplitPoint>>,
    pub tm: TimeManager,
    pub start: Instant,
    pub history: &'a mut History,
    pub pv: PvTable,
    pub plies: Box<[PlyState; MAX_PLY + 2]>,
    /// Keys of every position from the game's start to the current node, for repetitions.
    pub keys: Vec<u64>,
    pub nodes: u64,
    pub seldepth: usize,
    /// Set once the search must unwind; every result computed after it is discarded.
    pub stopped: bool,
    /// Time limits apply only after the first iteration, so there is always a move to play.
    pub time_checks_enabled: bool,
    ponderhit_seen: bool,
    /// Tablebase probing, shared by the search's threads; `None` without tables.
    pub tb: Option<&'a SearchTablebases>,
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        pool: &'a ThreadPool,
        index: usize,
        tm: TimeManager,
        history: &'a mut History,
        keys: Vec<u64>,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            control,
            pool,
            index,
            split_chain: None,
            tm,
            start: Instant::now(),
            history,
            pv: PvTable::default(),
            plies: Box::new([PlyState::default(); MAX_PLY + 2]),
            keys,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            time_checks_enabled: false,
            ponderhit_seen: false,
            tb: None,
        }
    }

    /// Counts a node and, every `CHECK_INTERVAL` nodes, looks at the stop flag and the clock.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes % CHECK_INTERVAL == 0 {
            self.check_limits();
        }
    }

    /// Sets `stopped` if a stop was requested or a limit is reached. Only the main thread
    /// looks at the clock; it tells the others through the pool's `abort` flag.
    pub fn check_limits(&mut self) {
        self.pool.slots[self.index]
            .nodes
            .store(self.nodes, Ordering::Relaxed);
        if self.control.stop_requested() || self.pool.abort.load(Ordering::Acquire) {
            self.stopped = true;
            return;
        }
        if self.index != 0 {
            return;
        }
        if !self.ponderhit_seen && self.control.ponderhit_received() {
            self.ponderhit_seen = true;
            self.tm.on_ponderhit();
        }
        let nodes = self.total_nodes();
        if self.time_checks_enabled && self.tm.should_stop_now(self.start.elapsed(), nodes) {
            self.stopped = true;
            self.pool.abort.store(true, Ordering::Release);
        }
    }

    /// Nodes of all threads: this thread's exact count plus the others' last published ones.
    pub fn total_nodes(&self) -> u64 {
        let own_published = self.pool.slots[self.index].nodes.load(Ordering::Relaxed);
        self.pool.published_nodes() - own_published + self.nodes
    }

    /// Whether this thread must unwind: the search is stopping, or a split point above it had
    /// a cutoff. Results computed after this turns true are discarded.
    #[inline]
    pub fn aborted(&self) -> bool {
        self.stopped || self.split_chain.as_ref().is_some_and(|sp| sp.cut_off())
    }

    /// Whether the current position (the last key) repeats an earlier one since the last
    /// irreversible move. One repetition inside the search is scored as a draw: if it was good
    /// to repeat once, it is good to repeat again.
    pub fn is_repetition(&self, pos: &Position) -> bool {
        let n = self.keys.len();
        let limit = (pos.halfmove_clock() as usize).min(n.saturating_sub(1));
        let key = pos.key();
        (4..=limit)
            .step_by(2)
            .any(|back| self.keys[n - 1 - back] == key)
    }

    /// Draw by repetition, the fifty-move rule or insufficient material. A fifty-move count
    /// that ends in checkmate is not a draw.
    pub fn is_draw(&self, pos: &Position) -> bool {
        (pos.halfmove_clock() >= 100 && (!pos.in_check() || pos.has_legal_moves()))
            || pos.is_insufficient_material()
            || self.is_repetition(pos)
    }
}
