//! Size limits, resize, clear, generations and `hashfull`.

use crate::alloc::Buckets;
use crate::{Bound, MAX_MEGABYTES, MIN_MEGABYTES, PageSize, TranspositionTable, TtError};

fn fill(table: &TranspositionTable, count: u64) {
    for i in 0..count {
        // Spread the keys over the table (odd multiplier: a bijection).
        let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        table.store(key, 1, 0, 0, 1, Bound::Exact, 0);
    }
}

#[test]
fn sizes_outside_the_range_are_rejected() {
    for megabytes in [0, MAX_MEGABYTES + 1, usize::MAX] {
        assert_eq!(
            TranspositionTable::new(megabytes).err(),
            Some(TtError::SizeOutOfRange {
                requested: megabytes,
                min: MIN_MEGABYTES,
                max: MAX_MEGABYTES,
            })
        );
    }
    const { assert!(MAX_MEGABYTES >= 65_536) };
}

#[test]
fn size_decides_the_bucket_count_for_any_megabytes() {
    let table = TranspositionTable::new(3).unwrap();
    assert_eq!(table.megabytes(), 3);
    assert_eq!(table.bucket_count(), 3 * 16_384);
    // The last bucket is reachable: the index uses the whole range.
    let last: *const _ = table.bucket(u64::MAX);
    let expected: *const _ = &table.buckets_for_test()[3 * 16_384 - 1];
    assert!(std::ptr::eq(last, expected));
}

#[test]
fn resize_gives_an_empty_table_of_the_new_size() {
    let mut table = TranspositionTable::new(1).unwrap();
    table.store(99, 5, 0, 0, 3, Bound::Exact, 0);
    table.resize(2, PageSize::Standard, 2).unwrap();
    assert_eq!(table.megabytes(), 2);
    assert_eq!(table.pages(), PageSize::Standard);
    assert_eq!(table.bucket_count(), 2 * 16_384);
    assert_eq!(table.probe(99, 0), None);
    table.resize(2, PageSize::Huge, 1).unwrap();
    assert_eq!(table.pages(), PageSize::Huge);
}

#[test]
fn resize_to_the_same_size_and_pages_clears_in_place() {
    let mut table = TranspositionTable::new(2).unwrap();
    let memory = table.buckets_for_test().as_ptr();
    table.store(99, 5, 0, 0, 3, Bound::Exact, 0);
    table.new_search();
    table.resize(2, PageSize::Huge, 2).unwrap();
    assert!(std::ptr::eq(table.buckets_for_test().as_ptr(), memory));
    assert_eq!(table.probe(99, 0), None);
    assert_eq!(table.hashfull(), 0);
}

/// An allocator that fails for tables above `limit` MiB.
fn allocator_up_to(limit: usize) -> impl FnMut(usize) -> Option<Buckets> {
    move |count| (count <= limit * 16_384).then(|| Buckets::new(count, PageSize::Huge, 1))?
}

#[test]
fn failed_allocation_falls_back_to_the_old_size_then_its_halves() {
    let mut table = TranspositionTable::new(8).unwrap();
    table.store(99, 5, 0, 0, 3, Bound::Exact, 0);
    let result = table.resize_with(4096, None, allocator_up_to(8));
    assert_eq!(result, Err(TtError::AllocationFailed { megabytes: 4096 }));
    assert_eq!(table.megabytes(), 8);
    assert_eq!(table.bucket_count(), 8 * 16_384);
    // The table is a working one: stores and probes go through.
    table.store(7, 3, 0, 0, 3, Bound::Exact, 0);
    assert_eq!(table.probe(7, 0).map(|hit| hit.mv), Some(3));

    let result = table.resize_with(4096, None, allocator_up_to(5));
    assert_eq!(result, Err(TtError::AllocationFailed { megabytes: 4096 }));
    assert_eq!(table.megabytes(), 4);
    assert_eq!(table.bucket_count(), 4 * 16_384);
}

