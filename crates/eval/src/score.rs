//! `S`: a middlegame and an endgame score packed in one `i32`, so that every term is added,
//! subtracted and multiplied once for both game phases.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A pair of scores in centipawns, (middlegame, endgame), packed as `eg * 2^16 + mg`.
///
/// Addition and multiplication by an integer act on both halves at once; the halves are read
/// back exactly as long as each stays within `i16`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(transparent)]
pub struct S(i32);

/// Shorthand for [`S::new`], so that parameter tables read `s(mg, eg)`.
#[inline]
pub const fn s(mg: i32, eg: i32) -> S {
    S::new(mg, eg)
}

impl S {
    /// Zero in both phases.
    pub const ZERO: S = S(0);

    /// The pair (`mg`, `eg`). Both must fit in an `i16`.
    #[inline]
    pub const fn new(mg: i32, eg: i32) -> S {
        debug_assert!(mg >= i16::MIN as i32 && mg <= i16::MAX as i32);
        debug_assert!(eg >= i16::MIN as i32 && eg <= i16::MAX as i32);
        S(eg.wrapping_shl(16).wrapping_add(mg))
    }

    /// The middlegame half.
    #[inline]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }

    /// The endgame half.
    #[inline]
    pub const fn eg(self) -> i32 {
        // Adding 2^15 undoes the borrow that a negative middlegame half took from the top.
        (self.0.wrapping_add(0x8000) >> 16) as i16 as i32
    }
}

impl Add for S {
    type Output = S;

    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0.wrapping_add(rhs.0))
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        self.0 = self.0.wrapping_add(rhs.0);
    }
}

impl Sub for S {
    type Output = S;

    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0.wrapping_sub(rhs.0))
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        self.0 = self.0.wrapping_sub(rhs.0);
    }
}

impl Neg for S {
    type Output = S;

    #[inline]
    fn neg(self) -> S {
        S(self.0.wrapping_neg())
    }
}

impl Mul<i32> for S {
    type Output = S;

    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0.wrapping_mul(rhs))
    }
}

impl fmt::Debug for S {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "s({}, {})", self.mg(), self.eg())
    }
}

/// How far the game is from the endgame: 24 with all pieces on the board (knight and bishop
/// count 1, rook 2, queen 4), 0 with only kings and pawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase(u8);

impl Phase {
    /// The phase of the starting material.
    pub const MAX: u8 = 24;

    /// The phase for a weighted piece count, capped at [`Phase::MAX`] (promotions can exceed it).
    #[inline]
    pub fn from_weight(weight: u32) -> Phase {
        Phase(weight.min(Phase::MAX as u32) as u8)
    }

    /// The value, 0 ..= 24.
    #[inline]
    pub fn value(self) -> i32 {
        self.0 as i32
    }
}

/// How much of the endgame score survives in a drawish ending, in 64ths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale(u8);

impl Scale {
    /// The full endgame score.
    pub const NORMAL: Scale = Scale(64);
    /// Nothing: a dead draw.
    pub const DRAW: Scale = Scale(0);

    /// `n` 64ths, capped at 64.
    #[inline]
    pub const fn new(n: u8) -> Scale {
        Scale(if n > 64 { 64 } else { n })
    }

    /// The value, 0 ..= 64.
    #[inline]
    pub fn value(self) -> i32 {
        self.0 as i32
    }
}

/// Blends a score by phase and scale, keeping its point of view. Integer division truncates
/// toward zero, so a negated score blends to exactly the negated result: the evaluation of a
/// colour-flipped position stays the exact mirror.
#[inline]
pub fn taper(score: S, phase: Phase, scale: Scale) -> i32 {
    let eg = score.eg() * scale.value() / 64;
    let p = phase.value();
    (score.mg() * p + eg * (Phase::MAX as i32 - p)) / Phase::MAX as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips_signs() {
        for (mg, eg) in [
            (0, 0),
            (1, -1),
            (-1, 1),
            (-300, -500),
            (1200, -32000),
            (-5, 7),
        ] {
            let v = s(mg, eg);
            assert_eq!((v.mg(), v.eg()), (mg, eg));
        }
    }

    #[test]
    fn arithmetic_acts_on_both_halves() {
        let a = s(10, -20);
        let b = s(-3, 5);
        assert_eq!(a + b, s(7, -15));
        assert_eq!(a - b, s(13, -25));
        assert_eq!(-a, s(-10, 20));
        assert_eq!(b * -4, s(12, -20));
    }

    #[test]
    fn taper_blends_and_scales() {
        let v = s(240, 480);
        assert_eq!(taper(v, Phase::from_weight(24), Scale::NORMAL), 240);
        assert_eq!(taper(v, Phase::from_weight(0), Scale::NORMAL), 480);
        assert_eq!(taper(v, Phase::from_weight(12), Scale::NORMAL), 360);
        assert_eq!(taper(v, Phase::from_weight(0), Scale::new(32)), 240);
        let (p, sc) = (Phase::from_weight(7), Scale::new(13));
        assert_eq!(taper(-v, p, sc), -taper(v, p, sc));
    }
}
