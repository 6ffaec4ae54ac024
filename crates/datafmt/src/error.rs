//! What can be wrong with stored data. Reading never panics: every defect is one of these.

use std::fmt;

use movegen::FenError;

/// A defect in a data file, or the I/O error that stopped reading it.
#[derive(Debug)]
pub enum DataError {
    /// Reading failed.
    Io(std::io::Error),
    /// The data ends inside a game that starts at byte `offset`.
    Truncated {
        /// Where the unfinished game starts.
        offset: u64,
    },
    /// A board holds more than 32 pieces.
    TooManyPieces(u32),
    /// A 4-bit piece code is 7, which no piece has.
    BadPieceCode {
        /// The square holding it, 0 (a1) to 63 (h8).
        square: u8,
    },
    /// An unmoved-rook code (a castling right) where no castling rook can stand.
    BadCastlingRook {
        /// The square holding it.
        square: u8,
    },
    /// The en passant field is neither a square nor 64 ("none").
    BadEnPassant(u8),
    /// The result byte is not 0, 1 or 2.
    BadResult(u8),
    /// The board decodes to a position that cannot occur (no king, pawns on the back rank...).
    BadBoard(FenError),
    /// A stored move is not legal where it is played.
    IllegalMove {
        /// The game's first byte.
        offset: u64,
        /// The move's index in the game, from 0.
        ply: usize,
        /// The stored 16 bits.
        raw: u16,
    },
    /// A game has more moves than any real game (the file is not in this format).
    TooLong {
        /// The game's first byte.
        offset: u64,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => write!(f, "read error: {e}"),
            DataError::Truncated { offset } => {
                write!(f, "the data ends inside the game starting at byte {offset}")
            }
            DataError::TooManyPieces(n) => write!(f, "a board with {n} pieces (at most 32)"),
            DataError::BadPieceCode { square } => {
                write!(f, "piece code 7 on square {square}")
            }
            DataError::BadCastlingRook { square } => {
                write!(f, "a castling rook on square {square}, off its king's rank")
            }
            DataError::BadEnPassant(v) => write!(f, "en passant field {v} (0-63 or 64)"),
            DataError::BadResult(v) => write!(f, "result byte {v} (0, 1 or 2)"),
            DataError::BadBoard(e) => write!(f, "impossible board: {e}"),
            DataError::IllegalMove { offset, ply, raw } => write!(
                f,
                "move {ply} ({raw:#06x}) of the game at byte {offset} is not legal"
            ),
            DataError::TooLong { offset } => {
                write!(f, "the game at byte {offset} has no end in sight")
            }
        }
    }
}

impl std::error::Error for DataError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DataError::Io(e) => Some(e),
            DataError::BadBoard(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for DataError {
    fn from(e: std::io::Error) -> DataError {
        DataError::Io(e)
    }
}
