//! Every tunable number of the evaluation, as one flat array of [`S`] pairs.
//!
//! The layout is a list of [`Block`]s (a named run of consecutive entries). The evaluation adds
//! `value[index] * count` for each feature it sees, so the score is linear in the parameters:
//! a Texel tuner can read and write the values as a flat `Vec<i32>` ([`Params::to_vec`],
//! [`Params::from_slice`]) and get each position's feature counts from [`crate::features`].

use std::fmt;

use crate::psqt::PSQT;
use crate::score::{S, s};

/// A named run of consecutive parameters in the flat vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// What the entries are, for the tuner's output.
    pub name: &'static str,
    /// Index of the first entry.
    pub start: usize,
    /// Number of entries.
    pub len: usize,
}

impl Block {
    const fn first(name: &'static str, len: usize) -> Block {
        Block {
            name,
            start: 0,
            len,
        }
    }

    const fn then(self, name: &'static str, len: usize) -> Block {
        Block {
            name,
            start: self.start + self.len,
            len,
        }
    }

    /// The flat index of entry `i` of this block.
    #[inline]
    pub const fn at(self, i: usize) -> usize {
        debug_assert!(i < self.len);
        self.start + i
    }

    /// One past the last index of this block.
    pub const fn end(self) -> usize {
        self.start + self.len
    }
}

/// Piece values, indexed by role (the king's entry stays 0).
pub const MATERIAL: Block = Block::first("material", 6);
/// Piece-square values, `role * 64 + square` seen from the piece owner's side.
pub const PSQT_BLOCK: Block = MATERIAL.then("psqt", 6 * 64);
/// Knight mobility by number of safe squares (0 ..= 8).
pub const KNIGHT_MOBILITY: Block = PSQT_BLOCK.then("knight mobility", 9);
/// Bishop mobility (0 ..= 13).
pub const BISHOP_MOBILITY: Block = KNIGHT_MOBILITY.then("bishop mobility", 14);
/// Rook mobility (0 ..= 14).
pub const ROOK_MOBILITY: Block = BISHOP_MOBILITY.then("rook mobility", 15);
/// Queen mobility (0 ..= 27).
pub const QUEEN_MOBILITY: Block = ROOK_MOBILITY.then("queen mobility", 28);
/// A pawn with another own pawn in front of it on its file.
pub const DOUBLED: Block = QUEEN_MOBILITY.then("doubled pawn", 1);
/// A pawn with no own pawn on either adjacent file.
pub const ISOLATED: Block = DOUBLED.then("isolated pawn", 1);
/// A pawn no neighbour can defend whose stop square an enemy pawn attacks.
pub const BACKWARD: Block = ISOLATED.then("backward pawn", 1);
/// A pawn with an own pawn beside it, by relative rank.
pub const PHALANX: Block = BACKWARD.then("phalanx pawn", 8);
/// A pawn defended by an own pawn, by relative rank.
pub const SUPPORTED: Block = PHALANX.then("supported pawn", 8);
/// A passed pawn, by relative rank.
pub const PASSED: Block = SUPPORTED.then("passed pawn", 8);
/// A passed pawn whose path is empty and not attacked by the enemy, by relative rank.
pub const PASSED_FREE: Block = PASSED.then("passed pawn free path", 8);
/// Per square of distance from the own king to the passer's stop square, by relative rank.
pub const PASSED_OWN_KING: Block = PASSED_FREE.then("passed pawn own king distance", 8);
/// Per square of distance from the enemy king to the passer's stop square, by relative rank.
pub const PASSED_ENEMY_KING: Block = PASSED_OWN_KING.then("passed pawn enemy king distance", 8);
/// Shield pawn on each file at or beside the king: one rank ahead, two ranks ahead, none closer.
pub const KING_SHIELD: Block = PASSED_ENEMY_KING.then("king pawn shield", 3);
/// A file at or beside the king with no pawns at all.
pub const KING_OPEN_FILE: Block = KING_SHIELD.then("king open file", 1);
/// A file at or beside the king with enemy pawns but no own pawn.
pub const KING_SEMI_OPEN_FILE: Block = KING_OPEN_FILE.then("king semi-open file", 1);
/// King danger by attack units (see `king.rs`), capped at 63.
pub const KING_DANGER: Block = KING_SEMI_OPEN_FILE.then("king danger", 64);
/// A rook on a file without pawns.
pub const ROOK_OPEN_FILE: Block = KING_DANGER.then("rook open file", 1);
/// A rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN_FILE: Block = ROOK_OPEN_FILE.then("rook semi-open file", 1);
/// Two or more bishops.
pub const BISHOP_PAIR: Block = ROOK_SEMI_OPEN_FILE.then("bishop pair", 1);
/// A knight on an outpost: ranks 4-6, pawn-defended, out of reach of enemy pawns.
pub const KNIGHT_OUTPOST: Block = BISHOP_PAIR.then("knight outpost", 1);
/// A bishop on an outpost.
pub const BISHOP_OUTPOST: Block = KNIGHT_OUTPOST.then("bishop outpost", 1);
/// An enemy piece attacked by a pawn, by the target's role.
pub const THREAT_BY_PAWN: Block = BISHOP_OUTPOST.then("threat by pawn", 6);
/// An enemy piece worth more, or undefended, attacked by a minor, by the target's role.
pub const THREAT_BY_MINOR: Block = THREAT_BY_PAWN.then("threat by minor", 6);
/// An enemy queen, or an undefended piece, attacked by a rook, by the target's role.
pub const THREAT_BY_ROOK: Block = THREAT_BY_MINOR.then("threat by rook", 6);
/// An enemy piece (not a pawn) attacked and not defended at all.
pub const HANGING: Block = THREAT_BY_ROOK.then("hanging piece", 1);
/// The side to move's bonus.
pub const TEMPO: Block = HANGING.then("tempo", 1);

