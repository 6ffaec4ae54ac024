//! The float network the trainer fits: the same `(K × 768 → H) × 2 → N` architecture as the
//! engine's, with SCReLU, N output heads chosen by the piece count and, if asked for, the
//! engine's horizontal input mirroring and K king buckets, in f32; its forward pass, its
//! gradient, and its quantisation.
//!
//! With king buckets the model also has a factoriser: one more `768 × H` block of feature
//! weights that every bucket shares. A bucket's effective weights are its own plus the
//! factoriser's, so what all buckets learn in common is learnt once, from every position,
//! and each bucket's own rows learn only how it differs (the "factorised" inputs of
//! Stockfish's trainer, nnue-pytorch, and of the bullet trainer). A network file holds the
//! effective weights (the factoriser folded into each bucket), so the engine never sees it.

use std::borrow::Cow;

use movegen::{Color, Position, Square};
use nnue::format::QuantisedParams;
use nnue::{
    Architecture, INPUTS, KingBuckets, KingLayout, Mirroring, Network, OutputBuckets, QA, QB, SCALE,
};

use crate::data::{GameResult, Record, Sample};
use rng::Rng;

/// The hidden width the trainer fits unless told otherwise (the eighth network's).
pub const DEFAULT_HIDDEN: usize = 256;

/// Offset of the feature weights (`K × INPUTS` rows of `hidden`, king bucket 0's first) in
/// the parameter vector; the feature biases follow them, then the output weights (`2 ×
/// hidden` per head, side to move's half first, head 0 first), then the heads' biases, as in
/// the network file; then, with king buckets only, the factoriser (`INPUTS` rows).
pub const FT_WEIGHTS: usize = 0;

/// Where each part of the parameter vector of a network of one shape starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The hidden width.
    pub hidden: usize,
    /// The number of king buckets (1: none, and no factoriser).
    pub king_buckets: usize,
    /// The feature biases.
    pub ft_bias: usize,
    /// The output weights of head 0.
    pub out_weights: usize,
}

impl Layout {
    /// The layout of a network of hidden width `hidden` with `king_buckets` king buckets.
    pub const fn of(hidden: usize, king_buckets: usize) -> Layout {
        let ft_bias = king_buckets * INPUTS * hidden;
        Layout {
            hidden,
            king_buckets,
            ft_bias,
            out_weights: ft_bias + hidden,
        }
    }

    /// Parameters of each output head: its weights and its bias.
    const fn head_params(self) -> usize {
        2 * self.hidden + 1
    }

    /// Parameters of the factoriser: `INPUTS` rows with king buckets, none without.
    pub const fn factoriser_params(self) -> usize {
        if self.king_buckets > 1 {
            INPUTS * self.hidden
        } else {
            0
        }
    }

    /// The number of parameters of a network with `buckets` output heads.
    pub const fn param_count(self, buckets: OutputBuckets) -> usize {
        self.out_weights + buckets.count() * self.head_params() + self.factoriser_params()
    }

    /// The output buckets of a network with `params` parameters, if some count gives that
    /// many.
    pub fn buckets_of_param_count(self, params: usize) -> Option<OutputBuckets> {
        let heads = params.checked_sub(self.out_weights + self.factoriser_params())?;
        if !heads.is_multiple_of(self.head_params()) {
            return None;
        }
        OutputBuckets::new(heads / self.head_params())
    }
}

/// A starting network (a checkpoint or a network file) whose architecture is not the one
/// the options ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArchitectureMismatch {
    /// The starting network's.
    pub found: Architecture,
    /// The options'.
    pub expected: Architecture,
}

impl std::fmt::Display for ArchitectureMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (found, expected) = (self.found, self.expected);
        let parts = [
            ("--hidden", found.hidden != expected.hidden),
            ("--input-mirroring", found.mirroring != expected.mirroring),
            (
                "--king-buckets",
                found.king_buckets != expected.king_buckets,
            ),
            (
                "--output-buckets",
                found.output_buckets != expected.output_buckets,
            ),
        ];
        let differ: Vec<&str> = parts.iter().filter(|p| p.1).map(|p| p.0).collect();
        write!(
            f,
            "the starting network is {found}; {} say {expected}",
            differ.join(", ")
        )
    }
}

impl std::error::Error for ArchitectureMismatch {}

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

