//! The one way the search moves from a node to a child: every caller (root, move loop, split
//! points, null move, quiescence) plays moves through here, so whatever a child needs from
//! its parent (the key line, the ply stack, the network's accumulator, later a continuation
//! history pointer) is set in one place, and undone in one place.
//!
//! The child is searched inside a closure, so making and unmaking always pair up, and the
//! child position is built where it is searched (returning it would copy it once more).

use movegen::{Move, Position};

use crate::searcher::Searcher;

impl Searcher<'_> {
    /// Plays `mv` in `pos`, the node at `ply`, and runs `search` on the child (copy-make:
    /// `pos` is untouched). Meanwhile the stack holds the move and the piece that made it
    /// and counts the child's plies since a null move, the child's key ends the line, and the
    /// child's accumulator is the parent's changed by the move.
    #[inline(always)]
    pub(crate) fn with_move<R>(
        &mut self,
        pos: &Position,
        mv: Move,
        ply: usize,
        search: impl FnOnce(&mut Self, &Position) -> R,
    ) -> R {
        let stack = &mut self.worker.stack;
        stack[ply].mv = Some(mv);
        stack[ply].moved = pos.piece_at(mv.from());
        stack[ply + 1].plies_from_null = stack[ply].plies_from_null.saturating_add(1);
        self.accumulator_play(pos, mv, ply);
        let mut child = pos.clone();
        child.play(mv);
        self.worker.keys.push(child.key());
        let result = search(self, &child);
        self.worker.keys.pop();
        result
    }

    /// Passes the move in `pos`, the node at `ply` (null move pruning), and runs `search` on
    /// the child; the stack records no move, repetitions from the child do not reach back
    /// past it, and the child's accumulator is the parent's.
    #[inline(always)]
    pub(crate) fn with_null<R>(
        &mut self,
        pos: &Position,
        ply: usize,
        search: impl FnOnce(&mut Self, &Position) -> R,
    ) -> R {
        let mut child = pos.clone();
        child.play_null();
        let stack = &mut self.worker.stack;
        stack[ply].mv = None;
        stack[ply].moved = None;
        stack[ply + 1].plies_from_null = 0;
        self.accumulator_pass(ply);
        self.worker.keys.push(child.key());
        let result = search(self, &child);
        self.worker.keys.pop();
        result
    }
}
