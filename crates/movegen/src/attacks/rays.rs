//! Slow, obviously correct sliding attacks: the reference the fast tables are built from.

use crate::bitboard::Bitboard;
use crate::square::Square;
use crate::types::Role;

const ROOK_DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Squares a rook (`Role::Rook`) or bishop (any other role) on `sq` attacks by walking each ray
/// until it leaves the board or hits an occupied square (which is included).
pub const fn slider_attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    let dirs = match role {
        Role::Rook => &ROOK_DIRS,
        _ => &BISHOP_DIRS,
    };
    let mut bits = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut cur = sq;
        while let Some(next) = cur.offset(dirs[d].0, dirs[d].1) {
            bits |= 1 << next as u8;
            if occupied.0 & (1 << next as u8) != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    Bitboard(bits)
}

/// The squares whose occupancy matters to a slider on `sq`: its empty-board rays without the
/// last square of each ray (a piece there cannot block anything behind it).
const fn relevant_mask(role: Role, sq: Square) -> Bitboard {
    let dirs = match role {
        Role::Rook => &ROOK_DIRS,
        _ => &BISHOP_DIRS,
    };
    let mut bits = 0u64;
    let mut d = 0;
    while d < 4 {
        let mut cur = sq;
        while let Some(next) = cur.offset(dirs[d].0, dirs[d].1) {
            if next.offset(dirs[d].0, dirs[d].1).is_none() {
                break;
            }
            bits |= 1 << next as u8;
            cur = next;
        }
        d += 1;
    }
    Bitboard(bits)
}

/// The relevant-occupancy mask of a rook on `sq` (magic and PEXT index input).
pub const fn rook_mask(sq: Square) -> Bitboard {
    relevant_mask(Role::Rook, sq)
}

/// The relevant-occupancy mask of a bishop on `sq` (magic and PEXT index input).
pub const fn bishop_mask(sq: Square) -> Bitboard {
    relevant_mask(Role::Bishop, sq)
}

/// The two lines (file and rank for a rook, diagonal and anti-diagonal for a bishop) through
/// `sq`, without `sq` itself.
pub const fn lines_through(role: Role, sq: Square) -> [u64; 2] {
    let dirs = match role {
        Role::Rook => &ROOK_DIRS,
        _ => &BISHOP_DIRS,
    };
    let mut lines = [0u64; 2];
    let mut d = 0;
    while d < 4 {
        let mut cur = sq;
        while let Some(next) = cur.offset(dirs[d].0, dirs[d].1) {
            // Opposite directions are two apart in the direction lists.
            lines[d % 2] |= 1 << next as u8;
            cur = next;
        }
        d += 1;
    }
    lines
}

/// Attacks along one line through `sq` ("hyperbola quintessence"): subtracting the slider from
/// the blockers above it flips exactly the squares up to the first blocker; the bit-reversed
/// board does the same downwards. Cheap enough to build the magic tables in const evaluation.
pub const fn line_attacks(sq: Square, occupied: u64, line: u64) -> u64 {
    let slider = 1u64 << sq as u8;
    let occ = occupied & line;
    let up = occ.wrapping_sub(slider.wrapping_mul(2));
    let down = occ
        .reverse_bits()
        .wrapping_sub(slider.reverse_bits().wrapping_mul(2))
        .reverse_bits();
    (up ^ down) & line
}
