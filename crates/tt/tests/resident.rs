//! The process's resident memory while a large table is created, cleared and resized: never
//! more than one table plus a small margin (no moment with two tables), every page of a fresh
//! table already touched (its page faults are taken while it is filled, not in the search), and
//! the memory given back when the table goes.
//!
//! Linux only (it reads `VmRSS` and `VmHWM` from `/proc/self/status`); elsewhere it passes with
//! a note. The only test in this file, so that no other test's memory shares the process. Run
//! in release mode: filling a gigabyte unoptimized is slow.

use tt::{PageSize, TranspositionTable};

const TABLE_MIB: u64 = 1024;

/// Allowed above the table: the allocator's bookkeeping, thread stacks, the test harness.
const MARGIN_MIB: u64 = 64;

/// A `kB` line of a `/proc` file, in MiB.
fn proc_mib(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix(field))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kib / 1024)
}

fn status_mib(field: &str) -> Option<u64> {
    proc_mib("/proc/self/status", field)
}

#[test]
#[cfg_attr(debug_assertions, ignore = "fills a 1 GiB table: run with --release")]
fn a_large_table_never_holds_more_than_itself() {
    let (Some(before), Some(available)) = (
        status_mib("VmRSS:"),
        proc_mib("/proc/meminfo", "MemAvailable:"),
    ) else {
        eprintln!("note: no /proc/self/status on this platform; resident memory not checked");
        return;
    };
    if available < 3 * TABLE_MIB {
        eprintln!("note: only {available} MiB available; resident memory not checked");
        return;
    }
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
    let ceiling = before + TABLE_MIB + MARGIN_MIB;
    let peak = || status_mib("VmHWM:").expect("VmHWM");
    let resident = || status_mib("VmRSS:").expect("VmRSS");

    let mut table = TranspositionTable::with_pages(TABLE_MIB as usize, PageSize::Huge, threads)
        .expect("1 GiB table");
    assert!(
        resident() + MARGIN_MIB >= before + TABLE_MIB,
        "a fresh table is resident (its pages touched): {} MiB, {before} MiB before",
        resident()
    );
    for round in 0..3 {
        table.clear(threads);
        assert!(peak() <= ceiling, "clear {round}: peak {} MiB", peak());
    }
    // Resizes in every direction, including to the same size on other pages.
    for (megabytes, pages) in [
        (TABLE_MIB, PageSize::Standard),
        (TABLE_MIB / 2, PageSize::Huge),
        (TABLE_MIB, PageSize::Huge),
        (TABLE_MIB, PageSize::Huge),
    ] {
        table
            .resize(megabytes as usize, pages, threads)
            .expect("resize within the available memory");
        table.clear(threads);
        assert!(
            peak() <= ceiling,
            "after resize to {megabytes} MiB: peak {} MiB, ceiling {ceiling} MiB",
            peak()
        );
    }
    drop(table);
    assert!(
        resident() < before + MARGIN_MIB,
        "memory given back: {} MiB resident, {before} MiB before",
        resident()
    );
}
