//! One whole search: the root moves, the tables at the root, the other threads started and
//! joined, iterative deepening on the main thread, and the final report.

use std::sync::Arc;
use std::time::{Duration, Instant};

use movegen::Position;
use rng::Rng;
use timeman::TimeManager;
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::event::SearchEvent;
use crate::lazy::LazyJob;
use crate::parallel::Design;
use crate::request::{SearchOutcome, SearchRequest};
use crate::role::ThreadRole;
use crate::root::{MAX_DEPTH, RootSearch};
use crate::root_move::RootMove;
use crate::score::{INFINITE, mated_in};
use crate::searcher::Searcher;
use crate::shared::{SharedState, ThreadCounters};
use crate::tablebase::SearchTablebases;
use crate::worker::Worker;

/// The pool's threads other than the main one, as a search's driver starts and ends them.
pub(crate) trait OtherThreads {
    /// Starts them on the search (they probe the tables with `tb`, their clock started at
    /// `start`, and `job` tells them the root); returns how many started.
    fn start(
        &mut self,
        tb: Arc<SearchTablebases>,
        start: Instant,
        job: &dyn Fn() -> LazyJob,
    ) -> usize;
    /// Waits until the `started` threads have finished their part of the search.
    fn join(&mut self, started: usize);
}

/// No other thread: a search on the calling thread alone.
struct Alone;

impl OtherThreads for Alone {
    fn start(&mut self, _: Arc<SearchTablebases>, _: Instant, _: &dyn Fn() -> LazyJob) -> usize {
        0
    }

    fn join(&mut self, _: usize) {}
}

impl Worker {
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
        let threads = ThreadCounters::new(1);
        let design = Design::Sequential;
        drive(
            request,
            tt,
            control,
            (&design, &threads),
            self,
            on_event,
            &mut Alone,
        )
    }
}

/// The whole of one search, on the caller's thread as thread 0 of `threads` with `worker`,
/// the threads sharing the work by `design`; `others` are the pool's other threads. With `go infinite` or `go ponder` it does not return
/// before `stop` (or `ponderhit`), as UCI requires, even when the search itself has finished.
pub(crate) fn drive(
    request: &SearchRequest,
    tt: &TranspositionTable,
    control: &SearchControl,
    (design, threads): (&Design, &ThreadCounters),
    worker: &mut Worker,
    on_event: &mut dyn FnMut(SearchEvent<'_>),
    others: &mut dyn OtherThreads,
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
    threads.reset();
    design.begin();
    // The search's clock starts here: time spent before the first iteration (the tables at the
    // root) counts against its budget.
    let clock_start = Instant::now();
    // A weaker level searches fewer nodes than any limit asked for.
    let mut limits = request.limits;
    if let Some(cap) = request.strength.node_limit() {
        limits.nodes = Some(limits.nodes.map_or(cap, |asked| asked.min(cap)));
    }
    let tm = TimeManager::new(&limits, &request.time_options, root.game_ply()).paced(&worker.pace);
    let root_wait = root_wait_limit(&tm, clock_start);
    worker.start_line(request.history.iter().copied().chain([root.key()]));
    // Ranked before any helper starts; every thread of this search then probes with it.
    let mut tb = SearchTablebases::new(request.tablebases.as_ref());
    tb.rank_root(&root, &worker.keys, &mut moves, control, root_wait);
    let tb = Arc::new(tb);
    let max_depth = request
        .limits
        .depth
        .map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH as u32) as i32);

    let (outcome, spending) = if moves.is_empty() {
        let score = if root.in_check() { mated_in(0) } else { 0 };
        let outcome = SearchOutcome {
            best_move: None,
            ponder_move: None,
            score,
            depth: 0,
            nodes: 0,
        };
        (outcome, None)
    } else {
        let job = || LazyJob {
            root: root.clone(),
            moves: moves.clone(),
            keys: worker.keys.clone(),
            max_depth,
        };
        let started = others.start(Arc::clone(&tb), clock_start, &job);
        // Ends the other threads' part however the root search ends, a panic included.
        let shut_down = ShutDown(design, threads);
        let shared = SharedState::new(tt, control, Some(&tb), threads, clock_start);
        let link = design.link(0);
        let mut searcher = worker.searcher(shared, 0, ThreadRole::main(tm), link);
        searcher.refresh_accumulator(&root, 0);
        let outcome = run_root(&mut searcher, request, root, moves, max_depth, on_event);
        let spending = searcher.role.spending(clock_start.elapsed());
        drop(shut_down);
        others.join(started);
        (outcome, spending)
    };
    if let Some(spending) = spending {
        worker.pace.record(&spending);
    }

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

/// Tells every other thread that the search is over when dropped.
struct ShutDown<'a>(&'a Design, &'a ThreadCounters);

impl Drop for ShutDown<'_> {
    fn drop(&mut self) {
        self.0.end(self.1);
    }
}

/// Iterative deepening on the main thread, and the final report.
fn run_root(
    searcher: &mut Searcher<'_>,
    request: &SearchRequest,
    root: Position,
    moves: Vec<RootMove>,
    max_depth: i32,
    on_event: &mut dyn FnMut(SearchEvent<'_>),
) -> SearchOutcome {
    // A weaker level's choices: how many lines to search, then which to play.
    let mut rng = Rng::new(request.seed);
    // A weaker level needs several lines to choose among.
    let multipv = request.multipv.max(request.strength.lines(&mut rng));
    let mut root_search = RootSearch::new(searcher, root, moves, multipv, on_event);
    root_search.run(1, max_depth);
    if !request.strength.is_full() {
        root_search.choose_weaker(request.strength, &mut rng);
    }
    root_search.report_final();
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
    }
}
