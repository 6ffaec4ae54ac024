//! The material a side may have: what a game can produce from the starting army.
//!
//! A side starts with 16 pieces: a king, a queen, two rooks, a light-squared and a dark-squared
//! bishop, two knights and eight pawns. Pieces only leave the board, and each extra queen, rook,
//! knight or same-coloured bishop must be a promoted pawn, so the pawns left plus the promoted
//! pieces never exceed eight. These are the material rules of shakmaty's `PositionError`
//! (`TOO_MUCH_MATERIAL`, <https://docs.rs/shakmaty/latest/shakmaty/struct.PositionErrorKinds.html>)
//! and python-chess's `Board.status()` (`STATUS_TOO_MANY_*`); the move list's capacity
//! ([`crate::MAX_MOVES`]) is proven from them.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, Role};

/// Most pieces (king and pawns included) a side can have.
pub const MAX_PIECES: u32 = 16;
/// Most pawns a side can have.
pub const MAX_PAWNS: u32 = 8;

/// How many of each role a side starts with (bishops counted per square colour below).
pub(crate) const STARTING_QUEENS: u32 = 1;
pub(crate) const STARTING_ROOKS: u32 = 2;
pub(crate) const STARTING_KNIGHTS: u32 = 2;
/// Bishops per square colour.
pub(crate) const STARTING_BISHOPS_PER_COLOUR: u32 = 1;

/// Light squares (b1, d1, ..., a2, ...): `file + rank` odd.
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

/// Material that no game from the starting position can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Excess {
    /// More than [`MAX_PIECES`] pieces.
    Pieces(u32),
    /// More than [`MAX_PAWNS`] pawns.
    Pawns(u32),
    /// More promoted pieces than the missing pawns could have made.
    Promoted { promoted: u32, pawns: u32 },
}

/// Checks `color`'s material against the starting army.
pub(crate) fn check(pos: &Position, color: Color) -> Result<(), Excess> {
    let count = pos.color_bb(color).count();
    if count > MAX_PIECES {
        return Err(Excess::Pieces(count));
    }
    let pawns = pos.pieces(color, Role::Pawn).count();
    if pawns > MAX_PAWNS {
        return Err(Excess::Pawns(pawns));
    }
    let promoted = promoted_pieces(pos, color);
    if pawns + promoted > MAX_PAWNS {
        return Err(Excess::Promoted { promoted, pawns });
    }
    Ok(())
}

/// The fewest promotions that explain `color`'s queens, rooks, bishops and knights.
fn promoted_pieces(pos: &Position, color: Color) -> u32 {
    let bishops = pos.pieces(color, Role::Bishop);
    let extra = |count: u32, start: u32| count.saturating_sub(start);
    extra(pos.pieces(color, Role::Queen).count(), STARTING_QUEENS)
        + extra(pos.pieces(color, Role::Rook).count(), STARTING_ROOKS)
        + extra(pos.pieces(color, Role::Knight).count(), STARTING_KNIGHTS)
        + extra(
            (bishops & LIGHT_SQUARES).count(),
            STARTING_BISHOPS_PER_COLOUR,
        )
        + extra(
            (bishops & !LIGHT_SQUARES).count(),
            STARTING_BISHOPS_PER_COLOUR,
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    #[test]
    fn light_squares_are_the_odd_ones() {
        for sq in Square::ALL {
            let odd = (sq.file() as u8 + sq.rank() as u8) % 2 == 1;
            assert_eq!(LIGHT_SQUARES.contains(sq), odd, "{sq}");
        }
    }
}
