//! Command-line options and the errors the tuner reports.

use std::fmt;
use std::path::PathBuf;

use clap::Parser;

use crate::data::LineError;

/// What the user asked for.
#[derive(Clone, Debug, PartialEq, Parser)]
#[command(
    name = "tuner",
    version,
    about = "Texel's method for Tsubame's hand-crafted evaluation: fits every parameter to \
             game results (and search scores) and writes them as a Rust file for crates/eval"
)]
pub struct Options {
    /// The `FEN | result [| score]` file (see tools/pgn_to_positions.py).
    pub data: PathBuf,
    /// Full passes over the training set.
    #[arg(long, default_value_t = 2000)]
    pub epochs: usize,
    /// Where to write the generated Rust file.
    #[arg(long, default_value = "tuned_params.rs")]
    pub out: PathBuf,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0, value_parser = positive)]
    pub rate: f64,
    /// Share of the data, just before the test set, held out to pick the epoch (0 to 40).
    #[arg(long = "holdout", value_name = "PERCENT", default_value_t = 10, value_parser = percent)]
    pub holdout_percent: usize,
    /// Share of the data, taken from the file's end, used only to measure the result (0 to 40).
    #[arg(long = "test", value_name = "PERCENT", default_value_t = 10, value_parser = percent)]
    pub test_percent: usize,
    /// Where the data came from, copied into the generated file's comment.
    #[arg(long)]
    pub source: Option<String>,
    /// Parameters counted in fewer training positions than this are not tuned.
    #[arg(long = "min-count", value_name = "N", default_value_t = 100)]
    pub min_occurrences: usize,
    /// Weight of the L2 pull towards the start values, per centipawn squared.
    #[arg(long, default_value_t = 0.0, value_parser = not_negative)]
    pub l2: f64,
    /// Weight of the game result in the training target; the rest goes to the search score
    /// when the data has one (1: Texel's original method).
    #[arg(long, default_value_t = 1.0, value_parser = unit_interval)]
    pub lambda: f64,
}

fn number(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| format!("`{text}` is not a number"))
}

fn positive(text: &str) -> Result<f64, String> {
    number(text).and_then(|x| {
        if x > 0.0 {
            Ok(x)
        } else {
            Err("must be positive".into())
        }
    })
}

fn not_negative(text: &str) -> Result<f64, String> {
    number(text).and_then(|x| {
        if x >= 0.0 {
            Ok(x)
        } else {
            Err("must not be negative".into())
        }
    })
}

fn unit_interval(text: &str) -> Result<f64, String> {
    number(text).and_then(|x| {
        if (0.0..=1.0).contains(&x) {
            Ok(x)
        } else {
            Err("must be in 0..=1".into())
        }
    })
}

fn percent(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(p) if p <= 40 => Ok(p),
        Ok(_) => Err("at most 40 (percent)".into()),
        Err(_) => Err(format!("`{text}` is not a whole number")),
    }
}

/// Everything that can stop the tuner.
#[derive(Debug)]
pub enum TunerError {
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        source: std::io::Error,
    },
    /// A data line is malformed.
    Line(LineError),
    /// No usable position in the data.
    NoData,
    /// The tuned values do not fit the eval crate's parameters.
    Params(eval::ParamsError),
}

impl fmt::Display for TunerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TunerError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TunerError::Line(e) => write!(f, "{e}"),
            TunerError::NoData => write!(f, "the data file holds no usable position"),
            TunerError::Params(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TunerError {}

/// Parses the arguments (without the program name). `--help` and `--version` come back as
/// errors too, of their own kinds: `clap::Error::exit` prints them and exits 0.
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Options, clap::Error> {
    Options::try_parse_from(std::iter::once("tuner".to_string()).chain(args))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_parse_with_defaults() {
        let o = parse_args(args(&["pos.txt", "--epochs", "50", "--out", "x.rs"])).unwrap();
        assert_eq!(o.data, PathBuf::from("pos.txt"));
        assert_eq!((o.epochs, o.out.clone()), (50, PathBuf::from("x.rs")));
        assert_eq!((o.rate, o.holdout_percent, o.test_percent), (1.0, 10, 10));
        assert_eq!((o.min_occurrences, o.source), (100, None));
    }

    #[test]
    fn bad_command_lines_are_usage_errors() {
        for bad in [
            args(&[]),
            args(&["a", "b"]),
            args(&["a", "--epochs"]),
            args(&["a", "--epochs", "many"]),
            args(&["a", "--holdout", "80"]),
            args(&["a", "--test", "41"]),
            args(&["a", "--frobnicate"]),
            args(&["a", "--rate", "0"]),
            args(&["a", "--l2", "-1"]),
            args(&["a", "--lambda", "1.5"]),
        ] {
            let error = parse_args(bad.clone()).unwrap_err();
            assert_eq!(error.exit_code(), 2, "{bad:?}: {error}");
        }
    }

    #[test]
    fn help_and_version_are_not_errors() {
        for flag in ["--help", "-h", "--version"] {
            let asked = parse_args(args(&[flag])).unwrap_err();
            assert_eq!(asked.exit_code(), 0, "{flag}");
        }
        let help = parse_args(args(&["--help"])).unwrap_err().to_string();
        assert!(
            help.contains("--holdout <PERCENT>") && help.contains("--lambda"),
            "{help}"
        );
    }
}
