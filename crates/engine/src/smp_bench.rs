//! `smp-bench`: the parallel search's time-to-depth speedup, reproducible with one command.
//!
//! Each middlegame position of the bench is searched to a fixed depth once per thread count
//! and run, with a freshly cleared table and histories, evaluating with the embedded network.
//! A run's speedup for a thread count is the geometric mean over the positions of the first
//! count's time over its time; the figure reported is the median over the runs. Beside it, what
//! explains it: the node rate against the first count's, the search overhead (extra nodes),
//! and the split statistics (helpers per split, idle time, time waiting on locks, nodes thrown
//! away by cutoffs at split points).

use std::sync::Arc;
use std::time::Instant;

use movegen::Position;
use nnue::Network;
use search::{SearchControl, SplitConfig, SplitSummary, ThreadPool};
use tt::TranspositionTable;

use crate::output::Output;

/// The bench positions that are not endgames.
pub const MIDDLEGAMES: usize = 42;

/// What `smp-bench` measures.
#[derive(Clone, Debug)]
pub struct SmpBench {
    /// The depth of every search.
    pub depth: u32,
    /// The thread counts, the first being the baseline.
    pub threads: Vec<usize>,
    /// The hash table, MiB.
    pub hash_mb: usize,
    /// How many times every search is repeated.
    pub runs: usize,
    /// How many of the middlegame positions, from the first.
    pub positions: usize,
    /// Changes to the parallel search's limits for every thread count.
    pub overrides: SplitOverrides,
}

/// Limits to compare with a pool's own ([`SplitConfig::for_threads`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitOverrides {
    /// Nodes at least this many plies from the leaves may split.
    pub min_depth: Option<i32>,
    /// The most helpers one split point takes.
    pub max_helpers: Option<usize>,
    /// Idle threads only wait to be assigned.
    pub no_late_join: bool,
    /// Expected cut nodes never split.
    pub no_cut_node_splits: bool,
    /// Microseconds an idle thread sleeps between looks for work.
    pub idle_park_micros: Option<u64>,
    /// A waiting owner helps anywhere below its split point, not only at its helpers'.
    pub owner_helps_below: bool,
}

impl SplitOverrides {
    /// The limits for `threads` threads, changed as asked.
    pub fn config(self, threads: usize) -> SplitConfig {
        let own = SplitConfig::for_threads(threads);
        SplitConfig {
            min_depth: self.min_depth.unwrap_or(own.min_depth),
            max_helpers: self.max_helpers.unwrap_or(own.max_helpers),
            late_join: own.late_join && !self.no_late_join,
            cut_node_splits: own.cut_node_splits && !self.no_cut_node_splits,
            idle_park_micros: self.idle_park_micros.unwrap_or(own.idle_park_micros),
            owner_helps_below: own.owner_helps_below || self.owner_helps_below,
            ..own
        }
    }
}

/// What one thread count did in one run, over all positions.
#[derive(Debug, Default, Clone)]
struct Totals {
    seconds: Vec<f64>,
    nodes: u64,
    splits: SplitSummary,
}

impl Totals {
    fn time(&self) -> f64 {
        self.seconds.iter().sum()
    }
}

/// The median of `values` (0 for none).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// The geometric mean over positions of `base`'s time over `other`'s.
fn speedup(base: &Totals, other: &Totals) -> f64 {
    let n = other.seconds.len().max(1) as f64;
    let log_sum: f64 = base
        .seconds
        .iter()
        .zip(&other.seconds)
        .map(|(b, s)| (b / s.max(1e-9)).ln())
        .sum();
    (log_sum / n).exp()
}

