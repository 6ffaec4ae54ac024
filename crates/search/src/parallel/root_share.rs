//! The root's moves when the threads share them: handed out in the root's order, each
//! searched in full by one thread, and what each search found, for the root's bookkeeping.
//! Design-neutral, so that the root's side of the seam names no design's types.

use movegen::Move;

/// The root moves handed out to other threads, and what their searches found.
#[derive(Debug)]
pub(crate) struct RootMoves {
    moves: Vec<Move>,
    next: usize,
    /// One entry per move, filled when its search completes.
    pub results: Vec<Option<RootResult>>,
    /// Moves that became the new best while the root was shared.
    pub best_move_changes: u32,
}

impl RootMoves {
    /// The moves to hand out, in order.
    pub fn new(moves: Vec<Move>) -> RootMoves {
        let results = vec![None; moves.len()];
        RootMoves {
            moves,
            next: 0,
            results,
            best_move_changes: 0,
        }
    }

    /// The next move to hand out, with its index in the list.
    pub fn next_move(&mut self) -> Option<(usize, Move)> {
        let mv = *self.moves.get(self.next)?;
        self.next += 1;
        Some((self.next - 1, mv))
    }
}

/// The completed search of one root move by the thread that took it.
#[derive(Clone, Debug)]
pub(crate) struct RootResult {
    /// The fail-soft score.
    pub score: i32,
    /// It raised alpha when it was recorded: its score is exact (or a fail high) and it was
    /// the best move so far.
    pub raised_alpha: bool,
    /// Its line after the move (only when `raised_alpha`).
    pub continuation: Vec<Move>,
    pub seldepth: usize,
    /// Nodes the thread that searched it spent on it (helpers under it not counted).
    pub nodes: u64,
}
