//! `bench` with Stockfish's arguments, `bench [hash] [threads] [limit] [fenfile] [limittype]`:
//! a table size, a thread count, positions (the bench's own, the current position, or a file
//! of FENs) and a limit per position (a depth, a node count, a move time, or a perft depth).
//! The plain `bench` is this with the defaults, and keeps its output and signature: one thread
//! searches exactly as [`crate::bench::run`] does.

use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use movegen::Position;
use nnue::Network;
use search::{SearchControl, SearchRequest, ThreadPool, Worker};
use timeman::{Limits, Millis};
use tt::TranspositionTable;

use crate::bench::{DEFAULT_DEPTH, POSITIONS};
use crate::output::Output;

/// Where a bench's positions come from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum BenchPositions {
    /// The bench's own ([`POSITIONS`]).
    #[default]
    Default,
    /// The position of the last `position` command.
    Current,
    /// A file with a FEN (or EPD) per line.
    File(String),
}

/// What the limit of a bench counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BenchLimit {
    /// Plies of search (`go depth`).
    Depth,
    /// Nodes per position (`go nodes`).
    Nodes,
    /// Milliseconds per position (`go movetime`).
    Movetime,
    /// A perft to this depth instead of a search.
    Perft,
}

impl BenchLimit {
    /// The limit type by Stockfish's name.
    pub fn from_name(name: &str) -> Option<BenchLimit> {
        match name {
            "depth" => Some(BenchLimit::Depth),
            "nodes" => Some(BenchLimit::Nodes),
            "movetime" => Some(BenchLimit::Movetime),
            "perft" => Some(BenchLimit::Perft),
            _ => None,
        }
    }
}

impl fmt::Display for BenchLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BenchLimit::Depth => "depth",
            BenchLimit::Nodes => "nodes",
            BenchLimit::Movetime => "movetime",
            BenchLimit::Perft => "perft",
        })
    }
}

/// A bench as Stockfish's arguments describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchSpec {
    /// The table, MiB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// The limit per position, in `limit_kind`'s unit.
    pub limit: u64,
    /// The positions.
    pub positions: BenchPositions,
    /// What `limit` counts.
    pub limit_kind: BenchLimit,
}

impl Default for BenchSpec {
    /// The plain `bench`: 16 MiB, one thread, the bench's positions to depth 11.
    fn default() -> Self {
        BenchSpec {
            hash_mb: 16,
            threads: 1,
            limit: u64::from(DEFAULT_DEPTH),
            positions: BenchPositions::Default,
            limit_kind: BenchLimit::Depth,
        }
    }
}

impl BenchSpec {
    /// Whether this is the plain bench, whose output and signature must not change.
    pub fn is_plain(&self) -> bool {
        let plain = BenchSpec::default();
        self.hash_mb == plain.hash_mb
            && self.threads == plain.threads
            && self.positions == plain.positions
            && self.limit_kind == plain.limit_kind
    }

    /// The limits of one search (not for perft).
    fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        match self.limit_kind {
            BenchLimit::Depth | BenchLimit::Perft => {
                limits.depth = Some(u32::try_from(self.limit).unwrap_or(u32::MAX).clamp(1, 64));
            }
            BenchLimit::Nodes => limits.nodes = Some(self.limit.max(1)),
            BenchLimit::Movetime => {
                limits.movetime = Some(Millis(i64::try_from(self.limit).unwrap_or(i64::MAX)));
            }
        }
        limits
    }
}

/// The positions of [`BenchPositions::Default`].
pub fn default_positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .filter_map(|fen| Position::from_fen(fen).ok())
        .collect()
}

/// The positions of a FEN file: every line's first four to six fields (an EPD's operations
/// after them are left out); blank lines and `#` comments are skipped. A line that is no FEN
/// is reported through `out` and skipped.
pub fn file_positions(text: &str, out: &dyn Output) -> Vec<Position> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split(';').next().unwrap_or_default().trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().take(6).collect();
        let fen = (4..=fields.len())
            .rev()
            .find_map(|n| Position::from_fen(&fields[..n].join(" ")).ok());
        match fen {
            Some(position) => positions.push(position),
            None => out.notice(&format!("bench: line {} is no FEN; skipped", i + 1)),
        }
    }
    positions
}

/// Runs `spec` over `positions`, evaluating with `network` (`None`: the hand-crafted
/// evaluation): a line per position, then the totals, the last line `N nodes M nps`.
pub fn run(
    spec: &BenchSpec,
    positions: &[Position],
    network: Option<Arc<Network>>,
    out: &dyn Output,
) {
    if positions.is_empty() {
        out.notice("bench: no positions");
        return;
    }
    let evaluation = if network.is_some() {
        "network"
    } else {
        "hand-crafted"
    };
    let mut search = match Searches::new(spec, network) {
        Ok(search) => search,
        Err(e) => {
            out.notice(&format!("bench: {e}"));
            return;
        }
    };
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (i, position) in positions.iter().enumerate() {
        let nodes = if spec.limit_kind == BenchLimit::Perft {
            movegen::perft(position, u32::try_from(spec.limit).unwrap_or(u32::MAX))
        } else {
            search.search(position, spec.limits())
        };
        total_nodes += nodes;
        out.text(&format!(
            "position {:>2}/{}: {nodes} nodes",
            i + 1,
            positions.len()
        ));
    }
    let millis = start.elapsed().as_millis().max(1);
    out.text(&format!(
        "Bench           : hash {} MiB, threads {}, {} {}, {} positions",
        spec.hash_mb,
        spec.threads,
        spec.limit_kind,
        spec.limit,
        positions.len()
    ));
    out.text(&format!("Evaluation      : {evaluation}"));
    out.text(&format!("Total time (ms) : {millis}"));
    out.text(&format!("Nodes searched  : {total_nodes}"));
    out.text(&format!(
        "{total_nodes} nodes {} nps",
        u128::from(total_nodes) * 1000 / millis
    ));
}

