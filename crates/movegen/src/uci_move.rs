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
    /// The legal move that `text` names. The promotion letter may be upper case (`a7a8Q`), as
    /// Stockfish also reads it. Castling is read in every form a GUI may send, whatever
    /// `chess960` says: the form [`Move::to_uci`] writes in that mode first, then
    /// king-takes-rook (`e1h1`) and the king's move to its destination (`e1g1`, or `c1c1` as
    /// Stockfish writes a Chess960 castling with `UCI_Chess960` off). A plain king step with
    /// the same text as a castling's destination form (`b1c1`) is the king step.
    pub fn parse_uci_move(&self, text: &str, chess960: bool) -> Result<Move, UciMoveError> {
        let well_formed = (text.len() == 4 || text.len() == 5)
            && text.is_ascii()
            && text[0..2].parse::<crate::Square>().is_ok()
            && text[2..4].parse::<crate::Square>().is_ok()
            && (text.len() == 4
                || matches!(
                    text.as_bytes()[4].to_ascii_lowercase(),
                    b'q' | b'r' | b'b' | b'n'
                ));
        if !well_formed {
            return Err(UciMoveError::Malformed(text.chars().take(32).collect()));
        }
        let lower = text.to_ascii_lowercase();
        let moves = self.legal_moves();
        let printed = |mv: &Move, mode: bool| mv.to_uci(mode).to_string() == lower;
        let king_move_text = |mv: &Move| format!("{}{}", mv.from(), mv.castle_king_target());
        moves
            .iter()
            .find(|mv| printed(mv, chess960))
            .or_else(|| {
                moves.iter().find(|mv| {
                    mv.is_castle() && (printed(mv, !chess960) || king_move_text(mv) == lower)
                })
            })
            .copied()
            .ok_or_else(|| UciMoveError::Illegal(text.to_string()))
    }
}
