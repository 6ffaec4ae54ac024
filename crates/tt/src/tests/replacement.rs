//! The replacement policy seen through `store` and `probe`.

use super::{keys_in_one_bucket, slot_keys};
use crate::{Bound, EVAL_NONE, TranspositionTable};

fn table() -> TranspositionTable {
    TranspositionTable::new(1).unwrap()
}

fn put(table: &TranspositionTable, key: u64, depth: i32, bound: Bound) {
    // The move names the key and depth, to tell entries apart on probe.
    let mv = ((key as u16) << 8) | depth as u16;
    table.store(key, mv, 10 * depth, EVAL_NONE, depth, bound, 0);
}

fn depth_of(table: &TranspositionTable, key: u64) -> Option<i32> {
    table.probe(key, 0).map(|hit| hit.depth)
}

#[test]
fn first_store_goes_to_the_depth_preferred_slot() {
    let table = table();
    let k = keys_in_one_bucket(&table, 1);
    put(&table, k[0], 5, Bound::Exact);
    assert_eq!(slot_keys(&table, k[0]), [Some(k[0]), None, None, None]);
}

#[test]
fn deeper_store_takes_slot_0_and_the_old_entry_moves_down() {
    let table = table();
    let k = keys_in_one_bucket(&table, 2);
    put(&table, k[0], 5, Bound::Exact);
    put(&table, k[1], 8, Bound::Lower);
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[1]), Some(k[0]), None, None]
    );
    assert_eq!(depth_of(&table, k[0]), Some(5));
    assert_eq!(depth_of(&table, k[1]), Some(8));
}

#[test]
fn shallower_store_goes_to_an_always_replace_slot() {
    let table = table();
    let k = keys_in_one_bucket(&table, 2);
    put(&table, k[0], 9, Bound::Exact);
    put(&table, k[1], 2, Bound::Upper);
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[0]), Some(k[1]), None, None]
    );
}

#[test]
fn always_replace_slots_cycle_without_touching_slot_0() {
    let table = table();
    let k = keys_in_one_bucket(&table, 6);
    put(&table, k[0], 30, Bound::Exact);
    for (i, &key) in k[1..].iter().enumerate() {
        put(&table, key, 10 - i as i32, Bound::Upper);
    }
    // Depths 10, 9, 8 filled slots 1..3; then 7 replaced the shallowest (8,
    // slot 3), and 6 replaced the new shallowest (7, slot 3 again).
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[0]), Some(k[1]), Some(k[2]), Some(k[5])]
    );
}

#[test]
fn a_new_search_takes_slot_0_from_an_older_one_even_when_shallower() {
    let table = table();
    let k = keys_in_one_bucket(&table, 2);
    put(&table, k[0], 20, Bound::Exact);
    table.new_search();
    put(&table, k[1], 1, Bound::Upper);
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[1]), Some(k[0]), None, None]
    );
}

#[test]
fn older_searches_are_replaced_before_shallower_entries() {
    let table = table();
    let k = keys_in_one_bucket(&table, 6);
    put(&table, k[0], 40, Bound::Exact);
    put(&table, k[1], 30, Bound::Exact); // slot 1, deep but old
    table.new_search();
    put(&table, k[2], 41, Bound::Exact); // slot 0; k[0] moves to slot 2
    put(&table, k[3], 1, Bound::Exact); // slot 3
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[2]), Some(k[1]), Some(k[0]), Some(k[3])]
    );
    // Slots 1 and 2 hold the old search; of those the shallower (k[1], 30)
    // goes first, although the new slot 3 entry is shallower still.
    put(&table, k[4], 2, Bound::Exact);
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[2]), Some(k[4]), Some(k[0]), Some(k[3])]
    );
    // Then the other old one, although it is the deepest entry down there.
    put(&table, k[5], 2, Bound::Exact);
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[2]), Some(k[4]), Some(k[5]), Some(k[3])]
    );
}

#[test]
fn same_key_is_updated_in_place_and_never_duplicated() {
    let table = table();
    let k = keys_in_one_bucket(&table, 2);
    put(&table, k[0], 9, Bound::Exact);
    put(&table, k[1], 3, Bound::Upper); // slot 1
    put(&table, k[1], 4, Bound::Lower); // still slot 1, updated
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[0]), Some(k[1]), None, None]
    );
    assert_eq!(depth_of(&table, k[1]), Some(4));
    // Deeper than slot 0: the two swap places.
    put(&table, k[1], 12, Bound::Lower);
    assert_eq!(
        slot_keys(&table, k[0]),
        [Some(k[1]), Some(k[0]), None, None]
    );
    assert_eq!(depth_of(&table, k[1]), Some(12));
    assert_eq!(depth_of(&table, k[0]), Some(9));
}

#[test]
fn shallower_result_for_the_key_in_slot_0_is_dropped_unless_exact() {
    let table = table();
    let k = keys_in_one_bucket(&table, 1);
    put(&table, k[0], 9, Bound::Lower);
    put(&table, k[0], 4, Bound::Upper);
    assert_eq!(depth_of(&table, k[0]), Some(9));
    put(&table, k[0], 4, Bound::Exact);
    assert_eq!(depth_of(&table, k[0]), Some(4));
    assert_eq!(slot_keys(&table, k[0]), [Some(k[0]), None, None, None]);
}

#[test]
fn move_zero_keeps_the_stored_move() {
    let table = table();
    let key = 0x1234_5678_9ABC_DEF0;
    table.store(key, 0x0ACE, 50, 40, 6, Bound::Lower, 0);
    table.store(key, 0, -20, 40, 7, Bound::Upper, 0);
    let hit = table.probe(key, 0).unwrap();
    assert_eq!(
        (hit.mv, hit.score, hit.depth, hit.bound),
        (0x0ACE, -20, 7, Bound::Upper)
    );
    table.store(key, 0x0BAD, -20, 40, 8, Bound::Upper, 0);
    assert_eq!(table.probe(key, 0).unwrap().mv, 0x0BAD);
}

#[test]
fn probe_returns_every_field_and_converts_mates_by_ply() {
    let table = table();
    let key = 42;
    table.store(key, 0xFFFF, crate::MATE - 9, -123, 17, Bound::Exact, 4);
    let hit = table.probe(key, 6).unwrap();
    assert_eq!(hit.mv, 0xFFFF);
    assert_eq!(
        hit.score,
        crate::MATE - 11,
        "mate in 5 from the node, at ply 6"
    );
    assert_eq!(hit.eval, -123);
    assert_eq!(hit.depth, 17);
    assert_eq!(hit.bound, Bound::Exact);
    assert_eq!(table.probe(key ^ 1, 6), None);
    table.store(7, 0, 0, EVAL_NONE, -1, Bound::None, 0);
    assert_eq!(table.probe(7, 0).unwrap().eval, EVAL_NONE);
}

#[test]
fn key_zero_is_not_found_in_an_empty_table_but_is_once_stored() {
    let table = table();
    assert_eq!(table.probe(0, 0), None);
    table.store(0, 1, 2, 3, 0, Bound::Upper, 0);
    assert_eq!(table.probe(0, 0).map(|hit| hit.mv), Some(1));
}
