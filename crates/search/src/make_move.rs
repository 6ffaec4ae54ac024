//! The one way the search moves from a node to a child: every caller (root, move loop, split
//! points, null move, quiescence) plays moves through here, so whatever a child needs from
//! its parent (the key line, the ply stack, later an accumulator update or a continuation
//! history pointer) is set in one place, and undone in one place.

use movegen::{Move, Position};

use crate::searcher::Searcher;

impl Searcher<'_> {
    /// Plays `mv` in `pos`, the node at `ply`, and returns the child (copy-make: `pos` is
    /// untouched). The stack records the move and the piece that made it, and the child's key
    /// joins the line. Every call is paired with [`Searcher::unmake_move`].
    #[inline]
    pub(crate) fn make_move(&mut self, pos: &Position, mv: Move, ply: usize) -> Position {
        let mut child = pos.clone();
        child.play(mv);
        self.tt.prefetch(child.key());
        let entry = &mut self.worker.stack[ply];
        entry.mv = Some(mv);
        entry.moved = pos.piece_at(mv.from());
        self.worker.keys.push(child.key());
        child
    }

    /// Passes the move in `pos`, the node at `ply` (null move pruning), and returns the child;
    /// the stack records no move. Paired with [`Searcher::unmake_move`].
    #[inline]
    pub(crate) fn make_null(&mut self, pos: &Position, ply: usize) -> Position {
        let mut child = pos.clone();
        child.play_null();
        self.tt.prefetch(child.key());
        let entry = &mut self.worker.stack[ply];
        entry.mv = None;
        entry.moved = None;
        self.worker.keys.push(child.key());
        child
    }

    /// Undoes what the last `make_move` or `make_null` added to the worker.
    #[inline]
    pub(crate) fn unmake_move(&mut self) {
        self.worker.keys.pop();
    }
}
