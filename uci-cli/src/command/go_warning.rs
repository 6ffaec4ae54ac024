//! A token of `go` that could not be read, and what the search uses instead.
//!
//! `go` is never refused: the GUI's clock runs until a `bestmove` comes, so a bad token is
//! reported and replaced by a fallback that still ends in a legal move soon. A value that
//! cannot be read is one that is missing, not an integer, or negative where only counts make
//! sense.

use std::fmt;

use super::error::CommandError;

/// What replaces a token of `go` that could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoFallback {
    /// The token is skipped: an unknown word, a keyword given twice, an empty `searchmoves`,
    /// a `movestogo` (the time manager then plans without one).
    Ignored,
    /// A clock or increment (`wtime`, `btime`, `winc`, `binc`) is read as 0 ms: the engine
    /// plays a quick legal move, as it does on a flagged clock, where searching without the
    /// clock could run past the GUI's.
    ZeroClock,
    /// A `depth`, `nodes`, `mate` or `movetime` makes the search one of depth 1 (unless a
    /// depth is given as well): the GUI asked for a bounded search, and dropping the limit
    /// could leave one that only `stop` ends.
    DepthOne,
    /// `perft` counts to depth 1.
    PerftOne,
}

impl fmt::Display for GoFallback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Ignored => "ignored",
            Self::ZeroClock => "read as 0",
            Self::DepthOne => "searching to depth 1 instead",
            Self::PerftOne => "perft 1 instead",
        })
    }
}

/// A token of `go` that could not be read, and its fallback.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoWarning {
    /// What was wrong with the token.
    pub problem: CommandError,
    /// What the search uses instead.
    pub fallback: GoFallback,
}

impl GoWarning {
    /// A warning about `problem`, answered with `fallback`.
    pub fn new(problem: CommandError, fallback: GoFallback) -> GoWarning {
        GoWarning { problem, fallback }
    }
}

impl fmt::Display for GoWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "go: {}; {}", self.problem, self.fallback)
    }
}
