//! Lazy SMP: every helper runs its own iterative deepening from the root, sharing only the
//! transposition table with the main thread, whose result is played. The threads' searches
//! drift apart by timing, and half the helpers search one ply ahead, so they fill the table
//! with what the main thread needs next (as in Stockfish 7-10, Ethereal and Viridithas).

use movegen::Position;

use crate::event::SearchEvent;
use crate::root::RootSearch;
use crate::root_move::RootMove;
use crate::searcher::Searcher;

/// What a helper needs to search the root on its own.
#[derive(Clone, Debug)]
pub(crate) struct LazyJob {
    pub root: Position,
    /// The root moves, ranked by the tablebases if they could.
    pub moves: Vec<RootMove>,
    /// Keys of the game's positions, the root's last.
    pub keys: Vec<u64>,
    /// The deepest iteration.
    pub max_depth: i32,
}

/// The first iteration of helper `index`: odd helpers start (and stay) one ply ahead.
fn first_depth(index: usize) -> i32 {
    1 + (index % 2) as i32
}

/// Helper `searcher`'s part of a Lazy SMP search: iterative deepening on `job`'s root until
/// its last depth or until the search ends, with nothing reported.
pub(crate) fn search_beside(searcher: &mut Searcher<'_>, job: &LazyJob) {
    searcher.worker.start_line(job.keys.iter().copied());
    searcher.refresh_accumulator(&job.root, 0);
    let first = first_depth(searcher.index);
    let mut quiet = |_: SearchEvent<'_>| {};
    let mut root_search =
        RootSearch::new(searcher, job.root.clone(), job.moves.clone(), 1, &mut quiet);
    root_search.run(first, job.max_depth);
    // The main thread counts the nodes every thread published.
    searcher.publish_nodes();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_the_helpers_start_one_ply_ahead() {
        assert_eq!([1, 2, 3, 4].map(first_depth), [2, 1, 2, 1]);
    }
}
