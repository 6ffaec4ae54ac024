//! The plain-text position format, one position a line: `FEN | score | result`, with the
//! score in centipawns from White's view and the result for White as 1.0, 0.5 or 0.0.
//!
//! Text lines hold single positions without the move played, so they convert to packed
//! boards (32 bytes each, score and result in the board's own fields: the marlinformat
//! record), not to games.

use std::fmt;

use movegen::{FenError, Position};

use crate::packed::PackedBoard;
use crate::score::{GameResult, Score};

/// What is wrong with a text line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// The line does not have three `|`-separated fields.
    FieldCount(usize),
    /// The FEN does not parse.
    Fen(FenError),
    /// The score is not an integer in the `i16` range.
    Score(String),
    /// The result is not 1.0, 0.5 or 0.0 (or 1, 0).
    Result(String),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::FieldCount(n) => {
                write!(f, "expected 'FEN | score | result', found {n} fields")
            }
            TextError::Fen(e) => write!(f, "bad FEN: {e}"),
            TextError::Score(s) => write!(f, "score '{s}' is not a centipawn integer"),
            TextError::Result(s) => write!(f, "result '{s}' is not 1.0, 0.5 or 0.0"),
        }
    }
}

impl std::error::Error for TextError {}

/// One text line, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRecord {
    /// The position.
    pub position: Position,
    /// The score, White's view.
    pub score: Score,
    /// The game's result.
    pub result: GameResult,
}

impl TextRecord {
    /// The record as a 32-byte packed board with its score and result.
    pub fn to_packed(&self) -> PackedBoard {
        PackedBoard::pack(&self.position, self.score, self.result)
    }
}

/// Parses `FEN | score | result`.
pub fn parse_line(line: &str) -> Result<TextRecord, TextError> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(TextError::FieldCount(fields.len()));
    };
    let position = Position::from_fen(fen).map_err(TextError::Fen)?;
    let score = score
        .parse::<i16>()
        .map_err(|_| TextError::Score(score.to_string()))?;
    let result = match result {
        "1.0" | "1" => GameResult::WhiteWin,
        "0.5" => GameResult::Draw,
        "0.0" | "0" => GameResult::BlackWin,
        other => return Err(TextError::Result(other.to_string())),
    };
    Ok(TextRecord {
        position,
        score: Score::from_white(score),
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_and_pack() {
        let line = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | -17 | 0.5";
        let record = parse_line(line).unwrap();
        assert_eq!(record.score.white(), -17);
        assert_eq!(record.result, GameResult::Draw);
        let packed = record.to_packed();
        assert_eq!(packed.unpack().unwrap(), record.position);
        assert_eq!(packed.score().white(), -17);
        assert_eq!(packed.result().unwrap(), GameResult::Draw);
    }

    #[test]
    fn bad_lines_are_typed_errors() {
        let fen = movegen::STARTING_FEN;
        assert_eq!(parse_line(fen), Err(TextError::FieldCount(1)));
        assert!(matches!(parse_line("x | 1 | 1.0"), Err(TextError::Fen(_))));
        assert!(matches!(
            parse_line(&format!("{fen} | 1e9 | 1.0")),
            Err(TextError::Score(_))
        ));
        assert!(matches!(
            parse_line(&format!("{fen} | 40000 | 1.0")),
            Err(TextError::Score(_))
        ));
        assert!(matches!(
            parse_line(&format!("{fen} | 3 | 0.7")),
            Err(TextError::Result(_))
        ));
    }
}
