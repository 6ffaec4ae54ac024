//! Tsubame's efficiently updatable neural network (NNUE): a `(K × 768 → H) × 2 → N` network
//! with a squared clipped ReLU, evaluated in integers; each side's king square picks which of
//! the K sets of feature weights its inputs read (king buckets, [`KingLayout`]; K = 1 in the
//! default network), and the position's piece count which of the N outputs (output buckets,
//! [`OutputBuckets`]) is its evaluation.
//!
//! - [`Architecture`]: the shape as a value, as the file declares it (hidden width,
//!   horizontal [`Mirroring`], [`KingBuckets`], output buckets); this build runs the widths of
//!   [`SUPPORTED_HIDDEN`], with or without mirroring, with the king bucket layouts of
//!   [`LAYOUTS`].
//! - [`features`]: the 768 inputs and the changes a move makes to them; [`View`]: how one
//!   perspective reads them (its orientation and its king bucket).
//! - [`RefreshCache`]: the accumulators a perspective had in each view, from which a half
//!   whose view a king move changes is rebuilt with only the pieces that differ.
//! - [`Accumulator`] and [`Nnue`]: the hidden layer for both perspectives, refreshed from a
//!   position or updated from the parent's (`child = parent + added rows − removed rows`), and
//!   the output layer.
//! - [`AccumulatorStack`]: the accumulators along a line of play, one per ply, updated lazily
//!   when a node is evaluated: what a search keeps.
//! - [`format`](mod@format): the network file, its header and the checks that refuse a wrong file.
//! - [`Backend`]: scalar, AVX2 and AVX-512 kernels with identical results.
//!
//! The architecture and quantisation follow the common design of small NNUE engines, as in
//! the `bullet` trainer's examples (<https://github.com/jw1912/bullet>) and the Chess
//! Programming Wiki (<https://www.chessprogramming.org/NNUE>): accumulator values scaled by
//! QA, output weights by QB, and the float network's output times [`SCALE`] in centipawns.

mod accumulator;
mod arch;
mod buckets;
pub mod features;
pub mod format;
mod king_buckets;
mod network;
mod refresh_cache;
mod simd;
mod stack;

pub use accumulator::{Accumulator, Nnue};
pub use arch::{
    Architecture, KingBuckets, Mirroring, QA, QB, SCALE, SUPPORTED_HIDDEN, Unsupported,
};
pub use buckets::OutputBuckets;
pub use features::{Delta, Feature, INPUTS, Orientation, Placement};
pub use format::NetworkError;
pub use king_buckets::{KingBucketError, KingLayout, LAYOUTS, MAX_KING_BUCKETS, View};
pub use network::Network;
pub use refresh_cache::RefreshCache;
pub use simd::{Backend, Lanes, Row};
pub use stack::{AccumulatorSlot, AccumulatorStack};
