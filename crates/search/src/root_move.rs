//! `RootMove`: a legal move at the root and what the search knows about it.

use movegen::Move;

use crate::score::INFINITE;

/// A legal move at the root and what the search knows about it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// Score in the current iteration; `-INFINITE` until it is known to be the best so far.
    pub score: i32,
    /// Score of the last completed iteration.
    pub previous_score: i32,
    /// The fail-soft result of this move's last search (a bound for all but the best).
    pub bound_score: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
    /// Nodes searched under this move over the whole search, every iteration together: the
    /// search's effort on it, reported with its line (a best move that took most of the
    /// nodes is settled).
    pub nodes: u64,
}

impl RootMove {
    /// A root move not searched yet.
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            previous_score: -INFINITE,
            bound_score: -INFINITE,
            pv: vec![mv],
            seldepth: 0,
            nodes: 0,
        }
    }

    /// Takes a completed search's score as this move's value in the iteration, with its line
    /// (`continuation`: the moves after this one) and selective depth.
    pub fn record(
        &mut self,
        score: i32,
        continuation: impl IntoIterator<Item = Move>,
        seldepth: usize,
    ) {
        self.score = score;
        self.seldepth = seldepth;
        self.pv.clear();
        self.pv.push(self.mv);
        self.pv.extend(continuation);
    }
}
