//! Falling score: more time while the root score drops between iterations.
//!
//! A falling score means the deeper search found a problem the shallower ones missed; the
//! right move is less settled than the PV suggests, so time spent now is worth more: time
//! pays most where one more second most raises the chance of finding the right move. With `s` the current score and `m` the mean of up to [`HISTORY`] previous
//! iteration scores (all in centipawns, mate scores mapped to ±[`MATE_CP`]):
//!
//! ```text
//! drop   = clamp(m - s, 0, FULL_DROP_CP)
//! factor = 1 + (MAX_FACTOR - 1) * drop / FULL_DROP_CP
//! ```
//!
//! so a steady or rising score gives 1.0x and a fall of [`FULL_DROP_CP`] or more gives
//! [`MAX_FACTOR`]. The factor never shortens the time: rising scores are handled by the
//! other mechanisms.

/// A root score as UCI prints it: the time manager knows no chess, only numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootScore {
    /// `score cp N`, from the side to move's point of view.
    Centipawns(i32),
    /// `score mate N`: positive = the side to move mates in N moves, negative (or 0) = it
    /// is mated in |N| moves.
    Mate(i32),
}

/// Centipawn value standing for a mate when comparing scores.
pub const MATE_CP: i32 = 30_000;
/// Number of previous iterations the current score is compared with.
pub const HISTORY: usize = 3;
/// Fall (cp) that earns the full factor.
pub const FULL_DROP_CP: f64 = 100.0;
/// Largest factor.
pub const MAX_FACTOR: f64 = 1.5;

impl RootScore {
    /// The score on one centipawn scale; nearer mates are larger magnitudes.
    #[must_use]
    pub fn as_centipawns(self) -> i32 {
        match self {
            Self::Centipawns(cp) => cp.clamp(-MATE_CP + 1000, MATE_CP - 1000),
            Self::Mate(n) if n > 0 => MATE_CP - n.min(500),
            Self::Mate(n) => -MATE_CP - n.max(-500),
        }
    }
}

/// The last few iteration scores and the factor they give. Fixed size, no allocation.
#[derive(Debug, Clone, Copy, Default)]
pub struct ScoreTrend {
    previous: [i32; HISTORY],
    len: usize,
    next: usize,
}

impl ScoreTrend {
    /// Records this iteration's score and returns the factor (compared with the scores
    /// recorded before it).
    pub fn push(&mut self, score: RootScore) -> f64 {
        let current = score.as_centipawns();
        let factor = if self.len == 0 {
            1.0
        } else {
            let sum: i64 = self.previous[..self.len]
                .iter()
                .map(|&s| i64::from(s))
                .sum();
            let mean = sum as f64 / self.len as f64;
            let drop = (mean - f64::from(current)).clamp(0.0, FULL_DROP_CP);
            1.0 + (MAX_FACTOR - 1.0) * drop / FULL_DROP_CP
        };
        self.previous[self.next] = current;
        self.next = (self.next + 1) % HISTORY;
        self.len = (self.len + 1).min(HISTORY);
        factor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steady_and_rising_scores_give_one() {
        let mut t = ScoreTrend::default();
        assert_eq!(t.push(RootScore::Centipawns(20)), 1.0);
        assert_eq!(t.push(RootScore::Centipawns(20)), 1.0);
        assert_eq!(t.push(RootScore::Centipawns(90)), 1.0);
    }

    #[test]
    fn falls_scale_up_to_the_cap() {
        let mut t = ScoreTrend::default();
        t.push(RootScore::Centipawns(50));
        t.push(RootScore::Centipawns(50));
        // mean 50, now 10: drop 40 -> 1 + 0.5 * 40 / 100 = 1.2.
        assert!((t.push(RootScore::Centipawns(10)) - 1.2).abs() < 1e-9);
        // previous 50, 50, 10: mean 36.67; a mate against us is a full drop.
        assert_eq!(t.push(RootScore::Mate(-3)), MAX_FACTOR);
    }

    #[test]
    fn mate_scores_order_correctly() {
        assert!(RootScore::Mate(1).as_centipawns() > RootScore::Mate(5).as_centipawns());
        assert!(
            RootScore::Mate(5).as_centipawns() > RootScore::Centipawns(i32::MAX).as_centipawns()
        );
        assert!(RootScore::Mate(-1).as_centipawns() < RootScore::Mate(-5).as_centipawns());
        assert!(
            RootScore::Mate(-5).as_centipawns() < RootScore::Centipawns(i32::MIN).as_centipawns()
        );
    }
}
