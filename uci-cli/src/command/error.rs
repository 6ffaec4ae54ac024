//! Why a line of UCI input could not be parsed.

use std::fmt;

pub use engine::text::{EXCERPT_CHARS, excerpt};

/// Why a line could not be parsed. Token texts are shortened to [`EXCERPT_CHARS`] characters so
/// a megabyte of garbage never turns into a megabyte of `info string`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// No token of the line is a known command; `token` is the first one.
    UnknownCommand {
        /// The first token of the line.
        token: String,
    },
    /// A keyword that needs a value ended the line, or was followed by another keyword.
    MissingValue {
        /// The keyword that wanted a value.
        after: &'static str,
    },
    /// A value that is not one of the allowed words.
    InvalidValue {
        /// The keyword the value belongs to.
        after: &'static str,
        /// The value found.
        value: String,
        /// What is allowed, for the message.
        expected: &'static str,
    },
    /// A value that should be an integer and is not.
    NotANumber {
        /// The keyword the value belongs to.
        after: &'static str,
        /// The value found.
        value: String,
    },
    /// A negative value for a count that cannot be negative.
    Negative {
        /// The keyword the value belongs to.
        after: &'static str,
        /// The value found.
        value: String,
    },
    /// A token that has no place where it stands.
    UnexpectedToken {
        /// The command being parsed.
        command: &'static str,
        /// The token found.
        token: String,
    },
    /// A keyword given twice in one command.
    Duplicate {
        /// The repeated keyword.
        keyword: &'static str,
    },
    /// A FEN with too few or too many space-separated fields.
    FenFieldCount {
        /// How many fields were found.
        found: usize,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownCommand { token } => write!(f, "unknown command `{token}`"),
            Self::MissingValue { after } => write!(f, "missing value after `{after}`"),
            Self::InvalidValue {
                after,
                value,
                expected,
            } => {
                write!(
                    f,
                    "invalid value `{value}` after `{after}`: expected {expected}"
                )
            }
            Self::NotANumber { after, value } => {
                write!(f, "`{value}` after `{after}` is not an integer")
            }
            Self::Negative { after, value } => {
                write!(f, "`{after}` cannot be negative (got `{value}`)")
            }
            Self::UnexpectedToken { command, token } => {
                write!(f, "unexpected `{token}` in `{command}`")
            }
            Self::Duplicate { keyword } => write!(f, "`{keyword}` given twice"),
            Self::FenFieldCount { found } => write!(
                f,
                "FEN has {found} fields; expected 4 to 6 (placement, side to move, castling, \
                 en passant, then optional halfmove clock and move number)"
            ),
        }
    }
}

impl std::error::Error for CommandError {}
