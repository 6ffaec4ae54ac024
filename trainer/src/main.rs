//! `trainer`: trains a network from `FEN | score | result` files and `tsubame datagen` game
//! files (`.vf`; `--format text|games` overrides the extension).
//!
//! ```text
//! trainer --out DIR [OPTIONS] FILE...      (trainer --help lists the options)
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
//! network without buckets. `--hidden N` sets the hidden width (256, the default, 512, 768 or
//! 1024: the widths the engine runs) and `--input-mirroring horizontal` the engine's
//! horizontal mirroring of each side's view (its king always on files e to h); with it, a
//! file-mirrored copy of a position is the same inputs, so no copies are added and
//! `--mirror-flip` flips nothing. `--king-buckets 2|4` gives each side's inputs weights of
//! their own per bucket of its king's square (`nnue::KingLayout`; both layouts need
//! `--input-mirroring horizontal`), trained with a factoriser that the network file holds
//! folded in. `--resume` goes on from a checkpoint; `--init` starts from a network file's
//! weights instead (fine-tuning a network whose checkpoint is gone); either must have the
//! architecture the options say. `--match-scale NETWORK` multiplies each output head of the
//! trained network by the factor that best matches NETWORK's evaluations on the validation
//! positions before `final.nnue` is written (`epoch-N.nnue` stay as trained): a fine-tune
//! comes out at its starting network's size. With `--epochs 0` and `--init` or `--resume`, it
//! only rescales that network.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, ValueEnum};
use datafmt::Filter;
use nnue::{
    Architecture, KingBuckets, KingLayout, LAYOUTS, Mirroring, Network, OutputBuckets,
    SUPPORTED_HIDDEN,
};
use trainer::checkpoint::Checkpoint;
use trainer::data::Dataset;
use trainer::data::games::GameFileReader;
use trainer::data::text::TextReader;
use trainer::model::{ArchitectureMismatch, DEFAULT_HIDDEN, Model};
use trainer::optim::AdamW;
use trainer::scale;
use trainer::train::{Config, mean_loss, train};

/// How to read the data files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// By extension: `.vf` is a game file, anything else text.
    Auto,
    /// `FEN | score | result` lines.
    Text,
    /// Game files.
    Games,
}

