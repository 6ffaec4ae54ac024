//! Size limits, resize, clear, generations and `hashfull`.

use crate::{Bound, MAX_MEGABYTES, MIN_MEGABYTES, TranspositionTable, TtError};

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
    table.resize(2).unwrap();
    assert_eq!(table.megabytes(), 2);
    assert_eq!(table.bucket_count(), 2 * 16_384);
    assert_eq!(table.probe(99, 0), None);
}

#[test]
fn failed_resize_keeps_the_old_table_and_its_contents() {
    let mut table = TranspositionTable::new(1).unwrap();
    table.store(99, 5, 0, 0, 3, Bound::Exact, 0);
    let result = table.resize_with(4096, |_| None);
    assert_eq!(result, Err(TtError::AllocationFailed { megabytes: 4096 }));
    assert_eq!(table.megabytes(), 1);
    assert_eq!(table.probe(99, 0).map(|hit| hit.mv), Some(5));
    assert_eq!(
        table
            .resize(0)
            .map_err(|e| matches!(e, TtError::SizeOutOfRange { .. })),
        Err(true)
    );
    assert_eq!(table.probe(99, 0).map(|hit| hit.mv), Some(5));
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
