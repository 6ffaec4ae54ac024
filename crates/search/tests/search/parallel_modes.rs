//! The designs behind the parallel seam other than the split points: Lazy SMP and the
//! sequential baseline play legal moves, end on `stop`, and the sequential one searches
//! exactly what one thread does.

use std::sync::Arc;
use std::time::Duration;

use movegen::Position;
use search::{ParallelMode, SearchControl, SearchOutcome, SearchRequest, ThreadPool};
use timeman::Limits;
use tt::TranspositionTable;

use crate::common::{request, run_with};

const POSITIONS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        ..Limits::default()
    }
}

fn pool(threads: usize, mode: ParallelMode) -> ThreadPool {
    let mut pool = ThreadPool::new(threads);
    pool.set_parallel_mode(mode);
    assert_eq!((pool.threads(), pool.parallel_mode()), (threads, mode));
    pool
}

/// Runs a search with `pool` (see [`run_with`]).
fn run(pool: ThreadPool, req: SearchRequest, stop_after: Option<Duration>) -> SearchOutcome {
    run_with(pool, req, stop_after).1
}

fn assert_legal(fen: &str, outcome: &SearchOutcome) {
    let best = outcome.best_move.expect("a move");
    let legal = Position::from_fen(fen).expect("FEN").legal_moves();
    assert!(legal.contains(&best), "illegal {best:?} in {fen}");
}

#[test]
fn lazy_smp_plays_legal_moves_and_sees_the_mate() {
    for threads in [2, 3] {
        for fen in POSITIONS {
            let outcome = run(
                pool(threads, ParallelMode::LazySmp),
                request(fen, depth(8)),
                None,
            );
            assert_legal(fen, &outcome);
            assert!(outcome.depth >= 8, "{fen}: depth {}", outcome.depth);
        }
    }
    // 1.Rd8+ Re8 2.Rxe8#.
    let fen = "6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1";
    let outcome = run(pool(4, ParallelMode::LazySmp), request(fen, depth(8)), None);
    assert_eq!(outcome.score, search::mate_in(3));
}

/// The helpers' nodes count: with four threads, three helpers search beside the main thread
/// for the whole search, so a Lazy SMP search reports more nodes than one thread needs for
/// the same depth (its main thread alone would report fewer, helped by the shared table); and
/// the design keeps no split statistics.
#[test]
fn lazy_smp_counts_every_threads_nodes() {
    let req = || request(POSITIONS[1], depth(10));
    let one = run(pool(1, ParallelMode::Sequential), req(), None);
    let (lazy_pool, lazy) = run_with(pool(4, ParallelMode::LazySmp), req(), None);
    assert!(lazy.nodes > one.nodes, "{} vs {}", lazy.nodes, one.nodes);
    assert_eq!(lazy_pool.parallel_stats(), Default::default());
}

#[test]
fn lazy_smp_ends_on_stop() {
    for threads in [2, 8] {
        for (i, fen) in POSITIONS.iter().enumerate() {
            let limits = Limits {
                infinite: i == 0,
                ..Limits::default()
            };
            let delay = Duration::from_millis(20 + 40 * i as u64);
            let outcome = run(
                pool(threads, ParallelMode::LazySmp),
                request(fen, limits),
                Some(delay),
            );
            assert_legal(fen, &outcome);
        }
    }
}

/// With the sequential design the other threads stay idle: the search is the one-thread
/// search, node for node.
#[test]
fn sequential_with_many_threads_is_one_thread() {
    for fen in POSITIONS {
        let one = run(
            pool(1, ParallelMode::SplitPoints),
            request(fen, depth(9)),
            None,
        );
        let many = run(
            pool(4, ParallelMode::Sequential),
            request(fen, depth(9)),
            None,
        );
        assert_eq!(
            (one.best_move, one.score, one.nodes),
            (many.best_move, many.score, many.nodes),
            "{fen}"
        );
    }
}

/// A pool changes designs between searches and keeps working.
#[test]
fn a_pool_switches_designs_between_searches() {
    let mut pool = ThreadPool::new(3);
    for mode in [
        ParallelMode::LazySmp,
        ParallelMode::SplitPoints,
        ParallelMode::Sequential,
        ParallelMode::LazySmp,
    ] {
        pool.set_parallel_mode(mode);
        let tt = Arc::new(TranspositionTable::new(16).expect("table"));
        let control = Arc::new(SearchControl::default());
        let outcome = pool.search(&request(POSITIONS[0], depth(7)), &tt, &control, &mut |_| {});
        assert_legal(POSITIONS[0], &outcome);
    }
    assert!(
        pool.set_parallel_setting("min_depth", 5).is_err(),
        "not a Lazy SMP setting"
    );
    pool.set_parallel_mode(ParallelMode::SplitPoints);
    assert!(pool.set_parallel_setting("min_depth", 5).is_ok());
    assert!(pool.describe_parallel().contains("depth >= 5"));
}
