//! A bucket of four entries in one cache line, and the two-tier replacement
//! policy (Crafty's depth-preferred `hash_a` and always-replace `hash_b`).
//!
//! The policy is a pure function of a snapshot of the bucket, so it can be
//! tested case by case without threads; the table then carries it out.

use crate::entry::{Bound, Data, Entry, Slot};

/// Entries per bucket: four 16-byte entries fill a 64-byte cache line.
pub(crate) const SLOTS: usize = 4;

/// The depth-preferred slot.
pub(crate) const DEPTH_PREFERRED: usize = 0;

/// Four entries, aligned so that a bucket never straddles two cache lines:
/// a probe or store touches exactly one line.
#[derive(Debug, Default)]
#[repr(C, align(64))]
pub(crate) struct Bucket {
    pub(crate) entries: [Entry; SLOTS],
}

const _: () = assert!(size_of::<Bucket>() == 64 && align_of::<Bucket>() == 64);

impl Bucket {
    /// Reads every slot (each one independently; the bucket as a whole is
    /// not read atomically, and need not be).
    #[inline]
    pub(crate) fn snapshot(&self) -> [Slot; SLOTS] {
        [
            self.entries[0].load(),
            self.entries[1].load(),
            self.entries[2].load(),
            self.entries[3].load(),
        ]
    }

    /// Empties every slot.
    pub(crate) fn clear(&mut self) {
        self.entries.iter_mut().for_each(Entry::clear);
    }
}

/// What a store does to the bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Write the new entry into this slot.
    Write(usize),
    /// Write the new entry into the depth-preferred slot; if `down` is set,
    /// first copy the old depth-preferred entry into that slot (the two-tier
    /// move-down; when the old slot 0 was empty this clears a stale copy).
    Promote {
        /// Where the displaced depth-preferred entry goes.
        down: Option<usize>,
    },
    /// Keep the bucket as it is: slot 0 already has a deeper result for the
    /// same key from this search.
    Skip,
}

/// The slot that holds `key`, if any. The policy keeps a key in at most one
/// slot, so the first match is the only one (up to races between threads).
#[inline]
pub(crate) fn find(slots: &[Slot; SLOTS], key: u64) -> Option<usize> {
    slots.iter().position(|slot| slot.holds(key))
}

/// Decides where a new entry for `key` goes.
///
/// - Same key in slot 0: overwrite it when the new result is at least as
///   deep, exact, or slot 0 is from an older search; otherwise skip (the
///   deeper result stays and no duplicate is made).
/// - Otherwise the new entry takes slot 0 when slot 0 is empty, from an older
///   search, or not deeper than the new one. The displaced entry moves down
///   to the slot that held the same key (so no duplicate remains), or else to
///   the always-replace victim.
/// - Otherwise the new entry goes to the slot holding the same key, or to the
///   always-replace victim.
#[must_use]
pub(crate) fn plan(slots: &[Slot; SLOTS], same: Option<usize>, new: Data, generation: u8) -> Plan {
    let preferred = slots[DEPTH_PREFERRED];
    let preferred_is_old = preferred.data.generation() != generation;
    let at_least_as_deep = new.depth() >= preferred.data.depth();

    if same == Some(DEPTH_PREFERRED) {
        return if at_least_as_deep || preferred_is_old || new.bound() == Bound::Exact {
            Plan::Write(DEPTH_PREFERRED)
        } else {
            Plan::Skip
        };
    }

    if preferred.is_empty() || preferred_is_old || at_least_as_deep {
        let down = match same {
            Some(slot) => Some(slot),
            None if preferred.is_empty() => None,
            None => Some(victim(slots, generation)),
        };
        return Plan::Promote { down };
    }

    Plan::Write(same.unwrap_or_else(|| victim(slots, generation)))
}

/// The always-replace slot to overwrite: an empty one if any, else the one
/// from the oldest search, then the shallowest, then the lowest index.
#[must_use]
pub(crate) fn victim(slots: &[Slot; SLOTS], generation: u8) -> usize {
    let mut best = DEPTH_PREFERRED + 1;
    let mut best_rank = rank(slots[best], generation);
    for (index, slot) in slots.iter().enumerate().skip(best + 1) {
        let slot_rank = rank(*slot, generation);
        if slot_rank > best_rank {
            best = index;
            best_rank = slot_rank;
        }
    }
    best
}

