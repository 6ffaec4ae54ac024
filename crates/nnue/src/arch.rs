//! The network's shape and quantisation: the constants every part of the crate agrees on.

/// The hidden layer's width per perspective.
pub const HIDDEN: usize = 256;
/// The feature transformer's quantisation: a float weight `w` is stored as `round(w × QA)`,
/// and the activation clips at `QA` (1.0 in float).
pub const QA: i16 = 255;
/// The output layer's quantisation: weights stored as `round(w × QB)`.
pub const QB: i16 = 64;
/// Centipawns per unit of the float network's output (the trainer fits `sigmoid(out)` to
/// `sigmoid(score / SCALE)`).
pub const SCALE: i32 = 400;
