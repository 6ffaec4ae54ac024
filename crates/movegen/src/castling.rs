//! Castling rights, stored as the castling rook's square so Chess960 needs nothing special.

use bitflags::bitflags;

use crate::square::Square;
use crate::types::Color;

/// Which way a king castles: towards the h-file (short) or the a-file (long).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Towards the h-file; the king ends on g, the rook on f.
    King = 0,
    /// Towards the a-file; the king ends on c, the rook on d.
    Queen = 1,
}

impl CastleSide {
    /// Both sides, king side first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];
}

bitflags! {
    /// The castling rights still held. Each flag pairs with a rook square in [`Castling`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct CastlingRights: u8 {
        /// White may castle towards the h-file.
        const WHITE_KING = 1;
        /// White may castle towards the a-file.
        const WHITE_QUEEN = 2;
        /// Black may castle towards the h-file.
        const BLACK_KING = 4;
        /// Black may castle towards the a-file.
        const BLACK_QUEEN = 8;
    }
}

impl CastlingRights {
    /// The flag for `color` castling on `side`.
    #[inline]
    pub const fn of(color: Color, side: CastleSide) -> CastlingRights {
        CastlingRights::from_bits_truncate(1 << (color as u8 * 2 + side as u8))
    }

    /// Both flags of `color`.
    #[inline]
    pub const fn both(color: Color) -> CastlingRights {
        CastlingRights::from_bits_truncate(3 << (color as u8 * 2))
    }
}

/// Castling rights with their rook squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castling {
    rights: CastlingRights,
    /// Indexed like the flag bits: colour * 2 + side. Where the right is not held, the slot
    /// holds its `NONE` default, so that derived equality compares rights only.
    rooks: [Square; 4],
}

impl Castling {
    /// No rights at all.
    pub const NONE: Castling = Castling {
        rights: CastlingRights::empty(),
        rooks: [Square::H1, Square::A1, Square::H8, Square::A8],
    };

    /// The rights held.
    #[inline]
    pub const fn rights(&self) -> CastlingRights {
        self.rights
    }

    /// The rook square for `color` castling on `side`, if that right is held.
    #[inline]
    pub fn rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        if self.rights.contains(CastlingRights::of(color, side)) {
            Some(self.rooks[color as usize * 2 + side as usize])
        } else {
            None
        }
    }

    /// Grants `color` the right to castle on `side` with the rook on `rook`.
    pub fn grant(&mut self, color: Color, side: CastleSide, rook: Square) {
        self.rights |= CastlingRights::of(color, side);
        self.rooks[color as usize * 2 + side as usize] = rook;
    }

    /// Drops every right of `color`.
    #[inline]
    pub fn revoke_color(&mut self, color: Color) {
        self.rights &= !CastlingRights::both(color);
        let i = color as usize * 2;
        self.rooks[i..i + 2].copy_from_slice(&Castling::NONE.rooks[i..i + 2]);
    }

    /// Drops the right whose rook stands on `sq` (the rook moved or was captured).
    #[inline]
    pub fn revoke_rook(&mut self, sq: Square) {
        for i in 0..4 {
            if self.rooks[i] == sq {
                self.rights &= !CastlingRights::from_bits_truncate(1 << i);
                // Unheld slots keep their default square, so equal rights compare equal.
                self.rooks[i] = Castling::NONE.rooks[i];
            }
        }
    }
}
