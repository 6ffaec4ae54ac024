//! The generic history table: bounded scores that learn by gravity, in a flat table indexed
//! by what they are about.
//!
//! After Stockfish's `StatsEntry` and `Stats` (`src/history.h`) and Viridithas's history
//! tables: every history table holds the same kind of entry, differs only in its bound and in
//! what it is indexed by, and says both in its type.

use std::marker::PhantomData;
use std::ops::{Index, IndexMut};

/// A history score within ±`LIMIT`, learnt by gravity.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct Stat<const LIMIT: i32>(i16);

impl<const LIMIT: i32> Stat<LIMIT> {
    /// The bound must be positive and fit the entry.
    const LIMIT_FITS: () = assert!(LIMIT > 0 && LIMIT <= i16::MAX as i32);

    /// A score of `value`, brought within ±`LIMIT` (tests start from any score).
    #[cfg(test)]
    pub fn new(value: i32) -> Self {
        let () = Self::LIMIT_FITS;
        Stat(value.clamp(-LIMIT, LIMIT) as i16)
    }

    /// The score.
    #[inline]
    pub fn get(self) -> i32 {
        self.0.into()
    }

    /// Adds `bonus` (negative for a malus) with gravity: the nearer the score is to the bound
    /// the bonus pushes towards, the less it moves, so old knowledge fades instead of
    /// saturating. From within the bounds the result stays within them; the clamp only
    /// catches a bonus larger than the bound itself.
    #[inline]
    pub fn update(&mut self, bonus: i32) {
        let () = Self::LIMIT_FITS;
        let old = self.get();
        let new = old + bonus - old * bonus.abs() / LIMIT;
        self.0 = new.clamp(-LIMIT, LIMIT) as i16;
    }
}

/// What a history table is indexed by: a key with one slot of `SIZE` in the table.
pub trait HistoryIndex: Copy {
    /// How many slots a table indexed by this needs.
    const SIZE: usize;
    /// This key's slot, below `SIZE`.
    fn slot(self) -> usize;
}

/// A history table: one entry `E` per slot of the index `I`, `N` (its `SIZE`) in all, on the
/// heap. Slots follow the index's own order, so a key's neighbours in its last component are
/// neighbours in memory.
#[derive(Clone, Debug)]
pub struct Table<I, E, const N: usize> {
    entries: Box<[E; N]>,
    index: PhantomData<fn(I)>,
}

impl<I: HistoryIndex, E: Copy + Default, const N: usize> Default for Table<I, E, N> {
    fn default() -> Self {
        const { assert!(N == I::SIZE, "a table has one entry per slot of its index") };
        // Built on the heap: `Box::new` of a large array may go through the stack first.
        let entries = vec![E::default(); N]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the vector has N entries"));
        Table {
            entries,
            index: PhantomData,
        }
    }
}

impl<I: HistoryIndex, E: Copy + Default, const N: usize> Table<I, E, N> {
    /// Forgets everything: every entry back to its default.
    pub fn clear(&mut self) {
        self.entries.fill(E::default());
    }

    /// Every entry, in slot order (tests look for the entries an update touched).
    #[cfg(test)]
    pub fn entries(&self) -> &[E] {
        &self.entries[..]
    }
}

impl<I: HistoryIndex, E, const N: usize> Index<I> for Table<I, E, N> {
    type Output = E;

    #[inline]
    fn index(&self, key: I) -> &E {
        &self.entries[key.slot()]
    }
}

