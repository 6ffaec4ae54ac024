//! `trainer`: trains a network from `FEN | score | result` files.
//!
//! ```text
//! trainer --out DIR [--epochs 40] [--batch 16384] [--lr 0.001] [--final-lr 0.01]
//!         [--wd 0.01] [--lambda 0.4] [--threads 2] [--val-permille 20] [--seed 1]
//!         [--limit N] [--resume DIR/checkpoint.bin] FILE...
//! ```

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use trainer::checkpoint::Checkpoint;
use trainer::data::Dataset;
use trainer::data::text::TextReader;
use trainer::model::{Model, PARAMS};
use trainer::optim::AdamW;
use trainer::train::{Config, train};

struct Args {
    config: Config,
    weight_decay: f32,
    val_permille: u64,
    limit: usize,
    resume: Option<PathBuf>,
    files: Vec<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        config: Config {
            epochs: 40,
            batch: 16384,
            lr: 0.001,
            final_lr_ratio: 0.01,
            lambda: 0.4,
            threads: 2,
            seed: 1,
            out_dir: PathBuf::new(),
        },
        weight_decay: 0.01,
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
        let value = it.next().ok_or(format!("{arg} needs a value"))?;
        let bad = || format!("bad value `{value}` for {arg}");
        let c = &mut args.config;
        match arg.as_str() {
            "--out" => c.out_dir = value.into(),
            "--epochs" => c.epochs = value.parse().map_err(|_| bad())?,
            "--batch" => c.batch = value.parse().map_err(|_| bad())?,
            "--lr" => c.lr = value.parse().map_err(|_| bad())?,
            "--final-lr" => c.final_lr_ratio = value.parse().map_err(|_| bad())?,
            "--lambda" => c.lambda = value.parse().map_err(|_| bad())?,
            "--threads" => c.threads = value.parse().map_err(|_| bad())?,
            "--seed" => c.seed = value.parse().map_err(|_| bad())?,
            "--wd" => args.weight_decay = value.parse().map_err(|_| bad())?,
            "--val-permille" => args.val_permille = value.parse().map_err(|_| bad())?,
            "--limit" => args.limit = value.parse().map_err(|_| bad())?,
            "--resume" => args.resume = Some(value.into()),
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    if args.config.out_dir.as_os_str().is_empty() || args.files.is_empty() {
        return Err("usage: trainer --out DIR [options] FILE...".into());
    }
    if args.config.batch == 0 {
        return Err("--batch must be positive".into());
    }
    Ok(args)
}

fn run(args: Args) -> Result<(), String> {
    let start = Instant::now();
    let mut data = Dataset::default();
    for path in &args.files {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let reader = TextReader::new(BufReader::new(file), data.games);
        data.extend(reader, args.val_permille, args.config.seed, args.limit)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    eprintln!(
        "data: {} games, {} training and {} validation positions, read in {:.1}s",
        data.games,
        data.train.len(),
        data.validation.len(),
        start.elapsed().as_secs_f64()
    );
    let mut state = match &args.resume {
        Some(path) => Checkpoint::load(path, args.weight_decay)
            .map_err(|e| format!("{}: {e}", path.display()))?,
        None => Checkpoint {
            model: Model::init(args.config.seed),
            optimiser: AdamW::new(PARAMS, args.weight_decay),
            epochs_done: 0,
        },
    };
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
