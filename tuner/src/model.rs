//! Texel's model: the expected result of a position is `sigmoid(K * eval)`, and the parameters
//! are those that minimise the mean squared error between that and the game results.
//!
//! The evaluation is linear in the parameters before the phase blend, so the tuner evaluates
//! with real numbers: `eval = mg_weight * sum(c * mg) + eg_weight * sum(c * eg)`, and the
//! gradient of the error with respect to each parameter is exact.

use crate::data::{Dataset, white_eval};

/// The sigmoid's steepness `K`, per centipawn: `sigmoid(K * 100)` is the expected score of a
/// side a pawn ahead.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Steepness(pub f64);

/// The logistic function `1 / (1 + e^(-K x))`.
#[inline]
pub fn sigmoid(k: Steepness, x: f64) -> f64 {
    1.0 / (1.0 + (-k.0 * x).exp())
}

/// A flat parameter vector in the eval crate's layout, `[mg0, eg0, mg1, eg1, ...]`, as reals.
pub type Weights = [f64];

/// White's evaluation of sample `i` under real-valued weights.
#[inline]
fn linear_eval(data: &Dataset, i: usize, w: &Weights) -> f64 {
    let s = &data.samples[i];
    let (mut mg, mut eg) = (0.0, 0.0);
    for e in &data.entries[s.start..s.end] {
        let p = 2 * e.param as usize;
        mg += e.count * w[p];
        eg += e.count * w[p + 1];
    }
    s.mg_weight * mg + s.eg_weight * eg
}

/// Mean squared error of `sigmoid(K * eval)` against the targets, for evaluations given as
/// (White's eval, result) pairs.
pub fn mse_of(k: Steepness, evals: &[(f64, f64)]) -> f64 {
    if evals.is_empty() {
        return 0.0;
    }
    let sum: f64 = evals
        .iter()
        .map(|&(e, r)| (r - sigmoid(k, e)).powi(2))
        .sum();
    sum / evals.len() as f64
}

/// The engine's own (integer) evaluations under `params`, paired with results, for every sample
/// that carries its features (all samples read from a file do).
pub fn engine_evals(data: &Dataset, params: &eval::Params) -> Vec<(f64, f64)> {
    data.samples
        .iter()
        .filter_map(|s| {
            let feats = s.features.as_ref()?;
            Some((f64::from(white_eval(feats, params)), s.outcome.value()))
        })
        .collect()
}

/// The `K` that minimises [`mse_of`] for fixed evaluations: golden-section search on `log K`
/// (the error is unimodal in `K` for any data with both wins and losses).
pub fn fit_k(evals: &[(f64, f64)]) -> Steepness {
    let log_k = golden::minimise(
        |x| mse_of(Steepness(x.exp()), evals),
        1e-5_f64.ln(),
        1.0_f64.ln(),
        80,
    );
    Steepness(log_k.exp())
}

/// The mean squared error against the samples' targets under real-valued weights, and its
/// gradient written into `grad` (same layout as `w`, overwritten).
pub fn error_and_gradient(data: &Dataset, k: Steepness, w: &Weights, grad: &mut [f64]) -> f64 {
    grad.iter_mut().for_each(|g| *g = 0.0);
    if data.is_empty() {
        return 0.0;
    }
    let mut total = 0.0;
    for (i, s) in data.samples.iter().enumerate() {
        let p = sigmoid(k, linear_eval(data, i, w));
        let diff = p - s.target;
        total += diff * diff;
        // d(diff^2)/d(eval) = 2 diff * p (1 - p) * K.
        let d = 2.0 * diff * p * (1.0 - p) * k.0;
        let (dmg, deg) = (d * s.mg_weight, d * s.eg_weight);
        for e in &data.entries[s.start..s.end] {
            let q = 2 * e.param as usize;
            grad[q] += dmg * e.count;
            grad[q + 1] += deg * e.count;
        }
    }
    let n = data.len() as f64;
    grad.iter_mut().for_each(|g| *g /= n);
    total / n
}