#[test]
fn too_little_memory_keeps_the_old_table_and_its_contents() {
    let mut table = TranspositionTable::new(1).unwrap();
    table.store(99, 5, 0, 0, 3, Bound::Exact, 0);
    let never = |_| -> Option<Buckets> { panic!("allocated despite too little memory") };
    let result = table.resize_with(4096, Some(1 << 30), never);
    assert_eq!(
        result,
        Err(TtError::NotEnoughMemory {
            requested: 4096,
            available: 1024 + 1 - 256
        })
    );
    assert_eq!(table.megabytes(), 1);
    assert_eq!(table.probe(99, 0).map(|hit| hit.mv), Some(5));
    // Out of range: the same.
    assert_eq!(
        table
            .resize(0, PageSize::Huge, 1)
            .map_err(|e| matches!(e, TtError::SizeOutOfRange { .. })),
        Err(true)
    );
    assert_eq!(table.probe(99, 0).map(|hit| hit.mv), Some(5));
}

#[test]
fn growing_into_the_memory_that_the_old_table_frees_is_allowed() {
    let mut table = TranspositionTable::new(8).unwrap();
    // 100 MiB available + 8 freed - 256 headroom is negative: only shrinking
    // or keeping the size is allowed.
    let little = Some(100 << 20);
    assert_eq!(table.resize_with(4, little, allocator_up_to(64)), Ok(()));
    assert_eq!(table.megabytes(), 4);
    assert_eq!(table.resize_with(4, little, allocator_up_to(64)), Ok(()));
    assert!(table.resize_with(5, little, allocator_up_to(64)).is_err());
    // 300 MiB + 4 - 256 = 48: up to 48 MiB fits.
    let some = Some(300 << 20);
    assert_eq!(table.resize_with(48, some, allocator_up_to(64)), Ok(()));
    assert_eq!(table.megabytes(), 48);
    assert_eq!(
        table.resize_with(49 + 48, some, allocator_up_to(128)),
        Err(TtError::NotEnoughMemory {
            requested: 97,
            available: 300 + 48 - 256
        })
    );
}

#[test]
fn clear_empties_every_entry_with_one_or_many_threads() {
    // 32 MiB is above the threshold where clear starts threads.
    for (megabytes, threads) in [(1, 1), (1, 8), (32, 3)] {
        let mut table = TranspositionTable::new(megabytes).unwrap();
        fill(&table, 100_000);
        table.new_search();
        table.clear(threads);
        let dirty = table
            .buckets_for_test()
            .iter()
            .flat_map(|bucket| bucket.snapshot())
            .filter(|slot| !slot.is_empty())
            .count();
        assert_eq!(dirty, 0, "{megabytes} MiB, {threads} threads");
        assert_eq!(table.hashfull(), 0);
    }
}

#[test]
fn hashfull_counts_only_the_current_search() {
    let table = TranspositionTable::new(1).unwrap();
    assert_eq!(table.hashfull(), 0);
    // Four times as many keys as entries: the sample fills up.
    fill(&table, 4 * 65_536);
    let full = table.hashfull();
    assert!(full >= 950, "hashfull {full}");
    table.new_search();
    assert_eq!(table.hashfull(), 0);
}

#[test]
fn generation_wraps_after_64_searches() {
    let table = TranspositionTable::new(1).unwrap();
    fill(&table, 4 * 65_536);
    for _ in 0..63 {
        table.new_search();
        assert_eq!(table.hashfull(), 0);
    }
    table.new_search();
    assert!(
        table.hashfull() >= 950,
        "generation 64 reads as generation 0"
    );
}

#[test]
fn table_is_shareable() {
    fn assert_sync<T: Sync + Send>() {}
    assert_sync::<TranspositionTable>();
    let table = TranspositionTable::new(1).unwrap();
    assert_eq!(table.probe(0, 0), None);
    assert!(format!("{table:?}").contains("megabytes: 1"));
}
