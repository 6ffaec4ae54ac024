//! `trainer`: trains a network from `FEN | score | result` files and `tsubame datagen` game
//! files (`.vf`; `--format text|games` overrides the extension).
//!
//! ```text
//! trainer --out DIR [--epochs 10] [--batch 1024] [--lr 0.001] [--final-lr 0.01]
//!         [--wd 0.1] [--lambda 0.1] [--threads 2] [--val-permille 20] [--seed 1]
//!         [--limit N] [--resume DIR/checkpoint.bin] [--format auto|text|games]
//!         [--min-ply 16] [--max-score 31339] [--keep-in-check] [--keep-noisy]
//!         [--val-lambda L] [--no-mirror | --mirror-flip] [--no-dedup] [--output-buckets 1]
//!         FILE...
//! ```
//!
//! The filter options apply to game files (text files hold filtered positions already).
//! `--val-lambda` fixes the validation target (default: `--lambda`) so that runs with
//! different `--lambda`s can be compared. By default every training position without castling
//! rights gets a file-mirrored copy (`--no-mirror` turns it off); `--mirror-flip` instead
//! mirrors each such position with probability 1/2 every epoch (same epoch length). By
//! default only the first training sample of each position is kept (`--no-dedup` keeps all).
//! The defaults are the settings the validation-loss screening and the matches chose
//! (trainer/README.md). `--output-buckets N` gives the network N
//! output heads chosen by the piece count (`nnue::OutputBuckets`); 1, the default, is the
//! network without buckets.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use datafmt::Filter;
use nnue::OutputBuckets;
use trainer::checkpoint::Checkpoint;
use trainer::data::Dataset;
use trainer::data::games::GameFileReader;
use trainer::data::text::TextReader;
use trainer::model::Model;
use trainer::optim::AdamW;
use trainer::train::{Config, train};

/// How to read the data files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// By extension: `.vf` is a game file, anything else text.
    Auto,
    /// `FEN | score | result` lines.
    Text,
    /// Game files.
    Games,
}

struct Args {
    config: Config,
    format: Format,
    filter: Filter,
    weight_decay: f32,
    buckets: OutputBuckets,
    mirror_copies: bool,
    dedup: bool,
    val_permille: u64,
    limit: usize,
    resume: Option<PathBuf>,
    files: Vec<PathBuf>,
}

/// Sets the option `arg` (one that takes a value) to `value`.
fn set_option(args: &mut Args, arg: &str, value: String) -> Result<(), String> {
    let bad = || format!("bad value `{value}` for {arg}");
    let c = &mut args.config;
    match arg {
        "--out" => c.out_dir = value.into(),
        "--epochs" => c.epochs = value.parse().map_err(|_| bad())?,
        "--batch" => c.batch = value.parse().map_err(|_| bad())?,
        "--lr" => c.lr = value.parse().map_err(|_| bad())?,
        "--final-lr" => c.final_lr_ratio = value.parse().map_err(|_| bad())?,
        "--lambda" => c.lambda = value.parse().map_err(|_| bad())?,
        "--val-lambda" => c.validation_lambda = value.parse().map_err(|_| bad())?,
        "--threads" => c.threads = value.parse().map_err(|_| bad())?,
        "--seed" => c.seed = value.parse().map_err(|_| bad())?,
        "--wd" => args.weight_decay = value.parse().map_err(|_| bad())?,
        "--output-buckets" => {
            let count = value.parse().map_err(|_| bad())?;
            args.buckets = OutputBuckets::new(count).ok_or_else(|| {
                format!(
                    "--output-buckets must be 1 to {}, not {count}",
                    OutputBuckets::MAX
                )
            })?;
        }
        "--val-permille" => args.val_permille = value.parse().map_err(|_| bad())?,
        "--limit" => args.limit = value.parse().map_err(|_| bad())?,
        "--resume" => args.resume = Some(value.into()),
        "--min-ply" => args.filter.min_game_ply = value.parse().map_err(|_| bad())?,
        "--max-score" => args.filter.max_abs_score = value.parse().map_err(|_| bad())?,
        "--format" => {
            args.format = match value.as_str() {
                "auto" => Format::Auto,
                "text" => Format::Text,
                "games" => Format::Games,
                _ => return Err(bad()),
            }
        }
        _ => return Err(format!("unknown option {arg}")),
    }
    Ok(())
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        config: Config {
            epochs: 10,
            batch: 1024,
            lr: 0.001,
            final_lr_ratio: 0.01,
            lambda: 0.1,
            validation_lambda: f32::NAN,
            mirror_flip: false,
            threads: 2,
            seed: 1,
            out_dir: PathBuf::new(),
        },
        format: Format::Auto,
        filter: Filter::default(),
        weight_decay: 0.1,
        buckets: OutputBuckets::ONE,
        mirror_copies: true,
        dedup: true,
        val_permille: 20,
        limit: usize::MAX,
        resume: None,
        files: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") {
            args.files.push(arg.into());
            continue;
        }
        // Switches take no value.
        match arg.as_str() {
            "--keep-in-check" => args.filter.skip_in_check = false,
            "--keep-noisy" => args.filter.skip_noisy = false,
            "--mirror" => args.mirror_copies = true,
            "--no-mirror" => args.mirror_copies = false,
            "--mirror-flip" => {
                args.config.mirror_flip = true;
                args.mirror_copies = false;
            }
            "--dedup" => args.dedup = true,
            "--no-dedup" => args.dedup = false,
            _ => {
                let value = it.next().ok_or(format!("{arg} needs a value"))?;
                set_option(&mut args, &arg, value)?;
            }
        }
    }
    if args.config.out_dir.as_os_str().is_empty() || args.files.is_empty() {
        return Err("usage: trainer --out DIR [options] FILE...".into());
    }
    if args.config.batch == 0 {
        return Err("--batch must be positive".into());
    }
    if args.config.validation_lambda.is_nan() {
        args.config.validation_lambda = args.config.lambda;
    }
    Ok(args)
}

