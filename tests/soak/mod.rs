//! Support for the randomized soak test (`tests/uci_soak.rs`): a seeded generator, a mirror of
//! the engine's position and options, and the generator of malformed input.

pub mod garbage;
pub mod mirror;