/// The mean squared error against the samples' targets under real-valued weights.
pub fn error(data: &Dataset, k: Steepness, w: &Weights) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let total: f64 = (0..data.len())
        .map(|i| (data.samples[i].target - sigmoid(k, linear_eval(data, i, w))).powi(2))
        .sum();
    total / data.len() as f64
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::data::{Label, Outcome};

    /// A toy middlegame sample (mg weight 1, eg weight 0) counting `coefficients`.
    pub(crate) fn toy(data: &mut Dataset, coefficients: &[(usize, i32)], result: f64) {
        let label = Label::result(Outcome::from_value(result));
        data.push_linear(coefficients, (1.0, 0.0), label, None);
    }

    #[test]
    fn sigmoid_is_a_centred_increasing_curve() {
        let k = Steepness(0.01);
        assert_eq!(sigmoid(k, 0.0), 0.5);
        assert!((sigmoid(k, 100.0) + sigmoid(k, -100.0) - 1.0).abs() < 1e-12);
        assert!(sigmoid(k, 50.0) < sigmoid(k, 100.0));
        assert!(sigmoid(k, 1e6) > 0.999_999);
    }

    #[test]
    fn fit_k_recovers_the_steepness_that_made_the_results() {
        let truth = Steepness(0.004);
        let evals: Vec<(f64, f64)> = (-40..=40)
            .map(|i| {
                let e = f64::from(i) * 25.0;
                (e, sigmoid(truth, e))
            })
            .collect();
        let k = fit_k(&evals);
        assert!((k.0 - truth.0).abs() < 1e-6, "fitted {k:?}");
        assert!(mse_of(k, &evals) < 1e-12);
    }

    #[test]
    fn gradient_points_towards_the_results() {
        // Parameter 0 is counted for White in won games and for Black in lost ones: raising
        // its mg value must lower the error, so the gradient is negative. Parameter 1 is
        // counted for the side that lost: positive gradient. Parameter 2 never appears.
        let mut data = Dataset::default();
        toy(&mut data, &[(0, 1), (1, -1)], 1.0);
        toy(&mut data, &[(0, -1), (1, 1)], 0.0);
        toy(&mut data, &[(0, 2)], 1.0);
        let w = vec![0.0; 6];
        let mut grad = vec![0.0; 6];
        let e = error_and_gradient(&data, Steepness(0.01), &w, &mut grad);
        assert!((e - 0.25).abs() < 1e-12, "all evals 0 give p = 0.5");
        assert!(grad[0] < 0.0, "{grad:?}");
        assert!(grad[2] > 0.0, "{grad:?}");
        // Toy samples are pure middlegame: the eg halves and the unused parameter stay 0.
        assert_eq!((grad[1], grad[3], grad[4], grad[5]), (0.0, 0.0, 0.0, 0.0));
    }

    #[test]
    fn gradient_matches_finite_differences() {
        let mut data = Dataset::default();
        data.push_linear(
            &[(0, 1), (1, 2)],
            (0.7, 0.3),
            Label::result(Outcome::from_value(1.0)),
            None,
        );
        data.push_linear(
            &[(0, -1), (1, 1)],
            (0.2, 0.8),
            Label::result(Outcome::from_value(0.5)),
            None,
        );
        data.push_linear(
            &[(1, -3)],
            (0.5, 0.5),
            Label::result(Outcome::from_value(0.0)),
            None,
        );
        let k = Steepness(0.006);
        let w = vec![40.0, -25.0, 10.0, 70.0];
        let mut grad = vec![0.0; 4];
        let e = error_and_gradient(&data, k, &w, &mut grad);
        assert!((e - error(&data, k, &w)).abs() < 1e-15);
        for j in 0..4 {
            let h = 1e-4;
            let (mut up, mut down) = (w.clone(), w.clone());
            up[j] += h;
            down[j] -= h;
            let numeric = (error(&data, k, &up) - error(&data, k, &down)) / (2.0 * h);
            assert!(
                (numeric - grad[j]).abs() < 1e-9,
                "param {j}: analytic {} numeric {numeric}",
                grad[j]
            );
        }
    }
}
