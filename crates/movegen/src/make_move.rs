//! Applying moves to a `Position` in place.

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::{Color, Piece, Role};
use crate::zobrist;

impl Position {
    /// Plays `mv`, which must be legal in this position (as from the move generator or
    /// [`Position::parse_uci_move`]); an illegal move leaves the position inconsistent.
    pub fn play(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let Some(moved) = self.board[from.index()] else {
            debug_assert!(false, "no piece on {from} for {mv:?}");
            return;
        };
        let old_rights = self.castling.rights();

        if let Some(ep) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);

        match mv.kind() {
            MoveKind::Castle => {
                let rook = Piece::new(us, Role::Rook);
                // Lift both first: in Chess960 either may land where the other stood.
                self.remove(moved, from);
                self.remove(rook, to);
                self.put(moved, mv.castle_king_target());
                self.put(rook, mv.castle_rook_target());
                self.castling.revoke_color(us);
            }
            MoveKind::EnPassant => {
                self.remove(Piece::new(them, Role::Pawn), to.forward(them));
                self.remove(moved, from);
                self.put(moved, to);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(captured) = self.board[to.index()] {
                    self.remove(captured, to);
                    self.halfmove_clock = 0;
                    self.castling.revoke_rook(to);
                }
                self.remove(moved, from);
                let placed = match mv.promotion() {
                    Some(role) => Piece::new(us, role),
                    None => moved,
                };
                self.put(placed, to);
                match moved.role {
                    Role::Pawn => self.halfmove_clock = 0,
                    Role::King => self.castling.revoke_color(us),
                    Role::Rook => self.castling.revoke_rook(from),
                    _ => {}
                }
                if kind == MoveKind::DoublePush {
                    // Set after the turn changes, below.
                    self.ep_square = Some(from.forward(us));
                }
            }
        }

        let new_rights = self.castling.rights();
        if new_rights != old_rights {
            self.key ^= zobrist::castling(old_rights.bits()) ^ zobrist::castling(new_rights.bits());
        }
        self.turn = them;
        self.key ^= zobrist::black_to_move();
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        if let Some(ep) = self.ep_square.take() {
            self.set_ep_if_capturable(ep);
        }
        self.update_checkers();
    }

    /// Passes the turn without moving (for null-move pruning). The side to move must not be in
    /// check.
    pub fn play_null(&mut self) {
        debug_assert!(!self.in_check());
        if let Some(ep) = self.ep_square.take() {
            self.key ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.turn = !self.turn;
        self.key ^= zobrist::black_to_move();
        self.checkers = crate::Bitboard::EMPTY;
    }
}
