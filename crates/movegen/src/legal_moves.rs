//! Legal move generation: check evasions, pins, en passant and Chess960 castling handled
//! exactly, so no move ever needs a second legality test.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::CastleSide;
use crate::moves::{Move, MoveKind, MoveList};
use crate::position::Position;
use crate::square::{Rank, Square};
use crate::types::{Color, Role};

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Captures (en passant included) and promotions.
    Noisy,
    /// Every legal move that is not noisy.
    Quiet,
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<true, true>(&mut list);
        list
    }

    /// The legal moves of `kind`.
    pub fn generate_moves(&self, kind: GenKind) -> MoveList {
        let mut list = MoveList::new();
        self.generate_into(kind, &mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves of `kind`: for a caller that
    /// keeps the list inside a larger structure, where a returned list would be copied.
    pub fn generate_into(&self, kind: GenKind, list: &mut MoveList) {
        // Emptied first: `push` relies on the list holding one position's moves only.
        list.clear();
        match kind {
            GenKind::All => self.generate::<true, true>(list),
            GenKind::Noisy => self.generate::<true, false>(list),
            GenKind::Quiet => self.generate::<false, true>(list),
        }
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    fn generate<const NOISY: bool, const QUIET: bool>(&self, list: &mut MoveList) {
        let us = self.turn;
        let them = !us;
        let king = self.king(us);
        let occupied = self.occupied();
        let mut wanted = Bitboard::EMPTY;
        if NOISY {
            wanted |= self.color_bb(them);
        }
        if QUIET {
            wanted |= !occupied;
        }

        let without_king = occupied ^ king;
        for to in attacks::king_attacks(king) & wanted {
            if !self.is_attacked(to, them, without_king) {
                push(list, king, to, MoveKind::Normal);
            }
        }
        if self.checkers.more_than_one() {
            return;
        }
        // Out of check, a move must capture the checker or block it.
        let target = match self.checkers.first() {
            Some(checker) => attacks::between(king, checker) | checker,
            None => Bitboard::FULL,
        };
        let pinned = self.blockers_for_king(us) & self.color_bb(us);
        let mask = wanted & target;

        for from in self.pieces(us, Role::Knight) & !pinned {
            for to in attacks::knight_attacks(from) & mask {
                push(list, from, to, MoveKind::Normal);
            }
        }
        for from in self.diagonal_sliders(us) {
            let mut to_set = attacks::bishop_attacks(from, occupied) & mask;
            if pinned.contains(from) {
                to_set &= attacks::line(king, from);
            }
            for to in to_set {
                push(list, from, to, MoveKind::Normal);
            }
        }
        for from in self.straight_sliders(us) {
            let mut to_set = attacks::rook_attacks(from, occupied) & mask;
            if pinned.contains(from) {
                to_set &= attacks::line(king, from);
            }
            for to in to_set {
                push(list, from, to, MoveKind::Normal);
            }
        }

        self.pawn_moves::<NOISY, QUIET>(list, target, pinned);

        if QUIET && self.checkers.is_empty() {
            for side in CastleSide::ALL {
                self.castle_move(side, list);
            }
        }
    }

    fn pawn_moves<const NOISY: bool, const QUIET: bool>(
        &self,
        list: &mut MoveList,
        target: Bitboard,
        pinned: Bitboard,
    ) {
        let us = self.turn;
        let them = !us;
        let king = self.king(us);
        let empty = !self.occupied();
        let enemies = self.color_bb(them);
        let pawns = self.pieces(us, Role::Pawn);
        let seventh = Rank::Seventh.relative_to(us).bitboard();
        let third = Rank::Third.relative_to(us).bitboard();
        let (promoting, others) = (pawns & seventh, pawns & !seventh);
        // A pinned pawn may only move along the line through its king.
        let allowed = |from: Square, to: Square| {
            !pinned.contains(from) || attacks::line(king, from).contains(to)
        };
        let forward: i8 = if us == Color::White { 8 } else { -8 };

        if QUIET {
            let single = shift_forward(others, us) & empty;
            let double = shift_forward(single & third, us) & empty & target;
            for to in single & target {
                let from = offset(to, -forward);
                if allowed(from, to) {
                    push(list, from, to, MoveKind::Normal);
                }
            }
            for to in double {
                let from = offset(to, -2 * forward);
                if allowed(from, to) {
                    push(list, from, to, MoveKind::DoublePush);
                }
            }
        }
        if NOISY {
            for df in [-1i8, 1] {
                let sideways = |bb: Bitboard| if df < 0 { bb.west() } else { bb.east() };
                let step = forward + df;
                let captures = shift_forward(sideways(others), us) & enemies;
                for to in captures & target {
                    let from = offset(to, -step);
                    if allowed(from, to) {
                        push(list, from, to, MoveKind::Normal);
                    }
                }
                let promo_captures = shift_forward(sideways(promoting), us) & enemies & target;
                for to in promo_captures {
                    let from = offset(to, -step);
                    if allowed(from, to) {
                        push_promotions(list, from, to);
                    }
                }
            }
            for to in shift_forward(promoting, us) & empty & target {
                let from = offset(to, -forward);
                if allowed(from, to) {
                    push_promotions(list, from, to);
                }
            }
            if let Some(ep) = self.ep_square {
                self.en_passant_moves(ep, list);
            }
        }
    }

    /// En passant is the one capture that removes a piece not on its target square, so it can
    /// expose the king along the rank; it is checked by testing the king's safety afterwards.
    fn en_passant_moves(&self, ep: Square, list: &mut MoveList) {
        let them = !self.turn;
        for from in attacks::pawn_attacks(them, ep) & self.pieces(self.turn, Role::Pawn) {
            if self.en_passant_is_safe(from, ep) {
                push(list, from, ep, MoveKind::EnPassant);
            }
        }
    }

    /// Whether the pawn on `from` capturing en passant on `ep` leaves its king safe.
    pub(crate) fn en_passant_is_safe(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let them = !us;
        let king = self.king(us);
        let captured = ep.forward(them);
        let occupied = self.occupied() ^ from ^ captured ^ ep;
        let attackers = (attacks::rook_attacks(king, occupied) & self.straight_sliders(them))
            | (attacks::bishop_attacks(king, occupied) & self.diagonal_sliders(them))
            | (attacks::knight_attacks(king) & self.pieces(them, Role::Knight))
            | (attacks::pawn_attacks(us, king) & self.pieces(them, Role::Pawn).without(captured));
        attackers.is_empty()
    }

    fn castle_move(&self, side: CastleSide, list: &mut MoveList) {
        if let Some((king_from, _, rook_from, _)) = self.castle_squares(side) {
            if self.can_castle(side) {
                push(list, king_from, rook_from, MoveKind::Castle);
            }
        }
    }

    /// Whether castling on `side` is legal when not in check: the right is held, the squares
    /// both pieces cross are empty, and no square the king crosses or lands on is attacked.
    /// The king and rook are lifted for the attack test, since in Chess960 the rook may shield
    /// the king's destination.
    pub(crate) fn can_castle(&self, side: CastleSide) -> bool {
        let Some((king_from, king_to, rook_from, rook_to)) = self.castle_squares(side) else {
            return false;
        };
        let king_path = attacks::between(king_from, king_to) | king_to;
        let rook_path = attacks::between(rook_from, rook_to) | rook_to;
        let lifted = self.occupied() ^ king_from ^ rook_from;
        if ((king_path | rook_path) & lifted).any() {
            return false;
        }
        let them = !self.turn;
        king_path
            .into_iter()
            .all(|sq| !self.is_attacked(sq, them, lifted))
    }
}

#[inline(always)]
fn push(list: &mut MoveList, from: Square, to: Square, kind: MoveKind) {
    // SAFETY: every list passed here was created empty by `legal_moves` or `generate_moves`,
    // or emptied by `generate_into`, just before generation, and receives the legal moves of
    // one position only, each at most once; `MAX_MOVES` is proven (at its definition) to bound
    // the legal moves of every position a `Position` can hold, because `from_fen` refuses
    // material no game can produce.
    unsafe { list.push_unchecked(Move::new(from, to, kind)) };
}

#[inline(always)]
fn push_promotions(list: &mut MoveList, from: Square, to: Square) {
    for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
        push(list, from, to, MoveKind::promotion(role));
    }
}

/// `bb` one rank towards `color`'s opponent.
#[inline(always)]
pub(crate) fn shift_forward(bb: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => bb.north(),
        Color::Black => bb.south(),
    }
}

#[inline(always)]
fn offset(sq: Square, delta: i8) -> Square {
    Square::new((sq as i8 + delta) as u8)
}
