//! Tsubame's engine between protocol commands: the [`Engine`] owns the hash table, the network,
//! the tablebases, the search threads and the option values, turns `go` parameters into
//! search limits, and runs searches and perft on a thread of its own. The protocol layer
//! parses a command, calls the engine and writes what it reports through [`Output`], as
//! Stockfish's `engine.cpp` sits below its `uci.cpp`.
//!
//! Beside it, the commands that are not protocol: [`bench`] (the signature), [`smp_bench`]
//! (the parallel speedup) and [`perft`] (move-generator counts).

pub mod bench;
mod engine;
mod go;
pub mod network;
pub mod options;
mod output;
pub mod perft;
mod reply;
pub mod smp_bench;
pub mod text;

pub use engine::Engine;
pub use go::GoParams;
pub use output::Output;
