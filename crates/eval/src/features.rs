//! Feature counts for a Texel tuner: how many times each parameter counts in a position.
//! Since the score is linear in the parameters, `sum(coefficient * value)` followed by the
//! same phase blend and scale gives back the evaluation.

use movegen::{Color, Position};

use crate::eval::{self, Outcome};
use crate::params::{COUNT, DEFAULT_PARAMS, Params};
use crate::score::{Phase, S, Scale};
use crate::sink::Sink;
use crate::term::Term;

/// Index of one parameter in the flat layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ParamId(u16);

impl ParamId {
    /// The flat index (see [`crate::params::BLOCKS`]).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A position reduced to what the tuner needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// Non-zero net counts (White's minus Black's), by parameter, in index order.
    pub coefficients: Vec<(ParamId, i32)>,
    /// Game phase.
    pub phase: Phase,
    /// Endgame scale, fixed at its value under the default parameters (it depends on which
    /// side is ahead, which the tuner treats as given).
    pub scale: Scale,
    /// Dead draw: the value is 0 whatever the parameters.
    pub dead_draw: bool,
    /// The side to move.
    pub turn: Color,
}

/// Collects net counts densely while the evaluation runs.
struct Counter(Vec<i32>);

impl Sink for Counter {
    fn record(&mut self, side: Color, _: Term, index: usize, count: i32, _: S) {
        self.0[index] += if side == Color::White { count } else { -count };
    }
}

/// The feature counts of `pos` (allocates; meant for the tuner, not the search).
pub fn features(pos: &Position) -> Features {
    let mut counter = Counter(vec![0; COUNT]);
    let outcome = eval::run(pos, &DEFAULT_PARAMS, &mut counter);
    let coefficients = counter
        .0
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0)
        .map(|(i, c)| (ParamId(i as u16), *c))
        .collect();
    Features {
        coefficients,
        phase: outcome.phase,
        scale: outcome.scale,
        dead_draw: outcome.dead_draw,
        turn: pos.turn(),
    }
}

impl Features {
    /// The evaluation (side to move's view) these features give under `params`.
    pub fn evaluate(&self, params: &Params) -> i32 {
        let score = self
            .coefficients
            .iter()
            .fold(S::ZERO, |acc, (id, c)| acc + params.get(id.index()) * *c);
        let outcome = Outcome {
            score,
            phase: self.phase,
            scale: self.scale,
            dead_draw: self.dead_draw,
        };
        outcome.value(self.turn)
    }
}