/// The command line. The defaults are the recipe the screening chose (trainer/README.md).
#[derive(Debug, Parser)]
#[command(
    name = "trainer",
    version,
    about = "Trains Tsubame's network from `tsubame datagen` game files (.vf) and \
             `FEN | score | result` text files"
)]
struct Cli {
    /// Output folder: checkpoint.bin, epoch-N.nnue and final.nnue.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Data files, read by extension (see --format).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Passes over the training set.
    #[arg(long, default_value_t = 10)]
    epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// The starting learning rate.
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// The last learning rate as a fraction of --lr (cosine decay between them).
    #[arg(long = "final-lr", value_name = "RATIO", default_value_t = 0.01)]
    final_lr: f32,
    /// AdamW's decoupled weight decay.
    #[arg(long, default_value_t = 0.1)]
    wd: f32,
    /// The result's weight in the target: lambda × result + (1 − lambda) × sigmoid(score).
    #[arg(long, default_value_t = 0.0)]
    lambda: f32,
    /// The training positions' search scores multiplied by this before they become targets
    /// (the validation positions' are kept as they are). Below 1, a fine-tune can learn at
    /// its starting network's size instead of growing toward the size of the scores
    /// (trainer/README.md, "Fine-tunes and the size of the evaluation").
    #[arg(long = "score-scale", value_name = "K", default_value_t = 1.0, value_parser = score_scale)]
    score_scale: f32,
    /// The result's weight in the validation target (default: --lambda), so that runs with
    /// different --lambda values can be compared.
    #[arg(long = "val-lambda", value_name = "LAMBDA")]
    val_lambda: Option<f32>,
    /// Threads for the gradient.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
    threads: u32,
    /// Whole games held out for validation, per thousand.
    #[arg(long = "val-permille", value_name = "N", default_value_t = 20)]
    val_permille: u64,
    /// Seed of the initial weights, the validation split and the order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Read at most this many positions.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Go on from a checkpoint.
    #[arg(long, value_name = "CHECKPOINT")]
    resume: Option<PathBuf>,
    /// Start from a network file's weights instead of random ones (a fresh optimiser and
    /// learning-rate schedule): fine-tunes a network whose checkpoint is gone.
    #[arg(long, value_name = "NETWORK", conflicts_with = "resume")]
    init: Option<PathBuf>,
    /// How to read the data files.
    #[arg(long, value_enum, default_value_t = Format::Auto)]
    format: Format,
    /// Game files: positions before this game ply are left out.
    #[arg(long = "min-ply", value_name = "PLY", default_value_t = Filter::default().min_game_ply)]
    min_ply: u32,
    /// Game files: positions scored beyond this (centipawns) are left out.
    #[arg(long = "max-score", value_name = "CP", default_value_t = Filter::default().max_abs_score)]
    max_score: u16,
    /// Game files: keep positions whose side to move is in check.
    #[arg(long = "keep-in-check")]
    keep_in_check: bool,
    /// Game files: keep positions whose best move is a capture or promotion.
    #[arg(long = "keep-noisy")]
    keep_noisy: bool,
    /// Add a file-mirrored copy of every training position without castling rights (the
    /// default; the switch is kept for older command lines).
    #[arg(long, conflicts_with_all = ["no_mirror", "mirror_flip"])]
    mirror: bool,
    /// No mirrored copies.
    #[arg(long = "no-mirror", conflicts_with = "mirror_flip")]
    no_mirror: bool,
    /// Instead of copies, mirror each such position with probability 1/2 every epoch.
    #[arg(long = "mirror-flip")]
    mirror_flip: bool,
    /// Keep only the first training sample of each position (the default; kept for older
    /// command lines).
    #[arg(long, conflicts_with = "no_dedup")]
    dedup: bool,
    /// Keep repeated positions.
    #[arg(long = "no-dedup")]
    no_dedup: bool,
    /// Output heads, chosen by the piece count (1 to 32).
    #[arg(long = "output-buckets", value_name = "N", default_value_t = 1, value_parser = buckets)]
    output_buckets: usize,
    /// The hidden layer's width per perspective: one the engine runs (256, 512, 768, 1024).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_HIDDEN, value_parser = hidden)]
    hidden: usize,
    /// How each side's view of the board is turned before its inputs are read: `none`, or
    /// `horizontal` (mirrored a <-> h while that side's king is on files a to d). Not the
    /// data augmentation of --mirror.
    #[arg(long = "input-mirroring", value_name = "MIRRORING", default_value = "none",
          value_parser = mirroring)]
    input_mirroring: Mirroring,
    /// King input buckets: `none`, `2` (the king on its first rank or off it) or `4` (ranks
    /// 1, 2, 3-4, 5-8 of its own side), each over files e to h and so with
    /// `--input-mirroring horizontal`. Trained with a factoriser, folded in when written.
    #[arg(long = "king-buckets", value_name = "LAYOUT", default_value = "none",
          value_parser = king_layout)]
    king_buckets: &'static KingLayout,
    /// Before writing final.nnue, scale each output head so that its evaluations of the
    /// validation positions match this network's (least squares). Fine-tunes otherwise come
    /// out larger than the network they started from (trainer/README.md).
    #[arg(long = "match-scale", value_name = "NETWORK")]
    match_scale: Option<PathBuf>,
}

fn hidden(text: &str) -> Result<usize, String> {
    let width: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if SUPPORTED_HIDDEN.contains(&width) {
        Ok(width)
    } else {
        Err(format!("the engine runs widths {SUPPORTED_HIDDEN:?} only"))
    }
}

fn score_scale(text: &str) -> Result<f32, String> {
    let k: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if k > 0.0 && k.is_finite() {
        Ok(k)
    } else {
        Err("a factor above zero: the scores' sign says who is better".into())
    }
}

fn mirroring(text: &str) -> Result<Mirroring, String> {
    [Mirroring::None, Mirroring::Horizontal]
        .into_iter()
        .find(|m| m.name() == text)
        .ok_or_else(|| format!("`{text}`: `none` or `horizontal`"))
}

fn king_layout(text: &str) -> Result<&'static KingLayout, String> {
    LAYOUTS.iter().find(|l| l.name() == text).ok_or_else(|| {
        let names: Vec<&str> = LAYOUTS.iter().map(KingLayout::name).collect();
        format!("`{text}`: one of {}", names.join(", "))
    })
}

