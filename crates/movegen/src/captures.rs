//! What a move does in the position it is played in: whether it captures (and what) or is
//! quiet. Apart from `position.rs` so that the position does not depend on the move type
//! (whose capacity is proven from the material rules, which read positions).

use crate::moves::Move;
use crate::position::Position;
use crate::types::Role;

impl Position {
    /// Whether `mv` captures something (en passant included; castling never does).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.is_en_passant() || (!mv.is_castle() && self.piece_at(mv.to()).is_some())
    }

    /// Whether `mv` neither captures nor promotes: the moves ordered by history and pruned by
    /// futility and late-move rules.
    #[inline]
    pub fn is_quiet(&self, mv: Move) -> bool {
        !self.is_capture(mv) && mv.promotion().is_none()
    }

    /// The role `mv` captures, if any (a pawn for en passant).
    #[inline]
    pub fn captured_role(&self, mv: Move) -> Option<Role> {
        if mv.is_en_passant() {
            Some(Role::Pawn)
        } else if mv.is_castle() {
            None
        } else {
            self.piece_at(mv.to()).map(|p| p.role)
        }
    }
}
