//! The `tsubame` front end as a library: the UCI command parser, the option table, the input
//! reader, the session that wires commands to the engine crates, and the bench and perft
//! commands. `main.rs` only dispatches the command line; keeping the rest here lets tests and
//! fuzz targets reach the parsers directly.

pub mod bench;
pub mod command;
pub mod input;
pub mod options;
pub mod output;
pub mod perft_cmd;
pub mod session;
pub mod smp_bench;
pub mod tune;
