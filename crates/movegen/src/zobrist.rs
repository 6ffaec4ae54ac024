//! Zobrist hashing keys, generated at compile time from a fixed seed.

use crate::square::{File, Square};
use crate::types::Piece;

/// SplitMix64: a small, well-mixed generator that runs in const evaluation.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    en_passant: [u64; 8],
    black_to_move: u64,
}

static KEYS: Keys = {
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        en_passant: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x7453_7562_616d_6521; // "tsubame!"
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, k) = splitmix(state);
            state = s;
            keys.pieces[p][sq] = k;
            sq += 1;
        }
        p += 1;
    }
    // Castling keys are XOR-combinations of four basic keys, so that dropping one right is one
    // XOR with the difference whatever else is set.
    let mut basic = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, k) = splitmix(state);
        state = s;
        basic[i] = k;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut key = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                key ^= basic[bit];
            }
            bit += 1;
        }
        keys.castling[mask] = key;
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, k) = splitmix(state);
        state = s;
        keys.en_passant[f] = k;
        f += 1;
    }
    keys.black_to_move = splitmix(state).1;
    keys
};

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

/// The key of a set of castling rights given as a 4-bit mask.
#[inline]
pub fn castling(mask: u8) -> u64 {
    KEYS.castling[(mask & 15) as usize]
}

/// The key of an en passant capture being possible on `file`.
#[inline]
pub fn en_passant(file: File) -> u64 {
    KEYS.en_passant[file.index()]
}

/// The key of Black being to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS.black_to_move
}
