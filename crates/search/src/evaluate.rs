//! The static evaluation: the one place where the search chooses between the hand-crafted
//! evaluation and the network, and where the network's accumulators follow the line.
//!
//! The worker's [`nnue::AccumulatorStack`] updates lazily, when a node is evaluated: nodes cut
//! off by the table, in check, or whose evaluation the table holds cost no update. Its line
//! starts from a refresh at the root, and at a split point where a helper joins (its line
//! starts at the split point's ply).

use movegen::{Move, Position};
use nnue::Nnue;
use tt::TB_WIN_THRESHOLD;

use crate::searcher::Searcher;

/// The largest static evaluation: below every tablebase and mate score, so that no
/// evaluation can be taken for a proven result.
const MAX_EVAL: i32 = TB_WIN_THRESHOLD - 1;

impl Searcher<'_> {
    /// The static evaluation of `pos`, the node at `ply`, in centipawns for the side to move.
    #[inline]
    pub(crate) fn static_eval(&mut self, pos: &Position, ply: usize) -> i32 {
        let Some(network) = self.worker.network.as_deref() else {
            return eval::evaluate(pos);
        };
        let nnue = Nnue::with_backend(network, self.backend);
        let score = self.worker.accumulators.evaluate(&nnue, ply, pos);
        #[cfg(test)]
        checks::record(&mut self.worker.accumulators, &nnue, pos, ply);
        score.clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Starts the network's line at `pos`, the node at `ply`: the root, or a split point a
    /// helper joins.
    pub(crate) fn refresh_accumulator(&mut self, pos: &Position, ply: usize) {
        if let Some(network) = self.worker.network.as_deref() {
            let nnue = Nnue::with_backend(network, self.backend);
            self.worker.accumulators.refresh(&nnue, ply, pos);
        }
    }

    /// Notes the move `mv` from `pos`, the node at `ply`, for the network's accumulators.
    #[inline]
    pub(crate) fn accumulator_play(&mut self, pos: &Position, mv: Move, ply: usize) {
        if self.worker.network.is_some() {
            self.worker.accumulators.play(ply, pos, mv);
        }
    }

    /// Notes a null move from the node at `ply` for the network's accumulators.
    #[inline]
    pub(crate) fn accumulator_pass(&mut self, ply: usize) {
        if self.worker.network.is_some() {
            self.worker.accumulators.pass(ply);
        }
    }
}

/// In the crate's tests, every evaluation checks the incrementally updated accumulator against
/// one built from scratch, so every search a test runs checks the updates (on every thread: a
/// drift is counted, not raised, so a helper's is seen too).
#[cfg(test)]
pub(crate) mod checks {
    use std::sync::atomic::AtomicU64;
    use std::sync::atomic::Ordering::Relaxed;

    use movegen::Position;
    use nnue::{Accumulator, AccumulatorStack, Nnue};

    /// Network evaluations checked, over every test of the crate.
    pub static EVALUATIONS: AtomicU64 = AtomicU64::new(0);
    /// Of those, evaluations whose accumulator differed from a fresh one.
    pub static DRIFTS: AtomicU64 = AtomicU64::new(0);

    /// Whether the accumulator at `ply` is the one a refresh from `pos` gives.
    pub fn matches_refresh(
        stack: &mut AccumulatorStack,
        nnue: &Nnue<'_>,
        pos: &Position,
        ply: usize,
    ) -> bool {
        let mut fresh = Accumulator::default();
        nnue.refresh(&mut fresh, pos);
        stack.current(nnue, ply, pos) == fresh
    }