/// One thread searches with a worker, as the plain bench does; more with a pool.
enum Searcher {
    One(Box<Worker>),
    Pool(Box<ThreadPool>),
}

/// A table, the threads and a stop switch, each search from a cleared table and histories.
struct Searches {
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    searcher: Searcher,
}

impl Searches {
    fn new(spec: &BenchSpec, network: Option<Arc<Network>>) -> Result<Searches, tt::TtError> {
        let tt = Arc::new(TranspositionTable::new(spec.hash_mb)?);
        let searcher = if spec.threads <= 1 {
            let mut worker = Worker::new();
            worker.set_network(network);
            Searcher::One(Box::new(worker))
        } else {
            let mut pool = ThreadPool::new(spec.threads);
            pool.set_network(network);
            Searcher::Pool(Box::new(pool))
        };
        Ok(Searches {
            tt,
            control: Arc::new(SearchControl::default()),
            searcher,
        })
    }

    /// Searches `position` within `limits`; the nodes it took.
    fn search(&mut self, position: &Position, limits: Limits) -> u64 {
        let threads = match &self.searcher {
            Searcher::One(_) => 1,
            Searcher::Pool(pool) => pool.threads(),
        };
        // Every search has returned, so the table is not shared.
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            tt.clear(threads);
        }
        let request = SearchRequest::new(position.clone(), limits);
        match &mut self.searcher {
            Searcher::One(worker) => {
                worker.clear();
                worker
                    .search(&request, &self.tt, &self.control, &mut |_| {})
                    .nodes
            }
            Searcher::Pool(pool) => {
                pool.clear();
                pool.search(&request, &self.tt, &self.control, &mut |_| {})
                    .nodes
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    use movegen::Move;
    use search::{SearchEvent, Wdl};

    #[derive(Default)]
    struct Lines(Mutex<Vec<String>>);

    impl Output for Lines {
        fn notice(&self, text: &str) {
            self.0.lock().unwrap().push(format!("notice: {text}"));
        }
        fn text(&self, text: &str) {
            self.0.lock().unwrap().push(text.to_owned());
        }
        fn search_event(&self, _: &SearchEvent<'_>, _: Option<Wdl>, _: bool) {}
        fn no_legal_move(&self, _: bool, _: Option<Wdl>) {}
        fn best_move(&self, _: Option<Move>, _: Option<Move>, _: bool) {}
    }

    #[test]
    fn the_defaults_are_the_plain_bench() {
        let plain = BenchSpec::default();
        assert!(plain.is_plain());
        assert!(
            BenchSpec {
                limit: 5,
                ..plain.clone()
            }
            .is_plain()
        );
        for other in [
            BenchSpec {
                threads: 2,
                ..plain.clone()
            },
            BenchSpec {
                hash_mb: 64,
                ..plain.clone()
            },
            BenchSpec {
                positions: BenchPositions::Current,
                ..plain.clone()
            },
            BenchSpec {
                limit_kind: BenchLimit::Nodes,
                ..plain.clone()
            },
        ] {
            assert!(!other.is_plain(), "{other:?}");
        }
    }

    #[test]
    fn fen_files_skip_comments_and_report_bad_lines() {
        let out = Lines::default();
        let text = "# a comment\n\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
            4k3/8/8/8/8/8/4P3/4K3 w - - ;D1 7\n\
            not a fen\n";
        let positions = file_positions(text, &out);
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[1].fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(
            *out.0.lock().unwrap(),
            ["notice: bench: line 5 is no FEN; skipped"]
        );
    }

    /// A node limit is kept to within the node check's interval, and perft counts exactly; the
    /// last line is OpenBench's.
    #[test]
    fn node_and_perft_limits_count_what_they_say() {
        let positions = vec![Position::startpos()];
        let out = Lines::default();
        let perft = BenchSpec {
            limit: 3,
            limit_kind: BenchLimit::Perft,
            ..BenchSpec::default()
        };
        run(&perft, &positions, None, &out);
        let lines = out.0.lock().unwrap().clone();
        assert_eq!(lines[0], "position  1/1: 8902 nodes", "{lines:#?}");
        assert!(
            lines.last().unwrap().starts_with("8902 nodes "),
            "{lines:#?}"
        );
        let out = Lines::default();
        let nodes = BenchSpec {
            threads: 2,
            limit: 5000,
            limit_kind: BenchLimit::Nodes,
            ..BenchSpec::default()
        };
        run(&nodes, &positions, None, &out);
        let lines = out.0.lock().unwrap().clone();
        let total: u64 = lines
            .last()
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((5000..5000 + 4096).contains(&total), "{lines:#?}");
        assert!(
            lines.iter().any(|l| l.contains("threads 2, nodes 5000")),
            "{lines:#?}"
        );
    }
}