/// The float network: its architecture, and all parameters in one vector (see [`Layout`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The parameters, [`Layout::param_count`] of them.
    pub params: Vec<f32>,
    /// The shape: hidden width, input mirroring, king buckets and output heads. Its king
    /// buckets must name a layout that suits its mirroring ([`nnue::KingBuckets::layout`]).
    pub arch: Architecture,
}

/// The model with its feature weights as the engine's file holds them (the factoriser folded
/// into each king bucket, once): what the forward and backward passes read.
pub struct Evaluator<'m> {
    model: &'m Model,
    /// The effective feature weights, `K × INPUTS` rows.
    ft: Cow<'m, [f32]>,
    layout: &'static KingLayout,
}

/// The hidden layer of one perspective, before activation.
type Hidden<const H: usize> = [f32; H];

/// Calls `$self.$method::<H>(...)` with `H` `$model`'s hidden width as a constant, so that
/// the per-sample loops have a fixed length (a width only known at run time made training a
/// tenth slower). The widths are the engine's (`nnue::SUPPORTED_HIDDEN`).
macro_rules! by_width {
    ($model:ident, $self:ident . $method:ident ( $($arg:expr),* )) => {
        match $model.arch.hidden {
            256 => $self.$method::<256>($($arg),*),
            512 => $self.$method::<512>($($arg),*),
            768 => $self.$method::<768>($($arg),*),
            1024 => $self.$method::<1024>($($arg),*),
            other => panic!("hidden width {other}: not one the engine runs"),
        }
    };
}

fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Model {
    /// Random feature and output weights (uniform, scaled by the fan-in), zero biases, for a
    /// network of shape `arch`. With king buckets, the random feature weights are the
    /// factoriser's and the buckets' own start at zero: every bucket starts as the same
    /// network, and learns how it differs.
    ///
    /// # Panics
    /// If the hidden width is not one the engine runs (`nnue::SUPPORTED_HIDDEN`), or the king
    /// buckets name no layout that suits the mirroring: the command line and the checkpoint
    /// reader refuse those first.
    pub fn init(seed: u64, arch: Architecture) -> Model {
        assert!(
            nnue::SUPPORTED_HIDDEN.contains(&arch.hidden),
            "hidden width {}: not one the engine runs",
            arch.hidden
        );
        if let Err(e) = arch.king_buckets.layout(arch.mirroring) {
            panic!("{e}");
        }
        let layout = Layout::of(arch.hidden, arch.king_buckets.count() as usize);
        let mut model = Model {
            params: vec![0.0; layout.param_count(arch.output_buckets)],
            arch,
        };
        let mut rng = Rng::new(seed);
        let ft_bound = 1.0 / (32.0f32).sqrt();
        let random_rows = match model.factoriser() {
            Some(at) => at..at + layout.factoriser_params(),
            None => FT_WEIGHTS..layout.ft_bias,
        };
        for w in &mut model.params[random_rows] {
            *w = rng.symmetric(ft_bound);
        }
        let out_bound = 1.0 / ((2 * arch.hidden) as f32).sqrt();
        let out_bias = model.out_bias();
        for w in &mut model.params[layout.out_weights..out_bias] {
            *w = rng.symmetric(out_bound);
        }
        model
    }

    /// The float network a quantised one stands for: every weight its integer over its scale
    /// (feature layer `QA`, output weights `QB`, output biases `QA × QB`), so that
    /// [`Model::quantise`] gives the same integers back. With king buckets, each bucket's rows
    /// are the file's and the factoriser starts at zero. Training from it fine-tunes a
    /// network whose float weights are gone.
    pub fn from_network(net: &Network) -> Model {
        let q = net.params();
        let qa = f32::from(QA);
        let qb = f32::from(QB);
        let arch = net.architecture();
        let factoriser =
            Layout::of(arch.hidden, arch.king_buckets.count() as usize).factoriser_params();
        let params = (q.ft_weights.iter().chain(&q.ft_bias))
            .map(|&w| f32::from(w) / qa)
            .chain(q.out_weights.iter().map(|&w| f32::from(w) / qb))
            .chain(q.out_bias.iter().map(|&b| b as f32 / (qa * qb)))
            .chain(std::iter::repeat_n(0.0, factoriser))
            .collect();
        Model { params, arch }
    }

    /// This model, which has no king buckets, as the start of one with `king_buckets` that
    /// evaluates every position as it does: its feature weights become the factoriser's and
    /// the buckets' own start at zero (as [`Model::init`] starts them), its biases and heads
    /// stay. Training from it teaches each bucket how it differs from what this network
    /// learned, rather than from random weights.
    ///
    /// # Panics
    /// If this model has king buckets already or `king_buckets` is none, or the layout does
    /// not suit the mirroring (the command line refuses that first).
    pub fn with_king_buckets(&self, king_buckets: KingBuckets) -> Model {
        let old = self.layout();
        assert_eq!(old.king_buckets, 1, "a model without king buckets");
        let arch = Architecture {
            king_buckets,
            ..self.arch
        };
        if let Err(e) = king_buckets.layout(arch.mirroring) {
            panic!("{e}");
        }
        let layout = Layout::of(arch.hidden, king_buckets.count() as usize);
        assert!(layout.factoriser_params() > 0, "king buckets to add");
        // As `from_network` lays them out: the buckets' own rows (zero), then what follows the
        // feature weights without buckets (feature biases, heads' weights, heads' biases), then
        // the factoriser (this model's feature weights).
        let params: Vec<f32> = std::iter::repeat_n(0.0, layout.ft_bias)
            .chain(self.params[old.ft_bias..].iter().copied())
            .chain(self.params[FT_WEIGHTS..old.ft_bias].iter().copied())
            .collect();
        debug_assert_eq!(params.len(), layout.param_count(arch.output_buckets));
        Model { params, arch }
    }

    /// Where the parts of the parameter vector start.
    pub fn layout(&self) -> Layout {
        Layout::of(self.arch.hidden, self.arch.king_buckets.count() as usize)
    }

    /// The king bucket layout.
    pub fn king_layout(&self) -> &'static KingLayout {
        match self.arch.king_buckets.layout(self.arch.mirroring) {
            Ok(layout) => layout,
            // `init`, the checkpoint reader and the network reader admit no other.
            Err(e) => panic!("{e}"),
        }
    }

    /// The output heads, and which one a position uses.
    pub fn buckets(&self) -> OutputBuckets {
        self.arch.output_buckets
    }

    /// Offset of the first head's output bias (the others follow it).
    pub fn out_bias(&self) -> usize {
        self.layout().out_weights + self.buckets().count() * 2 * self.arch.hidden
    }

    /// Offset of the factoriser's rows, if the model has king buckets.
    pub fn factoriser(&self) -> Option<usize> {
        (self.layout().factoriser_params() > 0).then(|| self.out_bias() + self.buckets().count())
    }

    /// Offset of head `bucket`'s output weights.
    pub fn head_weights(&self, bucket: usize) -> usize {
        self.layout().out_weights + bucket * 2 * self.arch.hidden
    }

    /// The head `sample` uses.
    pub fn bucket(&self, sample: &Sample) -> usize {
        self.buckets().of_pieces(sample.pieces())
    }

    /// `Ok` when the model has the architecture `expected` (a starting network against the
    /// options).
    pub fn check_architecture(&self, expected: Architecture) -> Result<(), ArchitectureMismatch> {
        if self.arch == expected {
            Ok(())
        } else {
            Err(ArchitectureMismatch {
                found: self.arch,
                expected,
            })
        }
    }

    /// The model ready to evaluate: its factoriser, if any, folded into the buckets' rows.
    pub fn evaluator(&self) -> Evaluator<'_> {
        let ft = match self.factoriser() {
            None => Cow::Borrowed(&self.params[FT_WEIGHTS..self.layout().ft_bias]),
            Some(_) => {
                let mut folded = Vec::new();
                self.fold_into(&mut folded);
                Cow::Owned(folded)
            }
        };
        Evaluator {
            model: self,
            ft,
            layout: self.king_layout(),
        }
    }

    /// As [`Model::evaluator`], folding into `buffer` (the training loop's, reused batch
    /// after batch rather than allocated anew).
    pub fn evaluator_in<'m>(&'m self, buffer: &'m mut Vec<f32>) -> Evaluator<'m> {
        if self.factoriser().is_none() {
            return self.evaluator();
        }
        self.fold_into(buffer);
        Evaluator {
            model: self,
            ft: Cow::Borrowed(buffer),
            layout: self.king_layout(),
        }
    }

    /// `out` = the buckets' own feature weights plus the factoriser's, bucket by bucket.
    fn fold_into(&self, out: &mut Vec<f32>) {
        let layout = self.layout();
        out.clear();
        out.extend_from_slice(&self.params[FT_WEIGHTS..layout.ft_bias]);
        if let Some(at) = self.factoriser() {
            let shared = &self.params[at..at + layout.factoriser_params()];
            for bucket in out.chunks_exact_mut(shared.len()) {
                for (w, f) in bucket.iter_mut().zip(shared) {
                    *w += f;
                }
            }
        }
    }

    /// Completes a gradient summed by [`Evaluator::loss_and_grad`] over a batch: the
    /// factoriser's is the sum of the buckets' (each bucket's effective weights are its own
    /// plus the factoriser's). Call once per summed gradient.
    pub fn finish_gradient(&self, grad: &mut [f32]) {
        let Some(at) = self.factoriser() else {
            return;
        };
        let layout = self.layout();
        let (buckets, rest) = grad.split_at_mut(layout.ft_bias);
        let shared = &mut rest[at - layout.ft_bias..][..layout.factoriser_params()];
        shared.iter_mut().for_each(|g| *g = 0.0);
        for bucket in buckets.chunks_exact(shared.len()) {
            for (g, b) in shared.iter_mut().zip(bucket) {
                *g += b;
            }
        }
    }

    /// The raw output for the side to move (centipawns / SCALE).
    pub fn forward(&self, sample: &Sample) -> f32 {
        self.evaluator().forward(sample)
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
        self.evaluator().loss(sample, lambda)
    }

    /// The loss of `sample`, adding its whole gradient into `grad` (of length
    /// [`Layout::param_count`]), the factoriser's included.
    pub fn loss_and_grad(&self, sample: &Sample, lambda: f32, grad: &mut [f32]) -> f32 {
        let mut own = vec![0.0; grad.len()];
        let loss = self.evaluator().loss_and_grad(sample, lambda, &mut own);
        self.finish_gradient(&mut own);
        for (g, o) in grad.iter_mut().zip(&own) {
            *g += o;
        }
        loss
    }

    /// Keeps the weights inside the ranges quantisation needs: with king buckets, each
    /// bucket's effective weights (its own plus the factoriser's) and the factoriser itself.
    pub fn clip(&mut self) {
        let layout = self.layout();
        let (out_weights, out_bias) = (layout.out_weights, self.out_bias());
        if let Some(at) = self.factoriser() {
            let (front, shared) = self.params.split_at_mut(at);
            for f in shared.iter_mut() {
                *f = f.clamp(-FT_CLIP, FT_CLIP);
            }
            for bucket in front[FT_WEIGHTS..layout.ft_bias].chunks_exact_mut(shared.len()) {
                for (w, f) in bucket.iter_mut().zip(shared.iter()) {
                    *w = (*w + f).clamp(-FT_CLIP, FT_CLIP) - f;
                }
            }
        } else {
            for w in &mut self.params[FT_WEIGHTS..layout.ft_bias] {
                *w = w.clamp(-FT_CLIP, FT_CLIP);
            }
        }
        for w in &mut self.params[layout.ft_bias..out_weights] {
            *w = w.clamp(-FT_CLIP, FT_CLIP);
        }
        for w in &mut self.params[out_weights..out_bias] {
            *w = w.clamp(-OUT_CLIP, OUT_CLIP);
        }
    }

    /// Rounds every parameter to the value its quantised form stands for; with king buckets,
    /// the factoriser is first folded into the buckets (the same network, as the file holds
    /// it) and left at zero.
    pub fn dequantise_in_place(&mut self) {
        let layout = self.layout();
        if let Some(at) = self.factoriser() {
            let folded = self.evaluator().ft.into_owned();
            self.params[FT_WEIGHTS..layout.ft_bias].copy_from_slice(&folded);
            self.params[at..at + layout.factoriser_params()].fill(0.0);
        }
        let qa = f32::from(QA);
        let qb = f32::from(QB);
        let round = |w: &mut f32, scale: f32| *w = (*w * scale).round() / scale;
        let (out_weights, out_bias) = (layout.out_weights, self.out_bias());
        let heads = self.buckets().count();
        self.params[..out_weights]
            .iter_mut()
            .for_each(|w| round(w, qa));
        self.params[out_weights..out_bias]
            .iter_mut()
            .for_each(|w| round(w, qb));
        self.params[out_bias..out_bias + heads]
            .iter_mut()
            .for_each(|w| round(w, qa * qb));
    }

    /// The parameters rounded to the engine's integers: feature layer × QA (with king
    /// buckets, each bucket's effective weights: the factoriser folded in), output weights
    /// × QB, output biases × QA × QB; the header declares the model's architecture.
    pub fn quantise(&self) -> QuantisedParams {
        let q = |w: f32, scale: f32| (w * scale).round() as i16;
        let qa = f32::from(QA);
        let qb = f32::from(QB);
        let layout = self.layout();
        let out_bias = self.out_bias();
        let heads = self.buckets().count();
        QuantisedParams {
            arch: self.arch,
            ft_weights: self.evaluator().ft.iter().map(|&w| q(w, qa)).collect(),
            ft_bias: self.params[layout.ft_bias..layout.out_weights]
                .iter()
                .map(|&w| q(w, qa))
                .collect(),
            out_weights: self.params[layout.out_weights..out_bias]
                .iter()
                .map(|&w| q(w, qb))
                .collect(),
            out_bias: self.params[out_bias..out_bias + heads]
                .iter()
                .map(|&b| (b * qa * qb).round() as i32)
                .collect(),
        }
    }
}