/// Runs the comparison and prints a line per position and run, then a summary per count.
pub fn run(bench: &SmpBench, out: &dyn Output) {
    let mut tt = match TranspositionTable::new(bench.hash_mb) {
        Ok(tt) => Arc::new(tt),
        Err(e) => {
            out.notice(&format!("smp-bench: {e}"));
            return;
        }
    };
    let network = Network::embedded_shared();
    let control = Arc::new(SearchControl::default());
    let mut pools: Vec<ThreadPool> = bench
        .threads
        .iter()
        .map(|&n| {
            let mut pool = ThreadPool::new(n);
            pool.set_split_config(bench.overrides.config(n));
            pool.set_network(Some(Arc::clone(&network)));
            pool
        })
        .collect();
    let count = bench.positions.clamp(1, MIDDLEGAMES);
    let positions = &crate::bench::POSITIONS[..count];
    let limits: Vec<String> = bench
        .threads
        .iter()
        .map(|&n| {
            let c = bench.overrides.config(n);
            let late = if c.late_join {
                "late join"
            } else {
                "no late join"
            };
            let cuts = if c.cut_node_splits {
                ""
            } else {
                ", no cut-node splits"
            };
            let owners = if c.owner_helps_below {
                "owners help below"
            } else {
                "owners help helpers"
            };
            format!(
                "T{n}: depth >= {}, <= {} helpers, {late}{cuts}, {owners}, idle park {} us",
                c.min_depth, c.max_helpers, c.idle_park_micros
            )
        })
        .collect();
    out.text(&format!(
        "smp-bench: depth {}, {count} positions, {} runs, hash {} MiB; split limits {}",
        bench.depth,
        bench.runs.max(1),
        bench.hash_mb,
        limits.join("; "),
    ));
    // runs[r][t]: what thread count t did in run r.
    let mut runs: Vec<Vec<Totals>> = Vec::new();
    for run in 0..bench.runs.max(1) {
        let mut totals = vec![Totals::default(); bench.threads.len()];
        for (i, fen) in positions.iter().enumerate() {
            let Ok(position) = Position::from_fen(fen) else {
                continue;
            };
            let mut line = format!("run {} position {:>2}:", run + 1, i + 1);
            for (t, &threads) in bench.threads.iter().enumerate() {
                // Every search has returned, so the table is no longer shared.
                if let Some(table) = Arc::get_mut(&mut tt) {
                    table.clear(threads);
                }
                let pool = &mut pools[t];
                pool.clear();
                let request = crate::bench::fixed_depth_request(position.clone(), bench.depth);
                let start = Instant::now();
                let outcome = pool.search(&request, &tt, &control, &mut |_| {});
                let seconds = start.elapsed().as_secs_f64();
                let total = &mut totals[t];
                total.seconds.push(seconds);
                total.nodes += outcome.nodes;
                total.splits += outcome.splits;
                line.push_str(&format!(
                    "  T{threads} {seconds:7.3}s {:>10} nodes",
                    outcome.nodes
                ));
            }
            out.text(&line);
        }
        runs.push(totals);
    }
    summarize(bench, &runs, out);
}

