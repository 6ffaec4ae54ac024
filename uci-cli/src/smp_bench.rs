//! `smp-bench`: the parallel search's time-to-depth speedup, reproducible with one command.
//!
//! Each middlegame position of the bench is searched to a depth once per thread count, with a
//! freshly cleared table and histories, and the time to complete that depth is compared with
//! the first thread count's: the geometric mean of the per-position ratios is the speedup.
//! The depth is either fixed, or chosen per position as the first one the first thread count
//! completes after a minimum time, so that no search is too short to measure. Node rates and
//! the split statistics are printed too.

use std::str::FromStr;
use std::time::{Duration, Instant};

use movegen::Position;
use search::{History, ScoreBound, SearchControl, SearchEvent, SplitSummary};
use tt::TranspositionTable;

use crate::output::{info_string, send};

/// The bench positions that are not endgames.
const MIDDLEGAMES: usize = 42;

/// How deep each position is searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// The same depth everywhere.
    Depth(u32),
    /// Per position, the first depth that the first thread count completes after at least
    /// this long; the other thread counts search to that depth.
    MinTime(Duration),
}

impl FromStr for Target {
    type Err = String;

    /// `20` is a depth, `3s` a minimum time per position.
    fn from_str(text: &str) -> Result<Target, String> {
        if let Some(seconds) = text.strip_suffix('s') {
            match seconds.parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 && s <= 3600.0 => {
                    Ok(Target::MinTime(Duration::from_secs_f64(s)))
                }
                _ => Err(format!(
                    "'{text}': a minimum time is seconds between 0 and 3600, like 3s"
                )),
            }
        } else {
            match text.parse::<u32>() {
                Ok(d) if (1..=search::MAX_DEPTH as u32).contains(&d) => Ok(Target::Depth(d)),
                _ => Err(format!(
                    "'{text}': a depth is 1 to {} (or a minimum time like 3s)",
                    search::MAX_DEPTH
                )),
            }
        }
    }
}

/// One search: the depth it completed, how long that took and how many nodes it used.
#[derive(Clone, Copy, Debug)]
pub struct Measurement {
    pub depth: u32,
    pub seconds: f64,
    pub nodes: u64,
    pub splits: SplitSummary,
}

/// Searches `position` with `threads` threads on a cleared table until `target` is met, and
/// measures the time to the end of the last iteration it completed (as the search itself
/// reports it, so both thread counts are timed the same way).
pub fn measure(
    position: &Position,
    target: Target,
    threads: usize,
    tt: &mut TranspositionTable,
) -> Measurement {
    tt.clear(threads);
    let control = SearchControl::default();
    let mut histories: Vec<History> = Vec::new();
    let (depth, min_time) = match target {
        Target::Depth(d) => (d, Duration::ZERO),
        Target::MinTime(t) => (search::MAX_DEPTH as u32, t),
    };
    let request = crate::bench::fixed_depth_request(position.clone(), depth, threads);
    let mut last = None;
    let start = Instant::now();
    let outcome = search::search(&request, tt, &control, &mut histories, &mut |event| {
        // An exact first line closes an iteration (bounds are aspiration failures).
        if let SearchEvent::Info(info) = event {
            if info.multipv == 1 && info.bound == ScoreBound::Exact && !control.stop_requested() {
                last = Some((info.depth, info.elapsed, info.nodes));
                if info.elapsed >= min_time && !min_time.is_zero() {
                    control.request_stop();
                }
            }
        }
    });
    let (depth, elapsed, nodes) = last.unwrap_or((outcome.depth, start.elapsed(), outcome.nodes));
    Measurement {
        depth,
        seconds: elapsed.as_secs_f64(),
        nodes,
        splits: outcome.splits,
    }
}

/// What one thread count did over all positions.
#[derive(Debug, Default)]
struct Totals {
    seconds: Vec<f64>,
    nodes: u64,
    splits: SplitSummary,
}

/// Runs the comparison: each count in `threads` (the first is the reference) to `target` on
/// every position, with `hash_mb` of table.
pub fn run(target: Target, threads: &[usize], hash_mb: usize) {
    let mut tt = match TranspositionTable::new(hash_mb) {
        Ok(tt) => tt,
        Err(e) => {
            info_string(&format!("smp-bench: {e}"));
            return;
        }
    };
    let positions = &crate::bench::POSITIONS[..MIDDLEGAMES];
    let mut totals: Vec<Totals> = threads.iter().map(|_| Totals::default()).collect();
    for (i, fen) in positions.iter().enumerate() {
        let Ok(position) = Position::from_fen(fen) else {
            continue;
        };
        let mut line = format!("position {:>2}:", i + 1);
        let mut target = target;
        for (t, &count) in threads.iter().enumerate() {
            let m = measure(&position, target, count, &mut tt);
            if t == 0 {
                line.push_str(&format!(" depth {:>2}", m.depth));
                target = Target::Depth(m.depth);
            }
            let total = &mut totals[t];
            total.seconds.push(m.seconds);
            total.nodes += m.nodes;
            total.splits += m.splits;
            line.push_str(&format!(
                "  T{count} {:7.3}s {:>10} nodes",
                m.seconds, m.nodes
            ));
        }
        send(&line);
    }
    let base = &totals[0];
    for (t, &count) in threads.iter().enumerate() {
        let total = &totals[t];
        let time: f64 = total.seconds.iter().sum();
        let log_ratio: f64 = base
            .seconds
            .iter()
            .zip(&total.seconds)
            .map(|(b, s)| (b / s.max(1e-9)).ln())
            .sum::<f64>()
            / total.seconds.len().max(1) as f64;
        let nps = total.nodes as f64 / time.max(1e-9);
        let s = &total.splits;
        send(&format!(
            "Threads {count}: time {time:.2}s, nodes {}, nps {nps:.0}, time-to-depth speedup {:.2}x (geometric mean), splits {} ({} at the root), helpers/split {:.2}, cutoffs {}, helper nodes {:.1}%, idle {:.1}% of thread time",
            total.nodes,
            log_ratio.exp(),
            s.splits,
            s.root_splits,
            s.helpers as f64 / (s.splits.max(1)) as f64,
            s.cutoffs,
            100.0 * s.helper_nodes as f64 / total.nodes.max(1) as f64,
            100.0 * s.idle_micros as f64 / (1e6 * time * count as f64).max(1e-9),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse_as_depths_or_minimum_times() {
        assert_eq!("20".parse(), Ok(Target::Depth(20)));
        assert_eq!(
            "2.5s".parse(),
            Ok(Target::MinTime(Duration::from_millis(2500)))
        );
        for bad in [
            "0", "0s", "-1s", "NaNs", "infs", "1e9s", "s", "", "abc", "999",
        ] {
            assert!(bad.parse::<Target>().is_err(), "{bad:?} must be refused");
        }
    }

    #[test]
    fn a_minimum_time_picks_the_first_depth_completed_after_it() {
        let position = Position::startpos();
        let mut tt = TranspositionTable::new(16).expect("16 MB table");
        let quick = measure(&position, Target::Depth(3), 1, &mut tt);
        assert_eq!(quick.depth, 3);
        let min = Duration::from_millis(50);
        let m = measure(&position, Target::MinTime(min), 1, &mut tt);
        assert!(m.seconds >= min.as_secs_f64(), "{m:?}");
        // The same depth again, searched alone, completes at the same node count: the stop
        // came after that iteration was complete.
        let again = measure(&position, Target::Depth(m.depth), 1, &mut tt);
        assert_eq!(again.depth, m.depth);
        assert_eq!(again.nodes, m.nodes);
    }
}
