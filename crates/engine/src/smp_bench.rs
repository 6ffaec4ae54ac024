//! `smp-bench`: the parallel search's time-to-depth speedup, reproducible with one command.
//!
//! Each middlegame position of the bench is searched to a fixed depth once per thread count,
//! with a freshly cleared table and histories, and the times are compared with the first
//! thread count's: the geometric mean of the per-position ratios is the speedup. Node rates
//! and the split statistics are printed too.

use std::sync::Arc;
use std::time::Instant;

use movegen::Position;
use search::{SearchControl, SplitSummary, ThreadPool};
use tt::TranspositionTable;

use crate::output::Output;

/// The bench positions that are not endgames.
const MIDDLEGAMES: usize = 42;

/// What one thread count did over all positions.
#[derive(Debug, Default)]
struct Totals {
    seconds: Vec<f64>,
    nodes: u64,
    splits: SplitSummary,
}

/// Runs the comparison: `depth` plies, each count in `threads`, `hash_mb` of table.
pub fn run(depth: u32, threads: &[usize], hash_mb: usize, out: &dyn Output) {
    let mut tt = match TranspositionTable::new(hash_mb) {
        Ok(tt) => Arc::new(tt),
        Err(e) => {
            out.notice(&format!("smp-bench: {e}"));
            return;
        }
    };
    let control = Arc::new(SearchControl::default());
    let mut pools: Vec<ThreadPool> = threads.iter().map(|&n| ThreadPool::new(n)).collect();
    let positions = &crate::bench::POSITIONS[..MIDDLEGAMES];
    let mut totals: Vec<Totals> = threads.iter().map(|_| Totals::default()).collect();
    for (i, fen) in positions.iter().enumerate() {
        let Ok(position) = Position::from_fen(fen) else {
            continue;
        };
        let mut line = format!("position {:>2}:", i + 1);
        for (t, &count) in threads.iter().enumerate() {
            // Every search has returned, so the table is no longer shared.
            if let Some(table) = Arc::get_mut(&mut tt) {
                table.clear(count);
            }
            let pool = &mut pools[t];
            pool.clear();
            let request = crate::bench::fixed_depth_request(position.clone(), depth);
            let start = Instant::now();
            let outcome = pool.search(&request, &tt, &control, &mut |_| {});
            let seconds = start.elapsed().as_secs_f64();
            let total = &mut totals[t];
            total.seconds.push(seconds);
            total.nodes += outcome.nodes;
            total.splits += outcome.splits;
            line.push_str(&format!(
                "  T{count} {seconds:7.3}s {:>10} nodes",
                outcome.nodes
            ));
        }
        out.text(&line);
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
        out.text(&format!(
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
