//! Keeping the marginal rule on budget: the stop threshold that makes the moves spend, on
//! average, a set share of the planned optimum.
//!
//! The threshold `tau` of [`crate::marginal`] is the price of time: the rule spends until the
//! chance of changing the move per optimum of the next iteration falls below it. Which price
//! spends the budget depends on the time control and the machine: the fitted change
//! probability falls with depth, and at slower controls, where the searches run deeper, the
//! fixed `tau` fitted at 5+0.05 left time on the clock (0.50 optima a move at 40 moves in
//! 20 s, against 1.15 at 5+0.05).
//! Time is spent best when one price holds across the moves of a game, and that price is the
//! one whose spending meets the budget (the Lagrange multiplier of the budget constraint), so
//! the manager finds it from the moves already played.
//!
//! After each timed search `Pace` records `r = spent / optimum` and the threshold scale `s` it
//! searched with. Spending falls with the threshold about as `s^-E` ([`SPEND_ELASTICITY`],
//! from the replay of the search logs in `tools/searchlog/fit.py`), so `r * s^E` estimates
//! what the rule would spend at the unscaled threshold; a running mean of it (over the last
//! [`WINDOW_MOVES`] or so) gives the scale for the next move, `s = (mean / target)^(1/E)`.
//! Whatever the true elasticity, a steady state spends the target exactly: there `s` no longer
//! changes, so the mean of `r` equals the target. The estimate is kept across games (it
//! calibrates the control and the machine, not the game), starts from [`PRIOR_MOVES`] moves
//! spent at the target, and only the main search thread's searches under a clock, not started
//! as a ponder, feed it.
//!
//! Off by default (`TM Spend Target` 0): in the first trials at 40 moves in 20 s it raised the
//! spending, but carried a scale learnt in deep endgames into the next game's opening, which
//! is not one price across a game; `docs/time-management.md` has the figures.

use std::time::Duration;

/// How the rule's spending responds to its threshold: about `tau^-0.6` between tau = 0.08 and
/// 0.32 in the replay of the search logs (1.42 optima a move at 0.16, 0.91 at 0.32).
pub const SPEND_ELASTICITY: f64 = 0.6;
/// The running mean weighs the last this-many moves or so.
pub const WINDOW_MOVES: f64 = 100.0;
/// The estimate starts as if this many moves had spent the target exactly, so the first few
/// moves cannot swing the threshold far.
pub const PRIOR_MOVES: f64 = 4.0;
/// The threshold is never scaled by more than this factor either way.
pub const MAX_SCALE: f64 = 16.0;

/// One timed search's spending, as the time manager saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spending {
    /// From `go` to the end of the search.
    pub spent: Duration,
    /// The planned optimum.
    pub optimum: Duration,
    /// The threshold scale the search used.
    pub threshold_scale: f64,
    /// The spending the pace aims at, in optima a move.
    pub target: f64,
}

/// The running estimate behind the threshold scale. Fixed size, no allocation.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Pace {
    /// Mean of `spent / optimum * scale^E`: what the rule spends at the unscaled threshold.
    unscaled: f64,
    /// Weight of the mean so far, in moves (the prior's included); 0 before the first record.
    moves: f64,
}

impl Pace {
    /// The factor on the stop threshold that brings the spending to `target` optima a move
    /// (1 when `target` is not positive: the threshold stays fixed).
    #[must_use]
    pub fn threshold_scale(&self, target: f64) -> f64 {
        if target <= 0.0 || self.moves == 0.0 {
            return 1.0;
        }
        (self.unscaled / target)
            .powf(1.0 / SPEND_ELASTICITY)
            .clamp(1.0 / MAX_SCALE, MAX_SCALE)
    }

    /// Adds one search's spending to the estimate.
    pub fn record(&mut self, spending: &Spending) {
        if spending.target <= 0.0 || spending.optimum.is_zero() {
            return;
        }
        if self.moves == 0.0 {
            self.unscaled = spending.target;
            self.moves = PRIOR_MOVES;
        }
        let ratio = spending.spent.as_secs_f64() / spending.optimum.as_secs_f64();
        let unscaled = ratio * spending.threshold_scale.powf(SPEND_ELASTICITY);
        self.moves += 1.0;
        let weight = (1.0 / self.moves).max(1.0 / WINDOW_MOVES);
        self.unscaled += weight * (unscaled - self.unscaled);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rule that spends `natural * scale^-elasticity` optima a move, `moves` times, each
    /// move at the scale the pace gives.
    fn play(pace: &mut Pace, natural: f64, elasticity: f64, target: f64, moves: usize) -> f64 {
        let optimum = Duration::from_millis(1000);
        let mut scale = 1.0;
        for _ in 0..moves {
            scale = pace.threshold_scale(target);
            let ratio = natural * scale.powf(-elasticity);
            pace.record(&Spending {
                spent: optimum.mul_f64(ratio),
                optimum,
                threshold_scale: scale,
                target,
            });
        }
        scale
    }

    #[test]
    fn nothing_recorded_leaves_the_threshold_alone() {
        assert_eq!(Pace::default().threshold_scale(1.15), 1.0);
    }

    #[test]
    fn underspending_lowers_the_threshold_and_overspending_raises_it() {
        let mut pace = Pace::default();
        assert!(play(&mut pace, 0.5, SPEND_ELASTICITY, 1.15, 30) < 0.5);
        let mut pace = Pace::default();
        assert!(play(&mut pace, 2.0, SPEND_ELASTICITY, 1.15, 30) > 2.0);
    }

    #[test]
    fn the_spending_settles_on_the_target_whatever_the_elasticity() {
        for elasticity in [0.4, 0.6, 1.0] {
            for natural in [0.4, 1.15, 3.0] {
                let mut pace = Pace::default();
                let scale = play(&mut pace, natural, elasticity, 1.15, 1000);
                let spent = natural * scale.powf(-elasticity);
                assert!(
                    (spent - 1.15).abs() < 0.01,
                    "elasticity {elasticity} natural {natural}: {spent}"
                );
            }
        }
    }

    #[test]
    fn the_scale_is_bounded() {
        let mut pace = Pace::default();
        assert_eq!(
            play(&mut pace, 1e-6, SPEND_ELASTICITY, 1.15, 400),
            1.0 / MAX_SCALE
        );
        let mut pace = Pace::default();
        assert_eq!(play(&mut pace, 1e6, SPEND_ELASTICITY, 1.15, 400), MAX_SCALE);
    }

    #[test]
    fn a_zero_target_or_optimum_records_nothing() {
        let mut pace = Pace::default();
        let spending = Spending {
            spent: Duration::from_millis(10),
            optimum: Duration::from_millis(1000),
            threshold_scale: 1.0,
            target: 0.0,
        };
        pace.record(&spending);
        pace.record(&Spending {
            optimum: Duration::ZERO,
            target: 1.15,
            ..spending
        });
        assert_eq!(pace, Pace::default());
        assert_eq!(pace.threshold_scale(0.0), 1.0);
    }
}
