//! The float network the trainer fits: the same `(768 → H) × 2 → 1` architecture as the
//! engine's, with SCReLU, in f32; its forward pass, its gradient, and its quantisation.

use movegen::{Color, Position};
use nnue::format::QuantisedParams;
use nnue::{HIDDEN, INPUTS, QA, QB, SCALE};

use crate::data::{GameResult, Record, Sample};
use rng::Rng;

/// Offset of the feature weights (`INPUTS` rows of `HIDDEN`) in the parameter vector.
pub const FT_WEIGHTS: usize = 0;
/// Offset of the feature biases.
pub const FT_BIAS: usize = INPUTS * HIDDEN;
/// Offset of the output weights (side to move's half, then the other's).
pub const OUT_WEIGHTS: usize = FT_BIAS + HIDDEN;
/// Offset of the output bias.
pub const OUT_BIAS: usize = OUT_WEIGHTS + 2 * HIDDEN;
/// The number of parameters.
pub const PARAMS: usize = OUT_BIAS + 1;

/// Feature weights and biases are kept within this bound, so that quantised (× QA) they fit
/// the file's accumulator check: 32 × 1.98 × 255 + 1.98 × 255 < 32767.
pub const FT_CLIP: f32 = 1.98;
/// Output weights are kept within this bound, so that quantised (× QB) they stay in
/// `-128..128`, as the SIMD kernels require.
pub const OUT_CLIP: f32 = 1.98;

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The training target for the side to move: `lambda × result + (1 − lambda) ×
/// sigmoid(score / SCALE)`.
pub fn target(sample: &Sample, lambda: f32) -> f32 {
    let from_score = sigmoid(sample.score_stm() / SCALE as f32);
    lambda * sample.result_stm() + (1.0 - lambda) * from_score
}

/// The float network: all parameters in one vector (see the offsets above).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The parameters.
    pub params: Vec<f32>,
}

/// The hidden layer of one perspective, before activation.
type Hidden = [f32; HIDDEN];

fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Model {
    /// Random feature and output weights (uniform, scaled by the fan-in), zero biases.
    pub fn init(seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let mut params = vec![0.0; PARAMS];
        let ft_bound = 1.0 / (32.0f32).sqrt();
        for w in &mut params[FT_WEIGHTS..FT_BIAS] {
            *w = rng.symmetric(ft_bound);
        }
        let out_bound = 1.0 / ((2 * HIDDEN) as f32).sqrt();
        for w in &mut params[OUT_WEIGHTS..OUT_BIAS] {
            *w = rng.symmetric(out_bound);
        }
        Model { params }
    }

    fn accumulate(&self, sample: &Sample, perspective: Color) -> Hidden {
        let mut acc = [0.0; HIDDEN];
        acc.copy_from_slice(&self.params[FT_BIAS..FT_BIAS + HIDDEN]);
        for f in sample.features(perspective) {
            let row = &self.params[FT_WEIGHTS + f * HIDDEN..][..HIDDEN];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    fn halves(&self, sample: &Sample) -> (Hidden, Hidden) {
        let stm = sample.side_to_move();
        (self.accumulate(sample, stm), self.accumulate(sample, !stm))
    }

    fn output(&self, us: &Hidden, them: &Hidden) -> f32 {
        let w = &self.params[OUT_WEIGHTS..OUT_BIAS];
        let dot =
            |h: &Hidden, w: &[f32]| h.iter().zip(w).map(|(&x, &w)| screlu(x) * w).sum::<f32>();
        dot(us, &w[..HIDDEN]) + dot(them, &w[HIDDEN..]) + self.params[OUT_BIAS]
    }

    /// The raw output for the side to move (centipawns / SCALE).
    pub fn forward(&self, sample: &Sample) -> f32 {
        let (us, them) = self.halves(sample);
        self.output(&us, &them)
    }

    /// The evaluation of `pos` in centipawns for the side to move (the reference the quantised
    /// network is compared with).
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let record = Record {
            pos: pos.clone(),
            score: 0,
            result: GameResult::Draw,
            game: 0,
        };
        self.forward(&Sample::new(&record)) * SCALE as f32
    }

    /// The squared error of `sigmoid(output)` against the target.
    pub fn loss(&self, sample: &Sample, lambda: f32) -> f32 {
        let e = sigmoid(self.forward(sample)) - target(sample, lambda);
        e * e
    }

    /// The loss of `sample`, adding its gradient into `grad` (of length [`PARAMS`]).
    pub fn loss_and_grad(&self, sample: &Sample, lambda: f32, grad: &mut [f32]) -> f32 {
        let stm = sample.side_to_move();
        let (us, them) = self.halves(sample);
        let p = sigmoid(self.output(&us, &them));
        let e = p - target(sample, lambda);
        let d_out = 2.0 * e * p * (1.0 - p);
        grad[OUT_BIAS] += d_out;
        for (half, (h, perspective)) in [(&us, stm), (&them, !stm)].into_iter().enumerate() {
            let w = &self.params[OUT_WEIGHTS + half * HIDDEN..][..HIDDEN];
            let mut d_acc = [0.0f32; HIDDEN];
            {
                let g_out = &mut grad[OUT_WEIGHTS + half * HIDDEN..][..HIDDEN];
                for j in 0..HIDDEN {
                    let x = h[j];
                    g_out[j] += d_out * screlu(x);
                    d_acc[j] = if x > 0.0 && x < 1.0 {
                        d_out * w[j] * 2.0 * x
                    } else {
                        0.0
                    };
                }
            }
            for (g, d) in grad[FT_BIAS..FT_BIAS + HIDDEN].iter_mut().zip(&d_acc) {
                *g += d;
            }
            for f in sample.features(perspective) {
                let row = &mut grad[FT_WEIGHTS + f * HIDDEN..][..HIDDEN];
                for (g, d) in row.iter_mut().zip(&d_acc) {
                    *g += d;
                }
            }
        }
        e * e
    }

    /// Keeps the weights inside the ranges quantisation needs.
    pub fn clip(&mut self) {
        for w in &mut self.params[..OUT_WEIGHTS] {
            *w = w.clamp(-FT_CLIP, FT_CLIP);
        }
        for w in &mut self.params[OUT_WEIGHTS..OUT_BIAS] {
            *w = w.clamp(-OUT_CLIP, OUT_CLIP);
        }
    }

    /// Rounds every parameter to the value its quantised form stands for.
    pub fn dequantise_in_place(&mut self) {
        let qa = f32::from(QA);
        let qb = f32::from(QB);
        let round = |w: &mut f32, scale: f32| *w = (*w * scale).round() / scale;
        self.params[..OUT_WEIGHTS]
            .iter_mut()
            .for_each(|w| round(w, qa));
        self.params[OUT_WEIGHTS..OUT_BIAS]
            .iter_mut()
            .for_each(|w| round(w, qb));
        round(&mut self.params[OUT_BIAS], qa * qb);
    }

    /// The parameters rounded to the engine's integers: feature layer × QA, output weights
    /// × QB, output bias × QA × QB.
    pub fn quantise(&self) -> QuantisedParams {
        let q = |w: f32, scale: f32| (w * scale).round() as i16;
        let qa = f32::from(QA);
        let qb = f32::from(QB);
        QuantisedParams {
            ft_weights: self.params[FT_WEIGHTS..FT_BIAS]
                .iter()
                .map(|&w| q(w, qa))
                .collect(),
            ft_bias: self.params[FT_BIAS..OUT_WEIGHTS]
                .iter()
                .map(|&w| q(w, qa))
                .collect(),
            out_weights: self.params[OUT_WEIGHTS..OUT_BIAS]
                .iter()
                .map(|&w| q(w, qb))
                .collect(),
            out_bias: (self.params[OUT_BIAS] * qa * qb).round() as i32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nnue::{Backend, Network, Nnue};

    fn sample(fen: &str, score: i16, result: GameResult) -> Sample {
        let pos = Position::from_fen(fen).expect("FEN");
        Sample::new(&Record {
            pos,
            score,
            result,
            game: 0,
        })
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let mut model = Model::init(3);
        // Move the biases off zero so some activations sit inside (0, 1) and some clip.
        for (i, b) in model.params[FT_BIAS..OUT_WEIGHTS].iter_mut().enumerate() {
            *b = (i % 7) as f32 * 0.1 - 0.2;
        }
        let s = sample(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            120,
            GameResult::Draw,
        );
        let mut grad = vec![0.0; PARAMS];
        model.loss_and_grad(&s, 0.3, &mut grad);
        let f0 = s.features(Color::Black).next().expect("a feature");
        let probes = [
            OUT_BIAS,
            OUT_WEIGHTS + 5,
            OUT_WEIGHTS + HIDDEN + 9,
            FT_BIAS + 11,
            FT_WEIGHTS + f0 * HIDDEN + 11,
        ];
        for &i in &probes {
            let h = 1e-3;
            let mut plus = model.clone();
            plus.params[i] += h;
            let mut minus = model.clone();
            minus.params[i] -= h;
            let numeric = (plus.loss(&s, 0.3) - minus.loss(&s, 0.3)) / (2.0 * h);
            let tolerance = 1e-4 + 0.02 * numeric.abs();
            assert!(
                (numeric - grad[i]).abs() < tolerance,
                "param {i}: numeric {numeric}, analytic {}",
                grad[i]
            );
        }
    }

    /// A model whose weights are exactly representable after quantisation, so that the float
    /// and integer evaluations differ only by the integer path's truncations.
    fn representable(seed: u64) -> Model {
        let mut model = Model::init(seed);
        let mut rng = Rng::new(seed + 1);
        for (i, b) in model.params[FT_BIAS..OUT_WEIGHTS].iter_mut().enumerate() {
            *b = (i % 5) as f32 * 0.15;
        }
        for w in &mut model.params[OUT_WEIGHTS..OUT_BIAS] {
            *w = rng.symmetric(1.5);
        }
        model.params[OUT_BIAS] = 0.1;
        model.clip();
        model.dequantise_in_place();
        model
    }

    #[test]
    fn the_engine_computes_what_the_float_network_computes() {
        let model = representable(5);
        let net =
            Network::from_bytes(&model.quantise().encode()).expect("within the file's ranges");
        // The engine's scalar path is the quantised reference: the one integer implementation.
        let engine = Nnue::with_backend(&net, Backend::SCALAR);
        let mut pos = Position::startpos();
        let mut spread = 0.0f32;
        for ply in 0..120 {
            let float = model.evaluate(&pos);
            let int = engine.evaluate_position(&pos) as f32;
            // Two truncating divisions in the integer path, f32 rounding in the float one.
            assert!(
                (float - int).abs() <= 2.0,
                "ply {ply}: float {float}, quantised {int}, {}",
                pos.fen()
            );
            spread = spread.max(float.abs());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[(ply * 7) % moves.len()]);
        }
        assert!(
            spread > 100.0,
            "the test network is too flat to test anything: {spread}"
        );
    }
}
