//! One position in 32 bytes: the marlinformat board that starts every stored game.
//!
//! | bytes | field |
//! |---|---|
//! | 0-7 | occupancy: bit `i` set when square `i` (a1 = 0, h8 = 63) holds a piece, little-endian |
//! | 8-23 | 32 four-bit piece codes, the `i`th for the `i`th set bit of the occupancy; entry `i` is the low nibble of byte `8 + i/2` when `i` is even, the high nibble when odd |
//! | 24 | bit 7: Black to move; bits 0-6: the en passant square, or 64 for none |
//! | 25 | halfmove clock (clamped to 255) |
//! | 26-27 | fullmove number, little-endian |
//! | 28-29 | a score (`i16`, little-endian, White's view); games leave it 0 |
//! | 30 | the game's result: 0 Black won, 1 draw, 2 White won |
//! | 31 | unused, 0 |
//!
//! A piece code is the piece type in bits 0-2 (pawn 0, knight 1, bishop 2, rook 3, queen 4,
//! king 5, and 6 for a rook that still carries a castling right) and the colour in bit 3 (set
//! for Black). An unmoved rook castles towards the side of its king it stands on, which
//! covers Chess960.

use movegen::{CastleSide, Color, Position, Rank, Role, Square};

use crate::error::DataError;
use crate::score::{GameResult, Score};

/// Size of a packed board in bytes.
pub const PACKED_BOARD_BYTES: usize = 32;

const UNMOVED_ROOK: u8 = 6;
const NO_EN_PASSANT: u8 = 64;

/// A position as the format stores it, with a score and a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedBoard(pub [u8; PACKED_BOARD_BYTES]);

impl PackedBoard {
    /// Packs `position` with `score` and `result`.
    pub fn pack(position: &Position, score: Score, result: GameResult) -> PackedBoard {
        let mut bytes = [0u8; PACKED_BOARD_BYTES];
        let occupied = position.occupied();
        bytes[0..8].copy_from_slice(&occupied.0.to_le_bytes());
        let castling = position.castling();
        for (i, sq) in occupied.enumerate() {
            let Some(piece) = position.piece_at(sq) else {
                continue;
            };
            let castles = CastleSide::ALL
                .iter()
                .any(|&side| castling.rook(piece.color, side) == Some(sq));
            let kind = if piece.role == Role::Rook && castles {
                UNMOVED_ROOK
            } else {
                piece.role as u8
            };
            let code = kind | (piece.color as u8) << 3;
            bytes[8 + i / 2] |= code << (4 * (i % 2));
        }
        let ep = position.ep_square().map_or(NO_EN_PASSANT, |sq| sq as u8);
        bytes[24] = ep | (position.turn() as u8) << 7;
        bytes[25] = position.halfmove_clock().min(255) as u8;
        let fullmove = position.fullmove_number().min(u32::from(u16::MAX)) as u16;
        bytes[26..28].copy_from_slice(&fullmove.to_le_bytes());
        bytes[28..30].copy_from_slice(&score.white().to_le_bytes());
        bytes[30] = result as u8;
        PackedBoard(bytes)
    }

    /// The stored score.
    pub fn score(&self) -> Score {
        Score::from_white(i16::from_le_bytes([self.0[28], self.0[29]]))
    }

    /// The stored result, checked.
    pub fn result(&self) -> Result<GameResult, DataError> {
        GameResult::from_byte(self.0[30]).ok_or(DataError::BadResult(self.0[30]))
    }

    /// The position, checked: a corrupt board gives an error, never a broken `Position`.
    pub fn unpack(&self) -> Result<Position, DataError> {
        let occupied = movegen::Bitboard(u64::from_le_bytes(first_8(&self.0)));
        if occupied.count() > 32 {
            return Err(DataError::TooManyPieces(occupied.count()));
        }
        let mut board = [None; 64];
        let mut unmoved_rooks = Vec::with_capacity(4);
        for (i, sq) in occupied.enumerate() {
            let code = self.0[8 + i / 2] >> (4 * (i % 2)) & 0xf;
            let color = if code & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let role = match code & 7 {
                UNMOVED_ROOK => {
                    unmoved_rooks.push((color, sq));
                    Role::Rook
                }
                7 => return Err(DataError::BadPieceCode { square: sq as u8 }),
                kind => Role::ALL[usize::from(kind)],
            };
            board[sq.index()] = Some(movegen::Piece::new(color, role));
        }
        let castling = castling_field(&board, &unmoved_rooks)?;
        let turn = if self.0[24] & 0x80 == 0 { 'w' } else { 'b' };
        let ep = match self.0[24] & 0x7f {
            NO_EN_PASSANT => "-".to_string(),
            sq if sq < 64 => Square::new(sq).to_string(),
            other => return Err(DataError::BadEnPassant(other)),
        };
        let halfmove = self.0[25];
        let fullmove = u16::from_le_bytes([self.0[26], self.0[27]]);
        let fen = format!(
            "{} {turn} {castling} {ep} {halfmove} {fullmove}",
            board_field(&board)
        );
        Position::from_fen(&fen).map_err(DataError::BadBoard)
    }
}