/// Number of parameters (each an mg/eg pair).
pub const COUNT: usize = TEMPO.end();

/// Every block, in order; together they cover `0..COUNT` exactly.
pub const BLOCKS: [Block; 29] = [
    MATERIAL,
    PSQT_BLOCK,
    KNIGHT_MOBILITY,
    BISHOP_MOBILITY,
    ROOK_MOBILITY,
    QUEEN_MOBILITY,
    DOUBLED,
    ISOLATED,
    BACKWARD,
    PHALANX,
    SUPPORTED,
    PASSED,
    PASSED_FREE,
    PASSED_OWN_KING,
    PASSED_ENEMY_KING,
    KING_SHIELD,
    KING_OPEN_FILE,
    KING_SEMI_OPEN_FILE,
    KING_DANGER,
    ROOK_OPEN_FILE,
    ROOK_SEMI_OPEN_FILE,
    BISHOP_PAIR,
    KNIGHT_OUTPOST,
    BISHOP_OUTPOST,
    THREAT_BY_PAWN,
    THREAT_BY_MINOR,
    THREAT_BY_ROOK,
    HANGING,
    TEMPO,
];

/// Attack-unit weight of each role attacking the enemy king zone (not tuned: it only picks the
/// [`KING_DANGER`] entry, which is).
pub(crate) const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Attack units for a safe check by each role.
pub(crate) const SAFE_CHECK_WEIGHT: [i32; 6] = [0, 4, 3, 4, 4, 0];

#[rustfmt::skip]
const MATERIAL_VALUES: [S; 6] = [
    s(82, 94), s(337, 281), s(365, 297), s(477, 512), s(1025, 936), s(0, 0),
];

#[rustfmt::skip]
const KNIGHT_MOBILITY_VALUES: [S; 9] = [
    s(-30, -40), s(-15, -25), s(-5, -10), s(0, 0), s(5, 5), s(10, 10), s(14, 14), s(17, 17),
    s(20, 18),
];

#[rustfmt::skip]
const BISHOP_MOBILITY_VALUES: [S; 14] = [
    s(-25, -35), s(-15, -22), s(-7, -12), s(0, -4), s(5, 3), s(10, 9), s(14, 14), s(17, 18),
    s(20, 21), s(22, 24), s(24, 26), s(26, 28), s(28, 29), s(30, 30),
];

