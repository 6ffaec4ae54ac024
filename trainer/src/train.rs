//! The training loop: shuffled mini-batches, gradients on several threads, AdamW with a cosine
//! learning rate, validation loss, checkpoints and a network file every epoch.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use crate::checkpoint::Checkpoint;
use crate::data::{Dataset, Sample};
use crate::model::Model;
use crate::optim::cosine_lr;
use rng::{Rng, mix};

/// Hyper-parameters and where to write.
#[derive(Clone, Debug)]
pub struct Config {
    /// Epochs in all (a resumed run continues up to this).
    pub epochs: u32,
    /// Positions per batch.
    pub batch: usize,
    /// Initial learning rate.
    pub lr: f32,
    /// Final learning rate as a share of the initial one.
    pub final_lr_ratio: f32,
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f32,
    /// The weight of the result in the validation loss's target: fixed across runs that
    /// train with different `lambda`s, it keeps their validation losses comparable.
    pub validation_lambda: f32,
    /// Each epoch, train every position without castling rights file-mirrored with
    /// probability 1/2 (see [`Sample::mirrored`]).
    pub mirror_flip: bool,
    /// Threads computing gradients.
    pub threads: usize,
    /// Seed of the shuffles.
    pub seed: u64,
    /// Output folder: `checkpoint.bin`, `epoch-N.nnue`, `final.nnue`.
    pub out_dir: PathBuf,
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The epoch, 1-based.
    pub epoch: u32,
    /// Mean training loss.
    pub train_loss: f64,
    /// Mean validation loss.
    pub validation_loss: f64,
    /// The learning rate at the epoch's end.
    pub lr: f32,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Splits `items` into one part per worker state, runs `f` on each part on its own thread and
/// sums what the parts return.
fn sum_over_threads<T: Sync, W: Send>(
    items: &[T],
    workers: &mut [W],
    f: impl Fn(&mut W, &[T]) -> f64 + Sync,
) -> f64 {
    if items.is_empty() || workers.is_empty() {
        return 0.0;
    }
    let chunk = items.len().div_ceil(workers.len());
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = workers
            .iter_mut()
            .zip(items.chunks(chunk))
            .map(|(worker, part)| s.spawn(move || f(worker, part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(f64::NAN))
            .sum()
    })
}

/// The mean loss of `model` over `samples`, on `threads` threads.
pub fn mean_loss(model: &Model, samples: &[Sample], lambda: f32, threads: usize) -> f64 {
    let model = model.evaluator();
    let total = sum_over_threads(samples, &mut vec![(); threads.max(1)], |_, part| {
        part.iter().map(|x| f64::from(model.loss(x, lambda))).sum()
    });
    total / samples.len().max(1) as f64
}

/// Sums the gradient of `batch` into `grads[0]` (each thread fills its own buffer first) and
/// returns the summed loss.
fn batch_gradient(
    model: &Model,
    batch: &[Sample],
    lambda: f32,
    grads: &mut [Vec<f32>],
    folded: &mut Vec<f32>,
) -> f64 {
    // The factoriser folded into the buckets once for the batch, not per sample.
    let evaluator = model.evaluator_in(folded);
    let loss = sum_over_threads(batch, grads, |grad, part| {
        grad.iter_mut().for_each(|g| *g = 0.0);
        part.iter()
            .map(|x| f64::from(evaluator.loss_and_grad(x, lambda, grad)))
            .sum()
    });
    let chunk = batch.len().div_ceil(grads.len());
    let used = batch.len().div_ceil(chunk);
    let (first, rest) = grads.split_at_mut(1);
    let others = &rest[..used.saturating_sub(1)];
    // The sum split by parameter among as many threads as filled the buffers: with king
    // buckets, there are millions of parameters.
    let part = first[0].len().div_ceil(others.len() + 1).max(1);
    std::thread::scope(|s| {
        if others.is_empty() {
            return;
        }
        for (i, sum) in first[0].chunks_mut(part).enumerate() {
            s.spawn(move || {
                for other in others {
                    for (g, o) in sum.iter_mut().zip(&other[i * part..]) {
                        *g += o;
                    }
                }
            });
        }
    });
    model.finish_gradient(&mut first[0]);
    loss
}

/// Copies `batch` into `buffer`; with a `flip` seed, mirrors each sample that allows it with
/// probability 1/2, the coin depending on the seed and the sample's place in the epoch
/// (`first` is the batch's), so that a resumed run flips the same samples.
fn fill_batch(buffer: &mut Vec<Sample>, batch: &[&Sample], flip: Option<u64>, first: usize) {
    buffer.clear();
    buffer.extend(batch.iter().enumerate().map(|(i, &&s)| match flip {
        Some(seed) if s.can_mirror() && mix(seed ^ (first + i) as u64) & 1 == 1 => s.mirrored(),
        _ => s,
    }));
}

/// Trains from `state` to `config.epochs`, calling `on_epoch` after each epoch (after the
/// checkpoint and the epoch's network are written); training stops early when it returns
/// false.
pub fn train(
    state: &mut Checkpoint,
    data: &Dataset,
    config: &Config,
    mut on_epoch: impl FnMut(&EpochReport) -> bool,
) -> std::io::Result<()> {
    std::fs::create_dir_all(&config.out_dir)?;
    let threads = config.threads.max(1);
    let mut grads = vec![vec![0.0f32; state.model.params.len()]; threads];
    let batches_per_epoch = data.train.len().div_ceil(config.batch).max(1);
    let total_batches = (batches_per_epoch * config.epochs as usize) as f32;
    let mut order: Vec<&Sample> = data.train.iter().collect();
    // The batch's samples, mirrored or not (72 bytes each: copying them costs nothing next
    // to their gradients).
    let mut buffer: Vec<Sample> = Vec::with_capacity(config.batch);
    // The feature weights with the factoriser folded in (king buckets only).
    let mut folded = Vec::new();
    while state.epochs_done < config.epochs {
        let epoch = state.epochs_done + 1;
        let start = Instant::now();
        // Each epoch's order depends only on the seed and the epoch: a resumed run replays it.
        order.sort_unstable_by_key(|s| std::ptr::from_ref(*s));
        Rng::new(config.seed ^ u64::from(epoch).wrapping_mul(0x2545_f491_4f6c_dd1d))
            .shuffle(&mut order);
        let mut loss_sum = 0.0;
        let mut lr = config.lr;
        let mut last_print = Instant::now();
        let flip_seed = config.seed ^ u64::from(epoch).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for (b, batch) in order.chunks(config.batch).enumerate() {
            let done = (state.epochs_done as usize * batches_per_epoch + b) as f32;
            lr = cosine_lr(config.lr, config.final_lr_ratio, done / total_batches);
            let flip = config.mirror_flip.then_some(flip_seed);
            fill_batch(&mut buffer, batch, flip, b * config.batch);
            loss_sum += batch_gradient(
                &state.model,
                &buffer,
                config.lambda,
                &mut grads,
                &mut folded,
            );
            let scale = 1.0 / batch.len() as f32;
            grads[0].iter_mut().for_each(|g| *g *= scale);
            state
                .optimiser
                .step_on(threads, &mut state.model.params, &grads[0], lr);
            state.model.clip();
            if last_print.elapsed().as_secs_f64() > 2.0 || b + 1 == batches_per_epoch {
                last_print = Instant::now();
                let seen = ((b + 1) * config.batch).min(order.len());
                let rate = seen as f64 / start.elapsed().as_secs_f64();
                let eta = (order.len() - seen) as f64 / rate;
                eprint!(
                    "\repoch {epoch}/{} {:>5.1}%  loss {:.6}  lr {lr:.2e}  {:.0} pos/s  epoch eta {:.0}s   ",
                    config.epochs,
                    100.0 * seen as f64 / order.len() as f64,
                    loss_sum / seen as f64,
                    rate,
                    eta
                );
                let _ = std::io::stderr().flush();
            }
        }
        eprintln!();
        state.epochs_done = epoch;
        let report = EpochReport {
            epoch,
            train_loss: loss_sum / order.len().max(1) as f64,
            validation_loss: mean_loss(
                &state.model,
                &data.validation,
                config.validation_lambda,
                threads,
            ),
            lr,
            seconds: start.elapsed().as_secs_f64(),
        };
        state.save(&config.out_dir.join("checkpoint.bin"))?;
        let net = state.model.quantise().encode();
        std::fs::write(config.out_dir.join(format!("epoch-{epoch}.nnue")), &net)?;
        if !on_epoch(&report) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{GameResult, Record};
    use crate::optim::AdamW;
    use movegen::Position;

    fn tiny_dataset() -> Dataset {
        let mut data = Dataset::default();
        let mut rng = Rng::new(4);
        for game in 0..12u64 {
            let mut pos = Position::startpos();
            for ply in 0..30 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(moves[(rng.next_u64() % moves.len() as u64) as usize]);
                let record = Record {
                    pos: pos.clone(),
                    score: (ply * 7 - 100) as i16,
                    result: if game % 2 == 0 {
                        GameResult::WhiteWin
                    } else {
                        GameResult::Draw
                    },
                    game,
                };
                let sample = Sample::new(&record);
                if game < 10 {
                    data.train.push(sample)
                } else {
                    data.validation.push(sample)
                }
            }
        }
        data
    }

    #[test]
    fn flipping_mirrors_about_half_the_samples_that_allow_it() {
        let sample = |fen: &str| {
            Sample::new(&Record {
                pos: Position::from_fen(fen).expect("FEN"),
                score: 50,
                result: GameResult::Draw,
                game: 0,
            })
        };
        let samples: Vec<Sample> = (0..200)
            .map(|i| match i % 2 {
                0 => sample("4k3/8/8/2p5/8/8/8/R3K3 w - - 0 30"),
                _ => sample("4k3/8/8/2p5/8/8/8/R3K3 w Q - 0 30"),
            })
            .collect();
        let batch: Vec<&Sample> = samples.iter().collect();
        let mirrorable = batch.iter().filter(|s| s.can_mirror()).count();
        assert_eq!(mirrorable, 100);
        let mut buffer = Vec::new();
        fill_batch(&mut buffer, &batch, None, 0);
        assert!(buffer.iter().zip(&batch).all(|(a, &b)| a == b));
        fill_batch(&mut buffer, &batch, Some(3), 0);
        let mut flipped = 0;
        for (a, &b) in buffer.iter().zip(&batch) {
            if a != b {
                assert!(b.can_mirror() && *a == b.mirrored());
                flipped += 1;
            }
        }
        // Binomial(100, 1/2) falls outside 30..70 with a chance under 1e-4 (and the seed is
        // fixed, so the test is deterministic).
        let share = flipped as f64 / mirrorable as f64;
        assert!(
            (0.3..0.7).contains(&share),
            "{flipped} of {mirrorable} flipped"
        );
    }

    fn config(dir: &str, epochs: u32) -> Config {
        Config {
            epochs,
            batch: 64,
            lr: 0.01,
            final_lr_ratio: 0.1,
            lambda: 0.3,
            validation_lambda: 0.3,
            mirror_flip: true,
            threads: 2,
            seed: 9,
            out_dir: std::env::temp_dir()
                .join(format!("tsubame-train-{dir}-{}", std::process::id())),
        }
    }

    fn fresh(heads: usize) -> Checkpoint {
        let buckets = nnue::OutputBuckets::new(heads).expect("in range");
        let model = Model::init(2, nnue::Architecture::plain(256, buckets));
        Checkpoint {
            optimiser: AdamW::new(model.params.len(), 0.01),
            model,
            epochs_done: 0,
        }
    }

    #[test]
    fn training_lowers_the_loss_and_a_resumed_run_ends_where_a_straight_run_does() {
        let data = tiny_dataset();
        for heads in [1, 8] {
            let straight_cfg = config(&format!("straight-{heads}"), 4);
            let mut straight = fresh(heads);
            let before = mean_loss(&straight.model, &data.train, 0.3, 2);
            let mut reports = Vec::new();
            train(&mut straight, &data, &straight_cfg, |r| {
                reports.push(*r);
                true
            })
            .expect("train");
            assert_eq!(reports.len(), 4);
            assert!(
                reports[3].train_loss < before,
                "{before} -> {:?}",
                reports[3]
            );

            // Stopped after two epochs, a checkpoint read back from disk, two more.
            let resumed_cfg = config(&format!("resumed-{heads}"), 4);
            let mut first = fresh(heads);
            train(&mut first, &data, &resumed_cfg, |r| r.epoch < 2).expect("train");
            assert_eq!(first.epochs_done, 2);
            let path = resumed_cfg.out_dir.join("checkpoint.bin");
            let mut resumed = Checkpoint::load(&path, 0.01).expect("load");
            train(&mut resumed, &data, &resumed_cfg, |_| true).expect("train");
            // Compared without printing: the state is a quarter of a million numbers.
            assert!(resumed == straight, "the resumed run ended elsewhere");
            // Every epoch left a network the engine accepts, with the model's heads.
            let net =
                std::fs::read(resumed_cfg.out_dir.join("epoch-4.nnue")).expect("network file");
            let net = nnue::Network::from_bytes(&net).expect("a valid network");
            assert_eq!(net.buckets().count(), heads);
            for cfg in [straight_cfg, resumed_cfg] {
                std::fs::remove_dir_all(cfg.out_dir).expect("clean up");
            }
        }
    }
}
