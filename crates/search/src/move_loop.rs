//! A node's move loop bookkeeping, the same for plain nodes, split points and the root: what
//! a searched move's score does to the best score and move, alpha and the PV, and what the
//! move-ordering memory learns from a beta cutoff.

use movegen::{Move, Position};

use crate::history::{CONTINUATION_PLIES, Continuations, Mover, PieceTo, Reward};
use crate::node::{LoopState, NodeContext, Step};
use crate::searcher::Searcher;

impl Searcher<'_> {
    /// The bookkeeping after move `mv` of the node at `pos` scored `score`: best score and
    /// move, alpha, the PV of a PV node (this thread's row of `ctx.ply`), and at a cutoff by
    /// a quiet move, the history, killer and countermove updates with a malus for the quiet
    /// moves tried before it. The root learns nothing into the history: its order comes from
    /// the root moves' own scores.
    pub(crate) fn record_move(
        &mut self,
        pos: &Position,
        ctx: &NodeContext,
        node: &mut LoopState,
        mv: Move,
        score: i32,
    ) -> Step {
        let quiet = pos.is_quiet(mv);
        let mut step = Step::Worse;
        if score > node.best_score {
            node.best_score = score;
            step = Step::NewBest;
            if score > node.alpha {
                node.best_move = Some(mv);
                if ctx.pv_node {
                    self.worker.pv.update(ctx.ply, mv);
                }
                if score >= ctx.beta {
                    if ctx.ply > 0 {
                        self.reward_cutoff(pos, mv, node, ctx);
                    }
                    return Step::Cutoff;
                }
                node.alpha = score;
                step = Step::RaisedAlpha;
            }
        }
        if node.best_move != Some(mv) {
            if quiet {
                node.quiets_tried += 1;
                let _ = node.quiets.try_push(mv);
            } else {
                let _ = node.noisy.try_push(mv);
            }
        }
        step
    }

    /// The moves `CONTINUATION_PLIES` before the node at `ply`, for continuation history.
    #[inline]
    pub(crate) fn continuations(&self, ply: usize) -> Continuations {
        std::array::from_fn(|i| {
            let back = ply.checked_sub(CONTINUATION_PLIES[i])?;
            let earlier = &self.worker.stack[back];
            Some(PieceTo {
                piece: earlier.moved?,
                to: earlier.mv?.to(),
            })
        })
    }

    /// Move `mv` caused a cutoff: raise its history and lower that of the moves tried before
    /// it (a capture's cutoff lowers only the captures). A quiet move also becomes a killer
    /// and the countermove of the move before it.
    fn reward_cutoff(&mut self, pos: &Position, mv: Move, node: &LoopState, ctx: &NodeContext) {
        let (depth, ply) = (ctx.depth, ctx.ply);
        let captures = Reward::capture(&self.params, depth);
        if pos.is_quiet(mv) {
            let rewards = (
                Reward::butterfly(&self.params, depth),
                Reward::continuation(&self.params, depth),
            );
            self.reward_quiet(pos, ctx.mover, mv, &node.quiets, rewards, ply);
        } else {
            self.update_capture(pos, mv, captures.bonus);
        }
        for &other in &node.noisy {
            self.update_capture(pos, other, -captures.malus);
        }
    }

    /// Adds `bonus` to the capture history of the noisy move `mv` (a quiet promotion has none).
    fn update_capture(&mut self, pos: &Position, mv: Move, bonus: i32) {
        if let (Some(piece), Some(victim)) = (pos.piece_at(mv.from()), pos.captured_role(mv)) {
            self.worker
                .history
                .update_capture(piece, mv.to(), victim, bonus);
        }
    }

    /// A quiet move caused a cutoff: raise its butterfly and continuation scores, lower those
    /// of the quiet moves tried before it, and remember it as killer and as the countermove of
    /// the move before it.
    fn reward_quiet(
        &mut self,
        pos: &Position,
        mover: Mover,
        mv: Move,
        tried: &[Move],
        (butterfly, continuation): (Reward, Reward),
        ply: usize,
    ) {
        let previous = self.worker.stack[ply - 1];
        let earlier = self.continuations(ply);
        let history = &mut self.worker.history;
        let steps = std::iter::once((mv, (butterfly.bonus, continuation.bonus))).chain(
            tried
                .iter()
                .map(|&m| (m, (-butterfly.malus, -continuation.malus))),
        );
        for (m, step) in steps {
            if let Some(piece) = pos.piece_at(m.from()) {
                history.update_quiet(mover, piece, m, &earlier, step);
            }
        }
        self.worker.stack[ply].killers.add(mv);
        if let (Some(piece), Some(prev)) = (previous.moved, previous.mv) {
            history.set_countermove(piece, prev.to(), mv);
        }
    }
}
