//! Tsubame's chess core: squares, bitboards, attack tables, positions with copy-make, legal
//! move generation (standard chess and Chess960), FEN, SAN and perft.
//!
//! Everything else in the engine builds on this crate; it depends on nothing of the engine.
//!
//! ```
//! use movegen::{Position, perft};
//!
//! let start = Position::startpos();
//! assert_eq!(start.legal_moves().len(), 20);
//! assert_eq!(perft(&start, 3), 8_902);
//!
//! // "Kiwipete", the Chess Programming Wiki's second perft position.
//! let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
//! let kiwipete = Position::from_fen(fen).unwrap();
//! assert_eq!(kiwipete.legal_moves().len(), 48);
//! assert_eq!(perft(&kiwipete, 2), 2_039);
//!
//! // Moves in UCI notation, played by copy-make on a clone.
//! let e4 = start.parse_uci_move("e2e4", false).unwrap();
//! assert_eq!(e4.to_uci(false).to_string(), "e2e4");
//! let mut after = start.clone();
//! after.play(e4);
//! assert_eq!(after.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! ```

pub mod attacks;
mod bitboard;
mod captures;
mod castling;
mod diagram;
mod fen;
mod flip;
mod gives_check;
mod legal_moves;
mod legality;
mod make_move;
mod material;
mod moves;
mod perft;
mod position;
mod san;
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
pub use san::SanError;
pub use square::{File, ParseSquareError, Rank, Square};
pub use types::{Color, Piece, Role};
pub use uci_move::UciMoveError;
