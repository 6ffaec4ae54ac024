//! The network from outside: the file format, inference against a plain reference, and the
//! accumulator stack along games.

mod common;

mod format;
mod inference;
mod mirroring;
mod stack;
