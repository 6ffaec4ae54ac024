//! What the engine prints, as a GUI reads it.

// The harness serves several test targets; this one does not use all of it.
#[allow(dead_code)]
mod engine_harness;

use std::time::{Duration, Instant};

use engine_harness::Engine;

/// A perft divide line, `<move>: <count>`.
fn divide_count(line: &str) -> Option<u64> {
    let (mv, count) = line.split_once(": ")?;
    let square = |s: &str| s.len() == 2 && s.as_bytes()[1].is_ascii_digit();
    (mv.len() >= 4 && square(&mv[..2]) && square(&mv[2..4]))
        .then(|| count.parse().ok())
        .flatten()
}

#[test]
fn a_stopped_perft_prints_what_it_counted_and_says_it_is_incomplete() {
    let mut e = Engine::start();
    e.send("go perft 7");
    // Root moves come as they are counted, long before the total.
    let first = e.read_until(|l| divide_count(l).is_some());
    assert_eq!(first.len(), 1, "{first:#?}");
    e.send("stop");
    let stopped = Instant::now();
    let mut lines = e.read_until(|l| l.starts_with("Mnps: "));
    assert!(
        stopped.elapsed() < Duration::from_secs(10),
        "the stop took {:?}",
        stopped.elapsed()
    );
    lines.insert(0, first[0].clone());
    let counts: Vec<u64> = lines.iter().filter_map(|l| divide_count(l)).collect();
    assert!(!counts.is_empty() && counts.len() < 20, "{lines:#?}");
    let total = format!(
        "Nodes searched: {} (incomplete: {} of 20 root moves counted)",
        counts.iter().sum::<u64>(),
        counts.len()
    );
    assert!(lines.contains(&total), "{lines:#?}");
    // The engine goes on: a complete perft has the plain total.
    e.send("go perft 3");
    let lines = e.read_until(|l| l.starts_with("Mnps: "));
    assert!(
        lines.iter().any(|l| l == "Nodes searched: 8902"),
        "{lines:#?}"
    );
    assert_eq!(lines.iter().filter_map(|l| divide_count(l)).count(), 20);
}

#[test]
fn quit_ends_a_perft_at_once() {
    let mut e = Engine::start();
    e.send("go perft 8");
    e.sync();
    e.send("quit");
    let lines = e.read_until(|l| l.starts_with("Nodes searched: "));
    assert!(
        lines.last().unwrap().contains("(incomplete: "),
        "{lines:#?}"
    );
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(true));
}
