//! `ThreadLink`: one searcher's link to its search's parallel design, which the sequential
//! search asks at every node whether another thread's work made its own useless.

use crate::smp::link::SmpLink;

/// One thread's link to its search's parallel design: all the sequential search sees of it.
#[derive(Debug)]
pub(crate) enum ThreadLink<'a> {
    /// Nothing is shared at a node: the thread searches alone, or beside others that share
    /// only the table.
    Independent,
    /// Young brothers wait: its place among the split points.
    SplitPoints(SmpLink<'a>),
}

impl ThreadLink<'_> {
    /// Whether work another thread did makes this thread's useless (a cutoff at a split
    /// point above it).
    #[inline]
    pub fn should_stop(&self) -> bool {
        match self {
            ThreadLink::Independent => false,
            ThreadLink::SplitPoints(link) => link.should_stop(),
        }
    }
}
