//! Whether a legal move gives check, answered without playing it: the search exempts checking
//! moves from some pruning and decides that before it makes the move.
//!
//! The board after the move is described by its occupancy alone: a check is either the moved
//! piece (or the promoted piece, or the castling rook) attacking the enemy king from its
//! destination, or one of the mover's sliders seeing the king through the square the move
//! vacated (a discovered check, en passant's captured pawn included). The same decomposition
//! as Stockfish's `Position::gives_check`, written here from the occupancy instead of
//! precomputed check squares.

use crate::attacks;
use crate::{Bitboard, Move, Position, Role};

impl Position {
    /// Whether the legal move `mv` leaves the opponent in check. `mv` must be legal here (as
    /// the generator's moves are); for other moves the answer means nothing.
    pub fn gives_check(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from()) else {
            return false;
        };
        let us = self.turn();
        let king = self.king(!us);
        let (from, to) = (mv.from(), mv.to());

        // Where the checking candidates stand after the move, and the occupancy they see.
        let (landing, role, occupied) = if mv.is_castle() {
            // King takes rook: both lift, then land on their castling squares.
            let (king_to, rook_to) = (mv.castle_king_target(), mv.castle_rook_target());
            let occupied = self
                .occupied()
                .without(from)
                .without(to)
                .with(king_to)
                .with(rook_to);
            (rook_to, Role::Rook, occupied)
        } else {
            let mut occupied = self.occupied().without(from).with(to);
            if mv.is_en_passant() {
                occupied = occupied.without(to.forward(!us));
            }
            (to, mv.promotion().unwrap_or(piece.role), occupied)
        };
        if attacks::attacks(us, role, landing, occupied).contains(king) {
            return true;
        }

        // Discovered checks: the mover's sliders other than the piece that moved (its new
        // square was tested above; a castling rook's old square is empty now).
        let moved = if mv.is_castle() {
            Bitboard::from(from).with(to)
        } else {
            Bitboard::from(from)
        };
        let straight = self.straight_sliders(us) & !moved;
        let diagonal = self.diagonal_sliders(us) & !moved;
        (attacks::rook_attacks(king, occupied) & straight).any()
            || (attacks::bishop_attacks(king, occupied) & diagonal).any()
    }
}
