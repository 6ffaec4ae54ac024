//! `Worker`: everything one search thread keeps, from one search to the next.
//!
//! Shaped after Stockfish's `Search::Worker` and Viridithas's `ThreadData`: the worker owns
//! its move-ordering memory (history, killers, countermoves), its per-ply stack, its PV table
//! and its line of position keys, and whatever per-thread table comes later (continuation or
//! correction histories) belongs here too. With a network to evaluate with, it keeps the
//! network's accumulator for each ply of the line. It borrows nothing: the
//! shared table, the stop flags and the split-point bookkeeping are lent to it for one search
//! through a [`Searcher`](crate::searcher::Searcher).

use std::sync::Arc;

use movegen::{Move, Piece};
use nnue::{AccumulatorStack, Network};
use timeman::{Pace, TimeManager};
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::correction::CorrectionHistory;
use crate::crew::Crew;
use crate::history::History;
use crate::params::{LmrTable, SearchParams};
use crate::pv::PvTable;
use crate::score::{MAX_PLY, SCORE_NONE};
use crate::searcher::{MainThread, Searcher};
use crate::{SearchEvent, SearchOutcome, SearchRequest};

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
    /// The move a singular-extension search leaves out of this node (which then neither
    /// prunes nor stores: its result is about the other moves only).
    pub excluded: Option<Move>,
    /// Double extensions on the line to this node, which a limit keeps from compounding.
    pub double_extensions: u8,
    /// Plies since the last null move on the line to this node (repetitions do not reach
    /// back across one); at the root, as many as there are.
    pub plies_from_null: usize,
}

impl Default for PlyState {
    fn default() -> PlyState {
        PlyState {
            eval: SCORE_NONE,
            mv: None,
            moved: None,
            no_null: false,
            excluded: None,
            double_extensions: 0,
            plies_from_null: usize::MAX,
        }
    }
}

/// One search thread's own state, kept between searches.
#[derive(Debug)]
pub struct Worker {
    /// Butterfly history, killers and countermoves.
    pub(crate) history: History,
    /// Pawn-structure corrections of the static evaluation.
    pub(crate) correction: CorrectionHistory,
    /// One entry per ply of the current line (plus one, for the children of the last ply).
    pub(crate) stack: Box<[PlyState; MAX_PLY + 2]>,
    pub(crate) pv: PvTable,
    /// Keys of every position from the game's start to the current node, for repetitions.
    pub(crate) keys: Vec<u64>,
    /// The parameters this worker searches with, and the reductions made from them.
    pub(crate) params: SearchParams,
    pub(crate) lmr: LmrTable,
    /// The network that evaluates, shared read-only by every thread; `None` for the
    /// hand-crafted evaluation.
    pub(crate) network: Option<Arc<Network>>,
    /// The network's accumulator per ply of the current line (unused without a network).
    pub(crate) accumulators: AccumulatorStack,
    /// How the last few hundred timed searches spent against their plan, which keeps the time
    /// manager's threshold on budget. Only the main thread's worker records it, and
    /// [`Worker::clear`] keeps it: it calibrates the time control and the machine, not the
    /// game.
    pub(crate) pace: Pace,
}

impl Default for Worker {
    fn default() -> Worker {
        Worker::new()
    }
}

impl Worker {
    /// A worker that knows nothing yet.
    pub fn new() -> Worker {
        Worker {
            history: History::default(),
            correction: CorrectionHistory::default(),
            stack: Box::new([PlyState::default(); MAX_PLY + 2]),
            pv: PvTable::default(),
            // Room for a long game and the deepest line, so the search never grows it.
            keys: Vec::with_capacity(1024 + MAX_PLY + 2),
            params: SearchParams::default(),
            lmr: LmrTable::new(&SearchParams::default()),
            network: None,
            // One per ply and one for the children of the last, as the ply stack.
            accumulators: AccumulatorStack::new(MAX_PLY + 2),
            pace: Pace::default(),
        }
    }

    /// The network it evaluates with; `None` for the hand-crafted evaluation.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    /// Evaluates with `network` from the next search on, or with the hand-crafted evaluation
    /// for `None`.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.network = network;
    }

    /// The parameters it searches with.
    pub fn params(&self) -> SearchParams {
        self.params
    }

    /// Searches with `params` from the next search on (a tuning build's UCI options).
    pub fn set_params(&mut self, params: SearchParams) {
        if params != self.params {
            self.params = params;
            self.lmr = LmrTable::new(&params);
        }
    }

    /// Forgets what earlier searches taught it (`ucinewgame`, or a fresh bench position).
    pub fn clear(&mut self) {
        self.history.clear();
        self.correction.clear();
    }

    /// What the timed searches so far spent against their plan.
    pub fn pace(&self) -> &Pace {
        &self.pace
    }

    /// The worker's move-ordering memory.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Runs a whole search on the calling thread with this worker alone: the library call for
    /// one-thread searches (bench, data generation), with no thread started and the table and
    /// controls only borrowed. It behaves as [`crate::ThreadPool::search`] with one thread.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        tt: &TranspositionTable,
        control: &SearchControl,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> SearchOutcome {
        let crew = Crew::new(1);
        crate::drive(request, tt, control, &crew, self, on_event, &mut |_| 0)
    }

    /// A view of this worker for one search, as thread `index` of `crew`.
    pub(crate) fn searcher<'a>(
        &'a mut self,
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        crew: &'a Crew,
        index: usize,
        tm: Option<TimeManager>,
    ) -> Searcher<'a> {
        Searcher::new(tt, control, crew, index, tm.map(MainThread::new), self)
    }
}