fn buckets(text: &str) -> Result<usize, String> {
    let count: usize = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    OutputBuckets::new(count)
        .map(|_| count)
        .ok_or_else(|| format!("must be 1 to {}", OutputBuckets::MAX))
}

struct Args {
    config: Config,
    format: Format,
    filter: Filter,
    weight_decay: f32,
    arch: Architecture,
    mirror_copies: bool,
    dedup: bool,
    val_permille: u64,
    limit: usize,
    resume: Option<PathBuf>,
    init: Option<PathBuf>,
    match_scale: Option<PathBuf>,
    score_scale: f32,
    files: Vec<PathBuf>,
}

impl From<Cli> for Args {
    fn from(cli: Cli) -> Args {
        let buckets = OutputBuckets::new(cli.output_buckets).expect("checked by the parser");
        let mut arch = Architecture::plain(cli.hidden, buckets);
        arch.mirroring = cli.input_mirroring;
        arch.king_buckets = cli.king_buckets.header();
        // Under input mirroring a position and its file-mirrored twin are the same inputs:
        // copies or flips would only repeat samples.
        let augment = arch.mirroring == Mirroring::None;
        Args {
            config: Config {
                epochs: cli.epochs,
                batch: cli.batch as usize,
                lr: cli.lr,
                final_lr_ratio: cli.final_lr,
                lambda: cli.lambda,
                validation_lambda: cli.val_lambda.unwrap_or(cli.lambda),
                mirror_flip: cli.mirror_flip && augment,
                threads: cli.threads as usize,
                seed: cli.seed,
                out_dir: cli.out,
            },
            format: cli.format,
            filter: Filter {
                min_game_ply: cli.min_ply,
                skip_in_check: !cli.keep_in_check,
                skip_noisy: !cli.keep_noisy,
                max_abs_score: cli.max_score,
            },
            weight_decay: cli.wd,
            arch,
            mirror_copies: !cli.no_mirror && !cli.mirror_flip && augment,
            dedup: !cli.no_dedup,
            val_permille: cli.val_permille,
            limit: cli.limit.unwrap_or(usize::MAX),
            resume: cli.resume,
            init: cli.init,
            match_scale: cli.match_scale,
            score_scale: cli.score_scale,
            files: cli.files,
        }
    }
}

