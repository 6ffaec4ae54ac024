//! The network from outside: the file format, inference against a plain reference, and the
//! accumulator stack along games.

mod common;

mod format;
mod inference;
mod king_buckets;
mod mirroring;
mod stack;
