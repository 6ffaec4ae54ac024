//! The one way the search moves from a node to a child: every caller (root, move loop, split
//! points, null move, quiescence) plays moves through here, so whatever a child needs from
//! its parent (the key line, the ply stack, later an accumulator update or a continuation
//! history pointer) is set in one place, and undone in one place.

use movegen::{Move, Position};

use crate::searcher::Searcher;

impl Searcher<'_> {
    /// Plays `mv` in `pos`, the node at `ply`, and returns the child (copy-make: `pos` is
    /// untouched). The stack records the move and the piece that made it and counts the
    /// child's plies since a null move, and the child's key joins the line. Every call is paired with [`Searcher::unmake_move`].
    #[inline]
    pub(crate) fn make_move(&mut self, pos: &Position, mv: Move, ply: usize) -> Position {
        let mut child = pos.clone();
        child.play(mv);
        self.tt.prefetch(child.key());
        let stack = &mut self.worker.stack;
        stack[ply].mv = Some(mv);
        stack[ply].moved = pos.piece_at(mv.from());
        stack[ply + 1].plies_from_null = stack[ply].plies_from_null.saturating_add(1);
        self.worker.keys.push(child.key());
        child
    }

    /// Passes the move in `pos`, the node at `ply` (null move pruning), and returns the child;
    /// the stack records no move, and repetitions from the child do not reach back past it. Paired with [`Searcher::unmake_move`].
    #[inline]
    pub(crate) fn make_null(&mut self, pos: &Position, ply: usize) -> Position {
        let mut child = pos.clone();
        child.play_null();
        self.tt.prefetch(child.key());
        let stack = &mut self.worker.stack;
        stack[ply].mv = None;
        stack[ply].moved = None;
        stack[ply + 1].plies_from_null = 0;
        self.worker.keys.push(child.key());
        child
    }

    /// Undoes what the last `make_move` or `make_null` added to the worker.
    #[inline]
    pub(crate) fn unmake_move(&mut self) {
        self.worker.keys.pop();
    }
}
