//! Self-play generation from outside: whole runs fixed by their seed, and games ended on the
//! Syzygy tables.

mod determinism;
mod tablebase;
