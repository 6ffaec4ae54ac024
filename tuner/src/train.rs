//! The optimisation loop: full-batch gradient steps with Adam, then rounding back to the
//! engine's integer parameters.

use eval::{Params, ParamsError};

use crate::adam::Adam;
use crate::data::Dataset;
use crate::model::{self, Steepness};

/// Settings of one training run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Full passes over the training set.
    pub epochs: usize,
    /// Adam's step size in centipawns; cut to 30% after half the epochs and to 10% for the last
    /// quarter, so that the values settle instead of oscillating by a step.
    pub rate: f64,
    /// Check the held-out error, and report progress, every this many epochs (at least 1).
    pub report_every: usize,
    /// Parameters counted in fewer training positions than this stay at their start values:
    /// a handful of games cannot say what they are worth.
    pub min_occurrences: usize,
    /// Weight of an L2 penalty on the distance from the start values, per centipawn squared
    /// (`l2 * sum((w - start)^2)` is added to the error): a prior that the published values are
    /// about right, which keeps parameters the data barely sees from drifting on noise.
    pub l2: f64,
}

/// What a training run returns.
#[derive(Clone, Debug, PartialEq)]
pub struct Trained {
    /// The weights at the check with the lowest held-out error (early stopping); the start
    /// values if no check improved on them.
    pub weights: Vec<f64>,
    /// The epoch those weights come from (0: the start).
    pub epoch: usize,
    /// Number of parameters (pairs) left frozen for lack of data.
    pub frozen: usize,
}

/// How many samples count each parameter (pair index) at all.
pub fn occurrences(data: &Dataset, pairs: usize) -> Vec<usize> {
    let mut seen = vec![0; pairs];
    for e in &data.entries {
        if let Some(n) = seen.get_mut(e.param as usize) {
            *n += 1;
        }
    }
    seen
}

/// Minimises the training error from `start` (a flat `[mg, eg, ...]` vector). Every
/// `report_every` epochs it measures the held-out error, passes (epoch, training error,
/// held-out error) to `progress`, and remembers the best weights so far; those are returned,
/// so that an over-fitting run gives back the point where it still generalised. With an empty
/// `holdout` the last weights are returned.
pub fn train(
    data: &Dataset,
    holdout: &Dataset,
    k: Steepness,
    start: &[f64],
    schedule: Schedule,
    mut progress: impl FnMut(usize, f64, f64),
) -> Trained {
    let mut w = start.to_vec();
    let mut grad = vec![0.0; w.len()];
    let frozen: Vec<bool> = occurrences(data, w.len() / 2)
        .iter()
        .map(|&n| n < schedule.min_occurrences)
        .collect();
    let mut adam = Adam::new(w.len(), schedule.rate);
    let every = schedule.report_every.max(1);
    let mut best = Trained {
        weights: w.clone(),
        epoch: 0,
        frozen: frozen.iter().filter(|&&f| f).count(),
    };
    let mut best_error = model::error(holdout, k, &w);
    for epoch in 1..=schedule.epochs {
        adam.rate = schedule.rate * rate_factor(epoch, schedule.epochs);
        let err = model::error_and_gradient(data, k, &w, &mut grad);
        for (g, (now, was)) in grad.iter_mut().zip(w.iter().zip(start)) {
            *g += 2.0 * schedule.l2 * (now - was);
        }
        for (pair, g) in grad.chunks_exact_mut(2).enumerate() {
            if frozen[pair] {
                g.fill(0.0);
            }
        }
        adam.step(&mut w, &grad);
        if epoch % every == 0 || epoch == schedule.epochs {
            let held = model::error(holdout, k, &w);
            progress(epoch, err, held);
            if held < best_error || holdout.is_empty() {
                best_error = held;
                best.weights.copy_from_slice(&w);
                best.epoch = epoch;
            }
        }
    }
    best
}

/// The share of the base rate used in `epoch` (1-based) of `total`.
fn rate_factor(epoch: usize, total: usize) -> f64 {
    if 2 * epoch <= total {
        1.0
    } else if 4 * epoch <= 3 * total {
        0.3
    } else {
        0.1
    }
}

