//! The root score as the time manager sees it: the crate knows no chess, only numbers.

/// A root score as UCI prints it.
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

#[cfg(test)]
mod tests {
    use super::*;

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
