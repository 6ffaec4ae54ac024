//! The two numbers stored with every position: the search's score and the game's result.

use movegen::Color;

/// A search score in centipawns from White's point of view, as the format stores it.
///
/// Mate scores are kept as the search reports them (near ±32,000) and clamped to the `i16`
/// range; a trainer usually drops positions beyond some bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Score(i16);

impl Score {
    /// A White-relative score.
    #[inline]
    pub const fn from_white(cp: i16) -> Score {
        Score(cp)
    }

    /// The score `cp` (centipawns, from the point of view of `side`, the side to move in a
    /// search), turned to White's view and clamped to the `i16` range.
    #[inline]
    pub fn from_side(cp: i32, side: Color) -> Score {
        let white = match side {
            Color::White => cp,
            Color::Black => -cp,
        };
        Score(white.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16)
    }

    /// The score from White's point of view.
    #[inline]
    pub const fn white(self) -> i16 {
        self.0
    }

    /// The score from `side`'s point of view.
    #[inline]
    pub const fn for_side(self, side: Color) -> i16 {
        match side {
            Color::White => self.0,
            Color::Black => -self.0,
        }
    }
}

/// How a game ended, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum GameResult {
    /// Black won (stored as 0).
    BlackWin = 0,
    /// A draw (stored as 1).
    Draw = 1,
    /// White won (stored as 2).
    WhiteWin = 2,
}

impl GameResult {
    /// The result from its stored byte; `None` for anything but 0, 1 and 2.
    #[inline]
    pub const fn from_byte(byte: u8) -> Option<GameResult> {
        match byte {
            0 => Some(GameResult::BlackWin),
            1 => Some(GameResult::Draw),
            2 => Some(GameResult::WhiteWin),
            _ => None,
        }
    }

    /// The win of `side`.
    #[inline]
    pub const fn win_for(side: Color) -> GameResult {
        match side {
            Color::White => GameResult::WhiteWin,
            Color::Black => GameResult::BlackWin,
        }
    }

    /// The result as a score for White: 1.0, 0.5 or 0.0 (the text format's last field).
    #[inline]
    pub fn white_points(self) -> f32 {
        f32::from(self as u8) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_turn_to_white_and_clamp() {
        assert_eq!(Score::from_side(35, Color::White).white(), 35);
        assert_eq!(Score::from_side(35, Color::Black).white(), -35);
        assert_eq!(
            Score::from_side(35, Color::Black).for_side(Color::Black),
            35
        );
        assert_eq!(Score::from_side(100_000, Color::White).white(), i16::MAX);
        assert_eq!(Score::from_side(100_000, Color::Black).white(), -i16::MAX);
    }

    #[test]
    fn results_round_trip_through_their_byte() {
        for r in [GameResult::BlackWin, GameResult::Draw, GameResult::WhiteWin] {
            assert_eq!(GameResult::from_byte(r as u8), Some(r));
        }
        assert_eq!(GameResult::from_byte(3), None);
        assert_eq!(GameResult::WhiteWin.white_points(), 1.0);
        assert_eq!(GameResult::Draw.white_points(), 0.5);
        assert_eq!(GameResult::win_for(Color::Black), GameResult::BlackWin);
    }
}
