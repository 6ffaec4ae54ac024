//! `EvalTrace`: each term's middlegame and endgame contribution per side, for the engine's
//! `eval` debug command and for checking that the parts add up.

use std::fmt;

use movegen::{Color, Position};

use crate::eval::{self, Outcome};
use crate::params::DEFAULT_PARAMS;
use crate::score::{Phase, S, Scale};
use crate::sink::Sink;
use crate::term::Term;

/// Each term's contribution per side, with the phase, scale and final value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTrace {
    /// `terms[term][color]`: what the term added to that side's score.
    pub terms: [[S; 2]; Term::ALL.len()],
    /// Game phase used for blending.
    pub phase: Phase,
    /// Endgame scale applied.
    pub scale: Scale,
    /// Whether the position was scored as a dead draw (0) regardless of the terms.
    pub dead_draw: bool,
    /// The side to move.
    pub turn: Color,
    /// The final value, side to move's view: equal to [`crate::evaluate`].
    pub value: i32,
}

impl Sink for EvalTrace {
    fn record(&mut self, side: Color, term: Term, _: usize, _: i32, value: S) {
        self.terms[term as usize][side.index()] += value;
    }
}

impl EvalTrace {
    /// The sum of all terms, White's point of view, before blending.
    pub fn total(&self) -> S {
        self.terms.iter().fold(S::ZERO, |acc, [w, b]| acc + *w - *b)
    }

    /// The final value recomputed from the terms, phase and scale (side to move's view).
    pub fn recomputed(&self) -> i32 {
        let outcome = Outcome {
            score: self.total(),
            phase: self.phase,
            scale: self.scale,
            dead_draw: self.dead_draw,
        };
        outcome.value(self.turn)
    }
}

/// Evaluates `pos` with the default parameters, recording every term.
pub fn trace(pos: &Position) -> EvalTrace {
    let mut t = EvalTrace {
        terms: [[S::ZERO; 2]; Term::ALL.len()],
        phase: Phase::from_weight(0),
        scale: Scale::NORMAL,
        dead_draw: false,
        turn: pos.turn(),
        value: 0,
    };
    let outcome = eval::run(pos, &DEFAULT_PARAMS, &mut t);
    t.phase = outcome.phase;
    t.scale = outcome.scale;
    t.dead_draw = outcome.dead_draw;
    t.value = outcome.value(pos.turn());
    t
}

impl fmt::Display for EvalTrace {
    /// A table: one row per term, White, Black and their difference, mg and eg each.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "      Term      |    White    |    Black    |    Total")?;
        writeln!(
            f,
            "                |   MG    EG  |   MG    EG  |   MG    EG"
        )?;
        writeln!(
            f,
            "----------------+-------------+-------------+-------------"
        )?;
        for term in Term::ALL {
            let [w, b] = self.terms[term as usize];
            let d = w - b;
            writeln!(
                f,
                "{:>15} | {:>5} {:>5} | {:>5} {:>5} | {:>5} {:>5}",
                term.name(),
                w.mg(),
                w.eg(),
                b.mg(),
                b.eg(),
                d.mg(),
                d.eg()
            )?;
        }
        writeln!(
            f,
            "----------------+-------------+-------------+-------------"
        )?;
        let t = self.total();
        writeln!(
            f,
            "{:>15} | {:>11} | {:>11} | {:>5} {:>5}",
            "Total",
            "",
            "",
            t.mg(),
            t.eg()
        )?;
        writeln!(
            f,
            "Phase {}/{}, endgame scale {}/64{}",
            self.phase.value(),
            Phase::MAX,
            self.scale.value(),
            if self.dead_draw { ", dead draw" } else { "" }
        )?;
        let white = if self.turn == Color::White {
            self.value
        } else {
            -self.value
        };
        write!(
            f,
            "Final evaluation: {white:+} cp (White's view), {:+} cp side to move",
            self.value
        )
    }
}