/// Rounds real weights to the engine's integers, clamped into the 16-bit halves of a packed
/// score.
pub fn to_params(w: &[f64]) -> Result<(Params, Vec<i32>), ParamsError> {
    let bound = f64::from(i16::MAX);
    let flat: Vec<i32> = w
        .iter()
        .map(|v| v.round().clamp(-bound, bound) as i32)
        .collect();
    Params::from_slice(&flat).map(|p| (p, flat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::tests::toy;

    #[test]
    fn training_lowers_the_error_on_a_toy_set() {
        // Parameter 0 counted for the winner, parameter 1 for the loser, in varying amounts.
        let mut data = Dataset::default();
        for n in 1..=4 {
            toy(&mut data, &[(0, n), (1, -n)], 1.0);
            toy(&mut data, &[(0, -n), (1, n)], 0.0);
            toy(&mut data, &[(0, n), (1, n)], 0.5);
        }
        let k = Steepness(0.01);
        let start = vec![0.0; 4];
        let before = model::error(&data, k, &start);
        let schedule = Schedule {
            epochs: 300,
            rate: 2.0,
            report_every: 100,
            min_occurrences: 1,
            l2: 0.0,
        };
        let mut reports = 0;
        let trained = train(&data, &data, k, &start, schedule, |_, _, _| reports += 1);
        let w = &trained.weights;
        let after = model::error(&data, k, w);
        assert!(after < before / 2.0, "before {before}, after {after}");
        assert!(w[0] > 0.0 && w[2] < 0.0, "{w:?}");
        assert_eq!((reports, trained.epoch, trained.frozen), (3, 300, 0));
    }

    #[test]
    fn rare_parameters_stay_frozen_and_early_stopping_keeps_the_best() {
        // Parameter 1 appears once: frozen with min_occurrences 2.
        let mut data = Dataset::default();
        toy(&mut data, &[(0, 1), (1, 1)], 1.0);
        toy(&mut data, &[(0, 2)], 1.0);
        // The held-out set says parameter 0 is bad: any step up makes it worse, so the start
        // is the best point.
        let mut holdout = Dataset::default();
        toy(&mut holdout, &[(0, 1)], 0.0);
        let k = Steepness(0.01);
        let start = vec![5.0, 0.0, 7.0, 0.0];
        let schedule = Schedule {
            epochs: 50,
            rate: 1.0,
            report_every: 10,
            min_occurrences: 2,
            l2: 0.0,
        };
        let run = train(&data, &holdout, k, &start, schedule, |_, _, _| {});
        assert_eq!((run.epoch, run.frozen), (0, 1));
        assert_eq!(run.weights, start);
        let last = train(
            &data,
            &Dataset::default(),
            k,
            &start,
            schedule,
            |_, _, _| {},
        );
        assert_eq!(last.epoch, 50);
        assert_eq!(last.weights[2], 7.0, "frozen parameter moved");
        assert!(last.weights[0] > 5.0);
    }

    #[test]
    fn the_l2_prior_holds_weights_near_the_start() {
        let mut data = Dataset::default();
        for _ in 0..4 {
            toy(&mut data, &[(0, 1)], 1.0);
        }
        let k = Steepness(0.01);
        let start = vec![0.0, 0.0];
        let mut schedule = Schedule {
            epochs: 500,
            rate: 2.0,
            report_every: 50,
            min_occurrences: 1,
            l2: 0.0,
        };
        let none = Dataset::default();
        let free = train(&data, &none, k, &start, schedule, |_, _, _| {});
        schedule.l2 = 1e-4;
        let held = train(&data, &none, k, &start, schedule, |_, _, _| {});
        // Without the prior the value runs off towards infinity (every result is a win); with
        // it, the error's pull and the prior's balance at a finite value.
        assert!(held.weights[0] > 0.0, "{:?}", held.weights);
        assert!(
            held.weights[0] < free.weights[0] / 2.0,
            "{held:?} vs {free:?}"
        );
    }

    #[test]
    fn rounding_clamps_into_sixteen_bits() {
        let mut w: Vec<f64> = eval::DEFAULT_PARAMS
            .to_vec()
            .iter()
            .map(|&v| f64::from(v) + 0.4)
            .collect();
        w[0] = 1e9;
        let (params, flat) = to_params(&w).unwrap();
        assert_eq!(flat[0], i32::from(i16::MAX));
        assert_eq!(flat[1..], eval::DEFAULT_PARAMS.to_vec()[1..]);
        assert_eq!(params.to_vec(), flat);
    }
}
