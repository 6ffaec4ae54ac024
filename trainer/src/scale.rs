//! Matching the size of a network's evaluations to a reference network's, head by head.
//!
//! A fine-tune at a low rate keeps the shape of its starting network's evaluations but can
//! change their size: fitted to 5,000-node search scores, the fine-tuned networks measured so
//! far evaluate about 1.15 times larger than the network they started from (more so with few
//! pieces), and the search's pruning margins, tuned at the starting network's size, then prune
//! differently (`docs/log/network.md`). Multiplying each output head's weights and bias by one
//! factor multiplies that head's evaluations by it and changes nothing else, so the size can be
//! put back after training without touching what the fine-tune learned.

use crate::data::Sample;
use crate::model::{Model, OUT_CLIP, sigmoid, target};

/// One output head's fitted factor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeadScale {
    /// What the head's weights and bias are multiplied by (1 for a head no sample used).
    pub factor: f32,
    /// The samples the factor was fitted on: those whose piece count picks this head.
    pub samples: usize,
}

/// A fit that would not keep the network's sense of who is better.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NotPositive {
    /// The head whose factor came out at zero, below it, or not a number.
    pub head: usize,
    /// That factor.
    pub factor: f32,
}

impl std::fmt::Display for NotPositive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "head {}: the fitted factor is {}; a factor of zero or below would turn the \
             head's evaluations around, so the network and the reference do not measure the \
             same thing",
            self.head, self.factor
        )
    }
}

impl std::error::Error for NotPositive {}

/// For each of `model`'s heads, the factor `k` that minimises `Σ (k·m(x) − r(x))²` over the
/// `samples` that use the head, where `m` and `r` are the raw outputs of `model` and
/// `reference`: `k = Σ m·r / Σ m²` (least squares through the origin, so that a zero
/// evaluation stays zero). The reference may have any architecture: only its evaluations are
/// read. A head no sample uses keeps the factor 1.
///
/// # Errors
/// [`NotPositive`] for the first head whose factor is not above zero: the network's
/// evaluations there run against the reference's (or are all zero where the reference's are
/// not), which no size change mends.
pub fn fit(
    model: &Model,
    reference: &Model,
    samples: &[Sample],
) -> Result<Vec<HeadScale>, NotPositive> {
    let heads = model.buckets().count();
    let mut cross = vec![0.0f64; heads];
    let mut square = vec![0.0f64; heads];
    let mut count = vec![0usize; heads];
    let (ours, theirs) = (model.evaluator(), reference.evaluator());
    for sample in samples {
        let head = model.bucket(sample);
        let m = f64::from(ours.forward(sample));
        let r = f64::from(theirs.forward(sample));
        cross[head] += m * r;
        square[head] += m * m;
        count[head] += 1;
    }
    (0..heads)
        .map(|head| {
            // Every evaluation zero gives 0 / 0: not a number, refused below.
            let factor = if count[head] == 0 {
                1.0
            } else {
                (cross[head] / square[head]) as f32
            };
            if factor > 0.0 && factor.is_finite() {
                Ok(HeadScale {
                    factor,
                    samples: count[head],
                })
            } else {
                Err(NotPositive { head, factor })
            }
        })
        .collect()
}

/// Multiplies each head's output weights and bias by its factor (one per head, as [`fit`]
/// returns them). A weight pushed beyond the range quantisation keeps is clipped to it.
///
/// # Panics
/// If `scales` has not one entry per head.
pub fn apply(model: &mut Model, scales: &[HeadScale]) {
    assert_eq!(scales.len(), model.buckets().count(), "one factor per head");
    let width = 2 * model.arch.hidden;
    let out_bias = model.out_bias();
    for (head, scale) in scales.iter().enumerate() {
        let at = model.head_weights(head);
        for w in &mut model.params[at..at + width] {
            *w = (*w * scale.factor).clamp(-OUT_CLIP, OUT_CLIP);
        }
        model.params[out_bias + head] *= scale.factor;
    }
}

/// A network's validation loss with its evaluations all multiplied by the one factor that
/// minimises it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestSize {
    /// The factor, searched between [`BestSize::RANGE`]'s ends.
    pub factor: f32,
    /// The mean loss at that factor.
    pub loss: f64,
}

impl BestSize {
    /// The factors searched: far wider than the sizes fine-tunes have moved by (about 1.15).
    pub const RANGE: (f64, f64) = (0.25, 4.0);
}