fn run(args: Args) -> Result<(), String> {
    let start = Instant::now();
    let rescale_only = args.config.epochs == 0;
    if rescale_only && args.match_scale.is_some() && args.init.is_none() && args.resume.is_none() {
        return Err(
            "--match-scale with --epochs 0 rescales the --init or --resume network: give one"
                .into(),
        );
    }
    if let Err(e) = args.arch.king_buckets.layout(args.arch.mirroring) {
        return Err(format!("--king-buckets: {e}"));
    }
    let mut data = Dataset::default();
    for path in &args.files {
        let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let input = BufReader::new(file);
        let games = match args.format {
            Format::Auto => path.extension().is_some_and(|e| e == "vf"),
            Format::Text => false,
            Format::Games => true,
        };
        let name = path
            .file_name()
            .map_or_else(|| path.to_string_lossy(), |n| n.to_string_lossy());
        let before = data.train.len() + data.validation.len();
        let read = if games {
            let mut reader = GameFileReader::new(input, args.filter);
            let read = data.extend(
                &mut reader,
                &name,
                args.val_permille,
                args.config.seed,
                args.limit,
            );
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
            let reader = TextReader::new(input);
            data.extend(
                reader,
                &name,
                args.val_permille,
                args.config.seed,
                args.limit,
            )
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
    } else if args.arch.mirroring != Mirroring::None {
        eprintln!("mirror: none added (input mirroring makes a mirrored copy the same inputs)");
    }
    if args.score_scale != 1.0 {
        data.scale_train_scores(args.score_scale);
        eprintln!("score-scale: training scores x{}", args.score_scale);
    }
    eprintln!(
        "data: {} games, {} training and {} validation positions, read in {:.1}s",
        data.games,
        data.train.len(),
        data.validation.len(),
        start.elapsed().as_secs_f64()
    );
    if rescale_only && args.match_scale.is_none() {
        // `--epochs 0` only reads and counts the data.
        return Ok(());
    }
    // Checked and read before the hours of training that they would otherwise follow.
    if args.match_scale.is_some() && data.validation.is_empty() {
        return Err("--match-scale fits on the validation positions, and there are none".into());
    }
    let reference = args.match_scale.as_deref().map(read_network).transpose()?;
    let mut state = match &args.resume {
        Some(path) => Checkpoint::load(path, args.weight_decay)
            .map_err(|e| format!("{}: {e}", path.display()))?,
        None => {
            let model = match &args.init {
                Some(path) => starting_model(read_network(path)?, args.arch)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
                None => Model::init(args.config.seed, args.arch),
            };
            Checkpoint {
                optimiser: AdamW::new(model.params.len(), args.weight_decay),
                model,
                epochs_done: 0,
            }
        }
    };
    state
        .model
        .check_architecture(args.arch)
        .map_err(|e| e.to_string())?;
    if let Some(path) = &args.init {
        // The figure the epochs that follow are to beat.
        let loss = mean_loss(
            &state.model,
            &data.validation,
            args.config.validation_lambda,
            args.config.threads,
        );
        eprintln!("{}: validation {loss:.6} before training", path.display());
        report_best_size(
            &path.display().to_string(),
            &state.model,
            &data,
            &args.config,
        );
    }
    let out_dir = &args.config.out_dir;
    let final_net = out_dir.join("final.nnue");
    let written = |e: std::io::Error| format!("{}: {e}", final_net.display());
    if !rescale_only {
        train(&mut state, &data, &args.config, |r| {
            println!(
                "epoch {:3}  train {:.6}  validation {:.6}  lr {:.2e}  {:.1}s",
                r.epoch, r.train_loss, r.validation_loss, r.lr, r.seconds
            );
            true
        })
        .map_err(|e| format!("{}: {e}", out_dir.display()))?;
        report_best_size("trained", &state.model, &data, &args.config);
    }
    if let Some(reference) = reference {
        // On a refusal the last epoch's network is still in its `epoch-N.nnue`.
        match_scale(&mut state.model, &reference, &data, &args.config)?;
    }
    // Unscaled, the same bytes as the last epoch's file.
    std::fs::create_dir_all(out_dir).map_err(written)?;
    std::fs::write(&final_net, state.model.quantise().encode()).map_err(written)?;
    eprintln!("wrote {}", final_net.display());
    Ok(())
}

/// Reports `model`'s validation loss at its best size ([`scale::best_size`]): the figure that
/// compares what networks learned when their sizes differ.
fn report_best_size(name: &str, model: &Model, data: &Dataset, config: &Config) {
    if data.validation.is_empty() {
        return;
    }
    let best = scale::best_size(model, &data.validation, config.validation_lambda);
    eprintln!(
        "{name}: validation {:.6} at its best size (every evaluation x{:.4})",
        best.loss, best.factor
    );
}

/// Scales `model`'s heads to `reference`'s size on the validation positions and reports the
/// factors and the validation loss after; refuses (leaving `model` as it was) a head whose
/// factor is not above zero.
fn match_scale(
    model: &mut Model,
    reference: &Model,
    data: &Dataset,
    config: &Config,
) -> Result<(), String> {
    let scales = scale::fit(model, reference, &data.validation).map_err(|e| e.to_string())?;
    for (head, s) in scales.iter().enumerate() {
        eprintln!(
            "match-scale: head {head}: x{:.4} ({} positions)",
            s.factor, s.samples
        );
    }
    scale::apply(model, &scales);
    let loss = mean_loss(
        model,
        &data.validation,
        config.validation_lambda,
        config.threads,
    );
    println!("match-scale  validation {loss:.6}");
    Ok(())
}

/// The network `--init` starts from, as the architecture the command line asks for. A network
/// without input mirroring may start a mirrored one of the same shape: its weights, read under
/// mirroring, give each position the evaluation the plain network gives the position's
/// file-mirrored twin, which is its own evaluation to the degree that the plain network learned
/// the board's left-right symmetry (this trainer's `--mirror` copies teach it). So a mirrored
/// network starts from what a plain one knows instead of from random weights. A network
/// without king buckets may start one with them ([`Model::with_king_buckets`]: every bucket
/// evaluates as it does), after the mirroring that the buckets need.
fn starting_model(mut model: Model, wanted: Architecture) -> Result<Model, ArchitectureMismatch> {
    let same_shape = Architecture {
        mirroring: wanted.mirroring,
        king_buckets: wanted.king_buckets,
        ..model.arch
    } == wanted;
    if same_shape {
        if model.arch.mirroring == Mirroring::None && wanted.mirroring == Mirroring::Horizontal {
            eprintln!("starting a network with input mirroring from one without it");
            model.arch.mirroring = Mirroring::Horizontal;
        }
        let none = KingBuckets::NONE;
        if model.arch.king_buckets == none && wanted.king_buckets != none {
            eprintln!("starting a network with king buckets from one without them");
            model = model.with_king_buckets(wanted.king_buckets);
        }
    }
    model.check_architecture(wanted)?;
    Ok(model)
}

/// The float form of the network file at `path`.
fn read_network(path: &Path) -> Result<Model, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let net = Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Model::from_network(&net))
}