#[rustfmt::skip]
const ROOK_MOBILITY_VALUES: [S; 15] = [
    s(-20, -40), s(-14, -26), s(-9, -16), s(-5, -8), s(-2, -2), s(0, 4), s(3, 10), s(6, 16),
    s(9, 21), s(11, 26), s(13, 30), s(15, 33), s(17, 36), s(18, 38), s(19, 40),
];

#[rustfmt::skip]
const QUEEN_MOBILITY_VALUES: [S; 28] = [
    s(-10, -30), s(-8, -22), s(-6, -16), s(-4, -11), s(-2, -6), s(0, -2), s(1, 2), s(2, 6),
    s(3, 9), s(4, 12), s(5, 15), s(6, 18), s(7, 20), s(8, 22), s(9, 24), s(10, 26),
    s(11, 28), s(11, 29), s(12, 30), s(12, 31), s(13, 32), s(13, 33), s(14, 34), s(14, 35),
    s(15, 36), s(15, 36), s(16, 37), s(16, 38),
];

// Pawn terms by relative rank (index 0 = first rank). PeSTO's pawn table already pays for
// advanced pawns, so the passed-pawn values start small.
#[rustfmt::skip]
const PHALANX_VALUES: [S; 8] = [
    s(0, 0), s(3, 1), s(6, 3), s(10, 7), s(18, 16), s(35, 40), s(55, 70), s(0, 0),
];
#[rustfmt::skip]
const SUPPORTED_VALUES: [S; 8] = [
    s(0, 0), s(0, 0), s(8, 4), s(8, 6), s(12, 10), s(22, 26), s(35, 50), s(0, 0),
];
#[rustfmt::skip]
const PASSED_VALUES: [S; 8] = [
    s(0, 0), s(0, 0), s(0, 2), s(2, 8), s(8, 18), s(15, 30), s(25, 40), s(0, 0),
];
#[rustfmt::skip]
const PASSED_FREE_VALUES: [S; 8] = [
    s(0, 0), s(0, 0), s(0, 4), s(2, 8), s(5, 15), s(10, 30), s(15, 50), s(0, 0),
];
#[rustfmt::skip]
const PASSED_OWN_KING_VALUES: [S; 8] = [
    s(0, 0), s(0, 0), s(0, -1), s(0, -2), s(0, -4), s(0, -6), s(0, -8), s(0, 0),
];
#[rustfmt::skip]
const PASSED_ENEMY_KING_VALUES: [S; 8] = [
    s(0, 0), s(0, 0), s(0, 2), s(0, 4), s(0, 8), s(0, 12), s(0, 16), s(0, 0),
];

const KING_SHIELD_VALUES: [S; 3] = [s(10, -2), s(4, 0), s(-14, 0)];
const THREAT_BY_PAWN_VALUES: [S; 6] =
    [s(0, 0), s(45, 30), s(45, 30), s(55, 25), s(50, 20), s(0, 0)];
const THREAT_BY_MINOR_VALUES: [S; 6] =
    [s(0, 0), s(20, 20), s(20, 20), s(35, 15), s(30, 20), s(0, 0)];
const THREAT_BY_ROOK_VALUES: [S; 6] =
    [s(0, 0), s(10, 15), s(10, 15), s(10, 10), s(30, 15), s(0, 0)];

/// King danger by attack units: a quadratic curve in the middlegame (a lone attacker hardly
/// matters, a swarm is decisive), a mild one in the endgame.
const fn king_danger_values() -> [S; 64] {
    let mut out = [S::ZERO; 64];
    let mut u = 0;
    while u < 64 {
        let mg = u * u * 3 / 4;
        let mg = if mg > 1200 { 1200 } else { mg };
        out[u as usize] = s(-mg, -(u * u / 16));
        u += 1;
    }
    out
}

/// Copies `values` into `block` of `out`; the lengths must match (checked at compile time,
/// since this only runs in a const initialiser).
const fn put(out: &mut [S; COUNT], block: Block, values: &[S]) {
    assert!(values.len() == block.len);
    let mut i = 0;
    while i < values.len() {
        out[block.start + i] = values[i];
        i += 1;
    }
}

