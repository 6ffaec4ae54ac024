//! `tuner`: Texel's method for Tsubame's evaluation.
//!
//! ```text
//! cargo run --release -p tuner -- positions.txt [--epochs N] [--out tuned_params.rs]
//! ```
//!
//! Reads `FEN | result [| score]` lines (see `tools/pgn_to_positions.py`), fits the sigmoid's steepness
//! `K` to the default parameters, then minimises the mean squared error between
//! `sigmoid(K * eval)` and the results over every parameter at once, with Adam on the analytic
//! gradient of the linear evaluation. The file's tail is cut off as a test set (never used for
//! any choice) and, before it, a validation set whose error picks the epoch to keep. Prints
//! the errors before and after, and writes the rounded values as a Rust file for `crates/eval`.

mod adam;
mod cli;
mod data;
mod emit;
mod model;
mod train;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::ExitCode;

use eval::{DEFAULT_PARAMS, Params};

use cli::{Options, TunerError};
use data::Dataset;
use model::Steepness;

/// `println!` that ignores a closed stdout (`tuner ... | head`) instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

fn main() -> ExitCode {
    let options = match cli::parse_args(std::env::args().skip(1)) {
        Ok(o) => o,
        // Prints the error and exits 2, or the help or version and exits 0.
        Err(e) => e.exit(),
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tuner: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reads every position of the data file; returns the data set and the number of lines read.
fn load(path: &Path) -> Result<(Dataset, usize), TunerError> {
    let io = |source| TunerError::Io {
        path: path.to_path_buf(),
        source,
    };
    let reader = BufReader::new(File::open(path).map_err(io)?);
    let mut data = Dataset::default();
    let mut lines = 0;
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(io)?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        lines += 1;
        let (pos, label) = data::parse_line(i + 1, text).map_err(TunerError::Line)?;
        data.push_position(&pos, label);
    }
    Ok((data, lines))
}

/// The engine's MSE on a data set under integer parameters.
fn engine_mse(data: &Dataset, k: Steepness, params: &Params) -> f64 {
    model::mse_of(k, &model::engine_evals(data, params))
}

/// The data cut three ways, in file order (so each part is whole games, bar one at each cut).
struct Split {
    /// What the gradient sees.
    train: Dataset,
    /// Picks the epoch to keep (early stopping).
    validation: Dataset,
    /// Never used for any choice: the honest before/after figure.
    test: Dataset,
}

impl Split {
    /// Texel's error against game results on each part, under integer parameters.
    fn mse(&self, k: Steepness, params: &Params) -> [f64; 3] {
        [&self.train, &self.validation, &self.test].map(|d| engine_mse(d, k, params))
    }
}

/// Formats the three errors.
fn show(mse: [f64; 3]) -> String {
    format!(
        "training {:.6}, validation {:.6}, test {:.6}",
        mse[0], mse[1], mse[2]
    )
}

fn run(options: &Options) -> Result<(), TunerError> {
    let (all, lines) = load(&options.data)?;
    let kept = all.len();
    if all.is_empty() {
        return Err(TunerError::NoData);
    }
    let (rest, test) = all.split_tail(kept * options.test_percent / 100);
    let (train, validation) = rest.split_tail(kept * options.holdout_percent / 100);
    let mut split = Split {
        train,
        validation,
        test,
    };
    say!(
        "{lines} positions read, {} dead draws dropped; {} for training, {} validation, {} test",
        lines - kept,
        split.train.len(),
        split.validation.len(),
        split.test.len()
    );

    let k = model::fit_k(&model::engine_evals(&split.train, &DEFAULT_PARAMS));
    let before = split.mse(k, &DEFAULT_PARAMS);
    say!("K = {:.6} per cp (fitted on the defaults)", k.0);
    say!("MSE (vs results) before: {}", show(before));

    // Only the training targets are blended: the validation error, which picks the epoch, and
    // every MSE printed stay Texel's error against game results.
    if options.lambda < 1.0 {
        let train = &mut split.train;
        train.blend_targets(|score| model::sigmoid(k, score), options.lambda);
        let scored = train.samples.iter().filter(|s| s.score.is_some()).count();
        say!(
            "training targets: {} * result + {} * sigmoid(K * search score) ({scored} scored)",
            options.lambda,
            1.0 - options.lambda
        );
    }

    let start: Vec<f64> = DEFAULT_PARAMS.to_vec().into_iter().map(f64::from).collect();
    let schedule = train::Schedule {
        epochs: options.epochs,
        rate: options.rate,
        report_every: (options.epochs / 40).max(1),
        min_occurrences: options.min_occurrences,
        l2: options.l2,
    };
    let trained = train::train(
        &split.train,
        &split.validation,
        k,
        &start,
        schedule,
        |epoch, t, v| say!("epoch {epoch:5}: training {t:.6}, validation {v:.6}"),
    );
    say!(
        "kept the weights of epoch {} (lowest validation error); {} parameters frozen \
         (counted in fewer than {} positions)",
        trained.epoch,
        trained.frozen,
        options.min_occurrences
    );
    let (tuned, flat) = train::to_params(&trained.weights).map_err(TunerError::Params)?;
    let after = split.mse(k, &tuned);
    say!("MSE (vs results) after:  {} (rounded values)", show(after));
    print_biggest_changes(&flat, 25);

    let mut notes = vec![
        format!("Data: {}", options.data.display()),
        format!(
            "{kept} positions in file order: {} training, {} validation, {} test.",
            split.train.len(),
            split.validation.len(),
            split.test.len()
        ),
        format!(
            "K = {:.6} per cp; target lambda {}; Adam rate {}; L2 {:e}; min count {};",
            k.0, options.lambda, options.rate, options.l2, options.min_occurrences
        ),
        format!(
            "weights of epoch {} of {} (lowest validation error); {} parameters frozen.",
            trained.epoch, options.epochs, trained.frozen
        ),
        "MSE against game results, before -> after:".to_string(),
        format!("  training {:.6} -> {:.6},", before[0], after[0]),
        format!("  validation {:.6} -> {:.6},", before[1], after[1]),
        format!("  test {:.6} -> {:.6}.", before[2], after[2]),
    ];
    if let Some(source) = &options.source {
        notes.insert(1, format!("Source: {source}"));
    }
    let source = emit::rust_source(&flat, &notes);
    std::fs::write(&options.out, source).map_err(|e| TunerError::Io {
        path: options.out.clone(),
        source: e,
    })?;
    say!("wrote {}", options.out.display());
    Ok(())
}

/// Lists the `n` parameters that moved most, to show what the data taught.
fn print_biggest_changes(flat: &[i32], n: usize) {
    let old = DEFAULT_PARAMS.to_vec();
    let mut moved: Vec<(usize, i32)> = flat
        .iter()
        .zip(&old)
        .enumerate()
        .map(|(i, (new, old))| (i, new - old))
        .filter(|(_, d)| *d != 0)
        .collect();
    moved.sort_by_key(|(i, d)| (std::cmp::Reverse(d.abs()), *i));
    say!(
        "{} of {} numbers changed; largest:",
        moved.len(),
        flat.len()
    );
    for &(i, d) in moved.iter().take(n) {
        let half = if i % 2 == 0 { "mg" } else { "eg" };
        let name = Params::describe(i / 2).map_or_else(
            || "?".to_string(),
            |(block, offset)| format!("{}[{offset}]", block.name),
        );
        say!("  {name} {half}: {} -> {} ({d:+})", old[i], flat[i]);
    }
}
