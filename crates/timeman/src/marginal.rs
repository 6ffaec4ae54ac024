//! The equal-marginal-value stopping rule: stop when one more iteration is unlikely enough to
//! change the move for what it costs.
//!
//! Time is spent best when the last second spent on every move buys the same gain in the
//! chance of playing the right move. After each iteration (from [`MIN_DEPTH`]) a logistic model
//! estimates `p`, the probability that the current best move is not the one more search would
//! play, from what the manager knows ([`Features`]); the next iteration is expected to cost
//! `(growth - 1) * elapsed`, the median growth of the elapsed time per iteration. The search
//! goes on while
//!
//! ```text
//! p / ((growth - 1) * elapsed / optimum) >= tau
//! ```
//!
//! so a settled move stops well before the optimum and an unsettled one runs past it, up to the
//! maximum. `tau` sets how much time the rule spends on the whole.
//!
//! The coefficients ([`FITTED`]) are fitted by `tools/searchlog/fit.py` to `tsubame searchlog`
//! files; the features here are computed exactly as that script computes them.

use crate::changes;
use crate::root_score::RootScore;

/// First depth after which the rule may stop the search (the fit uses the same depths).
pub const MIN_DEPTH: u32 = 5;
/// Iterations in a row with the same best move beyond which stability counts no more.
pub const STABLE_CAP: u32 = 8;

/// What the model sees after one iteration, each scaled to about 0..1 (the order of
/// [`StopModel::weights`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Features {
    /// Iterations in a row, this one included, with the same best move, capped at
    /// [`STABLE_CAP`], over [`STABLE_CAP`].
    pub stable: f64,
    /// Decayed count of iterations whose best move changed.
    pub changes: f64,
    /// Score drop against the previous iteration, pawns, 0..3.
    pub falling: f64,
    /// Score rise against the previous iteration, pawns, 0..3.
    pub rising: f64,
    /// |score| over 10 pawns, 0..1 (a mate is decided).
    pub decided: f64,
}

impl Features {
    fn as_array(&self) -> [f64; 5] {
        [
            self.stable,
            self.changes,
            self.falling,
            self.rising,
            self.decided,
        ]
    }
}

/// The running state the features are computed from. Fixed size, no allocation.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stability {
    stable: u32,
    changes: f64,
    previous_cp: Option<i32>,
}

impl Stability {
    /// Records one completed iteration: whether its best move differs from the previous
    /// iteration's, and its score.
    pub fn push(&mut self, changed: bool, score: RootScore) -> Features {
        let first = self.previous_cp.is_none();
        if first || changed {
            self.stable = 1;
        } else {
            self.stable = (self.stable + 1).min(STABLE_CAP);
        }
        if !first {
            self.changes = changes::decayed(self.changes, f64::from(u8::from(changed)));
        }
        let now = score_cp(score);
        let delta = self
            .previous_cp
            .map_or(0, |before| (now - before).clamp(-300, 300));
        self.previous_cp = Some(now);
        let pawns = f64::from(delta) / 100.0;
        Features {
            stable: f64::from(self.stable) / f64::from(STABLE_CAP),
            changes: self.changes,
            falling: (-pawns).max(0.0),
            rising: pawns.max(0.0),
            decided: f64::from(now.unsigned_abs().min(1000)) / 1000.0,
        }
    }
}

/// Centipawns with mates as ±10,000, as the fitting script reads the log's scores.
fn score_cp(score: RootScore) -> i32 {
    // Mates map beyond ±10,000 (`MATE_CP` less at most 500), so the clamp sends them there.
    score.as_centipawns().clamp(-10_000, 10_000)
}

/// A fitted model and the rule's constants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StopModel {
    /// The logistic model's intercept.
    pub bias: f64,
    /// One weight per feature, in the order of [`Features`]' fields.
    pub weights: [f64; 5],
    /// Median ratio of consecutive iterations' elapsed times.
    pub growth: f64,
}

/// Fitted by `python3 tools/searchlog/fit.py` to `tsubame searchlog --option "Time
/// Model=Classic"` logs taken with the network: 198 games at 5+0.05 and 34 at 40 moves in 20 s
/// (November 2026; 31,993 searches, 288,660 iterations fitted, 69,118 held out: log loss 0.436
/// against 0.504 for a constant). No depth term: the depth reached in a given share of the
/// time grows with the control, so with one the same `tau` stopped ever earlier at slower
/// controls (see `docs/time-management.md`).
pub const FITTED: StopModel = StopModel {
    bias: 0.206,
    weights: [-2.567, 0.043, 0.465, -0.153, -0.020],
    growth: 1.57,
};