/// Higher ranks are replaced first: (empty, age, negated depth).
fn rank(slot: Slot, generation: u8) -> (bool, u8, i32) {
    (
        slot.is_empty(),
        slot.data.age(generation),
        -slot.data.depth(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u8 = 5;

    fn slot(key: u64, depth: i32, generation: u8) -> Slot {
        let data = Data::pack(1, 0, 0, depth, Bound::Lower, generation);
        Slot {
            check: key ^ data.0,
            data,
        }
    }

    fn new(depth: i32, bound: Bound) -> Data {
        Data::pack(2, 0, 0, depth, bound, NOW)
    }

    fn decide(slots: &[Slot; SLOTS], key: u64, depth: i32, bound: Bound) -> Plan {
        plan(slots, find(slots, key), new(depth, bound), NOW)
    }

    const EMPTY: Slot = Slot {
        check: 0,
        data: Data(0),
    };

    #[test]
    fn empty_bucket_fills_the_depth_preferred_slot() {
        let slots = [EMPTY; SLOTS];
        assert_eq!(
            decide(&slots, 9, 3, Bound::Upper),
            Plan::Promote { down: None }
        );
    }

    #[test]
    fn deeper_or_equal_result_takes_slot_0_and_pushes_the_old_one_down() {
        let slots = [slot(1, 6, NOW), EMPTY, EMPTY, EMPTY];
        let expected = Plan::Promote { down: Some(1) };
        assert_eq!(decide(&slots, 9, 7, Bound::Upper), expected);
        assert_eq!(decide(&slots, 9, 6, Bound::Upper), expected);
    }

    #[test]
    fn shallower_result_goes_to_an_always_replace_slot() {
        let slots = [slot(1, 6, NOW), slot(2, 3, NOW), EMPTY, EMPTY];
        assert_eq!(decide(&slots, 9, 5, Bound::Exact), Plan::Write(2));
    }

    #[test]
    fn newer_search_takes_slot_0_from_an_older_one_even_when_shallower() {
        let slots = [slot(1, 20, NOW - 1), EMPTY, EMPTY, EMPTY];
        assert_eq!(
            decide(&slots, 9, 1, Bound::Upper),
            Plan::Promote { down: Some(1) }
        );
    }

    #[test]
    fn victim_is_empty_first_then_oldest_then_shallowest_then_lowest() {
        let full = |a: Slot, b: Slot, c: Slot| [slot(1, 30, NOW), a, b, c];
        let slots = full(slot(2, 1, NOW), EMPTY, slot(3, 1, NOW - 3));
        assert_eq!(victim(&slots, NOW), 2, "empty beats everything");
        let slots = full(slot(2, 1, NOW), slot(3, 9, NOW - 2), slot(4, 9, NOW - 1));
        assert_eq!(victim(&slots, NOW), 2, "oldest beats shallowest");
        let slots = full(slot(2, 4, NOW), slot(3, 2, NOW), slot(4, 3, NOW));
        assert_eq!(victim(&slots, NOW), 2, "shallowest within one search");
        let slots = full(slot(2, 4, NOW), slot(3, 4, NOW), slot(4, 4, NOW));
        assert_eq!(victim(&slots, NOW), 1, "ties go to the lowest index");
    }

    #[test]
    fn age_counts_across_the_generation_wrap() {
        // Generation 62 is three searches before generation 1 (mod 64).
        let slots = [slot(1, 30, 1), slot(2, 1, 1), slot(3, 9, 62), slot(4, 9, 0)];
        assert_eq!(victim(&slots, 1), 2);
    }

    #[test]
    fn same_key_in_slot_0_is_refreshed_or_kept() {
        let slots = [slot(9, 6, NOW), slot(2, 1, NOW), EMPTY, EMPTY];
        assert_eq!(decide(&slots, 9, 6, Bound::Upper), Plan::Write(0));
        assert_eq!(decide(&slots, 9, 2, Bound::Exact), Plan::Write(0));
        assert_eq!(decide(&slots, 9, 5, Bound::Lower), Plan::Skip);
        let old = [slot(9, 6, NOW - 1), EMPTY, EMPTY, EMPTY];
        assert_eq!(decide(&old, 9, 1, Bound::Upper), Plan::Write(0));
    }

    #[test]
    fn same_key_below_is_promoted_by_swapping_or_updated_in_place() {
        let slots = [slot(1, 6, NOW), slot(2, 1, NOW), slot(9, 2, NOW), EMPTY];
        assert_eq!(
            decide(&slots, 9, 8, Bound::Upper),
            Plan::Promote { down: Some(2) }
        );
        assert_eq!(decide(&slots, 9, 4, Bound::Upper), Plan::Write(2));
    }

    #[test]
    fn same_key_below_an_empty_slot_0_is_cleared_when_promoted() {
        let slots = [EMPTY, EMPTY, EMPTY, slot(9, 2, NOW)];
        assert_eq!(
            decide(&slots, 9, 1, Bound::Upper),
            Plan::Promote { down: Some(3) }
        );
    }
}
