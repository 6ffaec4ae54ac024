//! Scores as the GUI sees them: centipawns normalised to the chance of winning.
//!
//! The search works in the network's own units, whose size is whatever training made it (an
//! endgame's scores are wider than a middlegame's). What UCI prints follows Stockfish's
//! convention since version 15.1 (`NormalizeToPawnValue` in its `uci.h`, from
//! <https://github.com/official-stockfish/WDL_model>): `cp 100` means the engine's own
//! win-draw-loss model gives the side to move a 50% chance of winning in a typical position
//! of move 32.
//!
//! Tsubame's model ([`crate::Wdl`]) is a function of the material on the board rather than of
//! the move number, as Stockfish's has been since version 16; both anchor the scale at 58
//! points of material (pawn 1, minor 3, rook 5, queen 9), the model's `x = 1`, which is about
//! what is left at move 32. So the internal score of 100 cp, [`PAWN_SCORE`], is `a(58)`, the
//! score at which the model gives an even chance of winning with 58 points on the board.
//!
//! Only the display changes: the search, the table, the time manager and the data files keep
//! the internal units. Mate scores print as `mate N`; tablebase wins and losses (±29,000 and
//! beyond) print unscaled, so that they stay recognisable as table results.

use std::fmt;

use tt::TB_WIN_THRESHOLD;

use crate::score::UciScore;
use crate::wdl::even_win_score;

/// The material at which the scale is anchored: the model's `x = 1`, about move 32.
pub const REFERENCE_MATERIAL: u32 = 58;

/// The internal score shown as `cp 100`: an even chance of winning at [`REFERENCE_MATERIAL`].
pub const PAWN_SCORE: i32 = (even_win_score(REFERENCE_MATERIAL) + 0.5) as i32;

// The model's cubic is a rising curve here; a value near zero would blow up every score.
const _: () = assert!(PAWN_SCORE >= 50 && PAWN_SCORE <= 400);

/// `score` (internal units, not a mate or table score) as normalised centipawns, rounded to
/// the nearest with halves away from zero, so that a score of ±1 (a cursed table win's nudge)
/// still shows on its side of zero.
pub fn to_centipawns(score: i32) -> i32 {
    if score.abs() >= TB_WIN_THRESHOLD {
        return score;
    }
    let scaled = i64::from(score) * 100;
    let half = i64::from(PAWN_SCORE) / 2;
    let rounded = if scaled >= 0 {
        (scaled + half) / i64::from(PAWN_SCORE)
    } else {
        (scaled - half) / i64::from(PAWN_SCORE)
    };
    rounded as i32
}

/// `cp N` (normalised) or `mate N`, as `info` lines write a score.
impl fmt::Display for UciScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_moves() {
            Some(n) => write!(f, "mate {}", if n == 0 { -1 } else { n }),
            None => write!(f, "cp {}", to_centipawns(self.0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Wdl;

    #[test]
    fn a_pawn_is_an_even_chance_of_winning_at_the_reference_material() {
        let even = Wdl::from_score(PAWN_SCORE, REFERENCE_MATERIAL);
        assert!((495..=505).contains(&even.win), "{even:?}");
        assert_eq!(to_centipawns(PAWN_SCORE), 100);
        assert_eq!(to_centipawns(-PAWN_SCORE), -100);
    }

    #[test]
    fn small_scores_keep_their_sign_and_zero_stays_zero() {
        assert_eq!(to_centipawns(0), 0);
        assert_eq!(to_centipawns(1), 1);
        assert_eq!(to_centipawns(-1), -1);
        for score in -3000..3000 {
            assert_eq!(to_centipawns(-score), -to_centipawns(score));
            assert!(to_centipawns(score) <= to_centipawns(score + 1));
        }
    }

    #[test]
    fn uci_prints_normalised_centipawns_and_mates_in_moves() {
        assert_eq!(UciScore(PAWN_SCORE).to_string(), "cp 100");
        assert_eq!(UciScore(-3 * PAWN_SCORE).to_string(), "cp -300");
        assert_eq!(UciScore(crate::mate_in(3)).to_string(), "mate 2");
        assert_eq!(UciScore(crate::mated_in(0)).to_string(), "mate -1");
    }

    #[test]
    fn table_results_are_not_scaled() {
        assert_eq!(to_centipawns(TB_WIN_THRESHOLD + 5), TB_WIN_THRESHOLD + 5);
        assert_eq!(to_centipawns(-TB_WIN_THRESHOLD), -TB_WIN_THRESHOLD);
    }
}