fn first_8(bytes: &[u8; PACKED_BOARD_BYTES]) -> [u8; 8] {
    let mut out = [0; 8];
    out.copy_from_slice(&bytes[..8]);
    out
}

/// The FEN board field of `board`.
fn board_field(board: &[Option<movegen::Piece>; 64]) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match board[usize::from(rank * 8 + file)] {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The Shredder-FEN castling field (rook files) for the unmoved rooks, each checked to stand
/// on its side's back rank beside its king, at most one per side of the king.
fn castling_field(
    board: &[Option<movegen::Piece>; 64],
    unmoved_rooks: &[(Color, Square)],
) -> Result<String, DataError> {
    let mut field = String::new();
    let mut taken = [[false; 2]; 2];
    for &(color, sq) in unmoved_rooks {
        let bad = DataError::BadCastlingRook { square: sq as u8 };
        let back_rank = Rank::First.relative_to(color);
        if sq.rank() != back_rank {
            return Err(bad);
        }
        let king = (0..8u8)
            .map(|file| Square::from_coords(movegen::File::new(file), back_rank))
            .find(|&s| board[s.index()] == Some(movegen::Piece::new(color, Role::King)))
            .ok_or(DataError::BadCastlingRook { square: sq as u8 })?;
        let side = if sq.file() > king.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        if std::mem::replace(&mut taken[color.index()][side as usize], true) {
            return Err(bad);
        }
        let c = sq.file().char();
        field.push(match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        });
    }
    if field.is_empty() {
        field.push('-');
    }
    Ok(field)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(fen: &str) {
        let pos = Position::from_fen(fen).unwrap();
        let packed = PackedBoard::pack(&pos, Score::from_white(-123), GameResult::Draw);
        assert_eq!(packed.unpack().unwrap(), pos, "{fen}");
        assert_eq!(packed.score().white(), -123);
        assert_eq!(packed.result().unwrap(), GameResult::Draw);
    }

    #[test]
    fn positions_round_trip() {
        for fen in [
            movegen::STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 3 17",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "8/8/4k3/3p4/3P4/4K3/8/8 b - - 99 300",
            // Chess960 with inner rooks, and double Chess960 (different back ranks).
            "1r4kr/8/8/8/8/8/8/RK5R w HAhb - 0 1",
            "qrbknbrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w BGbg - 0 1",
        ] {
            round_trip(fen);
        }
    }

    /// The layout is the published one: the start position as the viriformat specification's
    /// example shows it (whose dump lists the piece nibbles in entry order; in the bytes, the
    /// even entry is the low nibble, as the viriformat crate's `U4Array32` stores them).
    #[test]
    fn start_position_bytes_match_the_specification() {
        let packed = PackedBoard::pack(
            &Position::startpos(),
            Score::from_white(0),
            GameResult::WhiteWin,
        );
        let expected: [u8; 32] = [
            0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff, // occupancy
            0x16, 0x42, 0x25, 0x61, 0, 0, 0, 0, 0x88, 0x88, 0x88, 0x88, 0x9e, 0xca, 0xad, 0xe9,
            0x40, 0, 1, 0, 0, 0, 2, 0,
        ];
        assert_eq!(packed.0, expected);
    }

    #[test]
    fn corrupt_boards_are_typed_errors() {
        let good = PackedBoard::pack(
            &Position::startpos(),
            Score::from_white(0),
            GameResult::Draw,
        );
        let mut bad = good;
        bad.0[8] |= 0x07; // a1's code becomes 7 (white, type 7)
        assert!(matches!(
            bad.unpack(),
            Err(DataError::BadPieceCode { square: 0 })
        ));
        let mut bad = good;
        bad.0[24] = 100;
        assert!(matches!(bad.unpack(), Err(DataError::BadEnPassant(100))));
        let mut bad = good;
        bad.0[30] = 9;
        assert!(matches!(bad.result(), Err(DataError::BadResult(9))));
        let mut bad = good;
        bad.0[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(matches!(bad.unpack(), Err(DataError::TooManyPieces(64))));
        // The e1 king becomes a queen: the castling rooks have no king, and without castling
        // rights the board has no white king.
        let mut bad = good;
        bad.0[10] = (bad.0[10] & 0xf0) | 4;
        assert!(matches!(
            bad.unpack(),
            Err(DataError::BadCastlingRook { square: 0 })
        ));
        let no_rights = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut bad = PackedBoard::pack(&no_rights, Score::from_white(0), GameResult::Draw);
        bad.0[8] = (bad.0[8] & 0xf0) | 4;
        assert!(matches!(bad.unpack(), Err(DataError::BadBoard(_))));
        // Every byte pattern decodes to a position or an error, never a panic.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            let mut bytes = good.0;
            for _ in 0..3 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                bytes[(state % 32) as usize] ^= (state >> 8) as u8;
            }
            let _ = PackedBoard(bytes).unpack();
        }
    }
}
