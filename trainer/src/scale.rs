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
use crate::model::{Model, OUT_CLIP};

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
