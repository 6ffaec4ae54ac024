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
//! After each timed search `Pace` records the time spent, the planned optimum, and the
//! threshold scale `s` it searched with. Spending falls with the threshold about as `s^-E`
//! ([`SPEND_ELASTICITY`], from the replay of the search logs in `tools/searchlog/fit.py`), so
//! `spent * s^E` estimates what the rule would spend at the unscaled threshold. The budget is
//! the clock, counted in seconds, so the estimate is the time-weighted ratio
//! `sum(spent * s^E) / sum(optimum)` over the last [`WINDOW_MOVES`] or so, not a mean of
//! per-move ratios (where a short move on a large optimum would count as much as a long one on
//! a small optimum), and it sets the next move's scale, `s = (ratio / target)^(1/E)`. Whatever
//! the true elasticity, a steady state spends the target exactly: there `s` no longer changes,
//! so `sum(spent) / sum(optimum)` equals the target.
//!
//! One price should hold across a game's moves, so the window spans several games, and the
//! estimate is kept across them (it calibrates the control and the machine, not the game):
//! a window of about one game's moves learnt the scale of each game's endgame and spent it in
//! the next game's opening. The sums start with [`PRIOR_MOVES`] moves spent at the target and
//! lose `1 / WINDOW_MOVES` of their weight a move, so over the first game they are close to
//! plain sums and adapt as quickly as a short window would. Only the main search thread's
//! searches under a clock, not started as a ponder, feed it.
//!
//! `TM Spend Target` 0, the default, turns it off (the threshold stays at `TM Stop Threshold`).
//! One price meets the budget only if the fitted chance of a change is right in every phase,
//! and with the first fit it was not: its depth feature made deep endgame searches look
//! settled, so the price that met the budget was low, and at 40 moves in 20 s the first
//! period's moves 1-30 spent about 2.3 optima and the last ten a tenth of a second each. The
//! refit has no depth term; the pace has not been measured with it.

use std::time::Duration;

/// How the rule's spending responds to its threshold: about `tau^-0.6` between tau = 0.08 and
/// 0.32 in the replay of the search logs (1.42 optima a move at 0.16, 0.91 at 0.32).
pub const SPEND_ELASTICITY: f64 = 0.6;
/// The sums weigh the last this-many moves or so: about five games at 20+0.2.
pub const WINDOW_MOVES: f64 = 400.0;
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
    /// Decayed sum of `spent * scale^E`, seconds: what the rule would have spent at the
    /// unscaled threshold.
    unscaled_spent: f64,
    /// Decayed sum of the optima over the same moves, seconds; 0 before the first record.
    optimum: f64,
}

impl Pace {
    /// The factor on the stop threshold that brings the spending to `target` optima a move
    /// (1 when `target` is not positive: the threshold stays fixed).
    #[must_use]
    pub fn threshold_scale(&self, target: f64) -> f64 {
        if target <= 0.0 || self.optimum <= 0.0 {
            return 1.0;
        }
        (self.unscaled_spent / self.optimum / target)
            .powf(1.0 / SPEND_ELASTICITY)
            .clamp(1.0 / MAX_SCALE, MAX_SCALE)
    }

    /// Adds one search's spending to the estimate.
    pub fn record(&mut self, spending: &Spending) {
        if spending.target <= 0.0 || spending.optimum.is_zero() {
            return;
        }
        let optimum = spending.optimum.as_secs_f64();
        if self.optimum <= 0.0 {
            // The prior: PRIOR_MOVES moves of this optimum, each spent at the target.
            self.optimum = PRIOR_MOVES * optimum;
            self.unscaled_spent = spending.target * self.optimum;
        }
        let keep = 1.0 - 1.0 / WINDOW_MOVES;
        let unscaled =
            spending.spent.as_secs_f64() * spending.threshold_scale.powf(SPEND_ELASTICITY);
        self.unscaled_spent = keep * self.unscaled_spent + unscaled;
        self.optimum = keep * self.optimum + optimum;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One move of a rule that spends `natural * scale^-elasticity` of `optimum` at the scale
    /// the pace gives; records it and returns it.
    fn play_move(
        pace: &mut Pace,
        natural: f64,
        elasticity: f64,
        optimum: Duration,
        target: f64,
    ) -> Spending {
        let scale = pace.threshold_scale(target);
        let spending = Spending {
            spent: optimum.mul_f64(natural * scale.powf(-elasticity)),
            optimum,
            threshold_scale: scale,
            target,
        };
        pace.record(&spending);
        spending
    }

    /// `moves` moves of such a rule on optima of one second; the last move's scale.
    fn play(pace: &mut Pace, natural: f64, elasticity: f64, target: f64, moves: usize) -> f64 {
        let optimum = Duration::from_millis(1000);
        (0..moves)
            .map(|_| play_move(pace, natural, elasticity, optimum, target).threshold_scale)
            .last()
            .unwrap_or(1.0)
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
                let scale = play(&mut pace, natural, elasticity, 1.15, 4000);
                let spent = natural * scale.powf(-elasticity);
                assert!(
                    (spent - 1.15).abs() < 0.01,
                    "elasticity {elasticity} natural {natural}: {spent}"
                );
            }
        }
    }

    #[test]
    fn the_budget_is_counted_in_seconds_not_per_move() {
        // Short moves on large optima and long moves on small ones: the mean of the per-move
        // ratios (2.0) is above the target, but the clock is underspent (0.84 of the optima).
        let mut pace = Pace::default();
        for _ in 0..200 {
            for (spent, optimum) in [(50, 1000), (1000, 250)] {
                pace.record(&Spending {
                    spent: Duration::from_millis(spent),
                    optimum: Duration::from_millis(optimum),
                    threshold_scale: 1.0,
                    target: 1.15,
                });
            }
        }
        let expected = (1.05_f64 / 1.25 / 1.15).powf(1.0 / SPEND_ELASTICITY);
        let scale = pace.threshold_scale(1.15);
        assert!(
            (scale - expected).abs() < 0.02,
            "{scale} against {expected}"
        );
    }

    #[test]
    fn one_price_holds_across_the_phases_of_a_game() {
        // Games of 80 moves: an opening that spends 2 optima at the unscaled threshold, an
        // endgame that spends 0.2 of optima four times larger. Once the pace has settled, the
        // games spend the target, and the scale within a game stays close to one price.
        let mut pace = Pace::default();
        let (mut spent, mut planned) = (0.0, 0.0);
        let (mut least, mut most) = (f64::MAX, 0.0_f64);
        for game in 0..40 {
            for mv in 0..80 {
                let (natural, optimum) = if mv < 40 { (2.0, 250) } else { (0.2, 1000) };
                let optimum = Duration::from_millis(optimum);
                let spending = play_move(&mut pace, natural, SPEND_ELASTICITY, optimum, 1.15);
                if game == 39 {
                    spent += spending.spent.as_secs_f64();
                    planned += optimum.as_secs_f64();
                    least = least.min(spending.threshold_scale);
                    most = most.max(spending.threshold_scale);
                }
            }
        }
        assert!((spent / planned - 1.15).abs() < 0.05, "{}", spent / planned);
        assert!(most / least < 1.6, "scale from {least} to {most}");
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