/// The hand-set starting values: PeSTO's material and piece-square tables plus our own first
/// guesses for the other terms. The tuner starts from these.
const fn published() -> [S; COUNT] {
    let mut p = [S::ZERO; COUNT];
    put(&mut p, MATERIAL, &MATERIAL_VALUES);
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            p[PSQT_BLOCK.start + role * 64 + sq] = PSQT[role][sq];
            sq += 1;
        }
        role += 1;
    }
    put(&mut p, KNIGHT_MOBILITY, &KNIGHT_MOBILITY_VALUES);
    put(&mut p, BISHOP_MOBILITY, &BISHOP_MOBILITY_VALUES);
    put(&mut p, ROOK_MOBILITY, &ROOK_MOBILITY_VALUES);
    put(&mut p, QUEEN_MOBILITY, &QUEEN_MOBILITY_VALUES);
    put(&mut p, DOUBLED, &[s(-8, -20)]);
    put(&mut p, ISOLATED, &[s(-10, -12)]);
    put(&mut p, BACKWARD, &[s(-8, -10)]);
    put(&mut p, PHALANX, &PHALANX_VALUES);
    put(&mut p, SUPPORTED, &SUPPORTED_VALUES);
    put(&mut p, PASSED, &PASSED_VALUES);
    put(&mut p, PASSED_FREE, &PASSED_FREE_VALUES);
    put(&mut p, PASSED_OWN_KING, &PASSED_OWN_KING_VALUES);
    put(&mut p, PASSED_ENEMY_KING, &PASSED_ENEMY_KING_VALUES);
    put(&mut p, KING_SHIELD, &KING_SHIELD_VALUES);
    put(&mut p, KING_OPEN_FILE, &[s(-12, 0)]);
    put(&mut p, KING_SEMI_OPEN_FILE, &[s(-6, 0)]);
    put(&mut p, KING_DANGER, &king_danger_values());
    put(&mut p, ROOK_OPEN_FILE, &[s(25, 10)]);
    put(&mut p, ROOK_SEMI_OPEN_FILE, &[s(12, 6)]);
    put(&mut p, BISHOP_PAIR, &[s(25, 50)]);
    put(&mut p, KNIGHT_OUTPOST, &[s(20, 10)]);
    put(&mut p, BISHOP_OUTPOST, &[s(12, 5)]);
    put(&mut p, THREAT_BY_PAWN, &THREAT_BY_PAWN_VALUES);
    put(&mut p, THREAT_BY_MINOR, &THREAT_BY_MINOR_VALUES);
    put(&mut p, THREAT_BY_ROOK, &THREAT_BY_ROOK_VALUES);
    put(&mut p, HANGING, &[s(20, 10)]);
    put(&mut p, TEMPO, &[s(15, 5)]);
    p
}

/// The starting values before tuning (see [`published`]), kept for the tuner and comparisons.
pub static PUBLISHED_PARAMS: Params = Params {
    values: published(),
};

/// The engine's built-in parameter values: the published ones tuned by Texel's method on the
/// engine's own games (`crates/eval/src/tuned.rs`, made by the `tuner` crate).
pub static DEFAULT_PARAMS: Params = Params {
    values: whole(crate::tuned::TUNED_VALUES),
};

/// `values` as a full parameter array, through [`put`] and so with its length check. The
/// generated table is a slice so that it need not name `COUNT`, and so need not import this
/// file.
const fn whole(values: &[S]) -> [S; COUNT] {
    let mut out = [S::ZERO; COUNT];
    put(&mut out, Block::first("every parameter", COUNT), values);
    out
}

/// A full set of evaluation parameters.
#[derive(Clone, PartialEq, Eq)]
pub struct Params {
    values: [S; COUNT],
}

/// Why a flat vector could not be turned into [`Params`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamsError {
    /// The vector must hold `2 * COUNT` numbers (mg, eg for each parameter).
    WrongLength {
        /// The length required.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A value does not fit the packed score's 16-bit halves.
    OutOfRange {
        /// Position in the flat vector.
        index: usize,
        /// The offending value.
        value: i32,
    },
}

