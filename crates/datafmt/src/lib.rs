//! Tsubame's training data: self-play games stored game by game in a few bytes per position,
//! in the layout of the viriformat crate (<https://crates.io/crates/viriformat>, used by the
//! Viridithas engine and read by the bullet trainer), written and read here with nothing
//! but the engine's own move generator.
//!
//! # Layout
//!
//! A file is a sequence of games; all integers are little-endian, squares are numbered a1 = 0,
//! h1 = 7, a8 = 56, h8 = 63. A game is:
//!
//! 1. a 32-byte packed board ([`PackedBoard`], the marlinformat record): the start position
//!    (occupancy bitboard, 4-bit piece codes with castling rooks marked, side to move,
//!    en passant square, halfmove clock, fullmove number), a score left at 0, and the
//!    game's result (0 Black won, 1 draw, 2 White won);
//! 2. one 4-byte entry per ply: the move played (16 bits, see [`wire`]) and the search's
//!    score of the position it was played in (`i16`, centipawns, **White's point of view**);
//! 3. four zero bytes.
//!
//! A game of `n` plies takes `36 + 4n` bytes: about 4.3 bytes per position for games of 100
//! plies. The positions themselves are found by replaying the moves ([`Game::positions`]),
//! which also gives a trainer what it needs to filter: whether the side to move is in check,
//! and whether the chosen move is a capture or promotion ([`PositionRecord::best_move_is_noisy`]);
//! [`Filter`] applies the usual conditions.
//!
//! ```
//! use datafmt::{Game, GameReader, GameResult, Score};
//! use movegen::Position;
//!
//! let start = Position::startpos();
//! let e4 = start.parse_uci_move("e2e4", false).unwrap();
//! let game = Game { start, result: GameResult::Draw, moves: vec![(e4, Score::from_white(30))] };
//! let bytes = game.to_bytes();
//! assert_eq!(bytes.len(), 32 + 4 + 4);
//! let read: Vec<Game> = GameReader::new(&bytes[..]).collect::<Result<_, _>>().unwrap();
//! assert_eq!(read, vec![game]);
//! ```

mod error;
mod filter;
mod game;
mod packed;
mod reader;
mod score;
mod stats;
pub mod text;
pub mod wire;

#[cfg(test)]
mod round_trip;

pub use error::DataError;
pub use filter::Filter;
pub use game::{Game, MOVE_BYTES, PositionRecord, Positions};
pub use packed::{PACKED_BOARD_BYTES, PackedBoard};
pub use reader::{GameReader, MAX_GAME_MOVES};
pub use score::{GameResult, Score};
pub use stats::{DECISIVE_SCORE, Stats};