impl std::fmt::Debug for Evaluator<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Evaluator({})", self.model.arch)
    }
}

impl Evaluator<'_> {
    /// The rows of the feature weights that `sample` switches on from `perspective`'s side,
    /// as the engine reads them: each feature turned under the network's mirroring
    /// (`nnue::Orientation`), in the bucket of that side's own king (`nnue::View::row`).
    pub fn inputs(&self, sample: &Sample, perspective: Color) -> impl Iterator<Item = usize> {
        // The own king as its side sees it; a board without it reads as a king on e1.
        let king = sample
            .king_square(perspective)
            .unwrap_or(Square::E1.index());
        let flip = match self.model.arch.mirroring {
            Mirroring::Horizontal if king % 8 < 4 => 7,
            _ => 0,
        };
        let base = if self.layout.count() > 1 {
            self.layout.bucket_of(Square::new((king ^ flip) as u8)) * INPUTS
        } else {
            0
        };
        // The file is a feature's low three bits.
        sample.features(perspective).map(move |f| base + (f ^ flip))
    }

    fn accumulate<const H: usize>(&self, sample: &Sample, perspective: Color) -> Hidden<H> {
        let ft_bias = self.model.layout().ft_bias;
        let mut acc = [0.0; H];
        acc.copy_from_slice(&self.model.params[ft_bias..ft_bias + H]);
        for f in self.inputs(sample, perspective) {
            let row = &self.ft[f * H..][..H];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc
    }

    fn halves<const H: usize>(&self, sample: &Sample) -> (Hidden<H>, Hidden<H>) {
        let stm = sample.side_to_move();
        (self.accumulate(sample, stm), self.accumulate(sample, !stm))
    }

    fn output<const H: usize>(&self, us: &Hidden<H>, them: &Hidden<H>, bucket: usize) -> f32 {
        let model = self.model;
        let w = &model.params[model.head_weights(bucket)..][..2 * H];
        let dot =
            |h: &Hidden<H>, w: &[f32]| h.iter().zip(w).map(|(&x, &w)| screlu(x) * w).sum::<f32>();
        dot(us, &w[..H]) + dot(them, &w[H..]) + model.params[model.out_bias() + bucket]
    }

    /// The raw output for the side to move (centipawns / SCALE).
    pub fn forward(&self, sample: &Sample) -> f32 {
        let model = self.model;
        by_width!(model, self.forward_at(sample))
    }

    fn forward_at<const H: usize>(&self, sample: &Sample) -> f32 {
        let (us, them) = self.halves::<H>(sample);
        self.output(&us, &them, self.model.bucket(sample))
    }

    /// The squared error of `sigmoid(output)` against the target.
    pub fn loss(&self, sample: &Sample, lambda: f32) -> f32 {
        let e = sigmoid(self.forward(sample)) - target(sample, lambda);
        e * e
    }

    /// The loss of `sample`, adding its gradient into `grad` (of length
    /// [`Layout::param_count`]): the feature rows' into the king buckets' own rows, none yet
    /// into the factoriser's ([`Model::finish_gradient`] adds those, once per batch). Of the
    /// output layer, only the sample's own head has a gradient.
    pub fn loss_and_grad(&self, sample: &Sample, lambda: f32, grad: &mut [f32]) -> f32 {
        let model = self.model;
        by_width!(model, self.loss_and_grad_at(sample, lambda, grad))
    }

    fn loss_and_grad_at<const H: usize>(
        &self,
        sample: &Sample,
        lambda: f32,
        grad: &mut [f32],
    ) -> f32 {
        let model = self.model;
        let ft_bias = model.layout().ft_bias;
        let stm = sample.side_to_move();
        let (us, them) = self.halves::<H>(sample);
        let bucket = model.bucket(sample);
        let p = sigmoid(self.output(&us, &them, bucket));
        let e = p - target(sample, lambda);
        let d_out = 2.0 * e * p * (1.0 - p);
        grad[model.out_bias() + bucket] += d_out;
        let head = model.head_weights(bucket);
        for (half, (h, perspective)) in [(&us, stm), (&them, !stm)].into_iter().enumerate() {
            let w = &model.params[head + half * H..][..H];
            let mut d_acc = [0.0f32; H];
            {
                let g_out = &mut grad[head + half * H..][..H];
                for j in 0..H {
                    let x = h[j];
                    g_out[j] += d_out * screlu(x);
                    d_acc[j] = if x > 0.0 && x < 1.0 {
                        d_out * w[j] * 2.0 * x
                    } else {
                        0.0
                    };
                }
            }
            for (g, d) in grad[ft_bias..ft_bias + H].iter_mut().zip(&d_acc) {
                *g += d;
            }
            for f in self.inputs(sample, perspective) {
                let row = &mut grad[FT_WEIGHTS + f * H..][..H];
                for (g, d) in row.iter_mut().zip(&d_acc) {
                    *g += d;
                }
            }
        }
        e * e
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

    fn buckets(count: usize) -> OutputBuckets {
        OutputBuckets::new(count).expect("in range")
    }

    /// The default width with `heads` output heads and `mirroring`.
    fn arch(heads: usize, mirroring: Mirroring) -> Architecture {
        let mut arch = Architecture::plain(DEFAULT_HIDDEN, buckets(heads));
        arch.mirroring = mirroring;
        arch
    }

    /// The default width with 8 heads, mirroring and the king buckets of `layout`.
    fn bucketed(layout: &KingLayout) -> Architecture {
        Architecture {
            king_buckets: layout.header(),
            ..arch(8, Mirroring::Horizontal)
        }
    }

    /// The architectures the tests try: one head, eight, mirrored, and 2 and 4 king buckets.
    fn architectures() -> [Architecture; 5] {
        [
            arch(1, Mirroring::None),
            arch(8, Mirroring::None),
            arch(8, Mirroring::Horizontal),
            bucketed(&KingLayout::TWO),
            bucketed(&KingLayout::FOUR),
        ]
    }

    /// Positions of many piece counts: 32, 25, 20, 16, 12, 10, 7 and 3 pieces (heads 7, 5,
    /// 4, 3, 2, 2, 1 and 0 of eight).
    const FENS: &[&str] = &[
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "r4rk1/1pp2ppp/p2p4/2b1p3/4P1b1/P2P1N2/1PP2PPP/R4RK1 w - - 0 14",
        "r1b2rk1/pp3ppp/2n5/8/8/2N5/PP3PPP/R1B2RK1 w - - 0 12",
        "2r2rk1/pp3ppp/8/8/8/8/PP3PPP/2R2RK1 w - - 0 20",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "8/5pk1/6p1/8/8/6P1/5PK1/3R4 w - - 0 40",
        "8/8/8/4k3/8/8/3QK3/8 w - - 0 1",
    ];

    /// A model whose biases sit off zero, so that some activations fall inside (0, 1) and
    /// some clip.
    fn model_with_biases(seed: u64, arch: Architecture) -> Model {
        let mut model = Model::init(seed, arch);
        let layout = model.layout();
        for (i, b) in model.params[layout.ft_bias..layout.out_weights]
            .iter_mut()
            .enumerate()
        {
            *b = (i % 7) as f32 * 0.1 - 0.2;
        }
        model
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        for arch in architectures() {
            let mut model = model_with_biases(3, arch);
            if model.factoriser().is_some() {
                // Buckets of their own, apart from the factoriser's shared rows.
                let mut rng = Rng::new(8);
                let own = FT_WEIGHTS..model.layout().ft_bias;
                for w in &mut model.params[own] {
                    *w = rng.symmetric(0.05);
                }
            }
            let layout = model.layout();
            // Distinct head biases, so that a wrong head shows in the loss.
            let out_bias = model.out_bias();
            for (i, b) in model.params[out_bias..].iter_mut().enumerate() {
                *b = 0.05 * i as f32 - 0.1;
            }
            for fen in [FENS[0], FENS[4]] {
                let s = sample(fen, 120, GameResult::Draw);
                let bucket = model.bucket(&s);
                let mut grad = vec![0.0; model.params.len()];
                model.loss_and_grad(&s, 0.3, &mut grad);
                let f0 = (model.evaluator().inputs(&s, Color::Black))
                    .next()
                    .expect("a feature");
                let head = model.head_weights(bucket);
                let mut probes = vec![
                    out_bias + bucket,
                    head + 5,
                    head + DEFAULT_HIDDEN + 9,
                    layout.ft_bias + 11,
                    FT_WEIGHTS + f0 * DEFAULT_HIDDEN + 11,
                ];
                // The factoriser's row of the same input: its gradient is the buckets'.
                if let Some(at) = model.factoriser() {
                    probes.push(at + (f0 % INPUTS) * DEFAULT_HIDDEN + 11);
                }
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
                        "{arch}, {fen}, param {i}: numeric {numeric}, analytic {}",
                        grad[i]
                    );
                }
            }
        }
    }

    #[test]
    fn a_positions_gradient_touches_only_its_own_head() {
        let model = model_with_biases(4, arch(8, Mirroring::None));
        let out_bias = model.out_bias();
        let mut heads_seen = Vec::new();
        for fen in FENS {
            let s = sample(fen, -60, GameResult::WhiteWin);
            let bucket = model.bucket(&s);
            heads_seen.push(bucket);
            let mut grad = vec![0.0; model.params.len()];
            model.loss_and_grad(&s, 0.3, &mut grad);
            for head in 0..8 {
                let weights = &grad[model.head_weights(head)..][..2 * DEFAULT_HIDDEN];
                let bias = grad[out_bias + head];
                let touched = bias != 0.0 || weights.iter().any(|&g| g != 0.0);
                assert_eq!(touched, head == bucket, "{fen}: head {head}, own {bucket}");
            }
            // The shared feature layer learns from every position.
            let layout = model.layout();
            assert!(
                grad[layout.ft_bias..layout.out_weights]
                    .iter()
                    .any(|&g| g != 0.0),
                "{fen}"
            );
        }
        assert_eq!(heads_seen, [7, 5, 4, 3, 2, 2, 1, 0]);
    }

    /// A model whose weights are exactly representable after quantisation, so that the float
    /// and integer evaluations differ only by the integer path's truncations.
    fn representable(seed: u64, arch: Architecture) -> Model {
        let mut model = Model::init(seed, arch);
        let mut rng = Rng::new(seed + 1);
        let layout = model.layout();
        for (i, b) in model.params[layout.ft_bias..layout.out_weights]
            .iter_mut()
            .enumerate()
        {
            *b = (i % 5) as f32 * 0.15;
        }
        let out_bias = model.out_bias();
        for w in &mut model.params[layout.out_weights..out_bias] {
            *w = rng.symmetric(1.5);
        }
        let heads = model.buckets().count();
        for b in &mut model.params[out_bias..out_bias + heads] {
            *b = rng.symmetric(0.5);
        }
        let Some(at) = model.factoriser() else {
            model.clip();
            model.dequantise_in_place();
            return model;
        };
        // With king buckets, the buckets' own rows and the factoriser's each a multiple of
        // 1 / QA, small enough that their sums need no clipping: the sums are then what the
        // file holds, and the factoriser stays a part of its own.
        for w in &mut model.params[FT_WEIGHTS..layout.ft_bias] {
            *w = rng.symmetric(0.3);
        }
        let round = |w: &mut f32, scale: f32| *w = (*w * scale).round() / scale;
        let (qa, qb) = (f32::from(QA), f32::from(QB));
        let factoriser = at..at + layout.factoriser_params();
        for w in &mut model.params[FT_WEIGHTS..layout.out_weights] {
            round(w, qa);
        }
        for w in &mut model.params[factoriser.clone()] {
            *w = w.clamp(-0.3, 0.3);
            round(w, qa);
        }
        for w in &mut model.params[layout.out_weights..out_bias] {
            round(w, qb);
        }
        for w in &mut model.params[out_bias..out_bias + heads] {
            round(w, qa * qb);
        }
        assert!(model.params[factoriser].iter().any(|&f| f != 0.0));
        model
    }

    #[test]
    fn a_network_file_read_back_as_floats_quantises_to_the_same_file() {
        for arch in architectures() {
            let model = representable(9, arch);
            let file = model.quantise().encode();
            let net = Network::from_bytes(&file).expect("within the file's ranges");
            assert_eq!(net.architecture(), model.arch);
            // The file holds the buckets with the factoriser folded in, and not the factoriser.
            assert_eq!(
                net.params().ft_weights.len(),
                model.layout().ft_bias,
                "{arch}"
            );
            let back = Model::from_network(&net);
            assert_eq!(back.arch, model.arch);
            assert_eq!(back.params.len(), model.params.len());
            assert_eq!(back.quantise().encode(), file, "{arch}");
        }
    }

    #[test]
    fn the_engine_computes_what_the_float_network_computes() {
        for arch in architectures() {
            let heads = arch.output_buckets.count();
            let model = representable(5, arch);
            let net =
                Network::from_bytes(&model.quantise().encode()).expect("within the file's ranges");
            assert_eq!(net.architecture(), model.arch);
            // The engine's scalar path is the quantised reference: the one integer
            // implementation.
            let engine = Nnue::with_backend(&net, Backend::SCALAR);
            let mut spread = 0.0f32;
            let mut heads_seen = vec![false; heads];
            for fen in FENS {
                let mut pos = Position::from_fen(fen).expect("FEN");
                for ply in 0..60 {
                    heads_seen[net.buckets().of(&pos)] = true;
                    let float = model.evaluate(&pos);
                    let int = engine.evaluate_position(&pos) as f32;
                    // Two truncating divisions in the integer path, f32 rounding in the
                    // float one.
                    assert!(
                        (float - int).abs() <= 2.0,
                        "{arch}, ply {ply}: float {float}, quantised {int}, {}",
                        pos.fen()
                    );
                    spread = spread.max(float.abs());
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[(ply * 7) % moves.len()]);
                }
            }
            assert!(
                spread > 100.0,
                "the test network is too flat to test anything: {spread}"
            );
            let used = heads_seen.iter().filter(|&&h| h).count();
            assert!(used >= heads.min(5), "{heads} heads, used {heads_seen:?}");
        }
    }

    /// A model whose buckets differ evaluates by its own king's bucket; one whose buckets are
    /// all zero is the factoriser alone, the same network in every bucket.
    #[test]
    fn king_buckets_pick_the_weights_and_the_factoriser_serves_them_all() {
        let arch = bucketed(&KingLayout::FOUR);
        let mut model = model_with_biases(6, arch);
        let shared_only = model.clone();
        // Kings on their first ranks (bucket 0) against kings on their third (bucket 2).
        let home = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1").expect("FEN");
        let out = Position::from_fen("8/5ppp/6k1/8/8/6K1/5PPP/8 w - - 0 1").expect("FEN");
        let mut plain = model.clone();
        plain.arch.king_buckets = nnue::KingBuckets::NONE;
        let layout = plain.layout();
        plain.params = [
            &model.params[model.factoriser().expect("buckets")..][..layout.ft_bias],
            &model.params[model.layout().ft_bias..model.factoriser().expect("buckets")],
        ]
        .concat();
        // All buckets zero: every bucket is the factoriser, the network without buckets.
        for pos in [&home, &out] {
            let (a, b) = (shared_only.evaluate(pos), plain.evaluate(pos));
            assert!((a - b).abs() < 1e-3, "{a} against {b}");
        }
        // Bucket 2 of its own: the board with kings on the third rank changes, the other not.
        let own = model.layout().hidden * INPUTS;
        for w in &mut model.params[2 * own..3 * own] {
            *w = 0.2;
        }
        assert_eq!(model.evaluate(&home), shared_only.evaluate(&home));
        assert!((model.evaluate(&out) - shared_only.evaluate(&out)).abs() > 1.0);
    }

    #[test]
    fn a_start_of_another_architecture_is_refused_with_the_part_that_differs() {
        let model = Model::init(1, bucketed(&KingLayout::TWO));
        assert_eq!(model.check_architecture(model.arch), Ok(()));
        let err = model
            .check_architecture(bucketed(&KingLayout::FOUR))
            .expect_err("another layout");
        assert_eq!(err.found, model.arch);
        assert!(err.to_string().contains("--king-buckets say"), "{err}");
        assert!(err.to_string().contains("2 king buckets"), "{err}");
    }
}
