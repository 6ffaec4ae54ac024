//! Tsubame's search: iterative deepening with aspiration windows over a fail-soft principal
//! variation search, quiescence with SEE, and the time manager's feedback from the root.
//!
//! The protocol layer keeps a [`ThreadPool`] (one [`Worker`] per search thread, kept between
//! searches), builds a [`SearchRequest`], runs [`ThreadPool::search`] on a thread of its own,
//! and steers it through a shared [`SearchControl`]; results arrive as [`SearchEvent`]s and a
//! final [`SearchOutcome`]. A one-thread search needs no pool: [`Worker::search`] runs one on
//! the calling thread with a table and controls it only borrows.

mod alphabeta;
mod aspiration;
mod control;
mod correction;
mod crew;
mod evaluate;
mod history;
mod make_move;
mod move_loop;
mod movepick;
mod params;
mod pv;
mod root;
mod score;
mod searcher;
mod see;
mod split_point;
mod tablebase;
mod thread_pool;
mod worker;

use std::sync::Arc;
use std::time::{Duration, Instant};

use movegen::{Move, Position};
use timeman::{Limits, TimeManager, TimeOptions};
use tt::TranspositionTable;

pub use control::SearchControl;
pub use history::History;
pub use movepick::{MoveClass, MovePicker, OrderingHints, Picked};
pub use params::{PARAMS, ParamError, ParamSpec, SearchParams, find_param};
pub use root::{IterationInfo, MAX_DEPTH, ScoreBound, SearchEvent};
pub use score::{INFINITE, MATE, MATE_THRESHOLD, MAX_PLY, UciScore, mate_in, mated_in};
pub use see::{see_ge, see_value};
pub use tablebase::TablebaseConfig;

use crew::Crew;
use root::{RootMove, RootSearch};
use searcher::Searcher;
use tablebase::SearchTablebases;
use thread_pool::Phase;

pub use crew::{MAX_HELPERS_PER_SPLIT, MAX_SPLITS_PER_THREAD};
pub use split_point::MIN_SPLIT_DEPTH;
pub use thread_pool::{MAX_THREADS, ThreadPool};
pub use worker::Worker;

/// Everything one `go` asks for.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The position to search.
    pub position: Position,
    /// Keys of the game's positions before `position`, oldest first (for repetitions).
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: Limits,
    /// The time manager's options.
    pub time_options: TimeOptions,
    /// Restrict the root to these moves (`go searchmoves`); empty means all.
    pub searchmoves: Vec<Move>,
    /// How many best lines to report.
    pub multipv: usize,
    /// Syzygy tablebases to probe, if any.
    pub tablebases: Option<TablebaseConfig>,
}

impl SearchRequest {
    /// A search of `position` within `limits`: no game history, the default time options,
    /// every move, one line. Change fields for the rest.
    pub fn new(position: Position, limits: Limits) -> SearchRequest {
        SearchRequest {
            position,
            history: Vec::new(),
            limits,
            time_options: TimeOptions::default(),
            searchmoves: Vec::new(),
            multipv: 1,
            tablebases: None,
        }
    }
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The move to play; `None` when the root has no legal move (mate or stalemate).
    pub best_move: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<Move>,
    /// The best move's score (side to move's view).
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// What the parallel search did.
    pub splits: SplitSummary,
}

/// Split-point statistics of one search (all zero with one thread).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitSummary {
    /// Split points where at least one helper joined.
    pub splits: u64,
    /// Of those, split points at the root (each helper searches whole root moves).
    pub root_splits: u64,
    /// Helpers booked, summed over split points.
    pub helpers: u64,
    /// Split points ended by a beta cutoff (their helpers were stopped).
    pub cutoffs: u64,
    /// Nodes searched by threads helping at split points they do not own.
    pub helper_nodes: u64,
    /// Time threads spent idle in `ThreadWait` with nothing to do, summed over threads, in
    /// microseconds: with the search's wall time, the share of thread time lost to waiting.
    pub idle_micros: u64,
}

impl std::ops::AddAssign for SplitSummary {
    /// Adds another search's statistics (for totals over many searches).
    fn add_assign(&mut self, other: SplitSummary) {
        self.splits += other.splits;
        self.root_splits += other.root_splits;
        self.helpers += other.helpers;
        self.cutoffs += other.cutoffs;
        self.helper_nodes += other.helper_nodes;
        self.idle_micros += other.idle_micros;
    }
}

