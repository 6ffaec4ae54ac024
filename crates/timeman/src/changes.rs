//! The decayed count of best-move changes (Stockfish 2013's `BestMoveChanges`), which both
//! stopping rules read: Classic's extra time and the fitted rule's feature.

/// Decay of the best-move-change count per iteration (Stockfish 2013: `*= 0.8`).
const CHANGE_DECAY: f64 = 0.8;

/// The count after one more iteration: the old count decayed, plus that iteration's changes.
#[must_use]
pub(crate) fn decayed(previous: f64, new: f64) -> f64 {
    previous * CHANGE_DECAY + new
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_change_fades_and_a_new_one_counts_whole() {
        let once = decayed(0.0, 1.0);
        assert_eq!(once, 1.0);
        let later = decayed(decayed(once, 0.0), 0.0);
        assert!((later - CHANGE_DECAY * CHANGE_DECAY).abs() < 1e-12);
        assert!((decayed(later, 2.0) - (2.0 + CHANGE_DECAY.powi(3))).abs() < 1e-12);
    }
}
