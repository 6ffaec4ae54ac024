//! Tsubame's engine between protocol commands: the [`Engine`] owns the hash table, the network,
//! the tablebases, the search threads and the option values, turns `go` parameters into
//! search limits, and runs searches and perft on a thread of its own. The protocol layer
//! parses a command, calls the engine and writes what it reports through [`Output`], as
//! Stockfish's `engine.cpp` sits below its `uci.cpp`.
//!
//! Beside it, the commands that are not protocol: [`bench`](mod@bench) (the signature),
//! [`smp_bench`] (the parallel speedup) and [`perft`] (move-generator counts).
//!
//! ```
//! use std::sync::{Arc, Mutex, mpsc};
//! use std::time::Instant;
//!
//! use engine::{Engine, GoParams, Output};
//! use movegen::Move;
//! use search::{SearchEvent, Wdl};
//!
//! /// Hands the search's answer to the thread that waits for it, and drops the rest.
//! struct Answer(Mutex<mpsc::Sender<Option<Move>>>);
//!
//! impl Output for Answer {
//!     fn notice(&self, _: &str) {}
//!     fn text(&self, _: &str) {}
//!     fn search_event(&self, _: &SearchEvent<'_>, _: Option<Wdl>, _: bool) {}
//!     fn no_legal_move(&self, _: bool, _: Option<Wdl>) {}
//!     fn best_move(&self, best: Option<Move>, _: Option<Move>, _: bool) {
//!         self.0.lock().unwrap().send(best).unwrap();
//!     }
//! }
//!
//! let (sender, answers) = mpsc::channel();
//! let mut engine = Engine::new(Arc::new(Answer(Mutex::new(sender)))).unwrap();
//! // position startpos moves e2e4 e7e5
//! engine.set_position(None, &["e2e4".to_owned(), "e7e5".to_owned()]);
//! // go depth 4: the search runs on a thread of its own, and `go` returns at once.
//! engine.go(&GoParams { depth: Some(4), ..GoParams::default() }, Instant::now());
//! let best = answers.recv().unwrap().expect("a legal move");
//! assert!(engine.position().unwrap().legal_moves().contains(&best));
//! engine.quit();
//! ```

pub mod analyse;
pub mod bench;
pub mod bench_spec;
mod engine;
mod eval_report;
mod go;
pub mod network;
pub mod options;
mod output;
mod pace;
mod pending;
pub mod perft;
mod reply;
pub mod smp_bench;
pub mod text;

pub use engine::extensions::{DEFAULT_NET_FILE, SPEEDTEST_DEFAULT};
pub use engine::{AFTER_INPUT_LIMIT, Engine, WorkEndSignal};
pub use go::GoParams;
pub use output::Output;
