//! One table entry: the packed `data` word, and the pair of atomics that
//! holds `key ^ data` and `data` (the lockless XOR scheme of Hyatt and Mann).

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Bound {
    /// No bound: the entry carries a move and/or static evaluation only.
    None = 0,
    /// The true value is at most the score (the search failed low).
    Upper = 1,
    /// The true value is at least the score (the search failed high).
    Lower = 2,
    /// The score is the exact value (a PV node).
    Exact = 3,
}

impl Bound {
    /// Decodes the two bound bits; every 2-bit value is a bound.
    const fn from_bits(bits: u64) -> Self {
        match bits & 0b11 {
            0 => Self::None,
            1 => Self::Upper,
            2 => Self::Lower,
            _ => Self::Exact,
        }
    }

    /// Whether a stored `score` with this bound settles a node searched with the window
    /// (`alpha`, `beta`): an exact score always, a lower bound at or above beta, an upper
    /// bound at or below alpha.
    #[inline]
    pub const fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Self::Exact => true,
            Self::Lower => score >= beta,
            Self::Upper => score <= alpha,
            Self::None => false,
        }
    }
}

/// Depths are stored as `depth + DEPTH_OFFSET` in one byte, never 0, so that
/// every stored `data` word is non-zero and `data == 0` marks an empty slot.
const DEPTH_OFFSET: i32 = 8;

/// The shallowest depth stored; shallower depths are clamped to it.
pub const DEPTH_MIN: i32 = 1 - DEPTH_OFFSET;

/// The deepest depth stored; deeper depths are clamped to it.
pub const DEPTH_MAX: i32 = 255 - DEPTH_OFFSET;

/// Bits of the search generation kept in each entry.
pub(crate) const GENERATION_BITS: u32 = 6;

/// Mask of a generation number: generations count modulo 64.
pub(crate) const GENERATION_MASK: u8 = (1 << GENERATION_BITS) - 1;

const MOVE_SHIFT: u32 = 0;
const SCORE_SHIFT: u32 = 16;
const EVAL_SHIFT: u32 = 32;
const DEPTH_SHIFT: u32 = 48;
const BOUND_SHIFT: u32 = 56;
const GENERATION_SHIFT: u32 = 58;

/// The packed 64-bit `data` word of an entry (layout in the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(transparent)]
pub(crate) struct Data(pub(crate) u64);

impl Data {
    /// Packs the fields; `depth` is clamped to `DEPTH_MIN..=DEPTH_MAX` and
    /// `generation` taken modulo 64.
    pub(crate) fn pack(
        mv: u16,
        score: i16,
        eval: i16,
        depth: i32,
        bound: Bound,
        generation: u8,
    ) -> Self {
        let depth_byte = depth.clamp(DEPTH_MIN, DEPTH_MAX) + DEPTH_OFFSET;
        // The clamp keeps depth_byte within 1..=255.
        let depth_byte = u64::try_from(depth_byte).unwrap_or(1);
        // Signed fields go in as their two's-complement bit patterns (`as`
        // between i16 and u16 reinterprets the bits, which is the intent).
        let score_bits = u64::from(score as u16);
        let eval_bits = u64::from(eval as u16);
        Self(
            (u64::from(mv) << MOVE_SHIFT)
                | (score_bits << SCORE_SHIFT)
                | (eval_bits << EVAL_SHIFT)
                | (depth_byte << DEPTH_SHIFT)
                | ((bound as u64) << BOUND_SHIFT)
                | (u64::from(generation & GENERATION_MASK) << GENERATION_SHIFT),
        )
    }

    /// Whether this is the word of an empty slot.
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw 16-bit move.
    pub(crate) fn mv(self) -> u16 {
        self.field16(MOVE_SHIFT)
    }

    /// The node-relative score, as stored.
    pub(crate) fn score(self) -> i16 {
        self.field16(SCORE_SHIFT) as i16
    }

    /// The static evaluation, as stored (`i16::MIN` for none).
    pub(crate) fn eval(self) -> i16 {
        self.field16(EVAL_SHIFT) as i16
    }

    /// The depth in plies.
    pub(crate) fn depth(self) -> i32 {
        i32::from((self.0 >> DEPTH_SHIFT) as u8) - DEPTH_OFFSET
    }

    /// The bound type.
    pub(crate) fn bound(self) -> Bound {
        Bound::from_bits(self.0 >> BOUND_SHIFT)
    }

    /// The search generation the entry was written in, modulo 64.
    pub(crate) fn generation(self) -> u8 {
        (self.0 >> GENERATION_SHIFT) as u8 & GENERATION_MASK
    }

    /// How many searches ago (modulo 64) the entry was written.
    pub(crate) fn age(self, current: u8) -> u8 {
        current.wrapping_sub(self.generation()) & GENERATION_MASK
    }

    fn field16(self, shift: u32) -> u16 {
        // Truncation to the 16-bit field is the point.
        (self.0 >> shift) as u16
    }
}

/// A copy of both words of a slot, read at one moment (possibly torn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Slot {
    /// `key ^ data` as stored.
    pub(crate) check: u64,
    /// The packed data as stored.
    pub(crate) data: Data,
}

impl Slot {
    /// The key this slot claims to hold. For a torn slot this is garbage that
    /// matches no real key except by 64-bit chance.
    pub(crate) fn key(self) -> u64 {
        self.check ^ self.data.0
    }

    /// Whether the slot is empty (never written since the last clear).
    pub(crate) fn is_empty(self) -> bool {
        self.data.is_empty()
    }

