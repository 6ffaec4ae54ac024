//! The commands beside the protocol that need the engine's state: `eval` (the hand-crafted
//! terms, the network's piece values and score), `flip`, `export_net`, `bench` with
//! Stockfish's arguments and `speedtest`. Each runs on the caller's thread once the running
//! search is done, as `bench` always has.

use std::sync::Arc;
use std::time::{Duration, Instant};

use search::{SearchControl, SearchRequest, ThreadPool};
use timeman::{Limits, Millis, TimeOptions};
use tt::TranspositionTable;

use super::{Engine, table_threads};
use crate::bench_spec::{self, BenchPositions, BenchSpec};
use crate::options::OptionId;

/// The file `export_net` writes without a name.
pub const DEFAULT_NET_FILE: &str = "tsubame.nnue";

/// How long `speedtest` searches without an argument: long enough for a steady node rate on
/// every thread, short enough to run between other work.
pub const SPEEDTEST_DEFAULT: Duration = Duration::from_secs(10);

/// The table each `speedtest` thread gets, MiB.
const SPEEDTEST_HASH_PER_THREAD: usize = 32;

impl Engine {
    /// `eval`: the hand-crafted evaluation by term, the network's value of each piece, then
    /// the network's score.
    pub fn eval(&self) {
        if self.refused.is_some() {
            self.report_no_position("eval");
            return;
        }
        self.output.text(&eval::trace(&self.position).to_string());
        self.output.text(&crate::eval_report::piece_value_board(
            &self.network,
            &self.position,
        ));
        let in_use = self.options.check(OptionId::UseNnue);
        self.output.text(&crate::network::eval_line(
            &self.network,
            &self.position,
            in_use,
        ));
    }

    /// `flip`: the position with the colours swapped (Stockfish's `flip`). The game's earlier
    /// positions do not belong to it, so they are forgotten.
    pub fn flip(&mut self) {
        self.finish_search_thread(true);
        if self.refused.is_some() {
            self.report_no_position("flip");
            return;
        }
        match self.position.flipped() {
            Ok(flipped) => {
                self.position = flipped;
                self.game_keys.clear();
            }
            Err(e) => self.output.notice(&format!("flip: {e}")),
        }
    }

    /// `export_net [file]`: writes the network in use (the embedded one unless `EvalFile`
    /// named another) to `file`, [`DEFAULT_NET_FILE`] by default, in the format `EvalFile`
    /// reads back.
    pub fn export_net(&self, file: Option<&str>) {
        let path = file.unwrap_or(DEFAULT_NET_FILE);
        let bytes = self.network.params().encode();
        match std::fs::write(path, &bytes) {
            Ok(()) => self.output.notice(&format!(
                "export_net: the network ({}) written to {path}, {} bytes",
                self.loaded_eval_file,
                bytes.len()
            )),
            Err(e) => self
                .output
                .notice(&format!("export_net: cannot write {path}: {e}")),
        }
    }

    /// `bench` with Stockfish's arguments (the plain `bench` and `bench <depth>` are the
    /// signature's, unchanged), evaluating as the options say.
    pub fn bench_with(&mut self, spec: &BenchSpec) {
        self.finish_search_thread(true);
        let network = self.evaluation();
        if spec.is_plain() {
            let depth = u32::try_from(spec.limit).unwrap_or(u32::MAX);
            crate::bench::run(Some(depth), network, &*self.output);
            return;
        }
        let positions = match &spec.positions {
            BenchPositions::Default => bench_spec::default_positions(),
            BenchPositions::Current if self.refused.is_some() => {
                self.report_no_position("bench current");
                return;
            }
            BenchPositions::Current => vec![self.position.clone()],
            BenchPositions::File(path) => match std::fs::read_to_string(path) {
                Ok(text) => bench_spec::file_positions(&text, &*self.output),
                Err(e) => {
                    self.output
                        .notice(&format!("bench: cannot read {path}: {e}"));
                    return;
                }
            },
        };
        bench_spec::run(spec, &positions, network, &*self.output);
    }

    /// `speedtest [seconds]` (Stockfish's): the bench's positions searched one after another
    /// on every core, for `duration` in all (each position its share as a move time), and the
    /// node rate. A table of its own, so the game's table and options are left alone.
    pub fn speedtest(&mut self, duration: Duration) {
        self.finish_search_thread(true);
        let threads = table_threads();
        let hash_mb = threads * SPEEDTEST_HASH_PER_THREAD;
        let positions = bench_spec::default_positions();
        let Ok(count) = u32::try_from(positions.len()) else {
            return;
        };
        let share = (duration / count.max(1)).max(Duration::from_millis(1));
        let tt =
            match TranspositionTable::with_pages(hash_mb, super::page_size(&self.options), threads)
            {
                Ok(tt) => Arc::new(tt),
                Err(e) => {
                    self.output.notice(&format!("speedtest: {e}"));
                    return;
                }
            };
        let mut pool = ThreadPool::new(threads);
        pool.set_network(self.evaluation());
        let control = Arc::new(SearchControl::default());
        self.output.text(&format!(
            "speedtest: {threads} threads, hash {hash_mb} MiB, {} positions, {} ms each",
            positions.len(),
            share.as_millis()
        ));
        let (mut nodes, start) = (0u64, Instant::now());
        for position in positions {
            let limits = Limits {
                movetime: Some(Millis(i64::try_from(share.as_millis()).unwrap_or(i64::MAX))),
                ..Limits::default()
            };
            let mut request = SearchRequest::new(position, limits);
            // The whole share is searched: no latency to keep back here.
            request.time_options = TimeOptions {
                move_overhead: Millis::ZERO,
                ..TimeOptions::default()
            };
            nodes += pool.search(&request, &tt, &control, &mut |_| {}).nodes;
        }
        let elapsed = start.elapsed();
        let millis = elapsed.as_millis().max(1);
        self.output.text(&format!("Total time (ms) : {millis}"));
        self.output.text(&format!("Nodes searched  : {nodes}"));
        self.output.text(&format!(
            "Nodes/second    : {}",
            u128::from(nodes) * 1000 / millis
        ));
    }
}
