//! `bench` and `smp-bench`: their command lines; the searches are the engine's.

use clap::Args;
use engine::{bench, smp_bench};
use search::{MAX_THREADS, ParallelMode};

use crate::evaluation::Evaluation;
use crate::output::Stdout;

/// One word after `bench`: a depth, or the evaluation to bench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchWord {
    /// The depth of every search.
    Depth(u32),
    /// The evaluation.
    Evaluation(Evaluation),
}

fn bench_word(word: &str) -> Result<BenchWord, String> {
    if let Some(evaluation) = Evaluation::from_word(word) {
        return Ok(BenchWord::Evaluation(evaluation));
    }
    word.parse()
        .map(BenchWord::Depth)
        .map_err(|_| format!("'{word}' is neither a depth nor nnue or hce"))
}

/// What `tsubame bench ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct BenchArgs {
    /// The depth (default 11) and the evaluation, `nnue` (the default) or `hce`, in either
    /// order; a word given twice takes the last value.
    #[arg(value_name = "DEPTH|nnue|hce", value_parser = bench_word)]
    pub words: Vec<BenchWord>,
}

impl BenchArgs {
    /// The depth asked for (`None`: the bench's own).
    pub fn depth(&self) -> Option<u32> {
        self.words.iter().rev().find_map(|word| match word {
            BenchWord::Depth(depth) => Some(*depth),
            BenchWord::Evaluation(_) => None,
        })
    }

    /// The evaluation asked for.
    pub fn evaluation(&self) -> Evaluation {
        self.words
            .iter()
            .rev()
            .find_map(|word| match word {
                BenchWord::Evaluation(evaluation) => Some(*evaluation),
                BenchWord::Depth(_) => None,
            })
            .unwrap_or_default()
    }
}

/// Runs `tsubame bench`: the build's name and version first, so a recorded run says which
/// build it measured; the last line is `N nodes M nps`, which OpenBench reads.
pub fn run(args: &BenchArgs) {
    crate::output::send(crate::NAME_AND_VERSION);
    bench::run(args.depth(), args.evaluation().embedded_network(), &Stdout);
}

/// Thread counts as `smp-bench` takes them, `1,2,4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadCounts(pub Vec<usize>);

fn thread_counts(text: &str) -> Result<ThreadCounts, String> {
    let counts = text
        .split(',')
        .map(|t| match t.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
            _ => Err(format!(
                "'{t}' is not a thread count from 1 to {MAX_THREADS}"
            )),
        })
        .collect::<Result<_, _>>()?;
    Ok(ThreadCounts(counts))
}

fn parallel_mode(word: &str) -> Result<ParallelMode, String> {
    ParallelMode::from_name(word).ok_or_else(|| {
        let names: Vec<&str> = ParallelMode::ALL.iter().map(|m| m.name()).collect();
        format!("not a parallel mode (one of {})", names.join(", "))
    })
}

/// What `tsubame smp-bench ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct SmpBenchArgs {
    /// The depth of every search.
    #[arg(default_value_t = 14)]
    pub depth: u32,
    /// The thread counts to compare, separated by commas.
    #[arg(value_name = "THREADS,...", default_value = "1,2", value_parser = thread_counts)]
    pub threads: ThreadCounts,
    /// The hash table, MiB.
    #[arg(value_name = "HASH_MB", default_value_t = 256)]
    pub hash_mb: usize,
    /// How many times every search is repeated (the figures are medians over the runs).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..))]
    pub runs: u16,
    /// How many of the bench's middlegame positions to search, from the first.
    #[arg(long, default_value_t = smp_bench::MIDDLEGAMES as u16,
          value_parser = clap::value_parser!(u16).range(1..=smp_bench::MIDDLEGAMES as i64))]
    pub positions: u16,
    /// How the threads share the work, as the UCI option `SMP Mode` names it (`split-points`,
    /// `lazy-smp` or `sequential`); the split-point options below apply to split points only.
    #[arg(long, default_value = "split-points", value_parser = parallel_mode)]
    pub mode: ParallelMode,
    /// Nodes at least this many plies from the leaves may split (default: by thread count).
    #[arg(long)]
    pub min_split_depth: Option<i32>,
    /// The most helpers one split point takes (default: by thread count).
    #[arg(long)]
    pub max_helpers: Option<usize>,
    /// Idle threads wait to be assigned instead of joining running split points.
    #[arg(long)]
    pub no_late_join: bool,
    /// Expected cut nodes never split (only PV nodes and expected all-nodes).
    #[arg(long)]
    pub no_cut_node_splits: bool,
    /// Microseconds an idle thread sleeps between looks for a split point to join (default:
    /// by thread count and cores).
    #[arg(long)]
    pub idle_park_micros: Option<u64>,
    /// An owner waiting for its helpers helps anywhere below its split point, not only at
    /// split points its helpers opened.
    #[arg(long)]
    pub owner_helps_below: bool,
}

/// Runs `tsubame smp-bench`: the time-to-depth speedup of each thread count.
pub fn run_smp(args: &SmpBenchArgs) {
    let bench = smp_bench::SmpBench {
        depth: args.depth,
        threads: args.threads.0.clone(),
        hash_mb: args.hash_mb,
        runs: usize::from(args.runs),
        positions: usize::from(args.positions),
        mode: args.mode,
        overrides: smp_bench::SplitOverrides {
            min_depth: args.min_split_depth,
            max_helpers: args.max_helpers,
            no_late_join: args.no_late_join,
            no_cut_node_splits: args.no_cut_node_splits,
            idle_park_micros: args.idle_park_micros,
            owner_helps_below: args.owner_helps_below,
        },
    };
    smp_bench::run(&bench, &Stdout);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_words_are_depths_or_evaluations() {
        assert_eq!(bench_word("13"), Ok(BenchWord::Depth(13)));
        assert_eq!(
            bench_word("hce"),
            Ok(BenchWord::Evaluation(Evaluation::Hce))
        );
        assert!(bench_word("-1").is_err());
        assert!(bench_word("deep").is_err());
        let args = BenchArgs {
            words: vec![BenchWord::Evaluation(Evaluation::Hce), BenchWord::Depth(9)],
        };
        assert_eq!(
            (args.depth(), args.evaluation()),
            (Some(9), Evaluation::Hce)
        );
        let none = BenchArgs { words: vec![] };
        assert_eq!((none.depth(), none.evaluation()), (None, Evaluation::Nnue));
    }

    #[test]
    fn thread_counts_are_within_the_search_limit() {
        assert_eq!(thread_counts("1,2,4"), Ok(ThreadCounts(vec![1, 2, 4])));
        for bad in ["", "0", "1,,2", "two", &(MAX_THREADS + 1).to_string()] {
            assert!(thread_counts(bad).is_err(), "{bad}");
        }
    }
}
