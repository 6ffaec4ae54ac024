//! The parallel search under stress: many searches with several threads (more than the
//! machine's cores) stopped at random moments must always return a legal move, and never hang.

use std::sync::Arc;
use std::time::Duration;

use movegen::Position;
use search::{
    Measure, ScoreBound, SearchControl, SearchEvent, SearchOutcome, SearchRequest, ThreadPool,
};
use timeman::Limits;
use tt::TranspositionTable;

use crate::common::{request, run_with};

const POSITIONS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
];

/// Runs a search with a fresh pool of `threads` on its own thread, stopping it after
/// `stop_after` if given; fails the test instead of hanging if the search does not come back.
fn run(req: SearchRequest, threads: usize, stop_after: Option<Duration>) -> SearchOutcome {
    run_with(ThreadPool::new(threads), req, stop_after).1
}

/// The split-point counter `name` of the pool's last search (0 if it keeps none).
fn split_stat(pool: &ThreadPool, name: &str) -> u64 {
    pool.parallel_stats().get(name).map_or(0, Measure::value)
}

/// A small deterministic generator, so a failing run can be replayed.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn random_stops_always_give_a_legal_move() {
    let mut rng = Lcg(0x5eed);
    for threads in [2, 4, 8, 64] {
        for fen in POSITIONS {
            let delay = Duration::from_millis(1 + rng.next(60));
            let limits = Limits {
                infinite: false,
                ..Limits::default()
            };
            let outcome = run(request(fen, limits), threads, Some(delay));
            let pos = Position::from_fen(fen).unwrap();
            let best = outcome.best_move.expect("a move");
            assert!(
                pos.legal_moves().contains(&best),
                "illegal {best:?} with {threads} threads in {fen}"
            );
        }
    }
}

#[test]
fn infinite_searches_with_many_threads_end_on_stop() {
    for threads in [3, 64] {
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let outcome = run(
            request(POSITIONS[1], limits),
            threads,
            Some(Duration::from_millis(300)),
        );
        assert!(outcome.best_move.is_some());
    }
}

#[test]
fn parallel_search_splits_and_finds_the_mate() {
    // 1.Rd8+ Re8 2.Rxe8#: every thread count must see the mate in 2.
    let fen = "6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1";
    for threads in [1, 2, 4] {
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        let outcome = run(request(fen, limits), threads, None);
        assert_eq!(outcome.score, search::mate_in(3), "threads {threads}");
    }
    let limits = Limits {
        depth: Some(11),
        ..Limits::default()
    };
    let (pool, _) = run_with(ThreadPool::new(4), request(POSITIONS[1], limits), None);
    let splits = split_stat(&pool, "splits");
    assert!(splits > 0, "no split point was created");
    assert!(split_stat(&pool, "root splits") > 0, "the root never split");
    assert!(split_stat(&pool, "helpers") >= splits);
}

#[test]
fn one_thread_is_deterministic() {
    let limits = Limits {
        depth: Some(9),
        ..Limits::default()
    };
    let (pool, a) = run_with(ThreadPool::new(1), request(POSITIONS[0], limits), None);
    let b = run(request(POSITIONS[0], limits), 1, None);
    assert_eq!(
        (a.best_move, a.nodes, a.score),
        (b.best_move, b.nodes, b.score)
    );
    assert_eq!(split_stat(&pool, "splits"), 0);
}

/// With the root split, helpers search whole root moves: their scores and lines must reach
/// the MultiPV report just as the main thread's do.
#[test]
fn root_moves_searched_by_helpers_are_reported() {
    // Rxd5 wins the queen, Rxh4 a knight, Rxa6 a pawn... ordered by material: 3 distinct lines.
    let fen = "4k3/8/p7/3q4/7n/8/8/R2RK2R w - - 0 1";
    let req = SearchRequest {
        multipv: 3,
        limits: Limits {
            depth: Some(7),
            ..Limits::default()
        },
        ..request(fen, Limits::default())
    };
    let tt = Arc::new(TranspositionTable::new(16).expect("table"));
    let mut pool = ThreadPool::new(4);
    let mut depth7_lines = Vec::new();
    let control = Arc::new(SearchControl::default());
    let outcome = pool.search(&req, &tt, &control, &mut |event| {
        if let SearchEvent::Info(info) = event {
            if info.depth == 7 && info.bound == ScoreBound::Exact {
                depth7_lines.push((info.multipv, info.score.0, info.pv.first().copied()));
            }
        }
    });
    assert!(split_stat(&pool, "root splits") > 0, "the root never split");
    // The iteration reports lines 1 to 3; the final report before `bestmove` repeats line 1.
    let lines: Vec<_> = depth7_lines.iter().take(3).cloned().collect();
    let uci = |m: Option<movegen::Move>| m.map(|m| m.to_uci(false).to_string());
    assert_eq!(lines.len(), 3, "{depth7_lines:?}");
    assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(uci(lines[0].2).as_deref(), Some("d1d5"), "{lines:?}");
    assert_eq!(uci(lines[1].2).as_deref(), Some("h1h4"), "{lines:?}");
    assert!(
        lines[0].1 > lines[1].1 && lines[1].1 > lines[2].1,
        "scores out of order: {lines:?}"
    );
    assert_eq!(outcome.best_move, lines[0].2);
}

/// One pool serves search after search, also when its thread count changes between them and
/// after its workers are cleared; a one-thread pool stays deterministic across `clear`.
#[test]
fn a_pool_lives_across_searches_and_thread_changes() {
    let limits = Limits {
        depth: Some(7),
        ..Limits::default()
    };
    let mut pool = ThreadPool::new(3);
    for threads in [3, 2, 4, 1, 2] {
        pool.set_threads(threads);
        assert_eq!(pool.threads(), threads);
        for fen in &POSITIONS[..3] {
            let outcome;
            (pool, outcome) = run_with(pool, request(fen, limits), None);
            let best = outcome.best_move.expect("a move");
            assert!(
                Position::from_fen(fen)
                    .unwrap()
                    .legal_moves()
                    .contains(&best)
            );
            assert_eq!(outcome.depth, 7);
        }
        pool.clear();
    }
    pool.set_threads(1);
    pool.clear();
    let (mut pool, first) = run_with(pool, request(POSITIONS[0], limits), None);
    pool.clear();
    let (_, again) = run_with(pool, request(POSITIONS[0], limits), None);
    assert_eq!(first, again, "a cleared worker searches as a new one");
}
