//! The one way the search moves from a node to a child: every caller (root, move loop, split
//! points, null move, quiescence) plays moves through here, so whatever a child needs from
//! its parent (the key line, the ply stack's move and moving piece, which continuation
//! history reads back, the network's accumulator) is set in one place, and undone in one place.
//!
//! The child is searched inside a closure, so making and unmaking always pair up, and the
//! child position is built where it is searched (returning it would copy it once more).

use movegen::{Move, Position};

use crate::searcher::Searcher;

impl Searcher<'_> {
    /// Plays `mv` in `pos`, the node at `ply`, and runs `search` on the child (copy-make:
    /// `pos` is untouched). Meanwhile the stack holds the move and the piece that made it,
    /// counts the child's plies since a null move, carries the line's double extensions and
    /// excludes no move at the child; the child's key ends the line, and the child's
    /// accumulator is the parent's changed by the move.
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
        stack[ply + 1].excluded = None;
        stack[ply + 1].double_extensions = stack[ply].double_extensions;
        let mut child = pos.clone();
        child.play(mv);
        // The child's first look is into the table: its bucket (and, for its evaluation, its
        // correction entries) load during the child's first steps.
        self.shared.tt.prefetch(child.key());
        self.worker.correction.prefetch(&child);
        self.accumulator_play(pos, mv, ply);
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
        self.shared.tt.prefetch(child.key());
        let stack = &mut self.worker.stack;
        stack[ply].mv = None;
        stack[ply].moved = None;
        stack[ply + 1].plies_from_null = 0;
        stack[ply + 1].excluded = None;
        stack[ply + 1].double_extensions = stack[ply].double_extensions;
        self.accumulator_pass(ply);
        self.worker.keys.push(child.key());
        let result = search(self, &child);
        self.worker.keys.pop();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::Worker;

    /// A child inherits the line's double extensions and excludes no move, whatever a
    /// singular-extension search left in its slot before; after a null move likewise.
    #[test]
    fn children_inherit_double_extensions_and_exclude_nothing() {
        let pos = Position::startpos();
        let mv = pos.parse_uci_move("e2e4", false).expect("legal");
        let mut worker = Worker::new();
        worker.keys.push(pos.key());
        worker.stack[3].double_extensions = 2;
        worker.stack[4].double_extensions = 5;
        worker.stack[4].excluded = Some(mv);
        let child_frame = |s: &mut Searcher<'_>| {
            (
                s.worker.stack[4].double_extensions,
                s.worker.stack[4].excluded,
            )
        };
        worker.with_test_searcher(|searcher| {
            let seen = searcher.with_move(&pos, mv, 3, |s, _| child_frame(s));
            assert_eq!(seen, (2, None));
            searcher.worker.stack[4].excluded = Some(mv);
            let seen = searcher.with_null(&pos, 3, |s, _| child_frame(s));
            assert_eq!(seen, (2, None));
        });
    }
}
