//! Search scores: centipawns, with mates near ±`MATE`.

pub use tt::{MATE, MATE_THRESHOLD};

/// Deepest ply the search reaches; stacks are sized by it.
pub const MAX_PLY: usize = 128;

/// A score no real result has: "no score yet".
pub const SCORE_NONE: i32 = -MATE - 1;

/// Infinity for alpha-beta windows.
pub const INFINITE: i32 = MATE + 1;

/// The score of being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// The score of mating `ply` plies from the root.
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// Whether `score` announces a mate for either side.
#[inline]
pub const fn is_mate_score(score: i32) -> bool {
    score.abs() >= MATE_THRESHOLD && score.abs() <= MATE
}

/// A score as UCI writes it: `cp N` or `mate N` (moves, negative when we are mated). The
/// value is the search's, in internal units; `cp` prints it normalised (see
/// [`crate::to_centipawns`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciScore(pub i32);

impl UciScore {
    /// Full moves to mate (positive: we mate), or `None` for a centipawn score. Never 0: a
    /// side that is mated at the root has no move to report a score for.
    pub fn mate_moves(self) -> Option<i32> {
        let s = self.0;
        if !is_mate_score(s) {
            None
        } else if s > 0 {
            Some((MATE - s + 1) / 2)
        } else {
            Some(-((MATE + s).max(1) + 1) / 2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_print_in_moves() {
        assert_eq!(UciScore(mate_in(1)).to_string(), "mate 1");
        assert_eq!(UciScore(mate_in(3)).to_string(), "mate 2");
        assert_eq!(UciScore(mated_in(2)).to_string(), "mate -1");
        assert_eq!(UciScore(mated_in(4)).to_string(), "mate -2");
        // A mated-at-root score never prints as `mate 0`.
        assert_eq!(UciScore(mated_in(0)).to_string(), "mate -1");
    }
}
