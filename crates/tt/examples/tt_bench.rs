//! Probe and store throughput of the transposition table, on one thread and
//! on several. A measurement to run by hand, not a test:
//!
//! ```text
//! cargo run --release -p tt --example tt_bench -- [megabytes] [threads] [ops] [huge|standard]
//! ```
//!
//! Defaults: 64 MiB, every available core, 4 million operations per thread
//! per phase, huge pages. It first times creating the table (allocation and
//! the parallel fill that faults its pages in) and clearing it. Keys are random, so nearly every access misses the CPU caches,
//! as in a search on a table much larger than the caches.

use std::hint::black_box;
use std::process::ExitCode;
use std::thread;
use std::time::Instant;

use tt::{Bound, PageSize, TranspositionTable};

/// A small, fast generator of random keys (xorshift64*).
struct Keys(u64);

impl Keys {
    fn new(stream: usize) -> Self {
        Self(0x9E37_79B9_7F4A_7C15 ^ (stream as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    fn next_key(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn store_all(table: &TranspositionTable, stream: usize, ops: usize) {
    let mut keys = Keys::new(stream);
    for i in 0..ops {
        let key = keys.next_key();
        let depth = (i % 32) as i32;
        table.store(
            key,
            key as u16,
            (key >> 48) as i32 / 4,
            0,
            depth,
            Bound::Lower,
            0,
        );
    }
}

/// Probes `ops` keys of `stream`. Returns the hits.
fn probe_all(table: &TranspositionTable, stream: usize, ops: usize) -> usize {
    let mut keys = Keys::new(stream);
    let mut hits = 0;
    for _ in 0..ops {
        hits += usize::from(black_box(table.probe(keys.next_key(), 0)).is_some());
    }
    hits
}

/// Runs `work` on `threads` threads (stream = thread index) and prints the
/// throughput of `ops` operations each.
fn phase(name: &str, threads: usize, ops: usize, work: impl Fn(usize) -> usize + Sync) {
    let start = Instant::now();
    let hits: usize = thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|stream| {
                let work = &work;
                scope.spawn(move || work(stream))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    });
    let seconds = start.elapsed().as_secs_f64();
    let total = (threads * ops) as f64;
    println!(
        "{name:<34} {threads:>2} thr  {:>7.1} Mops/s  {:>6.1} ns/op per thread  hits {:>5.1}%",
        total / seconds / 1e6,
        seconds * 1e9 / ops as f64,
        100.0 * hits as f64 / total,
    );
}

fn arg(index: usize, default: usize) -> Result<usize, String> {
    match std::env::args().nth(index) {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| format!("not a number: {text}")),
    }
}

fn main() -> ExitCode {
    let cores = thread::available_parallelism().map_or(1, usize::from);
    let (megabytes, threads, ops) = match (arg(1, 64), arg(2, cores), arg(3, 4_000_000)) {
        (Ok(m), Ok(t), Ok(o)) => (m, t.max(1), o.max(1)),
        (Err(e), ..) | (_, Err(e), _) | (.., Err(e)) => {
            eprintln!("{e}\nusage: tt_bench [megabytes] [threads] [ops]");
            return ExitCode::FAILURE;
        }
    };
    let pages = match std::env::args().nth(4).as_deref() {
        None | Some("huge") => PageSize::Huge,
        Some("standard") => PageSize::Standard,
        Some(other) => {
            eprintln!("pages must be huge or standard, not {other}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    let mut table = match TranspositionTable::with_pages(megabytes, pages, threads) {
        Ok(table) => table,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let created = start.elapsed();
    let start = Instant::now();
    table.clear(threads);
    println!(
        "tt_bench: {megabytes} MiB on {pages:?} pages, {ops} ops per thread per phase\n\
         create {:.3} s, clear {:.3} s ({threads} threads)",
        created.as_secs_f64(),
        start.elapsed().as_secs_f64()
    );

    for count in [1, threads] {
        // Threads store disjoint key streams, then probe their own streams.
        table.clear(threads);
        let t = &table;
        phase("store (random keys)", count, ops, |s| {
            store_all(t, s, ops);
            0
        });
        phase("probe (stored keys)", count, ops, |s| probe_all(t, s, ops));
        phase("probe (absent keys)", count, ops, |s| {
            probe_all(t, s + 1000, ops)
        });
        println!("hashfull {} permille", table.hashfull());
        if threads == 1 {
            break;
        }
    }
    ExitCode::SUCCESS
}
