//! `smp-bench`: the parallel search's time-to-depth speedup, reproducible with one command.
//!
//! Each middlegame position of the bench is searched to a fixed depth once per thread count
//! and run, with a freshly cleared table and histories, evaluating with the embedded network.
//! A run's speedup for a thread count is the geometric mean over the positions of the first
//! count's time over its time; the figure reported is the median over the runs. Beside it, what
//! explains it: the node rate against the first count's, the search overhead (extra nodes),
//! and whatever the parallel design measured (for split points: helpers, idle time, time
//! waiting on locks, nodes thrown away by cutoffs at split points). Every parallel mode can be
//! measured, so the designs can be compared on the same positions.

use std::sync::Arc;
use std::time::Instant;

use movegen::Position;
use nnue::Network;
use search::{Measure, ParallelMode, ParallelStats, SearchControl, ThreadPool};
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
    /// How the threads share the work.
    pub mode: ParallelMode,
    /// Changes to the split points' limits for every thread count.
    pub overrides: SplitOverrides,
}

/// Split-point limits to compare with a pool's own (those for its number of threads).
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
    /// The split-point design's settings these change, by the names the pool takes.
    pub fn settings(self) -> Vec<(&'static str, i64)> {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let micros = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        [
            self.min_depth.map(|d| ("min_depth", i64::from(d))),
            self.max_helpers.map(|n| ("max_helpers", count(n))),
            self.no_late_join.then_some(("late_join", 0)),
            self.no_cut_node_splits.then_some(("cut_node_splits", 0)),
            self.idle_park_micros
                .map(|m| ("idle_park_micros", micros(m))),
            self.owner_helps_below.then_some(("owner_helps_below", 1)),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// What one thread count did in one run, over all positions.
#[derive(Debug, Default, Clone)]
struct Totals {
    seconds: Vec<f64>,
    nodes: u64,
    stats: ParallelStats,
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
    let mut pools = Vec::new();
    for &n in &bench.threads {
        let mut pool = ThreadPool::new(n);
        pool.set_parallel_mode(bench.mode);
        for (name, value) in bench.overrides.settings() {
            if let Err(e) = pool.set_parallel_setting(name, value) {
                out.notice(&format!("smp-bench: {e}"));
                return;
            }
        }
        pool.set_network(Some(Arc::clone(&network)));
        pools.push(pool);
    }
    let count = bench.positions.clamp(1, MIDDLEGAMES);
    let positions = &crate::bench::POSITIONS[..count];
    let designs: Vec<String> = (bench.threads.iter().zip(&pools))
        .map(|(n, pool)| format!("T{n}: {}", pool.describe_parallel()))
        .collect();
    out.text(&format!(
        "smp-bench: depth {}, {count} positions, {} runs, hash {} MiB; {}",
        bench.depth,
        bench.runs.max(1),
        bench.hash_mb,
        designs.join("; "),
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
                total.stats += &pool.parallel_stats();
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
        let thread_micros = |r: &[Totals]| 1e6 * r[t].time() * threads as f64;
        // The design's counters, each read as it says: a count, a share of the threads'
        // time, or a share of the nodes.
        let names: Vec<&str> = runs[0][t].stats.counters.iter().map(|c| c.0).collect();
        let measured: Vec<String> = names
            .iter()
            .map(|&name| {
                let of = |r: &[Totals]| r[t].stats.get(name);
                match of(&runs[0]) {
                    Some(Measure::Count(_)) => {
                        let n = per_run(&|r| of(r).map_or(0.0, |m| m.value() as f64));
                        format!("{name} {n:.0}")
                    }
                    Some(Measure::ThreadMicros(_)) => {
                        let share = per_run(&|r| {
                            let micros = of(r).map_or(0.0, |m| m.value() as f64);
                            100.0 * micros / thread_micros(r).max(1e-9)
                        });
                        format!("{name} {share:.2}% of thread time")
                    }
                    _ => {
                        let share = per_run(&|r| {
                            let nodes = of(r).map_or(0.0, |m| m.value() as f64);
                            100.0 * nodes / r[t].nodes.max(1) as f64
                        });
                        format!("{name} {share:.1}% of nodes")
                    }
                }
            })
            .collect();
        let measured = if measured.is_empty() {
            String::new()
        } else {
            format!("; {}", measured.join(", "))
        };
        out.text(&format!(
            "Threads {threads}: time-to-depth speedup {:.2}x (median of {} runs; {spread}), \
             time {time:.2}s, nodes {nodes:.0} (overhead {:+.1}%), nps {nps:.0} ({:.2}x){measured}",
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
        assert!(SplitOverrides::default().settings().is_empty());
        let some = SplitOverrides {
            min_depth: Some(9),
            no_late_join: true,
            idle_park_micros: Some(1000),
            ..SplitOverrides::default()
        };
        assert_eq!(
            some.settings(),
            [
                ("min_depth", 9),
                ("late_join", 0),
                ("idle_park_micros", 1000)
            ]
        );
        let all = SplitOverrides {
            max_helpers: Some(4),
            no_cut_node_splits: true,
            owner_helps_below: true,
            ..some
        };
        let mut pool = ThreadPool::new(2);
        for (name, value) in all.settings() {
            pool.set_parallel_setting(name, value)
                .expect("a split-point setting");
        }
        let described = pool.describe_parallel();
        assert!(
            described.contains("depth >= 9, <= 4 helpers, no late join"),
            "{described}"
        );
        assert!(
            described.contains("no cut-node splits, owners help below"),
            "{described}"
        );
        pool.set_parallel_mode(ParallelMode::LazySmp);
        assert!(pool.set_parallel_setting("min_depth", 9).is_err());
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