/// The summary line of each thread count: medians over the runs.
fn summarize(bench: &SmpBench, runs: &[Vec<Totals>], out: &dyn Output) {
    let per_run = |f: &dyn Fn(&[Totals]) -> f64| median(runs.iter().map(|r| f(r)).collect());
    let base_nps = per_run(&|r| r[0].nodes as f64 / r[0].time().max(1e-9));
    let base_nodes = per_run(&|r| r[0].nodes as f64);
    for (t, &threads) in bench.threads.iter().enumerate() {
        let speedups: Vec<f64> = runs.iter().map(|r| speedup(&r[0], &r[t])).collect();
        let spread = format!(
            "{:.2}-{:.2}",
            speedups.iter().copied().fold(f64::INFINITY, f64::min),
            speedups.iter().copied().fold(0.0, f64::max)
        );
        let time = per_run(&|r| r[t].time());
        let nodes = per_run(&|r| r[t].nodes as f64);
        let nps = per_run(&|r| r[t].nodes as f64 / r[t].time().max(1e-9));
        let thread_seconds = |r: &[Totals]| 1e6 * r[t].time() * threads as f64;
        let share = |micros: &dyn Fn(&SplitSummary) -> u64| {
            per_run(&|r| 100.0 * micros(&r[t].splits) as f64 / thread_seconds(r).max(1e-9))
        };
        let idle = share(&|s| s.idle_micros);
        let owner_idle = share(&|s| s.owner_idle_micros);
        let lock_wait = share(&|s| s.lock_wait_micros);
        let split_lock_wait = share(&|s| s.split_lock_wait_micros);
        let of_nodes = |count: &dyn Fn(&SplitSummary) -> u64| {
            per_run(&|r| 100.0 * count(&r[t].splits) as f64 / r[t].nodes.max(1) as f64)
        };
        let wasted = of_nodes(&|s| s.wasted_nodes);
        let helper_nodes = of_nodes(&|s| s.helper_nodes);
        let splits = per_run(&|r| r[t].splits.splits as f64);
        let root_splits = per_run(&|r| r[t].splits.root_splits as f64);
        let late_joins = per_run(&|r| r[t].splits.late_joins as f64);
        let helpers = per_run(&|r| r[t].splits.helpers as f64 / r[t].splits.splits.max(1) as f64);
        let cutoffs = per_run(&|r| r[t].splits.cutoffs as f64);
        out.text(&format!(
            "Threads {threads}: time-to-depth speedup {:.2}x (median of {} runs; {spread}), \
             time {time:.2}s, nodes {nodes:.0} (overhead {:+.1}%), nps {nps:.0} ({:.2}x), \
             splits {splits:.0} ({root_splits:.0} at the root, {late_joins:.0} late joins), \
             helpers/split {helpers:.2}, cutoffs {cutoffs:.0}, helper nodes {helper_nodes:.1}%, \
             wasted nodes {wasted:.1}%, idle {idle:.1}% ({owner_idle:.1}% owners waiting \
             for helpers) and lock wait {lock_wait:.2}% \
             ({split_lock_wait:.2}% at split points) of thread time",
            median(speedups),
            runs.len(),
            100.0 * (nodes / base_nodes.max(1.0) - 1.0),
            nps / base_nps.max(1e-9),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_change_only_what_they_name() {
        let none = SplitOverrides::default();
        assert_eq!(none.config(16), SplitConfig::for_threads(16));
        let depth = SplitOverrides {
            min_depth: Some(9),
            no_late_join: true,
            ..SplitOverrides::default()
        };
        let config = depth.config(2);
        assert_eq!((config.min_depth, config.late_join), (9, false));
        assert!(config.cut_node_splits);
        let all_nodes = SplitOverrides {
            no_cut_node_splits: true,
            ..SplitOverrides::default()
        };
        assert!(!all_nodes.config(8).cut_node_splits);
        assert_eq!(config.max_helpers, SplitConfig::for_threads(2).max_helpers);
        let park = SplitOverrides {
            idle_park_micros: Some(1000),
            ..SplitOverrides::default()
        };
        assert_eq!(park.config(16).idle_park_micros, 1000);
        assert!(!park.config(16).owner_helps_below);
        let below = SplitOverrides {
            owner_helps_below: true,
            ..SplitOverrides::default()
        };
        assert!(below.config(16).owner_helps_below);
        assert_eq!(
            park.config(16).min_depth,
            SplitConfig::for_threads(16).min_depth
        );
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(Vec::new()), 0.0);
    }

    #[test]
    fn speedup_is_the_geometric_mean_of_the_ratios() {
        let base = Totals {
            seconds: vec![4.0, 1.0],
            ..Totals::default()
        };
        let other = Totals {
            seconds: vec![1.0, 1.0],
            ..Totals::default()
        };
        assert!((speedup(&base, &other) - 2.0).abs() < 1e-12);
    }
}
