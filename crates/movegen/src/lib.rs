//! Tsubame's chess core: squares, bitboards, attack tables, positions with copy-make, legal
//! move generation (standard chess and Chess960), FEN and perft.
//!
//! Everything else in the engine builds on this crate; it depends on nothing of the engine.

pub mod attacks;
mod bitboard;
mod captures;
mod castling;
mod fen;
mod gives_check;
mod legal_moves;
mod legality;
mod make_move;
mod material;
mod moves;
mod perft;
mod position;
mod square;
mod types;
mod uci_move;
mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{CastleSide, Castling, CastlingRights};
pub use fen::{FenError, FenRepair};
pub use legal_moves::GenKind;
pub use material::{MAX_PAWNS, MAX_PIECES};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, UciMove};
pub use perft::{divide, divide_until, perft, perft_until};
pub use position::{Position, STARTING_FEN};
pub use square::{File, ParseSquareError, Rank, Square};
pub use types::{Color, Piece, Role};
pub use uci_move::UciMoveError;
