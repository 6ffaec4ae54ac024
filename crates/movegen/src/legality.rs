//! Whether one given move is legal, without generating the position's moves: the test a move
//! picker runs on a move it did not generate (the hash table's move, which may come from
//! another position whose key collided, or a killer found in a sibling position).
//!
//! Stockfish splits the test in two, `Position::pseudo_legal` and `Position::legal`; here one
//! function does both, in the same steps as the generator, so that it agrees with
//! [`Position::legal_moves`] on every move (the tests compare the two on every encodable move).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::CastleSide;
use crate::legal_moves::shift_forward;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::Rank;
use crate::types::Role;

impl Position {
    /// Whether `mv` is one of [`Position::legal_moves`], for any encodable move: a move of
    /// the side to move's piece that it can make, of the right kind (a pawn reaching the last
    /// rank must promote, a double push must be marked so), that leaves its king safe.
    pub fn is_legal(&self, mv: Move) -> bool {
        let us = self.turn();
        let (from, to) = (mv.from(), mv.to());
        let piece = match self.piece_at(from) {
            Some(p) if p.color == us => p,
            _ => return false,
        };
        match mv.kind() {
            MoveKind::Castle => {
                return piece.role == Role::King
                    && self.checkers().is_empty()
                    && CastleSide::ALL.into_iter().any(|side| {
                        self.castling().rook(us, side) == Some(to) && self.can_castle(side)
                    });
            }
            MoveKind::EnPassant => {
                return piece.role == Role::Pawn
                    && self.ep_square() == Some(to)
                    && attacks::pawn_attacks(us, from).contains(to)
                    && self.en_passant_is_safe(from, to);
            }
            _ => {}
        }
        if self.color_bb(us).contains(to) {
            return false;
        }
        let occupied = self.occupied();
        let reachable = if piece.role == Role::Pawn {
            let empty = !occupied;
            let single = shift_forward(from.bitboard(), us) & empty;
            let third = Rank::Third.relative_to(us).bitboard();
            let steps = single | (attacks::pawn_attacks(us, from) & self.color_bb(!us));
            let promoting = Rank::Seventh.relative_to(us).bitboard().contains(from);
            match mv.kind() {
                MoveKind::Normal if !promoting => steps,
                MoveKind::DoublePush => shift_forward(single & third, us) & empty,
                _ if mv.promotion().is_some() && promoting => steps,
                _ => Bitboard::EMPTY,
            }
        } else if mv.kind() == MoveKind::Normal {
            attacks::attacks(us, piece.role, from, occupied)
        } else {
            Bitboard::EMPTY
        };
        if !reachable.contains(to) {
            return false;
        }
        if piece.role == Role::King {
            return !self.is_attacked(to, !us, occupied ^ from);
        }
        // Any other piece must answer a check by capturing or blocking the one checker...
        let checkers = self.checkers();
        if checkers.more_than_one() {
            return false;
        }
        let king = self.king(us);
        if let Some(checker) = checkers.first() {
            if !(attacks::between(king, checker) | checker).contains(to) {
                return false;
            }
        }
        // ...and must not open a line to its king (a pinned piece may move along the pin).
        let after = (occupied ^ from) | to;
        let them = self.color_bb(!us).without(to);
        let sliders = (attacks::rook_attacks(king, after) & self.straight_sliders(!us))
            | (attacks::bishop_attacks(king, after) & self.diagonal_sliders(!us));
        (sliders & them).is_empty()
    }
}
