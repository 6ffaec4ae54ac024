//! Correction history: how far the search's results have strayed from the static evaluation
//! in positions with the same pawn structure, added back to the static evaluation.
//!
//! After the idea in Stockfish and Weiss ("correction history"): the evaluation is often
//! wrong the same way for a given pawn structure (a blocked centre, a passer it misjudges), and
//! the searches of such positions say by how much. Each entry is a running average of
//! (search score - static eval), weighted by the depth of the search that measured it.

use movegen::{Color, Position, Role};
use tt::{Bound, TB_WIN_THRESHOLD};

use crate::score::MATE_THRESHOLD;

/// Entries per side; indexed by a hash of the pawns.
const SIZE: usize = 1 << 14;
/// Entries are kept in 1/`GRAIN` centipawns, so small corrections accumulate.
const GRAIN: i32 = 256;
/// A correction never exceeds this many centipawns.
const MAX_CORRECTION: i32 = 100;
/// Weights of an update are out of this; a search of depth d weighs min(d + 1, 16).
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;

/// Per-side tables of pawn-structure corrections.
#[derive(Clone, Debug)]
pub struct CorrectionHistory {
    pawn: Box<[[i16; SIZE]; 2]>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            pawn: Box::new([[0; SIZE]; 2]),
        }
    }
}

/// The table slot of `pos`'s pawn structure: multiply-shift hashing of both sides' pawns.
#[inline]
fn pawn_index(pos: &Position) -> usize {
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    let h = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h >> (64 - SIZE.trailing_zeros())) as usize
}

impl CorrectionHistory {
    /// Forgets everything (for `ucinewgame`).
    pub fn clear(&mut self) {
        for side in self.pawn.iter_mut() {
            side.fill(0);
        }
    }

    /// The correction of `pos`'s static evaluation, in centipawns from the side to move.
    #[inline]
    pub fn correction(&self, pos: &Position) -> i32 {
        i32::from(self.pawn[pos.turn().index()][pawn_index(pos)]) / GRAIN
    }

    /// `raw` corrected for `pos`, kept below the tablebase and mate scores (as the
    /// uncorrected evaluation is), so a corrected evaluation never reads as a proven result.
    #[inline]
    pub fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        (raw + self.correction(pos)).clamp(-TB_WIN_THRESHOLD + 1, TB_WIN_THRESHOLD - 1)
    }

    /// Learns from a search of `pos` to `depth` that returned `score` with `bound`, where the
    /// uncorrected static evaluation was `eval`: the entry moves towards the error. A bound
    /// that does not contradict the evaluation says nothing about its error, and is ignored.
    pub fn update(&mut self, pos: &Position, depth: i32, eval: i32, score: i32, bound: Bound) {
        let says_nothing = match bound {
            Bound::Lower => score <= eval,
            Bound::Upper => score >= eval,
            Bound::Exact => false,
            Bound::None => true,
        };
        if says_nothing || score.abs() >= MATE_THRESHOLD {
            return;
        }
        let entry = &mut self.pawn[pos.turn().index()][pawn_index(pos)];
        let error = (score - eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let old = i32::from(*entry);
        let new = (old * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
        let limit = MAX_CORRECTION * GRAIN;
        *entry = new.clamp(-limit, limit) as i16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("FEN")
    }

    /// Exact scores above the evaluation pull the correction up, towards the error and never
    /// past it or past the cap; the other side and another pawn structure are untouched.
    #[test]
    fn exact_scores_pull_the_correction_towards_the_error() {
        let mut corr = CorrectionHistory::default();
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let other_side = pos("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        let other_pawns = pos("4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1");
        let mut last = 0;
        for _ in 0..200 {
            corr.update(&p, 10, 0, 60, Bound::Exact);
            let c = corr.correction(&p);
            assert!(c >= last && c <= 60, "{last} -> {c}");
            last = c;
        }
        assert!(last >= 55, "converges near the error: {last}");
        assert_eq!(corr.corrected(&p, 10), 10 + last);
        assert_eq!(corr.correction(&other_side), 0);
        assert_eq!(corr.correction(&other_pawns), 0);
        for _ in 0..200 {
            corr.update(&p, 10, 0, 5000, Bound::Exact);
        }
        // Averaging rounds towards the old value, so it reaches the cap only nearly.
        let capped = corr.correction(&p);
        assert!(
            (MAX_CORRECTION - 2..=MAX_CORRECTION).contains(&capped),
            "{capped}"
        );
        // At the edge of the evaluation band the correction cannot reach tablebase scores.
        assert_eq!(
            corr.corrected(&p, TB_WIN_THRESHOLD - 10),
            TB_WIN_THRESHOLD - 1
        );
        corr.clear();
        assert_eq!(corr.correction(&p), 0);
    }

    /// A fail-high above the evaluation and a fail-low below it are evidence; bounds on the
    /// evaluation's own side of the score and mate scores are not.
    #[test]
    fn only_bounds_that_contradict_the_evaluation_teach() {
        let p = pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let mut corr = CorrectionHistory::default();
        corr.update(&p, 8, 0, -50, Bound::Lower);
        corr.update(&p, 8, 0, 50, Bound::Upper);
        corr.update(&p, 8, 0, MATE_THRESHOLD + 5, Bound::Exact);
        corr.update(&p, 8, 0, 50, Bound::None);
        assert_eq!(corr.pawn[0][pawn_index(&p)], 0);
        corr.update(&p, 8, 0, 50, Bound::Lower);
        assert!(corr.pawn[0][pawn_index(&p)] > 0);
        corr.update(&p, 8, 0, -80, Bound::Upper);
        corr.update(&p, 8, 0, -80, Bound::Upper);
        assert!(corr.pawn[0][pawn_index(&p)] < 0);
    }
}
