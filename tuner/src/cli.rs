//! Command-line options and the errors the tuner reports.

use std::fmt;
use std::path::PathBuf;

use crate::data::LineError;

/// What the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The `FEN | result` file.
    pub data: PathBuf,
    /// Full passes over the training set.
    pub epochs: usize,
    /// Where to write the generated Rust file.
    pub out: PathBuf,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Share of the data, just before the test set, held out to pick the epoch (0 ..= 40).
    pub holdout_percent: usize,
    /// Share of the data, taken from the file's end, used only to measure the result (0 ..= 40).
    pub test_percent: usize,
    /// Where the data came from, copied into the generated file's comment.
    pub source: Option<String>,
    /// Parameters counted in fewer training positions than this are not tuned.
    pub min_occurrences: usize,
    /// Weight of the L2 pull towards the start values, per centipawn squared.
    pub l2: f64,
    /// Weight of the game result in the training target; the rest goes to the search score
    /// when the data has one (1: Texel's original method).
    pub lambda: f64,
}

/// Usage text, printed with every command-line error.
pub const USAGE: &str = "usage: tuner <data file> [--epochs N] [--out params.rs] [--rate CP] \
                         [--holdout PERCENT] [--test PERCENT] [--min-count N] [--l2 W] [--lambda L] [--source TEXT]";

/// Everything that can stop the tuner.
#[derive(Debug)]
pub enum TunerError {
    /// The command line is wrong; the text says how.
    Usage(String),
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
            TunerError::Usage(why) => write!(f, "{why}\n{USAGE}"),
            TunerError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TunerError::Line(e) => write!(f, "{e}"),
            TunerError::NoData => write!(f, "the data file holds no usable position"),
            TunerError::Params(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TunerError {}

/// Parses the arguments (without the program name).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Options, TunerError> {
    let mut data = None;
    let mut options = Options {
        data: PathBuf::new(),
        epochs: 2000,
        out: PathBuf::from("tuned_params.rs"),
        rate: 1.0,
        holdout_percent: 10,
        test_percent: 10,
        source: None,
        min_occurrences: 100,
        l2: 0.0,
        lambda: 1.0,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| TunerError::Usage(format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--epochs" => options.epochs = number(&value("--epochs")?, "--epochs")?,
            "--out" => options.out = PathBuf::from(value("--out")?),
            "--rate" => options.rate = number(&value("--rate")?, "--rate")?,
            "--holdout" => options.holdout_percent = number(&value("--holdout")?, "--holdout")?,
            "--test" => options.test_percent = number(&value("--test")?, "--test")?,
            "--source" => options.source = Some(value("--source")?),
            "--l2" => options.l2 = number(&value("--l2")?, "--l2")?,
            "--lambda" => options.lambda = number(&value("--lambda")?, "--lambda")?,
            "--min-count" => {
                options.min_occurrences = number(&value("--min-count")?, "--min-count")?;
            }
            flag if flag.starts_with("--") => {
                return Err(TunerError::Usage(format!("unknown option {flag}")));
            }
            path if data.is_none() => data = Some(PathBuf::from(path)),
            extra => return Err(TunerError::Usage(format!("unexpected argument {extra}"))),
        }
    }
    if options.holdout_percent > 40 || options.test_percent > 40 {
        return Err(TunerError::Usage(
            "--holdout and --test are at most 40 (percent)".into(),
        ));
    }
    if !(options.rate > 0.0 && options.l2 >= 0.0 && (0.0..=1.0).contains(&options.lambda)) {
        return Err(TunerError::Usage(
            "--rate must be positive, --l2 not negative, --lambda in 0..=1".into(),
        ));
    }
    options.data = data.ok_or_else(|| TunerError::Usage("no data file given".into()))?;
    Ok(options)
}

/// Parses a number option, naming the option when it is not one.
fn number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, TunerError> {
    text.parse()
        .map_err(|_| TunerError::Usage(format!("{name}: `{text}` is not a valid number")))
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
            assert!(
                matches!(parse_args(bad.clone()), Err(TunerError::Usage(_))),
                "{bad:?}"
            );
        }
    }
}
