//! Attack sets of every piece, all tables built at compile time.
//!
//! Leapers (pawn, knight, king) use plain 64-entry tables. Sliders use magic bitboards
//! (`magic.rs`), or PEXT when the build targets BMI2. `between` and `line` give the squares
//! that pins and checks run along.

mod magic;
mod rays;

pub use rays::{bishop_mask, rook_mask, slider_attacks};

use crate::bitboard::Bitboard;
use crate::square::Square;
use crate::types::{Color, Role};

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = Square::new(sq as u8).offset(steps[i].0, steps[i].1) {
                bits |= 1 << to as u8;
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

static KING: [Bitboard; 64] = leaper_table(&[
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
]);

static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// Squares strictly between two squares on a common line, and the whole line through them.
struct LineTables {
    between: [[Bitboard; 64]; 64],
    line: [[Bitboard; 64]; 64],
}

static LINES: LineTables = {
    let mut t = LineTables {
        between: [[Bitboard::EMPTY; 64]; 64],
        line: [[Bitboard::EMPTY; 64]; 64],
    };
    let mut a = 0;
    while a < 64 {
        let from = Square::new(a as u8);
        let mut b = 0;
        while b < 64 {
            let to = Square::new(b as u8);
            let to_bb = to.bitboard().0;
            let from_bb = from.bitboard().0;
            if a != b {
                let (rook, bishop) = (rook_mask_full(from), bishop_mask_full(from));
                if rook & to_bb != 0 {
                    t.between[a][b] = Bitboard(
                        slider_attacks(Role::Rook, from, Bitboard(to_bb)).0
                            & slider_attacks(Role::Rook, to, Bitboard(from_bb)).0,
                    );
                    t.line[a][b] = Bitboard((rook & rook_mask_full(to)) | from_bb | to_bb);
                } else if bishop & to_bb != 0 {
                    t.between[a][b] = Bitboard(
                        slider_attacks(Role::Bishop, from, Bitboard(to_bb)).0
                            & slider_attacks(Role::Bishop, to, Bitboard(from_bb)).0,
                    );
                    t.line[a][b] = Bitboard((bishop & bishop_mask_full(to)) | from_bb | to_bb);
                }
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Every square a rook on `sq` attacks on an empty board.
const fn rook_mask_full(sq: Square) -> u64 {
    slider_attacks(Role::Rook, sq, Bitboard::EMPTY).0
}

/// Every square a bishop on `sq` attacks on an empty board.
const fn bishop_mask_full(sq: Square) -> u64 {
    slider_attacks(Role::Bishop, sq, Bitboard::EMPTY).0
}

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// Squares a pawn of `color` on `sq` attacks (captures onto).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

/// Squares that any pawn of `color` standing on `pawns` attacks, found for the whole set at
/// once by shifting it (one diagonal at a time, the edge file masked so no capture wraps).
#[inline]
pub fn pawn_attacks_of_set(color: Color, pawns: Bitboard) -> Bitboard {
    let sideways = pawns.west() | pawns.east();
    match color {
        Color::White => sideways.north(),
        Color::Black => sideways.south(),
    }
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic::bishop_attacks(sq, occupied)
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic::rook_attacks(sq, occupied)
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    bishop_attacks(sq, occupied) | rook_attacks(sq, occupied)
}

/// Squares a piece of `role` and `color` on `sq` attacks, given the occupied squares.
#[inline]
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// Squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.between[a.index()][b.index()]
}

/// The whole rank, file or diagonal through `a` and `b` (both included); empty if none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.line[a.index()][b.index()]
}

/// Whether `c` lies on the line through `a` and `b`.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests;
