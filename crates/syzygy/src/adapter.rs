//! The attack functions the prober asks the engine for: movegen's own tables.

use movegen::{Bitboard, Color, Square, attacks};

/// Hands movegen's attack tables to pyrrhic-rs (squares a1 = 0 .. h8 = 63, as both use).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MovegenAttacks;

/// The square of a prober index; the prober only passes 0..64.
fn square(sq: u64) -> Square {
    Square::new(sq as u8)
}

impl pyrrhic_rs::EngineAdapter for MovegenAttacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        attacks::pawn_attacks(color, square(sq)).0
    }

    fn knight_attacks(sq: u64) -> u64 {
        attacks::knight_attacks(square(sq)).0
    }

    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::bishop_attacks(square(sq), Bitboard(occupied)).0
    }

    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::rook_attacks(square(sq), Bitboard(occupied)).0
    }

    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        attacks::queen_attacks(square(sq), Bitboard(occupied)).0
    }

    fn king_attacks(sq: u64) -> u64 {
        attacks::king_attacks(square(sq)).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pyrrhic_rs::EngineAdapter;

    #[test]
    fn squares_and_colours_map_as_the_prober_expects() {
        // A white pawn on e4 (28) attacks d5 and f5; a black one attacks d3 and f3.
        let d5_f5 = Square::D5.bitboard().0 | Square::F5.bitboard().0;
        let d3_f3 = Square::D3.bitboard().0 | Square::F3.bitboard().0;
        assert_eq!(
            MovegenAttacks::pawn_attacks(pyrrhic_rs::Color::White, 28),
            d5_f5
        );
        assert_eq!(
            MovegenAttacks::pawn_attacks(pyrrhic_rs::Color::Black, 28),
            d3_f3
        );
        assert_eq!(MovegenAttacks::knight_attacks(0).count_ones(), 2);
        assert_eq!(MovegenAttacks::queen_attacks(0, 0).count_ones(), 21);
    }
}
