//! Adam (Kingma & Ba, 2015): per-parameter step sizes from running moments of the gradient.
//! It suits this problem because the parameters are counted very unevenly (a material value in
//! every position, a corner square's piece value in few), which plain gradient descent would
//! move at wildly different speeds.

/// Adam's state for a vector of parameters.
#[derive(Clone, Debug)]
pub struct Adam {
    /// Step size, in parameter units (centipawns) per epoch at most, roughly.
    pub rate: f64,
    first: Vec<f64>,
    second: Vec<f64>,
    steps: i32,
}

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-12;

impl Adam {
    /// A fresh optimizer for `len` parameters.
    pub fn new(len: usize, rate: f64) -> Adam {
        Adam {
            rate,
            first: vec![0.0; len],
            second: vec![0.0; len],
            steps: 0,
        }
    }

    /// One update of `weights` against `grad` (both of the length given to [`Adam::new`]).
    /// Parameters whose gradient has always been zero (never counted in the data) stay put.
    pub fn step(&mut self, weights: &mut [f64], grad: &[f64]) {
        self.steps = self.steps.saturating_add(1);
        let c1 = 1.0 - BETA1.powi(self.steps);
        let c2 = 1.0 - BETA2.powi(self.steps);
        let moments = self.first.iter_mut().zip(self.second.iter_mut());
        for ((w, &g), (m, v)) in weights.iter_mut().zip(grad).zip(moments) {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            let m_hat = *m / c1;
            let v_hat = *v / c2;
            *w -= self.rate * m_hat / (v_hat.sqrt() + EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adam_walks_down_a_quadratic_and_leaves_unused_weights_alone() {
        // f(w) = (w0 - 3)^2 + 10 (w1 + 2)^2; w2 has no gradient.
        let mut w = vec![0.0, 0.0, 7.0];
        let mut adam = Adam::new(3, 0.1);
        for _ in 0..2000 {
            let grad = [2.0 * (w[0] - 3.0), 20.0 * (w[1] + 2.0), 0.0];
            adam.step(&mut w, &grad);
        }
        assert!((w[0] - 3.0).abs() < 1e-2, "{w:?}");
        assert!((w[1] + 2.0).abs() < 1e-2, "{w:?}");
        assert_eq!(w[2], 7.0);
    }
}