/// The loss `model` would have on `samples` at its best size: the mean of
/// `(sigmoid(k · m(x)) − target(x))²` minimised over one factor `k` for every head.
///
/// The validation loss is steep in the size of the evaluations (one fine-tuned network's rose
/// 1.6% with its evaluations made 1% smaller), so it ranks networks of different sizes mostly
/// by their sizes. Compared at their best sizes, two networks are compared on the order and
/// spacing of their evaluations alone, which is what a rescaling (see [`fit`]) keeps. The
/// search keeps the size it was tuned for, so this figure ranks what was learned; it is not the
/// loss the shipped network has. With no samples, the factor is 1 and the loss 0.
///
/// The factor is found by golden-section search over its logarithm ([`golden::minimise`]). The
/// loss is smooth in `k`, and for the sizes networks come in it falls to one minimum and rises
/// again; a set on which it does not gives one of its local minima.
pub fn best_size(model: &Model, samples: &[Sample], lambda: f32) -> BestSize {
    if samples.is_empty() {
        return BestSize {
            factor: 1.0,
            loss: 0.0,
        };
    }
    let evaluator = model.evaluator();
    let points: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| {
            (
                f64::from(evaluator.forward(s)),
                f64::from(target(s, lambda)),
            )
        })
        .collect();
    // The training loss's own terms (`sigmoid`, `target`), with the evaluation times `k`.
    let loss = |log_k: f64| -> f64 {
        let k = log_k.exp();
        let sum: f64 = points
            .iter()
            .map(|&(m, t)| {
                let e = f64::from(sigmoid((k * m) as f32)) - t;
                e * e
            })
            .sum();
        sum / points.len() as f64
    };
    let (lo, hi) = BestSize::RANGE;
    let log_k = golden::minimise(loss, lo.ln(), hi.ln(), 60);
    BestSize {
        factor: log_k.exp() as f32,
        loss: loss(log_k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{GameResult, Record};
    use movegen::Position;
    use nnue::{Architecture, OutputBuckets};

    /// Positions of 32, 24, 18, 14, 8, 4 and 3 pieces: heads 7, 5, 4, 3, 1, 0 and 0 of eight,
    /// so heads 2 and 6 get none.
    const FENS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bq1rk1/pp3ppp/5n2/3p4/3P4/5N2/PP3PPP/R2QKB1R w KQ - 0 9",
        "4rrk1/pp3ppp/2p5/8/8/2P5/PP3PPP/3RR1K1 b - - 3 22",
        "6k1/pp3ppp/8/3n4/8/5B2/PP3PPP/6K1 w - - 0 30",
        "8/p4pk1/6p1/8/8/6P1/P4PK1/8 w - - 0 41",
        "8/5k2/8/3p4/3P4/8/5K2/8 b - - 0 50",
        "8/8/4k3/8/8/2R5/4K3/8 w - - 0 60",
    ];

    fn samples() -> Vec<Sample> {
        FENS.iter()
            .map(|fen| {
                Sample::new(&Record {
                    pos: Position::from_fen(fen).expect("FEN"),
                    score: 0,
                    result: GameResult::Draw,
                    game: 0,
                })
            })
            .collect()
    }

    /// A random network with eight heads whose biases are off zero, so that each head's
    /// output has a bias part as well as a weighted part.
    fn reference() -> Model {
        let arch = Architecture::plain(256, OutputBuckets::new(8).expect("in range"));
        let mut model = Model::init(11, arch);
        let out_bias = model.out_bias();
        for head in 0..8 {
            model.params[out_bias + head] = 0.05 * (head as f32 - 3.5);
        }
        model
    }

    #[test]
    fn a_network_inflated_head_by_head_is_fitted_back_to_its_reference() {
        let reference = reference();
        let inflation = [1.3, 0.7, 1.15, 1.2, 0.9, 1.05, 2.0, 1.1];
        let mut inflated = reference.clone();
        let none = inflation.map(|k| HeadScale {
            factor: k,
            samples: 0,
        });
        apply(&mut inflated, &none);
        let samples = samples();
        let (r, m) = (reference.evaluator(), inflated.evaluator());
        assert!(
            samples
                .iter()
                .any(|s| (r.forward(s) - m.forward(s)).abs() > 1e-3),
            "the inflation changes some evaluation"
        );

        let fitted = fit(&inflated, &reference, &samples).expect("positive factors");
        for (head, (scale, k)) in fitted.iter().zip(inflation).enumerate() {
            if scale.samples == 0 {
                assert_eq!(scale.factor, 1.0, "head {head} has no samples");
            } else {
                let expected = 1.0 / k;
                assert!(
                    (scale.factor - expected).abs() < 1e-4,
                    "head {head}: {} for {expected}",
                    scale.factor
                );
            }
        }
        assert_eq!(fitted.iter().map(|s| s.samples).sum::<usize>(), FENS.len());
        assert_eq!((fitted[2].samples, fitted[6].samples), (0, 0));

        apply(&mut inflated, &fitted);
        let m = inflated.evaluator();
        for s in &samples {
            let (a, b) = (r.forward(s), m.forward(s));
            assert!((a - b).abs() < 1e-4, "{a} against {b}");
        }
    }

    /// The samples of [`FENS`] with search scores `k` times `model`'s evaluations (rounded to
    /// centipawns), so that `model`'s best size on them is about `k`.
    fn scored_by(model: &Model, k: f32) -> Vec<Sample> {
        let evaluator = model.evaluator();
        samples()
            .iter()
            .zip(FENS)
            .map(|(probe, fen)| {
                let stm = k * evaluator.forward(probe) * nnue::SCALE as f32;
                let white = match probe.side_to_move() {
                    movegen::Color::White => stm,
                    movegen::Color::Black => -stm,
                };
                Sample::new(&Record {
                    pos: Position::from_fen(fen).expect("FEN"),
                    score: white.round() as i16,
                    result: GameResult::Draw,
                    game: 0,
                })
            })
            .collect()
    }

    /// Every head of `model` multiplied by `k`.
    fn inflated(model: &Model, k: f32) -> Model {
        let mut bigger = model.clone();
        let heads = model.buckets().count();
        let same = vec![
            HeadScale {
                factor: k,
                samples: 0
            };
            heads
        ];
        apply(&mut bigger, &same);
        bigger
    }

    #[test]
    fn the_best_size_is_found_and_does_not_depend_on_the_size_a_network_comes_in() {
        // A reference with sizable evaluations, so that centipawn rounding is small beside
        // them.
        let reference = inflated(&reference(), 8.0);
        let samples = scored_by(&reference, 1.5);
        assert!(
            samples.iter().any(|s| s.score_stm().abs() > 100.0),
            "the scores are not all near zero"
        );

        let best = best_size(&reference, &samples, 0.0);
        assert!((best.factor - 1.5).abs() < 0.02, "{}", best.factor);
        let as_it_is = crate::train::mean_loss(&reference, &samples, 0.0, 1);
        assert!(
            best.loss < as_it_is / 10.0,
            "{} against {as_it_is}",
            best.loss
        );

        // Twice the size: half the factor, the same loss.
        let doubled = best_size(&inflated(&reference, 2.0), &samples, 0.0);
        assert!((doubled.factor - 0.75).abs() < 0.01, "{}", doubled.factor);
        assert!(
            (doubled.loss - best.loss).abs() < 1e-6,
            "{doubled:?} against {best:?}"
        );
    }

    #[test]
    fn no_samples_give_the_factor_one() {
        let best = best_size(&reference(), &[], 0.0);
        assert_eq!((best.factor, best.loss), (1.0, 0.0));
    }

    #[test]
    fn the_best_size_is_never_worse_than_the_size_as_it_is() {
        // Targets from the results, which no size fits exactly.
        let model = inflated(&reference(), 4.0);
        let fens_results = [GameResult::WhiteWin, GameResult::Draw, GameResult::BlackWin];
        let samples: Vec<Sample> = FENS
            .iter()
            .enumerate()
            .map(|(i, fen)| {
                Sample::new(&Record {
                    pos: Position::from_fen(fen).expect("FEN"),
                    score: 0,
                    result: fens_results[i % 3],
                    game: 0,
                })
            })
            .collect();
        let best = best_size(&model, &samples, 1.0);
        let as_it_is = crate::train::mean_loss(&model, &samples, 1.0, 1);
        assert!(best.loss <= as_it_is + 1e-6, "{best:?} against {as_it_is}");
        let (lo, hi) = BestSize::RANGE;
        assert!((lo as f32..=hi as f32).contains(&best.factor), "{best:?}");
    }

    #[test]
    fn a_network_fitted_to_itself_is_left_as_it_is() {
        let reference = reference();
        let fitted = fit(&reference, &reference, &samples()).expect("positive factors");
        assert!(fitted.iter().all(|s| (s.factor - 1.0).abs() < 1e-5));
    }

    #[test]
    fn a_network_that_runs_against_its_reference_is_not_turned_around() {
        let reference = reference();
        let mut flipped = reference.clone();
        let mut factors = [1.0; 8];
        factors[7] = -1.0;
        let negate = factors.map(|k| HeadScale {
            factor: k,
            samples: 0,
        });
        apply(&mut flipped, &negate);
        // The starting position is the one sample on head 7.
        let err = fit(&flipped, &reference, &samples()).expect_err("head 7 runs backwards");
        assert_eq!(err.head, 7);
        assert!(err.factor < 0.0, "{}", err.factor);
        assert!(err.to_string().starts_with("head 7:"), "{err}");
    }
}