    /// Checks the accumulator at `ply` against `pos` and counts the result.
    pub fn record(stack: &mut AccumulatorStack, nnue: &Nnue<'_>, pos: &Position, ply: usize) {
        EVALUATIONS.fetch_add(1, Relaxed);
        if !matches_refresh(stack, nnue, pos, ply) {
            DRIFTS.fetch_add(1, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::Ordering::Relaxed;

    use nnue::{AccumulatorStack, Network, Nnue};
    use timeman::Limits;
    use tt::TranspositionTable;

    use super::checks;
    use crate::score::MAX_PLY;
    use crate::{Measure, ParallelMode, SearchControl, SearchRequest, ThreadPool};
    use movegen::Position;

    const POSITIONS: &[&str] = &[
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ];

    /// Searches each of `fens` to `depth` with `pool`, each with a fresh table, checks that
    /// the move is legal, and calls `after` on the pool after each.
    fn search_each(
        pool: &mut ThreadPool,
        fens: &[&str],
        depth: u32,
        mut after: impl FnMut(&mut ThreadPool),
    ) {
        for fen in fens {
            let pos = Position::from_fen(fen).expect("FEN");
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let tt = Arc::new(TranspositionTable::new(16).expect("table"));
            let control = Arc::new(SearchControl::default());
            let request = SearchRequest::new(pos.clone(), limits);
            let outcome = pool.search(&request, &tt, &control, &mut |_| {});
            let best = outcome.best_move.expect("a move");
            assert!(pos.legal_moves().contains(&best), "{fen}: {best:?}");
            after(pool);
        }
    }

    /// Searches with the network on one and two threads return a legal move, and every
    /// evaluation on every thread (a helper's at a split point or a Lazy SMP helper's root
    /// included) had the accumulator a refresh gives.
    #[test]
    fn searches_with_the_network_play_legal_moves_with_exact_accumulators() {
        let network = Network::embedded_shared();
        let drifts_before = checks::DRIFTS.load(Relaxed);
        let split = ParallelMode::SplitPoints;
        for (threads, mode) in [(1, split), (2, split), (2, ParallelMode::LazySmp)] {
            let mut pool = ThreadPool::new(threads);
            pool.set_parallel_mode(mode);
            pool.set_network(Some(Arc::clone(&network)));
            let mut helper_nodes = 0;
            let evaluations_before = checks::EVALUATIONS.load(Relaxed);
            search_each(&mut pool, POSITIONS, 9, |pool| {
                let stats = pool.parallel_stats();
                helper_nodes += stats.get("helper nodes").map_or(0, Measure::value);
            });
            assert!(checks::EVALUATIONS.load(Relaxed) > evaluations_before + 10_000);
            if threads > 1 && mode == split {
                assert!(helper_nodes > 0, "no helper joined a split point");
            }
        }
        assert_eq!(checks::DRIFTS.load(Relaxed), drifts_before);
    }

    /// A random network with horizontal mirroring and four king buckets, within the file's
    /// limits.
    fn king_bucket_network() -> Network {
        use nnue::format::QuantisedParams;
        use nnue::{Architecture, INPUTS, KingLayout, Mirroring, OutputBuckets};
        let hidden = 256;
        let arch = Architecture {
            mirroring: Mirroring::Horizontal,
            king_buckets: KingLayout::FOUR.header(),
            ..Architecture::plain(hidden, OutputBuckets::new(8).expect("in range"))
        };
        let mut rng = rng::Rng::new(12);
        let mut draw = |n: usize, bound: i32| -> Vec<i16> {
            (0..n)
                .map(|_| (rng.next_u64() % (2 * bound as u64 + 1)) as i16 - bound as i16)
                .collect()
        };
        let params = QuantisedParams {
            arch,
            ft_weights: draw(4 * INPUTS * hidden, 300),
            ft_bias: draw(hidden, 1000),
            out_weights: draw(8 * 2 * hidden, 60),
            out_bias: vec![0; 8],
        };
        Network::from_bytes(&params.encode()).expect("within the file's limits")
    }

    /// With a king-bucketed network too, every evaluation of one- and two-thread searches has
    /// the accumulator a refresh gives: halves rebuilt through the refresh cache where a king
    /// changes bucket or side are exact, and a `ucinewgame`'s clearing loses nothing.
    #[test]
    fn searches_with_a_king_bucket_network_keep_exact_accumulators() {
        let network = Arc::new(king_bucket_network());
        let drifts_before = checks::DRIFTS.load(Relaxed);
        for threads in [1, 2] {
            let mut pool = ThreadPool::new(threads);
            pool.set_network(Some(Arc::clone(&network)));
            let evaluations_before = checks::EVALUATIONS.load(Relaxed);
            let king_walk = ["8/5k2/8/3p4/3P4/8/2K5/8 w - - 0 1"];
            let fens: Vec<&str> = POSITIONS.iter().chain(&king_walk).copied().collect();
            search_each(&mut pool, &fens, 8, ThreadPool::clear);
            assert!(checks::EVALUATIONS.load(Relaxed) > evaluations_before + 5_000);
        }
        assert_eq!(checks::DRIFTS.load(Relaxed), drifts_before);
    }

    /// The check itself: an accumulator that does not belong to the position is caught.
    #[test]
    fn an_accumulator_of_another_position_is_seen_as_a_drift() {
        let start = Position::startpos();
        let e2e4 = start.parse_uci_move("e2e4", false).expect("legal");
        let mut after = start.clone();
        after.play(e2e4);
        let nnue = Nnue::new(Network::embedded());
        let mut stack = AccumulatorStack::new(MAX_PLY + 2);
        stack.refresh(&nnue, 0, &start);
        assert!(checks::matches_refresh(&mut stack, &nnue, &start, 0));
        assert!(!checks::matches_refresh(&mut stack, &nnue, &after, 0));
        stack.play(0, &start, e2e4);
        assert!(checks::matches_refresh(&mut stack, &nnue, &after, 1));
    }
}
