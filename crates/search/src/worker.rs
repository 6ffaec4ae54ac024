//! `Worker`: everything one search thread keeps, from one search to the next.
//!
//! Shaped after Stockfish's `Search::Worker` and Viridithas's `ThreadData`: the worker owns
//! its move-ordering memory (butterfly, continuation and capture histories, countermoves;
//! killers live in its per-ply stack), its correction histories, its PV table, its line of
//! position keys, the lines it sets aside while it helps at another split point, its search
//! parameters with their reduction table, and (the main thread's) the time manager's pace.
//! With a network to evaluate with, it keeps the network's accumulator for each ply of the
//! line (`nnue::AccumulatorStack`). It borrows nothing: what the search's threads share and its
//! link to the parallel design are lent to it for one search through a
//! [`Searcher`](crate::searcher::Searcher). A search runs on it through [`Worker::search`]
//! (one thread) or [`crate::ThreadPool::search`].

use std::sync::Arc;

use nnue::{AccumulatorStack, Network};
use timeman::Pace;

use crate::correction::CorrectionHistory;
use crate::history::{History, Killers};
use crate::params::{LmrTable, SearchParams};
use crate::pv::PvTable;
use crate::score::MAX_PLY;
use crate::set_aside::SetAside;
use crate::stack::PlyState;

/// One search thread's own state, kept between searches.
#[derive(Debug)]
pub struct Worker {
    /// Butterfly, continuation and capture histories, and countermoves.
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
    /// Its own lines, while it waits on a split point of its own and helps elsewhere.
    pub(crate) set_aside: SetAside,
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
            set_aside: SetAside::default(),
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

    /// Starts a search's line of position keys from `keys` (the game's positions, the root's
    /// last), with room for a whole search line, and no null move anywhere before the root.
    pub(crate) fn start_line(&mut self, keys: impl IntoIterator<Item = u64>) {
        self.keys.clear();
        self.keys.extend(keys);
        self.keys.reserve(MAX_PLY + 2);
        self.stack[0].plies_from_null = usize::MAX;
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
        self.accumulators.clear_cache();
        for frame in self.stack.iter_mut() {
            frame.killers = Killers::default();
        }
    }

    /// What the timed searches so far spent against their plan.
    pub fn pace(&self) -> &Pace {
        &self.pace
    }

    /// The worker's move-ordering memory.
    pub fn history(&self) -> &History {
        &self.history
    }
}
