//! Table-level tests: replacement through the public store, torn entries,
//! sizing and clearing, and the multi-threaded stress test.

mod replacement;
mod sizing;
mod stress;
mod torn;

use crate::TranspositionTable;

/// `count` distinct keys that all land in one bucket of `table`: they share
/// their high bits, which alone choose the bucket.
fn keys_in_one_bucket(table: &TranspositionTable, count: u64) -> Vec<u64> {
    let keys: Vec<u64> = (1..=count).map(|i| 0x9E37_79B9_0000_0000 | i).collect();
    let first: *const _ = table.bucket(keys[0]);
    for &key in &keys {
        assert!(std::ptr::eq(table.bucket(key), first));
    }
    keys
}

/// Which key each slot of `key`'s bucket holds (`None` for empty).
fn slot_keys(table: &TranspositionTable, key: u64) -> [Option<u64>; 4] {
    table
        .bucket(key)
        .snapshot()
        .map(|slot| (!slot.is_empty()).then(|| slot.key()))
}