    /// Whether the slot holds a verified entry for `key`.
    pub(crate) fn holds(self, key: u64) -> bool {
        !self.is_empty() && self.key() == key
    }
}

/// One entry in the table: two relaxed atomic words, `key ^ data` and `data`.
///
/// Relaxed ordering is enough: no other memory is published through an
/// entry, and a reader that sees the two words from different writes fails
/// the XOR check and treats the slot as a miss.
#[derive(Debug, Default)]
pub(crate) struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

impl Entry {
    /// Reads both words.
    #[inline]
    pub(crate) fn load(&self) -> Slot {
        let data = Data(self.data.load(Ordering::Relaxed));
        let check = self.check.load(Ordering::Relaxed);
        Slot { check, data }
    }

    /// Writes `data` for `key`.
    #[inline]
    pub(crate) fn store(&self, key: u64, data: Data) {
        self.store_slot(Slot {
            check: key ^ data.0,
            data,
        });
    }

    /// Writes both words verbatim (used to move an entry to another slot:
    /// a torn copy stays torn, so it still never verifies).
    #[inline]
    pub(crate) fn store_slot(&self, slot: Slot) {
        self.check.store(slot.check, Ordering::Relaxed);
        self.data.store(slot.data.0, Ordering::Relaxed);
    }

    /// Empties the slot; `&mut` proves no other thread is using it.
    pub(crate) fn clear(&mut self) {
        *self.check.get_mut() = 0;
        *self.data.get_mut() = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: [Bound; 4] = [Bound::None, Bound::Upper, Bound::Lower, Bound::Exact];

    /// Against the window (-10, 10): a lower bound settles from beta up, an upper bound from
    /// alpha down, an exact score anywhere, no bound nowhere.
    #[test]
    fn a_bound_settles_a_node_only_on_its_own_side_of_the_window() {
        let settles = |bound: Bound, score| bound.settles(score, -10, 10);
        assert!(settles(Bound::Lower, 10) && settles(Bound::Lower, 500));
        assert!(!settles(Bound::Lower, 9) && !settles(Bound::Lower, -500));
        assert!(settles(Bound::Upper, -10) && settles(Bound::Upper, -500));
        assert!(!settles(Bound::Upper, -9) && !settles(Bound::Upper, 500));
        assert!(settles(Bound::Exact, 0) && settles(Bound::Exact, 500));
        assert!(!settles(Bound::None, 500) && !settles(Bound::None, -500));
    }

    fn round_trip(mv: u16, score: i16, eval: i16, depth: i32, bound: Bound, generation: u8) {
        let data = Data::pack(mv, score, eval, depth, bound, generation);
        assert!(!data.is_empty(), "a stored word must never read as empty");
        assert_eq!(data.mv(), mv);
        assert_eq!(data.score(), score);
        assert_eq!(data.eval(), eval);
        assert_eq!(data.depth(), depth);
        assert_eq!(data.bound(), bound);
        assert_eq!(data.generation(), generation);
    }

    #[test]
    fn every_field_round_trips_at_its_limits_in_every_combination() {
        for mv in [0, 1, 0x8000, u16::MAX] {
            for score in [i16::MIN, -i16::MAX, -1, 0, 1, i16::MAX] {
                for eval in [i16::MIN, -1, 0, i16::MAX] {
                    for depth in [DEPTH_MIN, -1, 0, 1, DEPTH_MAX] {
                        for bound in BOUNDS {
                            for generation in [0, 1, GENERATION_MASK] {
                                round_trip(mv, score, eval, depth, bound, generation);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn depth_range_covers_qsearch_and_deep_searches() {
        const { assert!(DEPTH_MIN <= -1 && DEPTH_MAX >= 128) };
        for depth in DEPTH_MIN..=DEPTH_MAX {
            let data = Data::pack(0, 0, 0, depth, Bound::None, 0);
            assert_eq!(data.depth(), depth);
        }
    }

    #[test]
    fn depth_outside_the_range_is_clamped() {
        let shallow = Data::pack(0, 0, 0, i32::MIN, Bound::Exact, 0);
        let deep = Data::pack(0, 0, 0, i32::MAX, Bound::Exact, 0);
        assert_eq!(shallow.depth(), DEPTH_MIN);
        assert_eq!(deep.depth(), DEPTH_MAX);
        assert!(!Data::pack(0, 0, 0, i32::MIN, Bound::None, 0).is_empty());
    }

    #[test]
    fn generation_wraps_modulo_64_and_ages_across_the_wrap() {
        assert_eq!(Data::pack(0, 0, 0, 0, Bound::None, 64).generation(), 0);
        assert_eq!(Data::pack(0, 0, 0, 0, Bound::None, 65).generation(), 1);
        let old = Data::pack(0, 0, 0, 0, Bound::None, 62);
        assert_eq!(old.age(62), 0);
        assert_eq!(old.age(1), 3);
    }

    #[test]
    fn entry_stores_key_xor_data_and_verifies_only_its_key() {
        let entry = Entry::default();
        assert!(entry.load().is_empty());
        assert!(
            !entry.load().holds(0),
            "an empty slot holds no key, not even 0"
        );
        let data = Data::pack(7, 8, 9, 10, Bound::Exact, 11);
        entry.store(0xDEAD_BEEF, data);
        let slot = entry.load();
        assert_eq!(slot.check, 0xDEAD_BEEF ^ data.0);
        assert!(slot.holds(0xDEAD_BEEF));
        assert!(!slot.holds(0xDEAD_BEEE));
    }
}