/// The whole of one search, on the caller's thread as thread 0 of `crew` with `worker`:
/// `team` starts the helpers (returning how many started) and later waits for them. With
/// `go infinite` or `go ponder` it does not return before `stop` (or `ponderhit`), as UCI
/// requires, even when the search itself has finished.
pub(crate) fn drive(
    request: &SearchRequest,
    tt: &TranspositionTable,
    control: &SearchControl,
    crew: &Crew,
    worker: &mut Worker,
    on_event: &mut dyn FnMut(SearchEvent<'_>),
    team: &mut dyn FnMut(Phase) -> usize,
) -> SearchOutcome {
    let root = request.position.clone();
    let legal = root.legal_moves();
    let requested: Vec<RootMove> = legal
        .iter()
        .filter(|mv| request.searchmoves.contains(mv))
        .map(|&mv| RootMove::new(mv))
        .collect();
    // No `searchmoves`, or none of them legal: search every move rather than play nothing.
    let mut moves = if requested.is_empty() {
        legal.iter().map(|&mv| RootMove::new(mv)).collect()
    } else {
        requested
    };

    tt.new_search();
    crew.reset();
    // The search's clock starts here: time spent before the first iteration (the tables at the
    // root) counts against its budget.
    let clock_start = Instant::now();
    let tm = TimeManager::new(&request.limits, &request.time_options, root.game_ply())
        .paced(&worker.pace);
    let root_wait = root_wait_limit(&tm, clock_start);
    worker.keys.clear();
    worker.keys.extend_from_slice(&request.history);
    worker.keys.push(root.key());
    worker.keys.reserve(MAX_PLY + 2);
    worker.stack[0].plies_from_null = usize::MAX;
    // Ranked before any helper starts; every thread of this search then probes with it.
    let mut tb = SearchTablebases::new(request.tablebases.as_ref());
    tb.rank_root(&root, &worker.keys, &mut moves, control, root_wait);
    let tb = Arc::new(tb);

    let (outcome, spending) = if moves.is_empty() {
        let score = if root.in_check() { mated_in(0) } else { 0 };
        let outcome = SearchOutcome {
            best_move: None,
            ponder_move: None,
            score,
            depth: 0,
            nodes: 0,
            splits: SplitSummary::default(),
        };
        (outcome, None)
    } else {
        crew.register(0);
        crew.slots[0].lock().searching = true;
        let started = team(Phase::Start(Arc::clone(&tb)));
        // Ends the helpers' `ThreadWait` however the root search ends, a panic included.
        let shut_down = ShutDown(crew);
        let mut searcher = worker.searcher(tt, control, crew, 0, Some(tm));
        searcher.start = clock_start;
        searcher.tb = Some(&tb);
        searcher.refresh_accumulator(&root, 0);
        let outcome = run_root(&mut searcher, request, root, moves, on_event);
        let spending =
            (searcher.main.as_ref()).and_then(|main| main.tm.spending(clock_start.elapsed()));
        drop(shut_down);
        team(Phase::Join(started));
        (outcome, spending)
    };
    if let Some(spending) = spending {
        worker.pace.record(&spending);
    }
    let outcome = SearchOutcome {
        splits: crew.summary(),
        ..outcome
    };

    // UCI: after `go infinite` or `go ponder`, `bestmove` waits for `stop` (or `ponderhit`).
    while !control.stop_requested()
        && (request.limits.infinite || (request.limits.ponder && !control.ponderhit_received()))
    {
        std::thread::sleep(Duration::from_millis(1));
    }
    outcome
}

/// Share of the optimum time the root may wait for its table files to be read: a ranking
/// that needs longer is skipped (the search plays on without it, and the files are read for
/// the next move).
const ROOT_WAIT_SHARE: u32 = 8;

/// Until when the root may wait for its table files: a share of the optimum when time limits
/// the search, no limit otherwise (`go infinite`, `depth`, `nodes`: nothing to lose by
/// waiting, and `stop` still ends the wait).
fn root_wait_limit(tm: &TimeManager, started: Instant) -> Option<Instant> {
    tm.budget()
        .map(|budget| started + budget.optimum / ROOT_WAIT_SHARE)
}

/// Tells every thread of the crew that the search is over when dropped.
struct ShutDown<'a>(&'a Crew);

impl Drop for ShutDown<'_> {
    fn drop(&mut self) {
        self.0.shut_down();
    }
}

/// Iterative deepening on the main thread, and the final report.
fn run_root(
    searcher: &mut Searcher<'_>,
    request: &SearchRequest,
    root: Position,
    moves: Vec<RootMove>,
    on_event: &mut dyn FnMut(SearchEvent<'_>),
) -> SearchOutcome {
    let max_depth = request
        .limits
        .depth
        .map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH as u32) as i32);
    let mut root_search = RootSearch {
        searcher,
        root,
        moves,
        multipv: request.multipv,
        completed_depth: 0,
        best_move_changes: 0,
        completed: None,
        on_event,
    };
    root_search.run(max_depth);
    // The final line: the GUI's last PV must start with the move we play.
    let depth = root_search.completed_depth.max(1);
    root_search.report(0, ScoreBound::Exact, depth);
    let best = &root_search.moves[0];
    SearchOutcome {
        best_move: Some(best.mv),
        ponder_move: best.pv.get(1).copied(),
        score: match (best.score, best.previous_score) {
            (s, _) if s != -INFINITE => s,
            (_, p) if p != -INFINITE => p,
            _ => 0,
        },
        depth: root_search.completed_depth.max(0) as u32,
        nodes: root_search.searcher.total_nodes(),
        splits: SplitSummary::default(),
    }
}
