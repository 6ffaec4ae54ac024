//! Reading moves in UCI notation.

use std::fmt;

use crate::moves::Move;
use crate::position::Position;

/// Why a UCI move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciMoveError {
    /// Not of the form `e2e4` or `e7e8q`.
    Malformed(String),
    /// Well-formed, but no legal move in the position matches it.
    Illegal(String),
}

impl fmt::Display for UciMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMoveError::Malformed(s) => {
                write!(f, "'{}' is not a move in UCI notation", s.escape_debug())
            }
            UciMoveError::Illegal(s) => write!(f, "'{s}' is not a legal move here"),
        }
    }
}

impl std::error::Error for UciMoveError {}

impl Position {
    /// The legal move that `text` names. Castling is accepted both as the king's two-square
    /// move (`e1g1`, standard chess) and as king-takes-rook (`e1h1`, Chess960), whichever
    /// `chess960` says is preferred, so a GUI in either mode is understood.
    pub fn parse_uci_move(&self, text: &str, chess960: bool) -> Result<Move, UciMoveError> {
        let well_formed = (text.len() == 4 || text.len() == 5)
            && text.is_ascii()
            && text[0..2].parse::<crate::Square>().is_ok()
            && text[2..4].parse::<crate::Square>().is_ok()
            && (text.len() == 4 || matches!(text.as_bytes()[4], b'q' | b'r' | b'b' | b'n'));
        if !well_formed {
            return Err(UciMoveError::Malformed(text.chars().take(32).collect()));
        }
        let moves = self.legal_moves();
        let find = |mode: bool| {
            moves
                .iter()
                .copied()
                .find(|mv| mv.to_uci(mode).to_string() == text)
        };
        find(chess960)
            .or_else(|| find(!chess960).filter(|mv| mv.is_castle()))
            .ok_or_else(|| UciMoveError::Illegal(text.to_string()))
    }
}