impl StopModel {
    /// The estimated probability that the current best move is not the one more search
    /// would play.
    #[must_use]
    pub fn change_probability(&self, features: &Features) -> f64 {
        let z = self.bias
            + self
                .weights
                .iter()
                .zip(features.as_array())
                .map(|(w, x)| w * x)
                .sum::<f64>();
        1.0 / (1.0 + (-z.clamp(-30.0, 30.0)).exp())
    }

    /// Whether the next iteration is worth its expected cost: the change probability per
    /// optimum of the next iteration's time is at least `tau`. Always true before the first
    /// millisecond has passed (nothing to price yet).
    #[must_use]
    pub fn worth_continuing(
        &self,
        features: &Features,
        elapsed_ms: u64,
        optimum_ms: u64,
        tau: f64,
    ) -> bool {
        if elapsed_ms == 0 {
            return true;
        }
        let next_cost = (self.growth - 1.0) * elapsed_ms as f64 / optimum_ms.max(1) as f64;
        self.change_probability(features) >= tau * next_cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(v: i32) -> RootScore {
        RootScore::Centipawns(v)
    }

    /// The features after iterations 1..=`depth`, each given by `line(depth)`.
    fn after(depth: u32, line: impl Fn(u32) -> (bool, RootScore)) -> Features {
        let mut s = Stability::default();
        (1..=depth)
            .map(|d| {
                let (changed, score) = line(d);
                s.push(changed, score)
            })
            .last()
            .expect("at least one iteration")
    }

    #[test]
    fn features_follow_the_fitting_script() {
        // Depths 1-4 with scores 20, 20, 80 (best move changed), -150 (unchanged).
        let mut s = Stability::default();
        let f = s.push(false, cp(20));
        assert_eq!(
            (f.stable, f.changes, f.falling, f.rising),
            (0.125, 0.0, 0.0, 0.0)
        );
        let f = s.push(false, cp(20));
        assert_eq!((f.stable, f.changes), (0.25, 0.0));
        let f = s.push(true, cp(80));
        assert_eq!((f.stable, f.changes, f.rising), (0.125, 1.0, 0.6));
        let f = s.push(false, cp(-150));
        assert_eq!((f.stable, f.falling, f.rising), (0.25, 2.3, 0.0));
        assert!((f.changes - 0.8).abs() < 1e-12);
        assert!((f.decided - 0.15).abs() < 1e-12);
        // A drop to a mate against us is clipped to 3 pawns and fully decided.
        let f = s.push(false, RootScore::Mate(-2));
        assert_eq!((f.falling, f.decided), (3.0, 1.0));
    }

    #[test]
    fn stability_is_capped() {
        assert_eq!(after(20, |_| (false, cp(0))).stable, 1.0);
    }

    #[test]
    fn a_settled_move_is_less_likely_to_change() {
        let a = after(10, |_| (false, cp(30)));
        let b = after(10, |d| (d % 2 == 0, cp(if d % 2 == 0 { -40 } else { 30 })));
        let pa = FITTED.change_probability(&a);
        let pb = FITTED.change_probability(&b);
        assert!(pa > 0.0 && pb < 1.0);
        assert!(pa < pb, "settled {pa} unsettled {pb}");
    }

    #[test]
    fn the_next_iteration_is_priced_by_the_time_spent() {
        let f = after(8, |_| (false, cp(0)));
        assert!(FITTED.worth_continuing(&f, 0, 1000, 0.16));
        assert!(FITTED.worth_continuing(&f, 10, 1000, 0.16));
        assert!(!FITTED.worth_continuing(&f, 5000, 1000, 0.16));
        // The break-even elapsed time grows as tau falls.
        let p = FITTED.change_probability(&f);
        let at = (p / (0.16 * (FITTED.growth - 1.0)) * 1000.0) as u64;
        assert!(FITTED.worth_continuing(&f, at - 1, 1000, 0.16));
        assert!(!FITTED.worth_continuing(&f, at + 1, 1000, 0.16));
        // A lower tau still buys the iteration there.
        assert!(FITTED.worth_continuing(&f, at + 1, 1000, 0.08));
    }
}
