//! The `tsubame` front end as a library: the UCI command parser, the input reader, the
//! output, the session that hands commands to the [`engine`] crate, and the command line
//! ([`cli`]) with its tools. `main.rs` only dispatches; keeping the rest here lets tests and
//! fuzz targets reach the parsers directly.

pub mod analyse_cmd;
pub mod bench_cmd;
pub mod cli;
pub mod closed_stdout;
pub mod command;
pub mod data_cmd;
pub mod datagen_cmd;
pub mod debug_log;
pub mod evaluation;
pub mod extension_cmd;
pub mod input;
pub mod output;
pub mod perft_cmd;
pub mod searchlog_cmd;
pub mod session;
pub mod timeplan_cmd;
pub mod tune;

/// The option table and store, where the engine keeps them.
pub use engine::options;

/// The version: the crate's, and for a build outside a release the commit's date and hash in
/// Stockfish's form (`0.1.0 dev-20260115-6f3807f0`; see `build.rs`), so that two builds of one
/// version tell themselves apart in a match's PGN.
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("TSUBAME_BUILD"));

/// The engine's name and version, `Tsubame <VERSION>`: what `id name`, `tsubame --version` and
/// `bench` print, so a binary says which build it is.
pub const NAME_AND_VERSION: &str =
    concat!("Tsubame ", env!("CARGO_PKG_VERSION"), env!("TSUBAME_BUILD"));