fn main() -> ExitCode {
    match run(Cli::parse().into()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("trainer: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(options: &[&str]) -> Args {
        let line = ["trainer", "--out", "o"]
            .iter()
            .chain(options)
            .chain(&["d.vf"]);
        Cli::try_parse_from(line).expect("parses").into()
    }

    #[test]
    fn the_architecture_options_reach_the_model_and_input_mirroring_skips_mirrored_samples() {
        let plain = args(&[]);
        assert_eq!(plain.arch.hidden, DEFAULT_HIDDEN);
        assert_eq!(plain.arch.mirroring, Mirroring::None);
        assert!(plain.mirror_copies);
        assert!(args(&["--mirror-flip"]).config.mirror_flip);

        let mirrored = args(&["--hidden", "512", "--input-mirroring", "horizontal"]);
        assert_eq!(mirrored.arch.hidden, 512);
        assert_eq!(mirrored.arch.mirroring, Mirroring::Horizontal);
        assert!(
            !mirrored.mirror_copies,
            "a mirrored copy is the same inputs"
        );
        let flip = args(&["--input-mirroring", "horizontal", "--mirror-flip"]);
        assert!(!flip.config.mirror_flip && !flip.mirror_copies);

        let refused = |options: &[&str]| {
            let line = ["trainer", "--out", "o"]
                .iter()
                .chain(options)
                .chain(&["d.vf"]);
            Cli::try_parse_from(line).is_err()
        };
        assert!(refused(&["--hidden", "300"]));
        assert!(refused(&["--king-buckets", "3"]));
        let bucketed = args(&["--input-mirroring", "horizontal", "--king-buckets", "4"]);
        assert_eq!(bucketed.arch.king_buckets, KingLayout::FOUR.header());
        assert_eq!(args(&[]).arch.king_buckets, KingLayout::NONE.header());
        // Both layouts cover files e to h: without mirroring the run stops before reading.
        let err = run(args(&["--king-buckets", "2"])).expect_err("refused");
        assert!(err.contains("needs horizontal mirroring"), "{err}");
        assert!(refused(&["--input-mirroring", "vertical"]));

        assert_eq!(args(&[]).score_scale, 1.0);
        assert_eq!(args(&["--score-scale", "0.82"]).score_scale, 0.82);
        for bad in ["0", "-0.8", "NaN", "inf", "x"] {
            assert!(refused(&["--score-scale", bad]), "{bad}");
        }
    }

    /// A network file of `model` at `path`.
    fn write_network(model: &Model, path: &Path) {
        std::fs::write(path, model.quantise().encode()).expect("network file");
    }

    #[test]
    fn match_scale_without_training_brings_an_inflated_network_back_to_its_reference() {
        let dir = std::env::temp_dir().join(format!("tsubame-scale-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        // `FEN | score | result` lines along random games: their positions, not their labels,
        // are what the fit reads.
        let data = dir.join("games.txt");
        let mut lines = String::new();
        let mut rng = rng::Rng::new(5);
        let mut probes = Vec::new();
        for game in 0..40 {
            let mut pos = movegen::Position::startpos();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(*rng.pick(&moves));
                lines += &format!("{} | 0 | {}\n", pos.fen(), ["1.0", "0.5", "0.0"][game % 3]);
            }
            probes.push(pos);
        }
        std::fs::write(&data, lines).expect("data file");

        let arch = args(&["--output-buckets", "8"]).arch;
        let mut reference = Model::init(3, arch);
        reference.dequantise_in_place();
        let mut inflated = reference.clone();
        let doubled = vec![
            scale::HeadScale {
                factor: 2.0,
                samples: 0
            };
            8
        ];
        scale::apply(&mut inflated, &doubled);
        let (reference_file, inflated_file) = (dir.join("ref.nnue"), dir.join("big.nnue"));
        write_network(&reference, &reference_file);
        write_network(&inflated, &inflated_file);

        let out = dir.join("out");
        let line = |extra: &[&str]| {
            let mut line = vec!["trainer", "--out", out.to_str().expect("path")];
            line.extend_from_slice(&["--epochs", "0", "--output-buckets", "8"]);
            line.push("--init");
            line.push(inflated_file.to_str().expect("path"));
            line.extend_from_slice(extra);
            line.push(data.to_str().expect("path"));
            Args::from(Cli::try_parse_from(line).expect("parses"))
        };
        // `--epochs 0` alone only counts.
        run(line(&["--val-permille", "500"])).expect("counts");
        assert!(!out.join("final.nnue").exists());
        // With no held-out games there is nothing to fit on, which is said before training.
        let reference_path = reference_file.to_str().expect("path");
        let err = run(line(&[
            "--val-permille",
            "0",
            "--match-scale",
            reference_path,
        ]))
        .expect_err("nothing to fit on");
        assert!(err.contains("there are none"), "{err}");
        // With `--epochs 0` there is no trained network to scale but `--init`'s or
        // `--resume`'s.
        let no_init = [
            "trainer",
            "--out",
            "o",
            "--epochs",
            "0",
            "--match-scale",
            reference_path,
            "d.txt",
        ];
        let err = run(Cli::try_parse_from(no_init).expect("parses").into()).expect_err("no init");
        assert!(err.contains("--init"), "{err}");

        let rescale = ["--val-permille", "500", "--match-scale", reference_path];
        run(line(&rescale)).expect("rescales");
        let written = read_network(&out.join("final.nnue")).expect("a network file");
        // Positions of 22 pieces or more: their heads (4 to 7 of eight) have many validation
        // positions each; a head with none keeps its factor of 1.
        probes.retain(|p| p.occupied().count() >= 22);
        assert!(probes.len() >= 10, "{} positions", probes.len());
        let (mut near, mut far) = (0, 0);
        for pos in &probes {
            let (r, w, i) = (
                reference.evaluate(pos),
                written.evaluate(pos),
                inflated.evaluate(pos),
            );
            // Within quantisation error of the reference, where the inflated one was not.
            near += usize::from((r - w).abs() <= 2.0 + r.abs() * 0.02);
            far += usize::from((r - i).abs() > 2.0 + r.abs() * 0.02);
        }
        assert_eq!(
            near,
            probes.len(),
            "the rescaled network evaluates as the reference"
        );
        assert!(far > 0, "the inflated network did not");

        // A checkpoint is a network to scale too, without `--init`.
        let checkpoint = dir.join("big.bin");
        Checkpoint {
            optimiser: AdamW::new(inflated.params.len(), 0.1),
            model: inflated.clone(),
            epochs_done: 0,
        }
        .save(&checkpoint)
        .expect("checkpoint");
        std::fs::remove_file(out.join("final.nnue")).expect("the last run's network");
        let resumed = [
            "trainer",
            "--out",
            out.to_str().expect("path"),
            "--epochs",
            "0",
            "--output-buckets",
            "8",
            "--resume",
            checkpoint.to_str().expect("path"),
            "--val-permille",
            "500",
            "--match-scale",
            reference_path,
            data.to_str().expect("path"),
        ];
        run(Cli::try_parse_from(resumed).expect("parses").into()).expect("rescales");
        let written = read_network(&out.join("final.nnue")).expect("a network file");
        for pos in &probes {
            let (r, w) = (reference.evaluate(pos), written.evaluate(pos));
            assert!((r - w).abs() <= 2.0 + r.abs() * 0.02, "{r} against {w}");
        }
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_left_right_symmetric_plain_network_starts_a_mirrored_one_with_its_evaluations() {
        let plain_arch = args(&["--output-buckets", "8"]).arch;
        let mirrored_arch =
            args(&["--output-buckets", "8", "--input-mirroring", "horizontal"]).arch;
        let mut plain = Model::init(7, plain_arch);
        // Make every feature's weights equal to its file-mirrored twin's (the file is a
        // feature's low three bits), as a network that learned the symmetry would have them.
        let h = plain_arch.hidden;
        for f in 0..768 {
            let twin = f ^ 7;
            if twin > f {
                for i in 0..h {
                    let mean = (plain.params[f * h + i] + plain.params[twin * h + i]) / 2.0;
                    plain.params[f * h + i] = mean;
                    plain.params[twin * h + i] = mean;
                }
            }
        }
        let mirrored = starting_model(plain.clone(), mirrored_arch).expect("plain starts mirrored");
        assert_eq!(mirrored.arch, mirrored_arch);
        let mut turned = 0;
        for fen in [
            "2kr3r/ppp2ppp/2n5/8/3q4/8/PPP2PPP/2KR3R w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "8/8/2k5/8/8/5K2/6P1/8 w - - 0 1",
            "1k6/8/8/8/8/8/8/K6Q b - - 0 1",
        ] {
            let pos = movegen::Position::from_fen(fen).expect("FEN");
            let (a, b) = (plain.evaluate(&pos), mirrored.evaluate(&pos));
            assert!((a - b).abs() < 1e-3, "{fen}: {a} and {b}");
            turned += usize::from(pos.king(movegen::Color::White).file().index() < 4);
        }
        assert!(turned > 0, "some position's view is turned");

        // Nothing else converts: not mirrored to plain, not another width.
        assert!(starting_model(mirrored, plain_arch).is_err());
        let wide = args(&["--output-buckets", "8", "--hidden", "512"]).arch;
        assert!(starting_model(plain, wide).is_err());
    }

    #[test]
    fn a_network_without_king_buckets_starts_a_bucketed_one_with_its_evaluations() {
        let options = ["--output-buckets", "8", "--input-mirroring", "horizontal"];
        let mirrored_arch = args(&options).arch;
        let bucketed = |layout: &str| {
            let mut with = options.to_vec();
            with.extend_from_slice(&["--king-buckets", layout]);
            args(&with).arch
        };
        let (two, four) = (bucketed("2"), bucketed("4"));
        let mirrored = Model::init(9, mirrored_arch);
        let started = starting_model(mirrored.clone(), four).expect("one bucket starts four");
        assert_eq!(started.arch, four);
        // Kings on each rank band of the four buckets, either side to move, both wings.
        let fens = [
            "r3k2r/pppq1ppp/2n2n2/3p4/3P4/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "8/5pk1/6p1/8/3K4/8/5P2/8 b - - 0 40",
            "8/2k5/8/1K6/8/8/6P1/8 w - - 0 50",
            "1r4k1/8/8/8/5K2/8/8/7R w - - 0 60",
            "8/8/8/8/6k1/8/1K6/8 b - - 0 70",
        ];
        let mut buckets_seen = std::collections::HashSet::new();
        for fen in fens {
            let pos = movegen::Position::from_fen(fen).expect("FEN");
            let (a, b) = (mirrored.evaluate(&pos), started.evaluate(&pos));
            assert!((a - b).abs() < 1e-4, "{fen}: {a} and {b}");
            for colour in [movegen::Color::White, movegen::Color::Black] {
                let view =
                    started
                        .king_layout()
                        .view(Mirroring::Horizontal, colour, pos.king(colour));
                buckets_seen.insert(view.bucket());
            }
        }
        assert_eq!(
            buckets_seen.len(),
            4,
            "every bucket evaluated: {buckets_seen:?}"
        );
        // The buckets start equal and apart from the factoriser: their own rows are zero.
        let layout = started.layout();
        assert!(started.params[..layout.ft_bias].iter().all(|&w| w == 0.0));
        let at = started.factoriser().expect("a factoriser");
        assert!(started.params[at..].iter().any(|&w| w != 0.0));

        // A plain network goes through mirroring first.
        let plain = Model::init(9, args(&["--output-buckets", "8"]).arch);
        assert_eq!(
            starting_model(plain, two).expect("plain starts two").arch,
            two
        );
        // Buckets are not taken away or changed, nor the width.
        assert!(starting_model(started.clone(), mirrored_arch).is_err());
        assert!(starting_model(started, two).is_err());
        let wide = Architecture {
            hidden: 512,
            ..four
        };
        assert!(starting_model(mirrored, wide).is_err());
    }
}
