//! Typed errors of the crate.

use std::fmt;

/// Why a `setoption` value was not applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// The name is not one of the time manager's options.
    UnknownOption(String),
    /// The value does not parse for the option's type (number, `true`/`false`, combo value).
    BadValue {
        /// The option's canonical name.
        option: &'static str,
        /// The value as sent.
        value: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownOption(name) => write!(f, "unknown time option '{name}'"),
            Self::BadValue { option, value } => {
                write!(f, "option '{option}': value '{value}' is not valid")
            }
        }
    }
}

impl std::error::Error for OptionError {}
