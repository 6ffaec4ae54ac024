//! Set-wise bitboard helpers the evaluation needs and `movegen` does not offer (kept here so
//! that `movegen` stays as it is): shifts by colour, fills, file masks and distances.

use movegen::{Bitboard, Color, Square};

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares of light colour (b1, a2, ...): used to tell bishops' square colours apart.
pub(crate) const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);

/// Every square one file to the east (towards h); the h-file falls off.
#[inline]
pub(crate) fn east(b: Bitboard) -> Bitboard {
    Bitboard((b.0 & !FILE_H) << 1)
}

/// Every square one file to the west (towards a); the a-file falls off.
#[inline]
pub(crate) fn west(b: Bitboard) -> Bitboard {
    Bitboard((b.0 & !FILE_A) >> 1)
}

/// Every square one rank forward for `color`.
#[inline]
pub(crate) fn forward(color: Color, b: Bitboard) -> Bitboard {
    match color {
        Color::White => b.north(),
        Color::Black => b.south(),
    }
}

/// The squares attacked by a set of `color`'s pawns.
#[inline]
pub(crate) fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    let ahead = forward(color, pawns);
    east(ahead) | west(ahead)
}

/// The set and every square in front of it, as seen from `color`.
#[inline]
pub(crate) fn fill_forward(color: Color, b: Bitboard) -> Bitboard {
    let mut x = b.0;
    match color {
        Color::White => {
            x |= x << 8;
            x |= x << 16;
            x |= x << 32;
        }
        Color::Black => {
            x |= x >> 8;
            x |= x >> 16;
            x |= x >> 32;
        }
    }
    Bitboard(x)
}

/// Every file that holds a square of the set, whole.
#[inline]
pub(crate) fn file_fill(b: Bitboard) -> Bitboard {
    fill_forward(Color::Black, fill_forward(Color::White, b))
}

/// The squares strictly in front of `sq` on its file, as seen from `color`.
#[inline]
pub(crate) fn front_span(color: Color, sq: Square) -> Bitboard {
    fill_forward(color, forward(color, sq.bitboard()))
}

/// Every square on ranks strictly ahead of `sq`'s rank, as seen from `color`.
#[inline]
pub(crate) fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank().index() as u32;
    match color {
        Color::White => Bitboard(u64::MAX.checked_shl(8 * (rank + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * rank)) - 1),
    }
}

/// Ranks 4 to 6 seen from `color`: where an outpost can stand.
#[inline]
pub(crate) fn outpost_ranks(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(0x0000_ffff_ff00_0000),
        Color::Black => Bitboard(0x0000_00ff_ffff_0000),
    }
}

/// The square of the set nearest to `color`'s side of the board (its rearmost from `color`).
#[inline]
pub(crate) fn rearmost(color: Color, b: Bitboard) -> Option<Square> {
    match color {
        Color::White => b.first(),
        Color::Black if b.any() => Some(Square::new(63 - b.0.leading_zeros() as u8)),
        Color::Black => None,
    }
}

/// King-move (Chebyshev) distance between two squares.
#[inline]
pub(crate) fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

/// `color`'s view of a square's rank, 0 (own back rank) ..= 7.
#[inline]
pub(crate) fn relative_rank(color: Color, sq: Square) -> usize {
    sq.rank().relative_to(color).index()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pawn_attacks_match_movegen() {
        for sq in Square::ALL {
            for color in Color::ALL {
                assert_eq!(
                    pawn_attacks(color, sq.bitboard()),
                    movegen::attacks::pawn_attacks(color, sq),
                    "{sq}"
                );
            }
        }
    }

    #[test]
    fn spans_and_ranks() {
        assert_eq!(
            front_span(Color::White, Square::E6),
            Bitboard::from_iter([Square::E7, Square::E8])
        );
        assert_eq!(
            front_span(Color::Black, Square::E3),
            Bitboard::from_iter([Square::E2, Square::E1])
        );
        assert_eq!(ranks_ahead(Color::White, Square::A8), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::Black, Square::A2).count(), 8);
        assert_eq!(
            rearmost(Color::Black, Bitboard::from_iter([Square::B3, Square::B7])),
            Some(Square::B7)
        );
        assert_eq!(distance(Square::A1, Square::H3), 7);
        assert_eq!(file_fill(Square::C5.bitboard()).count(), 8);
    }
}
