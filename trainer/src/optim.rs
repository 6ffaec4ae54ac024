//! AdamW (Loshchilov & Hutter, "Decoupled Weight Decay Regularization", 2019): Adam's
//! per-parameter steps, with the weight decay applied to the weights directly rather than
//! through the gradient.

/// AdamW's running moments.
#[derive(Clone, Debug, PartialEq)]
pub struct AdamW {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken (for the bias correction).
    pub steps: u64,
    /// Decoupled weight decay per unit of learning rate.
    pub weight_decay: f32,
}

const BETA1: f32 = 0.9;
const BETA2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

impl AdamW {
    /// Fresh moments for `len` parameters.
    pub fn new(len: usize, weight_decay: f32) -> AdamW {
        AdamW {
            m: vec![0.0; len],
            v: vec![0.0; len],
            steps: 0,
            weight_decay,
        }
    }

    /// One step of size `lr` against `grad`.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32) {
        self.step_on(1, params, grad, lr);
    }

    /// One step of size `lr` against `grad`, the parameters split among `threads` threads:
    /// the same numbers as [`AdamW::step`] (each parameter's update is its own), sooner for a
    /// network with king buckets, whose millions of parameters make the step a large part
    /// of a batch's time.
    pub fn step_on(&mut self, threads: usize, params: &mut [f32], grad: &[f32], lr: f32) {
        self.steps += 1;
        let constants = StepConstants {
            c1: 1.0 - BETA1.powf(self.steps as f32),
            c2: 1.0 - BETA2.powf(self.steps as f32),
            decay: 1.0 - lr * self.weight_decay,
            lr,
        };
        let chunk = params.len().div_ceil(threads.max(1)).max(1);
        if chunk >= params.len() {
            constants.apply(params, grad, &mut self.m, &mut self.v);
            return;
        }
        std::thread::scope(|s| {
            let parts = params
                .chunks_mut(chunk)
                .zip(grad.chunks(chunk))
                .zip(self.m.chunks_mut(chunk))
                .zip(self.v.chunks_mut(chunk));
            for (((p, g), m), v) in parts {
                s.spawn(move || constants.apply(p, g, m, v));
            }
        });
    }
}

/// What one step's update of every parameter shares.
#[derive(Clone, Copy)]
struct StepConstants {
    /// The bias corrections of the moments.
    c1: f32,
    c2: f32,
    /// The weight decay's factor.
    decay: f32,
    lr: f32,
}

impl StepConstants {
    fn apply(self, params: &mut [f32], grad: &[f32], m: &mut [f32], v: &mut [f32]) {
        let StepConstants { c1, c2, decay, lr } = self;
        for (((p, &g), m), v) in params.iter_mut().zip(grad).zip(m).zip(v) {
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *p = *p * decay - lr * (*m / c1) / ((*v / c2).sqrt() + EPSILON);
        }
    }
}

/// The learning rate at `progress` (0 at the start of training, 1 at the end): cosine decay
/// from `initial` to `initial × final_ratio` (Loshchilov & Hutter, "SGDR", 2017, one cycle).
pub fn cosine_lr(initial: f32, final_ratio: f32, progress: f32) -> f32 {
    let floor = initial * final_ratio;
    let cos = (std::f32::consts::PI * progress.clamp(0.0, 1.0)).cos();
    floor + (initial - floor) * 0.5 * (1.0 + cos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adamw_finds_a_quadratics_minimum_and_decay_pulls_unused_weights_in() {
        let mut w = vec![0.0f32, 0.0, 5.0];
        let mut opt = AdamW::new(3, 0.01);
        for _ in 0..3000 {
            let grad = [2.0 * (w[0] - 3.0), 20.0 * (w[1] + 2.0), 0.0];
            opt.step(&mut w, &grad, 0.01);
        }
        assert!((w[0] - 3.0).abs() < 0.05, "{w:?}");
        assert!((w[1] + 2.0).abs() < 0.05, "{w:?}");
        // 3000 steps of decay by 1 - 0.01 × 0.01: 5 × e^-0.3 = 3.70.
        assert!(
            (w[2] - 3.70).abs() < 0.01,
            "decay shrinks an unused weight: {w:?}"
        );
    }

    /// Split among threads, a step gives the very numbers of one thread's step.
    #[test]
    fn a_step_on_several_threads_is_the_one_threads_step() {
        let grad: Vec<f32> = (0..1001).map(|i| (i as f32 * 0.37).sin()).collect();
        let mut one = (vec![0.5f32; 1001], AdamW::new(1001, 0.01));
        let mut three = one.clone();
        for lr in [0.01, 0.005, 0.002] {
            one.1.step(&mut one.0, &grad, lr);
            three.1.step_on(3, &mut three.0, &grad, lr);
        }
        assert_eq!(one, three);
        assert_ne!(one.0, vec![0.5f32; 1001]);
    }

    #[test]
    fn the_cosine_schedule_runs_from_initial_to_floor() {
        assert_eq!(cosine_lr(1e-3, 0.1, 0.0), 1e-3);
        assert!((cosine_lr(1e-3, 0.1, 1.0) - 1e-4).abs() < 1e-9);
        assert!((cosine_lr(1e-3, 0.1, 0.5) - 5.5e-4).abs() < 1e-7);
        assert!(cosine_lr(1e-3, 0.1, 0.3) > cosine_lr(1e-3, 0.1, 0.6));
    }
}
