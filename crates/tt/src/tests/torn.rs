//! A torn entry (its two words from two different stores) is a miss.

use crate::TranspositionTable;
use crate::entry::{Bound, Data, Slot};

fn write_slot(table: &TranspositionTable, key: u64, slot: Slot) {
    table.bucket(key).entries[0].store_slot(slot);
}

fn words(key: u64, data: Data) -> Slot {
    Slot {
        check: key ^ data.0,
        data,
    }
}

#[test]
fn two_stores_of_one_key_with_different_data_tear_into_a_miss() {
    let table = TranspositionTable::new(1).unwrap();
    let key = 0xC0FF_EE00_1234_5678;
    let first = Data::pack(0x0101, 100, 10, 5, Bound::Lower, 0);
    let second = Data::pack(0x0202, -200, 20, 9, Bound::Upper, 0);

    write_slot(&table, key, words(key, first));
    assert_eq!(table.probe(key, 0).map(|hit| hit.mv), Some(0x0101));
    write_slot(&table, key, words(key, second));
    assert_eq!(table.probe(key, 0).map(|hit| hit.mv), Some(0x0202));

    // Word 0 from the first store, word 1 from the second, and the reverse.
    for (check_from, data_from) in [(first, second), (second, first)] {
        let torn = Slot {
            check: key ^ check_from.0,
            data: data_from,
        };
        write_slot(&table, key, torn);
        assert_eq!(table.probe(key, 0), None);
    }
}

#[test]
fn two_stores_of_different_keys_tear_into_a_miss_for_both() {
    let table = TranspositionTable::new(1).unwrap();
    let a = 0x5555_0000_0000_0001;
    let b = 0x5555_0000_0000_0002;
    assert!(std::ptr::eq(table.bucket(a), table.bucket(b)));
    let data_a = Data::pack(0x0A0A, 1, 1, 1, Bound::Exact, 0);
    let data_b = Data::pack(0x0B0B, 2, 2, 2, Bound::Exact, 0);
    let torn = Slot {
        check: words(a, data_a).check,
        data: data_b,
    };
    write_slot(&table, a, torn);
    assert_eq!(table.probe(a, 0), None);
    assert_eq!(table.probe(b, 0), None);
    // A store over the torn slot repairs it.
    table.store(b, 0x0B0B, 2, 2, 2, Bound::Exact, 0);
    assert_eq!(table.probe(b, 0).map(|hit| hit.mv), Some(0x0B0B));
}
