//! Transposition table for Tsubame: the lockless hashing of Hyatt and Mann
//! (as in Crafty), made sound in Rust, shared by all search threads without
//! locks.
//!
//! # Entry: two 64-bit words
//!
//! ```text
//! word 0: key ^ data        (relaxed AtomicU64)
//! word 1: data              (relaxed AtomicU64)
//!
//! data, bit 63                                                      bit 0
//! +------------+-------+-----------+------------+------------+------------+
//! | generation | bound |   depth   |    eval    |   score    |    move    |
//! |   6 bits   | 2 bits|  8 bits   |  16 bits   |  16 bits   |  16 bits   |
//! |  63..58    | 57..56|  55..48   |   47..32   |   31..16   |   15..0    |
//! +------------+-------+-----------+------------+------------+------------+
//! ```
//!
//! - move: the search's raw 16-bit move (this crate does not know chess).
//! - score: node-relative i16 ([`score_to_tt`] / [`score_from_tt`] shift mate
//!   scores by the ply), clamped to `±i16::MAX`.
//! - eval: static evaluation as i16; `i16::MIN` is [`EVAL_NONE`].
//! - depth: `depth + 8` in one byte, clamped to 1..=255, so depths
//!   [`DEPTH_MIN`] (-7) ..= [`DEPTH_MAX`] (247). The byte is never 0, so a
//!   stored `data` is never 0, and `data == 0` marks an empty slot (even
//!   for key 0).
//! - bound: [`Bound`] (None, Upper, Lower, Exact).
//! - generation: the search count modulo 64, for aging.
//!
//! A probe reads both words and accepts the slot only if `word0 ^ word1`
//! equals the full 64-bit key. When two threads write a slot at once, a
//! reader can see word 0 of one write and word 1 of the other; the XOR then
//! yields a key that matches nothing (except by 2^-64 chance), so the torn
//! entry is a miss, never wrong data.
//!
//! # Bucket: four entries in one cache line
//!
//! ```text
//! 64-byte aligned bucket (#[repr(C, align(64))]), chosen by the high 64 bits
//! of key * bucket_count (any table size works, not only powers of two):
//! byte 0            16                32                48               64
//! +-----------------+-----------------+-----------------+-----------------+
//! | slot 0          | slot 1          | slot 2          | slot 3          |
//! | depth-preferred | always-replace  | always-replace  | always-replace  |
//! | (Crafty hash_a) | (Crafty hash_b) |                 |                 |
//! +-----------------+-----------------+-----------------+-----------------+
//! each slot: bytes 0..8 = word 0 (key ^ data), bytes 8..16 = word 1 (data)
//! ```
//!
//! A store, with a key kept in at most one slot of its bucket:
//! - same key in slot 0: overwritten if the new result is at least as deep,
//!   exact, or slot 0 is from an older search; otherwise left as it is;
//! - else, if slot 0 is empty, from an older search, or not deeper than the
//!   new result, the new result takes slot 0 and the displaced entry moves
//!   down (into the slot that held the same key, else the victim below);
//! - else the new result goes to the slot with the same key, else the victim:
//!   the always-replace slot that is empty, else from the oldest search, else
//!   the shallowest, else the lowest-numbered.
//!
//! A store with move 0 keeps the move already stored for the same key.
#![warn(missing_docs)]

mod alloc;
mod bucket;
mod entry;
mod error;
mod pages;
mod prefetch;
mod score;
mod system;
mod table;

#[cfg(test)]
mod tests;

pub use entry::{Bound, DEPTH_MAX, DEPTH_MIN};
pub use error::TtError;
pub use pages::PageSize;
pub use prefetch::prefetch;
pub use score::{
    EVAL_NONE, MATE, MATE_THRESHOLD, TB_WIN, TB_WIN_THRESHOLD, score_from_tt, score_to_tt,
};
pub use table::{MAX_MEGABYTES, MIN_MEGABYTES, TranspositionTable, TtHit};
