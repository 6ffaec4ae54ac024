//! `ParallelMode`: which parallel design a pool runs, by the name the UCI option gives it, and
//! the error for a design setting it does not have.

use std::fmt;

/// How the threads of a search share the work (the UCI option `SMP Mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ParallelMode {
    /// Young brothers wait: a node whose first move has been searched becomes a split point
    /// whose other moves idle threads search (after Crafty's `ThreadWait`/`ThreadStop`).
    #[default]
    SplitPoints,
    /// Lazy SMP: every thread runs its own iterative deepening from the root, sharing only
    /// the transposition table (half the helpers one ply ahead); the main thread's result is
    /// played.
    LazySmp,
    /// Only the main thread searches; the others stay idle (a baseline to measure against).
    Sequential,
}

impl ParallelMode {
    /// Every mode, the default first.
    pub const ALL: [ParallelMode; 3] = [
        ParallelMode::SplitPoints,
        ParallelMode::LazySmp,
        ParallelMode::Sequential,
    ];

    /// The mode's name, as the UCI option and `smp-bench` spell it.
    pub const fn name(self) -> &'static str {
        match self {
            ParallelMode::SplitPoints => "Split Points",
            ParallelMode::LazySmp => "Lazy SMP",
            ParallelMode::Sequential => "Sequential",
        }
    }

    /// The mode of this name, in any case and with spaces, hyphens or underscores between
    /// the words or none (`Lazy SMP`, `lazy-smp`).
    pub fn from_name(name: &str) -> Option<ParallelMode> {
        let words = |text: &str| -> String {
            text.chars()
                .filter(|c| !matches!(c, ' ' | '-' | '_'))
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        ParallelMode::ALL
            .into_iter()
            .find(|mode| words(mode.name()) == words(name))
    }
}

impl fmt::Display for ParallelMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A design setting that the pool's mode does not have, or a value it does not take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSetting {
    /// The setting as given.
    pub name: String,
    /// The mode that was asked.
    pub mode: ParallelMode,
}

impl fmt::Display for UnknownSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} has no setting {}", self.mode, self.name)
    }
}

impl std::error::Error for UnknownSetting {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_are_found_by_their_names() {
        for mode in ParallelMode::ALL {
            assert_eq!(ParallelMode::from_name(mode.name()), Some(mode));
        }
        assert_eq!(
            ParallelMode::from_name("lazy smp"),
            Some(ParallelMode::LazySmp)
        );
        assert_eq!(
            ParallelMode::from_name("split-points"),
            Some(ParallelMode::SplitPoints)
        );
        assert_eq!(ParallelMode::from_name("YBWC"), None);
        assert_eq!(ParallelMode::default(), ParallelMode::SplitPoints);
    }
}
