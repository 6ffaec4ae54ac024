//! The score convention shared with the search, and the ply adjustment of
//! mate and tablebase scores on their way into and out of the table.
//!
//! The search scores mates relative to the root (`MATE - p` for a mate `p`
//! plies from the root). The same position can be reached at many plies, so
//! the table stores mates relative to the node instead: mate in `p` from the
//! root seen at ply `ply` is stored as mate in `p - ply` from the node.
//! Tablebase wins (`TB_WIN - p`: a position the tables call won, `p` plies
//! from the root) sit in a band of their own below the mates and move the
//! same way.
//!
//! ```text
//!  MATE (32000) ─ mates ─ MATE_THRESHOLD (31000)
//!  TB_WIN (30000) ─ tablebase wins ─ TB_WIN_THRESHOLD (29000)
//!  ... evaluations ...
//! ```

/// The score of giving mate at the root: a mate `p` plies from the root is
/// scored `MATE - p`, being mated `-(MATE - p)`.
pub const MATE: i32 = 32_000;

/// Scores with an absolute value at or above this are mate scores.
///
/// It leaves room for mates up to `MATE - MATE_THRESHOLD` (1000) plies away,
/// far beyond any search depth, and far above any centipawn evaluation.
pub const MATE_THRESHOLD: i32 = 31_000;

/// The score of a position the tablebases call won, found at the root:
/// a won table position `p` plies from the root is scored `TB_WIN - p`,
/// a lost one `-(TB_WIN - p)`. Below every mate, above every evaluation.
pub const TB_WIN: i32 = 30_000;

/// Scores with an absolute value at or above this (and below
/// [`MATE_THRESHOLD`]) are tablebase wins or losses.
pub const TB_WIN_THRESHOLD: i32 = 29_000;

/// The static-evaluation value meaning "no evaluation stored" (for instance
/// a node in check, where the search does not evaluate).
pub const EVAL_NONE: i32 = i16::MIN as i32;

/// The largest magnitude a stored score or evaluation keeps; larger values
/// are clamped. Symmetric so that negation never overflows, and it keeps
/// `i16::MIN` free for [`EVAL_NONE`].
const STORED_LIMIT: i32 = i16::MAX as i32;

/// Converts a root-relative search score, found at `ply`, to the
/// node-relative 16-bit form the table stores.
///
/// Mate and tablebase scores move `ply` plies further from zero distance (a
/// mate or table position closer to the node); other scores are only clamped
/// to `±i16::MAX`.
#[must_use]
pub fn score_to_tt(score: i32, ply: usize) -> i16 {
    let ply = ply_i32(ply);
    let adjusted = if score >= TB_WIN_THRESHOLD {
        score.saturating_add(ply)
    } else if score <= -TB_WIN_THRESHOLD {
        score.saturating_sub(ply)
    } else {
        score
    };
    clamp_to_i16(adjusted)
}

/// Converts a stored node-relative score back to a root-relative score for a
/// node at `ply`: the inverse of [`score_to_tt`] for scores within range.
#[must_use]
pub fn score_from_tt(stored: i16, ply: usize) -> i32 {
    let stored = i32::from(stored);
    let ply = ply_i32(ply);
    if stored >= TB_WIN_THRESHOLD {
        stored - ply
    } else if stored <= -TB_WIN_THRESHOLD {
        stored + ply
    } else {
        stored
    }
}

/// Converts a static evaluation to its stored form, keeping [`EVAL_NONE`].
pub(crate) fn eval_to_tt(eval: i32) -> i16 {
    if eval == EVAL_NONE {
        i16::MIN
    } else {
        clamp_to_i16(eval)
    }
}

/// Clamps to `-i16::MAX..=i16::MAX`, so `i16::MIN` never comes out.
fn clamp_to_i16(value: i32) -> i16 {
    let clamped = value.clamp(-STORED_LIMIT, STORED_LIMIT);
    // The clamp above makes the conversion infallible; the fallback is never taken.
    i16::try_from(clamped).unwrap_or(0)
}

/// Plies beyond `i32::MAX` cannot occur in a search; saturate rather than wrap.
fn ply_i32(ply: usize) -> i32 {
    i32::try_from(ply).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_scores_pass_unchanged_at_any_ply() {
        for score in [
            -TB_WIN_THRESHOLD + 1,
            -1234,
            0,
            1,
            999,
            TB_WIN_THRESHOLD - 1,
        ] {
            for ply in [0, 1, 17, 127] {
                let stored = score_to_tt(score, ply);
                assert_eq!(i32::from(stored), score);
                assert_eq!(score_from_tt(stored, ply), score);
            }
        }
    }

    #[test]
    fn mate_scores_become_node_relative() {
        // Mate in 5 plies from the root, seen at ply 3: mate in 2 from the node.
        assert_eq!(i32::from(score_to_tt(MATE - 5, 3)), MATE - 2);
        assert_eq!(i32::from(score_to_tt(-(MATE - 5), 3)), -(MATE - 2));
        // The same node reached at ply 7 is then mate in 9 from the root.
        assert_eq!(score_from_tt(i16::try_from(MATE - 2).unwrap(), 7), MATE - 9);
        assert_eq!(
            score_from_tt(i16::try_from(-(MATE - 2)).unwrap(), 7),
            -(MATE - 9)
        );
    }

    #[test]
    fn tablebase_scores_become_node_relative_and_stay_in_their_band() {
        // A table win 5 plies from the root, seen at ply 3, is stored 2 plies from the node.
        assert_eq!(i32::from(score_to_tt(TB_WIN - 5, 3)), TB_WIN - 2);
        assert_eq!(i32::from(score_to_tt(-(TB_WIN - 5), 3)), -(TB_WIN - 2));
        // Reached again at ply 100: 102 plies from the root, still a table win, not a mate.
        let back = score_from_tt(i16::try_from(TB_WIN - 2).unwrap(), 100);
        assert_eq!(back, TB_WIN - 102);
        assert!((TB_WIN_THRESHOLD..MATE_THRESHOLD).contains(&back));
        for ply in 0..128 {
            for score in [TB_WIN - ply as i32, -(TB_WIN - ply as i32)] {
                assert_eq!(score_from_tt(score_to_tt(score, ply), ply), score);
            }
        }
    }

    #[test]
    fn mate_scores_round_trip_at_the_same_ply() {
        for distance in [0, 1, 2, 50, 200, 900] {
            for ply in 0..=distance as usize {
                for score in [MATE - distance, -(MATE - distance)] {
                    assert_eq!(score_from_tt(score_to_tt(score, ply), ply), score);
                }
            }
        }
    }

    #[test]
    fn out_of_range_scores_are_clamped() {
        assert_eq!(score_to_tt(i32::MAX, 0), i16::MAX);
        assert_eq!(score_to_tt(i32::MIN, 0), -i16::MAX);
        assert_eq!(score_to_tt(MATE, usize::MAX), i16::MAX);
        assert_eq!(score_to_tt(-MATE, usize::MAX), -i16::MAX);
    }

    #[test]
    fn eval_keeps_its_sentinel_and_clamps_the_rest() {
        assert_eq!(eval_to_tt(EVAL_NONE), i16::MIN);
        assert_eq!(eval_to_tt(i32::MIN), -i16::MAX);
        assert_eq!(eval_to_tt(i32::MAX), i16::MAX);
        assert_eq!(eval_to_tt(-57), -57);
    }
}
