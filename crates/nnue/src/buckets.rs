//! Output buckets: a network may have several output heads over the same accumulator, and
//! picks one by the number of pieces on the board, so that the endgame and the middlegame get
//! output weights of their own at the cost of one table lookup.
//!
//! The rule is the "material count" buckets of the `bullet` trainer
//! (<https://github.com/jw1912/bullet>, `MaterialCount<N>`), which most small NNUE engines
//! use: with `N` heads, `bucket = (pieces − 2) / ceil(32 / N)`, kings included in `pieces`.
//! With 8 heads that is one head for every 4 pieces: 2 to 5 pieces use head 0, 30 to 32 head 7.

use movegen::Position;

/// The most pieces a legal position holds.
const MAX_PIECES: usize = 32;

/// How many output heads a network has and which one a position uses.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct OutputBuckets {
    count: u8,
    /// The head of a position with `n` pieces, for `n` in `0..=32` (a lookup instead of a
    /// division at every evaluation).
    by_pieces: [u8; MAX_PIECES + 1],
}

impl std::fmt::Debug for OutputBuckets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OutputBuckets({})", self.count)
    }
}

impl OutputBuckets {
    /// The most heads a network file may have: one per piece count, and then some.
    pub const MAX: usize = 32;

    /// One head for every position: the network without buckets.
    pub const ONE: OutputBuckets = match OutputBuckets::new(1) {
        Some(b) => b,
        None => unreachable!(),
    };

    /// `count` heads, if `count` is in `1..=MAX`.
    pub const fn new(count: usize) -> Option<OutputBuckets> {
        if count == 0 || count > OutputBuckets::MAX {
            return None;
        }
        let divisor = MAX_PIECES.div_ceil(count);
        let mut by_pieces = [0u8; MAX_PIECES + 1];
        let mut pieces = 0;
        while pieces <= MAX_PIECES {
            // (32 − 2) / ceil(32 / N) ≤ 30 N / 32 < N: every piece count has a head.
            by_pieces[pieces] = (pieces.saturating_sub(2) / divisor) as u8;
            pieces += 1;
        }
        Some(OutputBuckets {
            count: count as u8,
            by_pieces,
        })
    }

    /// The number of heads.
    #[inline]
    pub const fn count(self) -> usize {
        self.count as usize
    }

    /// The head, `0..count()`, of a position with `pieces` pieces (kings included; counts
    /// above 32, which no legal position has, use the last head of 32 pieces).
    #[inline]
    pub const fn of_pieces(&self, pieces: usize) -> usize {
        let pieces = if pieces > MAX_PIECES {
            MAX_PIECES
        } else {
            pieces
        };
        self.by_pieces[pieces] as usize
    }

    /// The head `pos` uses.
    #[inline]
    pub fn of(&self, pos: &Position) -> usize {
        self.of_pieces(pos.occupied().count() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_outside_one_to_max_are_refused() {
        assert!(OutputBuckets::new(0).is_none());
        assert!(OutputBuckets::new(OutputBuckets::MAX + 1).is_none());
        assert_eq!(OutputBuckets::new(8).map(OutputBuckets::count), Some(8));
    }

    #[test]
    fn every_piece_count_has_a_head_and_heads_follow_the_rule() {
        for count in 1..=OutputBuckets::MAX {
            let buckets = OutputBuckets::new(count).expect("in range");
            let divisor = 32usize.div_ceil(count);
            let mut last = 0;
            for pieces in 2..=32 {
                let head = buckets.of_pieces(pieces);
                assert_eq!(
                    head,
                    (pieces - 2) / divisor,
                    "{count} heads, {pieces} pieces"
                );
                assert!(head < count, "{count} heads, {pieces} pieces: head {head}");
                assert!(head >= last, "more pieces never use a lower head");
                last = head;
            }
            assert_eq!(buckets.of_pieces(40), buckets.of_pieces(32));
        }
        // The usual eight: a head per four pieces.
        let eight = OutputBuckets::new(8).expect("in range");
        let heads: Vec<usize> = [2, 5, 6, 17, 29, 30, 32]
            .iter()
            .map(|&p| eight.of_pieces(p))
            .collect();
        assert_eq!(heads, [0, 0, 1, 3, 6, 7, 7]);
        assert_eq!(OutputBuckets::ONE.of(&Position::startpos()), 0);
        assert_eq!(eight.of(&Position::startpos()), 7);
    }
}