impl<I: HistoryIndex, E, const N: usize> IndexMut<I> for Table<I, E, N> {
    #[inline]
    fn index_mut(&mut self, key: I) -> &mut E {
        &mut self.entries[key.slot()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: i32 = 16_384;
    type S = Stat<LIMIT>;

    /// A small deterministic generator (xorshift), so a failure can be replayed.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    /// Whatever the sequence of bonuses and maluses (up to the bound itself, and beyond it),
    /// a score never leaves ±LIMIT.
    #[test]
    fn gravity_keeps_any_sequence_within_the_bound() {
        let mut state = 0x9E37_79B9_7F4A_7C15;
        for run in 0..200 {
            let mut stat = S::default();
            // Some runs push mostly one way, to reach the bound.
            let lean = (run % 3) as i64 - 1;
            for _ in 0..2_000 {
                let r = xorshift(&mut state);
                let size = (r % (2 * LIMIT as u64 + 1)) as i64 - i64::from(LIMIT);
                let bonus = (size + lean * i64::from(LIMIT) / 2) as i32;
                let before = stat.get();
                stat.update(bonus);
                let after = stat.get();
                assert!(
                    (-LIMIT..=LIMIT).contains(&after),
                    "{before} + {bonus} -> {after}"
                );
            }
        }
        for start in [-LIMIT, -1, 0, 1, LIMIT] {
            for bonus in [-3 * LIMIT, -LIMIT, LIMIT, 3 * LIMIT] {
                let mut stat = S::new(start);
                stat.update(bonus);
                assert!((-LIMIT..=LIMIT).contains(&stat.get()), "{start} + {bonus}");
            }
        }
    }

    /// A bonus moves a score towards the bound of its sign, and never past a score it was
    /// already beyond; zero leaves it alone.
    #[test]
    fn a_bonus_moves_the_score_towards_its_sign() {
        for start in (-LIMIT..=LIMIT).step_by(512) {
            for bonus in (-4000..=4000).step_by(250) {
                let mut stat = S::new(start);
                stat.update(bonus);
                let new = stat.get();
                match bonus.signum() {
                    1 => assert!(new >= start, "{start} + {bonus} -> {new}"),
                    -1 => assert!(new <= start, "{start} + {bonus} -> {new}"),
                    _ => assert_eq!(new, start),
                }
            }
        }
        // Away from the bound, a bonus really moves it.
        let mut stat = S::new(100);
        stat.update(1000);
        assert!(stat.get() > 1000, "{}", stat.get());
    }

    /// Repeated bonuses saturate near the bound without passing it; the malus path brings the
    /// score down again, symmetrically, to near the other bound.
    #[test]
    fn bonuses_saturate_and_maluses_undo_them() {
        let mut stat = S::default();
        for _ in 0..1_000 {
            stat.update(1600);
        }
        let top = stat.get();
        assert!(top <= LIMIT && top > LIMIT * 9 / 10, "{top}");
        stat.update(-1600);
        assert!(stat.get() < top - 1600, "a malus moves a high score more");
        let mut mirror = S::new(-top);
        mirror.update(1600);
        assert_eq!(mirror.get(), -stat.get(), "gravity is symmetric");
        for _ in 0..1_000 {
            stat.update(-1600);
        }
        assert_eq!(stat.get(), -top);
    }

    /// The gravity rounding: the exact formula, truncated towards zero.
    #[test]
    fn the_update_is_the_gravity_formula() {
        let mut stat = S::new(10_000);
        stat.update(-700);
        assert_eq!(stat.get(), 10_000 - 700 - 10_000 * 700 / LIMIT);
        let mut stat = S::new(-333);
        stat.update(77);
        // -333 * 77 / 16384 = -1.56..., truncated to -1.
        assert_eq!(stat.get(), -333 + 77 + 1);
    }

    #[derive(Clone, Copy)]
    struct Pair(usize, usize);

    impl HistoryIndex for Pair {
        const SIZE: usize = 3 * 4;
        fn slot(self) -> usize {
            self.0 * 4 + self.1
        }
    }

    /// Each key has its own entry; `clear` forgets them all.
    #[test]
    fn a_table_keeps_one_entry_per_key() {
        let mut table = Table::<Pair, S, 12>::default();
        table[Pair(2, 3)].update(500);
        table[Pair(0, 1)].update(-200);
        assert_eq!(table[Pair(2, 3)].get(), 500);
        assert_eq!(table[Pair(0, 1)].get(), -200);
        let untouched = (0..3)
            .flat_map(|a| (0..4).map(move |b| Pair(a, b)))
            .filter(|p| table[*p].get() == 0)
            .count();
        assert_eq!(untouched, 10);
        table.clear();
        assert_eq!(table[Pair(2, 3)].get(), 0);
    }
}
