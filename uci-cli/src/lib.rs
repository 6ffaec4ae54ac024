//! The `tsubame` front end as a library: the UCI command parser, the option table, the input
//! reader, the session that wires commands to the engine crates, and the bench and perft
//! commands. `main.rs` only dispatches the command line; keeping the rest here lets tests and
//! fuzz targets reach the parsers directly.

pub mod bench;
pub mod command;
pub mod data_cmd;
pub mod datagen_cmd;
pub mod input;
pub mod network;
pub mod options;
pub mod output;
pub mod perft_cmd;
pub mod reply;
pub mod searchlog_cmd;
pub mod session;
pub mod smp_bench;
pub mod timeplan_cmd;
pub mod tune;

/// The engine's name and version, `Tsubame <crate version>`: what `id name` and
/// `tsubame --version` print, so a release binary says which version it is.
pub const NAME_AND_VERSION: &str = concat!("Tsubame ", env!("CARGO_PKG_VERSION"));