impl fmt::Display for ParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamsError::WrongLength { expected, found } => {
                write!(
                    f,
                    "parameter vector has {found} numbers, expected {expected}"
                )
            }
            ParamsError::OutOfRange { index, value } => {
                write!(f, "parameter {index} = {value} does not fit in 16 bits")
            }
        }
    }
}

impl std::error::Error for ParamsError {}

impl Params {
    /// The pair at flat index `index` (panics when out of range, like slice indexing).
    #[inline]
    pub fn get(&self, index: usize) -> S {
        self.values[index]
    }

    /// Every pair, in layout order.
    pub fn values(&self) -> &[S] {
        &self.values
    }

    /// The parameters as `[mg0, eg0, mg1, eg1, ...]`, `2 * COUNT` numbers.
    pub fn to_vec(&self) -> Vec<i32> {
        self.values.iter().flat_map(|v| [v.mg(), v.eg()]).collect()
    }

    /// The inverse of [`Params::to_vec`].
    pub fn from_slice(flat: &[i32]) -> Result<Params, ParamsError> {
        if flat.len() != 2 * COUNT {
            return Err(ParamsError::WrongLength {
                expected: 2 * COUNT,
                found: flat.len(),
            });
        }
        let range = i32::from(i16::MIN)..=i32::from(i16::MAX);
        if let Some((index, &value)) = flat.iter().enumerate().find(|(_, v)| !range.contains(v)) {
            return Err(ParamsError::OutOfRange { index, value });
        }
        let mut values = [S::ZERO; COUNT];
        for (v, pair) in values.iter_mut().zip(flat.chunks_exact(2)) {
            *v = S::new(pair[0], pair[1]);
        }
        Ok(Params { values })
    }

    /// The block holding flat index `index` and the offset inside it, for naming parameters.
    pub fn describe(index: usize) -> Option<(Block, usize)> {
        BLOCKS
            .iter()
            .find(|b| (b.start..b.end()).contains(&index))
            .map(|b| (*b, index - b.start))
    }
}

impl Default for Params {
    fn default() -> Params {
        DEFAULT_PARAMS.clone()
    }
}

impl fmt::Debug for Params {
    /// One line per block: its name and its pairs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for block in BLOCKS {
            writeln!(
                f,
                "{}: {:?}",
                block.name,
                &self.values[block.start..block.end()]
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_tile_the_vector() {
        let mut next = 0;
        for block in BLOCKS {
            assert_eq!(
                block.start, next,
                "{} starts in the wrong place",
                block.name
            );
            next = block.end();
        }
        assert_eq!(next, COUNT);
    }

    #[test]
    fn flat_vector_round_trips() {
        let flat = PUBLISHED_PARAMS.to_vec();
        assert_eq!(flat.len(), 2 * COUNT);
        // PeSTO's middlegame knight.
        assert_eq!(flat[2 * MATERIAL.at(1)], 337);
        let back = Params::from_slice(&flat);
        assert_eq!(back.as_ref(), Ok(&PUBLISHED_PARAMS));
        let tuned = DEFAULT_PARAMS.to_vec();
        assert_eq!(Params::from_slice(&tuned).as_ref(), Ok(&DEFAULT_PARAMS));
    }

    #[test]
    fn bad_vectors_are_rejected() {
        assert!(matches!(
            Params::from_slice(&[0; 3]),
            Err(ParamsError::WrongLength { found: 3, .. })
        ));
        let mut flat = DEFAULT_PARAMS.to_vec();
        flat[5] = 40_000;
        assert_eq!(
            Params::from_slice(&flat),
            Err(ParamsError::OutOfRange {
                index: 5,
                value: 40_000
            })
        );
    }

    #[test]
    fn describe_names_an_index() {
        let (block, offset) = Params::describe(TEMPO.start).map_or(("", 0), |(b, o)| (b.name, o));
        assert_eq!((block, offset), ("tempo", 0));
        assert!(Params::describe(COUNT).is_none());
    }
}
