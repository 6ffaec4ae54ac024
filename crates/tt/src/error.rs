//! Errors from sizing the table.

use std::fmt;

/// Why a table could not be created or resized.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtError {
    /// The requested size is outside what the table supports.
    SizeOutOfRange {
        /// The size asked for, in MiB.
        requested: usize,
        /// The smallest size supported, in MiB.
        min: usize,
        /// The largest size supported, in MiB.
        max: usize,
    },
    /// Growing the table would leave the machine too little memory; a resized
    /// table keeps its old size and contents.
    NotEnoughMemory {
        /// The size asked for, in MiB.
        requested: usize,
        /// The largest size the machine could give now, in MiB.
        available: usize,
    },
    /// The allocator could not provide the memory; a resized table is then
    /// empty, at its old size or smaller.
    AllocationFailed {
        /// The size asked for, in MiB.
        megabytes: usize,
    },
}

impl fmt::Display for TtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SizeOutOfRange {
                requested,
                min,
                max,
            } => write!(
                f,
                "hash size {requested} MiB is out of range ({min} to {max} MiB)"
            ),
            Self::NotEnoughMemory {
                requested,
                available,
            } => write!(
                f,
                "hash size {requested} MiB is more than this machine has available \
                 ({available} MiB)"
            ),
            Self::AllocationFailed { megabytes } => {
                write!(f, "could not allocate {megabytes} MiB for the hash table")
            }
        }
    }
}

impl std::error::Error for TtError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_sizes() {
        let range = TtError::SizeOutOfRange {
            requested: 0,
            min: 1,
            max: 8,
        };
        assert_eq!(
            range.to_string(),
            "hash size 0 MiB is out of range (1 to 8 MiB)"
        );
        let short = TtError::NotEnoughMemory {
            requested: 65_536,
            available: 20_000,
        };
        assert_eq!(
            short.to_string(),
            "hash size 65536 MiB is more than this machine has available (20000 MiB)"
        );
        let alloc = TtError::AllocationFailed { megabytes: 512 };
        assert!(alloc.to_string().contains("512 MiB"));
    }
}
