//! The search's selectivity as one switch, for the tests of the hash table's invariants.
//!
//! A selective search scores a position differently with and without a table for harmless
//! reasons: pruning and reductions read the window, the window reads what the table held, and a
//! deeper entry answers for a shallower search. With every pruning, reduction, extension by
//! singularity, evaluation correction and repetition detection off, and a table that cuts only
//! with entries of exactly the node's depth, what is left is fail-soft alpha-beta with quiescence,
//! whose root score in a full window is the minimax value of a tree fixed by the position and
//! the depth: the same with the table on and off. Any difference is then the table's: a bound
//! stored for the wrong side of the window, a mate not converted to and from the node, a score
//! cut to 16 bits, a depth read back wrong. In builds other than the crate's tests the switch
//! does not exist and the search is always selective.

use crate::searcher::Searcher;

impl Searcher<'_> {
    /// Whether pruning, reductions, singular extensions, the evaluation's correction and
    /// repetition detection are on: always outside the crate's tests.
    #[cfg(not(test))]
    #[inline(always)]
    pub(crate) fn selective(&self) -> bool {
        true
    }

    /// Whether pruning, reductions, singular extensions, the evaluation's correction and
    /// repetition detection are on: unless a test turned them off.
    #[cfg(test)]
    #[inline(always)]
    pub(crate) fn selective(&self) -> bool {
        !self.plain.on
    }

    /// Whether a table entry of `stored` depth may settle a node searched to `depth`: one at
    /// least as deep; in a plain test search, one exactly as deep (a deeper one would answer
    /// with a value of another tree), or none when the test reads no table.
    #[inline(always)]
    pub(crate) fn entry_deep_enough(&self, stored: i32, depth: i32) -> bool {
        if self.selective() {
            stored >= depth
        } else {
            self.reads_table() && stored == depth
        }
    }

    #[cfg(not(test))]
    #[inline(always)]
    fn reads_table(&self) -> bool {
        true
    }

    #[cfg(test)]
    #[inline(always)]
    fn reads_table(&self) -> bool {
        !self.plain.no_table
    }
}

#[cfg(test)]
mod tests {
    use movegen::Position;

    use crate::score::INFINITE;
    use crate::searcher::{Searcher, searching_from};

    /// Middlegames, endgames with passed pawns and promotions, mates in one and two for either
    /// side (mate scores stored at one ply are read at others), positions with checks: a spread of what the table stores.
    const POSITIONS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
        "6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1",
        "2r3k1/1q3ppp/8/8/8/8/5PPP/1Q4K1 w - - 0 1",
        "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
        "8/8/8/4k3/8/3K4/4P3/8 w - - 0 1",
        "k7/8/2K5/8/8/8/8/7R w - - 0 1",
        "K7/8/2k5/8/8/8/8/7r w - - 0 1",
        "1k6/8/1K6/8/8/8/8/7R b - - 0 1",
    ];

    /// A plain search of `pos` to `depth` in the window (`alpha`, `beta`) by `searcher`.
    fn plain(searcher: &mut Searcher<'_>, pos: &Position, depth: i32, window: (i32, i32)) -> i32 {
        searcher.plain.on = true;
        searcher.negamax(pos, depth, window.0, window.1, 0, false)
    }

    /// The value of `pos` at `depth` with no table read at all.
    fn value_without_table(pos: &Position, depth: i32) -> i32 {
        searching_from(pos, |s| {
            s.plain.no_table = true;
            plain(s, pos, depth, (-INFINITE, INFINITE))
        })
    }

    /// With the selectivity off, a table that every search of a position writes to, deeper and
    /// shallower, with full and null windows (so bounds of both kinds are stored and read back),
    /// never changes a score: a full window gives exactly the value the search gives with no
    /// table, and a null window at `a` answers on the right side of it, fail-soft: a fail low
    /// (at most `a`) an upper bound at or above the value, a fail high a lower bound at or
    /// below it.
    #[test]
    fn a_plain_search_scores_the_same_with_and_without_the_table() {
        for fen in POSITIONS {
            let pos = Position::from_fen(fen).expect("FEN");
            let truth: Vec<i32> = (1..=4).map(|d| value_without_table(&pos, d)).collect();
            searching_from(&pos, |s| {
                for depth in [1, 2, 3, 4, 3, 2, 1, 4, 2] {
                    let value = truth[depth as usize - 1];
                    let full = plain(s, &pos, depth, (-INFINITE, INFINITE));
                    assert_eq!(full, value, "{fen} depth {depth}, full window");
                    for a in (-80..=80).step_by(8).map(|k| value + k) {
                        let score = plain(s, &pos, depth, (a, a + 1));
                        let right_side = if score <= a {
                            score >= value
                        } else {
                            score <= value
                        };
                        assert!(
                            right_side,
                            "{fen} depth {depth}, ({a}, {}): {score} against {value}",
                            a + 1
                        );
                    }
                }
            });
        }
    }
}