fn run(args: Args) -> Result<(), String> {
    let start = Instant::now();
    let mut data = Dataset::default();
    for path in &args.files {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let input = BufReader::new(file);
        let games = match args.format {
            Format::Auto => path.extension().is_some_and(|e| e == "vf"),
            Format::Text => false,
            Format::Games => true,
        };
        let before = data.train.len() + data.validation.len();
        let read = if games {
            let mut reader = GameFileReader::new(input, args.filter, data.games);
            let read = data.extend(&mut reader, args.val_permille, args.config.seed, args.limit);
            let c = reader.counts();
            eprintln!(
                "{}: {} games, {} positions, {} kept by the filter",
                path.display(),
                c.games,
                c.positions,
                c.kept
            );
            if let Some(offset) = reader.truncated_at() {
                eprintln!(
                    "{}: stopped before an unfinished game at byte {offset}",
                    path.display()
                );
            }
            read
        } else {
            let reader = TextReader::new(input, data.games);
            data.extend(reader, args.val_permille, args.config.seed, args.limit)
        };
        read.map_err(|e| format!("{}: {e}", path.display()))?;
        let added = data.train.len() + data.validation.len() - before;
        eprintln!("{}: {added} positions taken", path.display());
    }
    if args.dedup {
        eprintln!(
            "dedup: {} repeated training positions dropped",
            data.dedup_train()
        );
    }
    if args.mirror_copies {
        eprintln!(
            "mirror: {} mirrored training positions added",
            data.add_mirrored_copies()
        );
    }
    eprintln!(
        "data: {} games, {} training and {} validation positions, read in {:.1}s",
        data.games,
        data.train.len(),
        data.validation.len(),
        start.elapsed().as_secs_f64()
    );
    if args.config.epochs == 0 {
        // `--epochs 0` only reads and counts the data.
        return Ok(());
    }
    let mut state = match &args.resume {
        Some(path) => Checkpoint::load(path, args.weight_decay)
            .map_err(|e| format!("{}: {e}", path.display()))?,
        None => {
            let model = Model::init(args.config.seed, args.buckets);
            Checkpoint {
                optimiser: AdamW::new(model.params.len(), args.weight_decay),
                model,
                epochs_done: 0,
            }
        }
    };
    if state.model.buckets != args.buckets {
        return Err(format!(
            "the checkpoint has {} output buckets, --output-buckets says {}",
            state.model.buckets.count(),
            args.buckets.count()
        ));
    }
    train(&mut state, &data, &args.config, |r| {
        println!(
            "epoch {:3}  train {:.6}  validation {:.6}  lr {:.2e}  {:.1}s",
            r.epoch, r.train_loss, r.validation_loss, r.lr, r.seconds
        );
        true
    })
    .map_err(|e| format!("{}: {e}", args.config.out_dir.display()))?;
    let last = args
        .config
        .out_dir
        .join(format!("epoch-{}.nnue", state.epochs_done));
    let final_net = args.config.out_dir.join("final.nnue");
    std::fs::copy(&last, &final_net).map_err(|e| format!("{}: {e}", final_net.display()))?;
    eprintln!("wrote {}", final_net.display());
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("trainer: {e}");
            ExitCode::FAILURE
        }
    }
}
