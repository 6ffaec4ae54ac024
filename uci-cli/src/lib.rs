//! The `tsubame` front end as a library: the UCI command parser, the input reader, the
//! output, the session that hands commands to the [`engine`] crate, and the command line
//! ([`cli`]) with its tools. `main.rs` only dispatches; keeping the rest here lets tests and
//! fuzz targets reach the parsers directly.

pub mod bench_cmd;
pub mod cli;
pub mod closed_stdout;
pub mod command;
pub mod data_cmd;
pub mod datagen_cmd;
pub mod debug_log;
pub mod evaluation;
pub mod input;
pub mod output;
pub mod perft_cmd;
pub mod searchlog_cmd;
pub mod session;
pub mod timeplan_cmd;
pub mod tune;

/// The option table and store, where the engine keeps them.
pub use engine::options;

/// The engine's name and version, `Tsubame <crate version>`: what `id name` and
/// `tsubame --version` print, so a release binary says which version it is.
pub const NAME_AND_VERSION: &str = concat!("Tsubame ", env!("CARGO_PKG_VERSION"));
