//! Several threads store and probe overlapping keys at once. Every key's
//! data is a checkable function of the key (and of the writer), so any probe
//! that returned another key's data, or a mix of two stores, would show.
//!
//! Run `cargo test -p tt stress -- --nocapture` to see the figures;
//! `TT_STRESS_MS` sets the duration (default 1000 ms).

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::entry::Slot;
use crate::{Bound, TranspositionTable, TtHit, score_from_tt};

const THREADS: usize = 4;
/// Keys crowd into few buckets so that threads collide on the same lines.
const BUCKETS_USED: u32 = 64;
const KEYS_PER_BUCKET: u32 = 8;
const KEYS: u32 = BUCKETS_USED * KEYS_PER_BUCKET;
const MAX_DEPTH: u32 = 60;
const BOUNDS: [Bound; 3] = [Bound::Upper, Bound::Lower, Bound::Exact];

/// A 32-bit mixer (the finaliser of MurmurHash3).
fn mix32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 13;
    x = x.wrapping_mul(0xC2B2_AE35);
    x ^ (x >> 16)
}

/// Key `index` of the pool: high half chooses the bucket (in a 1 MiB table
/// the top 14 bits do), low half is a checksum of the high half.
fn pool_key(index: u32) -> u64 {
    let high = ((index / KEYS_PER_BUCKET) << 18) | (index % KEYS_PER_BUCKET);
    (u64::from(high) << 32) | u64::from(mix32(high))
}

/// Whether `key` could be a pool key: a torn slot's XOR yields a key that
/// fails this, except by 2^-32 chance.
fn is_pool_key(key: u64) -> bool {
    key as u32 == mix32((key >> 32) as u32)
}

fn key_move(key: u64) -> u16 {
    (mix32(key as u32) >> 16) as u16
}

fn key_eval(key: u64) -> i32 {
    i32::from(mix32(key as u32) as u16 as i16) / 2
}

/// The score a writer stores: it encodes the depth and the writer.
fn score_for(depth: i32, writer: usize) -> i32 {
    depth * THREADS as i32 + writer as i32
}

fn bound_for(depth: i32, writer: usize) -> Bound {
    BOUNDS[(depth as usize + writer) % BOUNDS.len()]
}

/// Whether `hit` is data some writer stored for `key`.
fn belongs_to(key: u64, hit: &TtHit) -> bool {
    let writer = hit.score - hit.depth * THREADS as i32;
    let Ok(writer) = usize::try_from(writer) else {
        return false;
    };
    writer < THREADS
        && hit.mv == key_move(key)
        && hit.eval == key_eval(key)
        && hit.bound == bound_for(hit.depth, writer)
}

fn hit_of(slot: Slot) -> TtHit {
    TtHit {
        mv: slot.data.mv(),
        score: score_from_tt(slot.data.score(), 0),
        eval: i32::from(slot.data.eval()),
        depth: slot.data.depth(),
        bound: slot.data.bound(),
    }
}

#[derive(Debug, Default)]
struct Counts {
    stores: u64,
    probes: u64,
    hits: u64,
    slots_scanned: u64,
    torn: u64,
    wrong: u64,
}

impl Counts {
    fn add(&mut self, other: &Self) {
        self.stores += other.stores;
        self.probes += other.probes;
        self.hits += other.hits;
        self.slots_scanned += other.slots_scanned;
        self.torn += other.torn;
        self.wrong += other.wrong;
    }
}

fn worker(table: &TranspositionTable, writer: usize, stop: &AtomicBool) -> Counts {
    let mut counts = Counts::default();
    let mut rng = 0x2545_F491_4F6C_DD1D_u64 ^ (writer as u64 + 1).wrapping_mul(0x9E37_79B9);
    let mut step = 0u64;
    while step % 1024 != 0 || !stop.load(Ordering::Relaxed) {
        step += 1;
        // xorshift64
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let key = pool_key((rng % u64::from(KEYS)) as u32);
        if rng >> 63 == 0 {
            let depth = ((rng >> 32) % u64::from(MAX_DEPTH)) as i32;
            let (score, bound) = (score_for(depth, writer), bound_for(depth, writer));
            table.store(key, key_move(key), score, key_eval(key), depth, bound, 0);
            counts.stores += 1;
        } else {
            counts.probes += 1;
            if let Some(hit) = table.probe(key, 0) {
                counts.hits += 1;
                counts.wrong += u64::from(!belongs_to(key, &hit));
            }
            // Look at the raw words too: count torn slots, and check that
            // every slot that does verify holds its own key's data.
            for slot in table.bucket(key).snapshot() {
                if slot.is_empty() {
                    continue;
                }
                counts.slots_scanned += 1;
                if !is_pool_key(slot.key()) {
                    counts.torn += 1;
                } else if !belongs_to(slot.key(), &hit_of(slot)) {
                    counts.wrong += 1;
                }
            }
        }
        if writer == 0 && step % 65_536 == 0 {
            table.new_search();
            counts.wrong += u64::from(table.hashfull() > 1000);
        }
    }
    counts
}

#[test]
fn stress_no_probe_returns_data_of_another_key() {
    let millis = std::env::var("TT_STRESS_MS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(1000);
    let table = TranspositionTable::new(1).unwrap();
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let mut total = Counts::default();
    thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|writer| {
                let (table, stop) = (&table, &stop);
                scope.spawn(move || worker(table, writer, stop))
            })
            .collect();
        thread::sleep(Duration::from_millis(millis));
        stop.store(true, Ordering::Relaxed);
        for handle in handles {
            total.add(&handle.join().unwrap());
        }
    });
    println!(
        "tt stress: {THREADS} threads, {KEYS} keys in {BUCKETS_USED} buckets, {} ms: \
         stores {}, probes {}, hits {}, slots scanned {}, torn slots caught {}, wrong data {}",
        start.elapsed().as_millis(),
        total.stores,
        total.probes,
        total.hits,
        total.slots_scanned,
        total.torn,
        total.wrong,
    );
    assert_eq!(total.wrong, 0, "a probe returned data of another key");
    assert!(total.stores > 0 && total.hits > 0, "{total:?}");
}

#[test]
fn the_checks_would_catch_wrong_data() {
    let (a, b) = (pool_key(3), pool_key(4));
    assert!(is_pool_key(a) && is_pool_key(b));
    assert!(!is_pool_key(a ^ 0x0000_0100_0000_0000));
    let good = TtHit {
        mv: key_move(a),
        score: score_for(7, 2),
        eval: key_eval(a),
        depth: 7,
        bound: bound_for(7, 2),
    };
    assert!(belongs_to(a, &good));
    assert!(!belongs_to(b, &good), "another key's data");
    let mixed = TtHit { depth: 8, ..good };
    assert!(!belongs_to(a, &mixed), "fields from two stores");
}
