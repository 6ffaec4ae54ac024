//! Tsubame's static evaluation: hand-crafted terms (material, piece-square tables, mobility,
//! pawn structure, passed pawns, king safety, rooks on files, outposts, bishop pair, threats,
//! tempo), each an `S(mg, eg)` pair blended by game phase and scaled down in drawish endings.
//!
//! All numbers live in [`params`] as one flat vector, so a Texel tuner can read and write them
//! ([`Params::to_vec`], [`Params::from_slice`]), evaluate with its own set ([`evaluate_with`]) or
//! work from each position's linear feature counts ([`features()`]).

mod bits;
mod eval;
mod features;
mod king;
pub mod params;
mod pawns;
mod pieces;
mod psqt;
mod scale;
mod score;
mod sink;
mod term;
mod trace;
mod tuned;

#[cfg(test)]
mod tests;

use movegen::Position;

pub use features::{Features, ParamId, features};
pub use params::{DEFAULT_PARAMS, Params, ParamsError};
pub use score::{Phase, S, Scale, s};
pub use term::Term;
pub use trace::{EvalTrace, trace};

/// The static evaluation of `pos` in centipawns, from the side to move's point of view.
/// Allocation-free and deterministic; a colour-flipped position gets the same value.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &DEFAULT_PARAMS)
}

/// [`evaluate`] with a given parameter set (for tuning and experiments).
pub fn evaluate_with(pos: &Position, params: &Params) -> i32 {
    eval::run(pos, params, &mut sink::NoSink).value(pos.turn())
}
