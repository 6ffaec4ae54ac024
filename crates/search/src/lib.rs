//! Tsubame's search: iterative deepening with aspiration windows over a fail-soft principal
//! variation search, quiescence with SEE, and the time manager's feedback from the root.
//!
//! The protocol layer builds a [`SearchRequest`], runs [`search`] on a thread of its own, and
//! steers it through a shared [`SearchControl`]; results arrive as [`SearchEvent`]s and a
//! final [`SearchOutcome`].

mod alphabeta;
mod control;
mod history;
mod movepick;
mod pv;
mod root;
mod score;
mod searcher;
mod see;
mod split_point;
mod tablebase;
mod thread_pool;

use std::time::Duration;

use movegen::{Move, Position};
use timeman::{Limits, TimeManager, TimeOptions};
use tt::TranspositionTable;

pub use control::SearchControl;
pub use history::History;
pub use movepick::{MovePicker, OrderingHints};
pub use root::{IterationInfo, MAX_DEPTH, ScoreBound, SearchEvent};
pub use score::{INFINITE, MATE, MATE_THRESHOLD, MAX_PLY, UciScore, mate_in, mated_in};
pub use see::{see_ge, see_value};
pub use tablebase::TablebaseConfig;

use root::{RootMove, RootSearch};
use searcher::Searcher;
use tablebase::SearchTablebases;
use thread_pool::ThreadPool;

pub use split_point::MIN_SPLIT_DEPTH;
pub use thread_pool::{MAX_HELPERS_PER_SPLIT, MAX_SPLITS_PER_THREAD};

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
    /// Search threads (1 gives a deterministic search).
    pub threads: usize,
    /// Syzygy tablebases to probe, if any.
    pub tablebases: Option<TablebaseConfig>,
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

/// Searches `request.position` until a limit is reached or `control` says stop, reporting
/// through `on_event`. With `go infinite` or `go ponder` it does not return before `stop` (or
/// `ponderhit`), as UCI requires, even when the search itself has finished.
///
/// `request.threads` threads search; `histories` holds one move-ordering history per thread and
/// is grown to that many. Helper threads exist only during the search (scoped threads).
pub fn search(
    request: &SearchRequest,
    tt: &TranspositionTable,
    control: &SearchControl,
    histories: &mut Vec<History>,
    on_event: &mut dyn FnMut(SearchEvent<'_>),
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
    let tm = TimeManager::new(&request.limits, &request.time_options, root.game_ply());
    let mut keys = Vec::with_capacity(request.history.len() + MAX_PLY + 2);
    keys.extend_from_slice(&request.history);
    keys.push(root.key());
    let mut tb = SearchTablebases::new(request.tablebases.as_ref());
    tb.rank_root(&root, &keys, &mut moves);

    let threads = request.threads.clamp(1, 256);
    if histories.len() < threads {
        histories.resize_with(threads, History::default);
    }
    let pool = ThreadPool::new(threads);

    let outcome = if moves.is_empty() {
        let score = if root.in_check() { mated_in(0) } else { 0 };
        SearchOutcome {
            best_move: None,
            ponder_move: None,
            score,
            depth: 0,
            nodes: 0,
            splits: SplitSummary::default(),
        }
    } else {
        let (main_history, helper_histories) = histories[..threads].split_at_mut(1);
        std::thread::scope(|scope| {
            for (i, history) in helper_histories.iter_mut().enumerate() {
                let (pool, tm, tb) = (&pool, tm.clone(), &tb);
                let spawned = std::thread::Builder::new()
                    .name(format!("search-{}", i + 1))
                    .stack_size(16 << 20)
                    .spawn_scoped(scope, move || {
                        pool.register(i + 1);
                        let mut helper =
                            Searcher::new(tt, control, pool, i + 1, tm, history, Vec::new());
                        helper.tb = Some(tb);
                        helper.thread_wait(None);
                    });
                // A helper that cannot start is simply never booked: it stays non-idle.
                if spawned.is_err() {
                    pool.slots[i + 1].lock().searching = true;
                }
            }
            pool.register(0);
            pool.slots[0].lock().searching = true;
            let mut searcher = Searcher::new(tt, control, &pool, 0, tm, &mut main_history[0], keys);
            searcher.tb = Some(&tb);
            let outcome = run_root(&mut searcher, request, root, moves, on_event);
            pool.shut_down();
            outcome
        })
    };
    let outcome = SearchOutcome {
        splits: pool.summary(),
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
