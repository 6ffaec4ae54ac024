//! The fail-soft principal variation search below the root.

use movegen::{Move, Position};
use tt::{Bound, EVAL_NONE, TB_WIN_THRESHOLD, TtHit};

use crate::history::{Killers, Mover};
use crate::movepick::{MoveClass, MovePicker, OrderingHints, Picked};
use crate::node::{LoopState, NodeContext, Step};
use crate::pruning::{hash_allows_null_move, reverse_futility};
use crate::score::{MAX_PLY, SCORE_NONE, mate_in, mated_in};
use crate::searcher::Searcher;

/// What a node's preamble (table, tablebases, static evaluation, pruning before any move)
/// hands its move loop.
struct Prepared {
    /// The node as its moves see it (depth after internal iterative reduction).
    ctx: NodeContext,
    /// The window's lower bound after mate distance pruning.
    alpha: i32,
    key: u64,
    hit: Option<TtHit>,
    tt_move: Option<Move>,
    /// The move a singular-extension search leaves out.
    excluded: Option<Move>,
    /// The static evaluation before correction (`SCORE_NONE` in check).
    raw_eval: i32,
}

/// How a node's preamble ends.
enum Preamble {
    /// The node is settled without searching a move.
    Settled(i32),
    /// Its moves are to be searched.
    Moves(Prepared),
}

/// What the singular-extension search says about the hash move.
enum Singular {
    /// Search it this many plies deeper (negative: shallower).
    Extend(i32),
    /// Other moves reach beta too: the node fails high with this score (multi-cut).
    Cut(i32),
}

/// The depth of a singular-extension search of a node `depth` plies deep: `percent` of the
/// depth below it, but at least one ply. At depth 0 the search would reach quiescence, which
/// knows nothing of the excluded move: it would search that move too and store the result under
/// the node's key as if it were the whole node's.
fn singular_depth(depth: i32, percent: i32) -> i32 {
    ((depth - 1) * percent / 100).max(1)
}

impl Searcher<'_> {
    /// Searches `pos` to `depth` plies within (`alpha`, `beta`) and returns a fail-soft score:
    /// outside the window it is a bound, as far out as the search could prove.
    pub(crate) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        if let Some(score) = self.settled_on_entry(pos, ply) {
            return score;
        }
        match self.preamble(pos, depth, (alpha, beta), ply, cut_node) {
            Preamble::Settled(score) => score,
            Preamble::Moves(node) => self.search_moves(pos, node),
        }
    }

    /// The node's steps before its moves: mate distance pruning, the table and the
    /// tablebases, the static evaluation, reverse futility and null-move pruning, and
    /// internal iterative reduction. Either settles the node or prepares its move loop.
    #[inline]
    fn preamble(
        &mut self,
        pos: &Position,
        mut depth: i32,
        (mut alpha, mut beta): (i32, i32),
        ply: usize,
        cut_node: bool,
    ) -> Preamble {
        let pv_node = beta - alpha > 1;
        let in_check = pos.in_check();
        // Mate distance pruning: no line from here can beat a mate found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return Preamble::Settled(alpha);
        }

        // A singular-extension search of this node leaves one move out: the table's score,
        // move and tablebase result are about the whole node, so they are not used (its
        // static evaluation is).
        let excluded = self.worker.stack[ply].excluded;
        let key = pos.key();
        let hit = self.shared.tt.probe(key, ply);
        let tt_move = hit
            .and_then(|h| Move::from_raw(h.mv))
            .filter(|_| excluded.is_none());
        if let Some(h) = hit {
            let usable = h.bound.settles(h.score, alpha, beta);
            if !pv_node && excluded.is_none() && self.entry_deep_enough(h.depth, depth) && usable {
                return Preamble::Settled(h.score);
            }
        }
        let tablebase = excluded
            .is_none()
            .then(|| self.probe_tablebase(pos, depth, (alpha, beta), ply))
            .flatten();
        if let Some(score) = tablebase {
            return Preamble::Settled(score);
        }

        let raw_eval = if in_check {
            SCORE_NONE
        } else {
            match hit {
                Some(h) if h.eval != EVAL_NONE => h.eval,
                _ => self.static_eval(pos, ply),
            }
        };
        let eval = self.corrected_eval(pos, raw_eval);
        self.worker.stack[ply].eval = eval;
        let improving = !in_check
            && ply >= 2
            && self.worker.stack[ply - 2].eval != SCORE_NONE
            && eval > self.worker.stack[ply - 2].eval;

        if self.selective() && !pv_node && !in_check && excluded.is_none() {
            // Reverse futility: far enough above beta that a shallow search won't drop below.
            let p = self.params;
            let margin = p.rfp_margin() * depth - if improving { p.rfp_improving() } else { 0 };
            if depth <= p.rfp_max_depth()
                && let Some(score) = reverse_futility(eval, beta, margin)
            {
                return Preamble::Settled(score);
            }
            // Null move: if passing still fails high, a real move will too (not in pawn
            // endings, where zugzwang makes passing the best option).
            let previous_was_null = ply > 0 && self.worker.stack[ply - 1].mv.is_none();
            if depth >= p.nmp_min_depth()
                && eval >= beta
                && hash_allows_null_move(hit, beta)
                && !previous_was_null
                && !self.worker.stack[ply].no_null
                && !pos.only_king_and_pawns(pos.turn())
            {
                let r = p.nmp_base()
                    + depth / p.nmp_depth_divisor()
                    + ((eval - beta) / p.nmp_eval_divisor()).min(p.nmp_eval_max());
                let verify_depth = p.nmp_verify_depth();
                let score = self.with_null(pos, ply, |s, child| {
                    -s.negamax(child, depth - 1 - r, -beta, -beta + 1, ply + 1, !cut_node)
                });
                if self.aborted() {
                    return Preamble::Settled(0);
                }
                if score >= beta {
                    // Neither a mate nor a table win is proven by passing.
                    let score = if score >= TB_WIN_THRESHOLD {
                        beta
                    } else {
                        score
                    };
                    // Deep down, verify with a reduced normal search: zugzwang can fool it.
                    if depth < verify_depth {
                        return Preamble::Settled(score);
                    }
                    self.worker.stack[ply].no_null = true;
                    let verified = self.negamax(pos, depth - 1 - r, beta - 1, beta, ply, false);
                    self.worker.stack[ply].no_null = false;
                    if verified >= beta {
                        return Preamble::Settled(score);
                    }
                }
            }
        }

        // Internal iterative reduction: without a hash move this node is probably less
        // important than it looks, and the shallower search will fill the table for later.
        if tt_move.is_none()
            && self.selective()
            && excluded.is_none()
            && depth >= self.params.iir_min_depth()
            && (pv_node || cut_node)
        {
            depth -= 1;
        }

        let ctx = NodeContext {
            depth,
            beta,
            ply,
            pv_node,
            cut_node,
            in_check,
            eval,
            improving,
            mover: Mover::of(pos),
        };
        Preamble::Moves(Prepared {
            ctx,
            alpha,
            key,
            hit,
            tt_move,
            excluded,
            raw_eval,
        })
    }

    /// The node's move loop: its moves in order, pruned, extended, searched (shared with
    /// other threads where the parallel design allows), then the table and the correction
    /// history updated.
    #[inline]
    fn search_moves(&mut self, pos: &Position, prepared: Prepared) -> i32 {
        let (ctx, hit, excluded) = (prepared.ctx, prepared.hit, prepared.excluded);
        let NodeContext {
            depth,
            beta,
            ply,
            cut_node,
            in_check,
            mover,
            ..
        } = ctx;
        let previous = (ply > 0)
            .then(|| self.worker.stack[ply - 1])
            .and_then(|p| Some((p.moved?, p.mv?)));
        let hints = OrderingHints {
            tt_move: prepared.tt_move,
            killers: self.worker.stack[ply].killers.moves(),
            countermove: previous
                .and_then(|(piece, mv)| self.worker.history.countermove(piece, mv.to())),
            continuations: self.continuations(ply),
            threats: mover.threats,
        };
        let mut picker = MovePicker::empty();
        picker.start(&hints);
        // The children's killers come from their siblings only, not from an earlier visit.
        self.worker.stack[ply + 1].killers = Killers::default();
        self.worker.stack[ply + 1].no_null = false;

        let original_alpha = prepared.alpha;
        let mut node = LoopState::start(original_alpha);
        let mut any_move = false;

        while let Some(picked) = picker.next_move(pos, &self.worker.history, &self.params) {
            any_move = true;
            if Some(picked.mv) == excluded || self.should_prune(pos, &picked, &ctx, &mut node) {
                if node.skip_quiets {
                    picker.skip_quiets_except_checks();
                }
                continue;
            }
            let extension = match hit.filter(|_| picked.class == MoveClass::HashMove) {
                Some(h) => match self.singular(pos, picked.mv, h, &ctx) {
                    Singular::Extend(e) => e,
                    Singular::Cut(score) => return score,
                },
                None => 0,
            };
            if self.aborted() {
                return 0;
            }
            node.searched += 1;
            let score = self.search_child(pos, &picked, &ctx, node.alpha, node.searched, extension);
            if self.aborted() {
                return 0;
            }
            if self.record_move(pos, &ctx, &mut node, picked.mv, score) == Step::Cutoff {
                break;
            }
            // Young brothers wait: with the first move searched, the rest may go in parallel
            // (not in a singular-extension search, whose excluded move is this thread's own).
            if excluded.is_none() && self.can_split(depth, cut_node) {
                self.share_node(pos, ctx, &mut picker, &mut node);
                if self.aborted() {
                    return 0;
                }
                break;
            }
        }

        if !any_move {
            return if in_check { mated_in(ply) } else { 0 };
        }
        let best_score = node.best_score;
        if excluded.is_some() {
            return best_score;
        }
        let bound = self.store(
            prepared.key,
            (node.best_move, best_score),
            (original_alpha, beta),
            prepared.raw_eval,
            depth,
            ply,
        );
        if !in_check && node.best_move.is_none_or(|mv| pos.is_quiet(mv)) {
            self.worker.correction.update(
                pos,
                (depth, prepared.raw_eval),
                (best_score, bound),
                &self.params,
            );
        }
        best_score
    }

    /// Every node's first steps, in the main search and in quiescence: clears its PV and counts
    /// it, then returns the score that settles it before any probe: 0 when the search has
    /// been stopped or the position is drawn, the static evaluation (0 in check) at the ply
    /// limit. Quiescence checks for draws too: a quiet move of the main search can reach a
    /// repetition there (captures cannot: they reset the fifty-move count, which bounds the
    /// look back).
    #[inline]
    pub(crate) fn settled_on_entry(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        self.worker.pv.clear(ply);
        self.count_node();
        if self.aborted() {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(pos, ply) {
            return Some(0);
        }
        if ply >= MAX_PLY {
            return Some(if pos.in_check() {
                0
            } else {
                self.static_eval(pos, ply)
            });
        }
        None
    }

    /// Singular extensions (after Stockfish and Ethereal): when the hash move's score is a
    /// lower bound from a search nearly as deep as this node's, search the node without it,
    /// reduced, against a bound a little below that score. If every other move fails low,
    /// the hash move is singular and is extended, twice when they fail far below; if the
    /// bound is above beta and the others reach it too, the node is cut (multi-cut); if they
    /// reach it and the hash move alone was expected to reach beta, the hash move is reduced.
    fn singular(&mut self, pos: &Position, mv: Move, h: TtHit, ctx: &NodeContext) -> Singular {
        let (depth, ply, p) = (ctx.depth, ctx.ply, self.params);
        let eligible = depth >= p.se_min_depth()
            && h.depth >= depth - p.se_tt_depth_margin()
            && matches!(h.bound, Bound::Lower | Bound::Exact)
            && h.score.abs() < TB_WIN_THRESHOLD;
        if !eligible || !self.selective() {
            return Singular::Extend(0);
        }
        let singular_beta = h.score - p.se_margin() * depth / 8;
        self.worker.stack[ply].excluded = Some(mv);
        let score = self.negamax(
            pos,
            singular_depth(depth, p.se_depth_percent()),
            singular_beta - 1,
            singular_beta,
            ply,
            ctx.cut_node,
        );
        self.worker.stack[ply].excluded = None;
        if score < singular_beta {
            let double = !ctx.pv_node
                && score < singular_beta - p.se_double_margin()
                && i32::from(self.worker.stack[ply].double_extensions) < p.se_double_max();
            Singular::Extend(if double { 2 } else { 1 })
        } else if singular_beta >= ctx.beta {
            Singular::Cut(singular_beta)
        } else if h.score >= ctx.beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
    }

    /// Plays the picked move and searches the child: the first move with the full window,
    /// later ones with a null window and late move reductions, re-searched when they beat
    /// `alpha`. A move without a singular `extension` (0) is extended one ply when it gives
    /// check.
    pub(crate) fn search_child(
        &mut self,
        pos: &Position,
        picked: &Picked,
        ctx: &NodeContext,
        alpha: i32,
        searched: usize,
        extension: i32,
    ) -> i32 {
        let (mv, depth, beta, ply) = (picked.mv, ctx.depth, ctx.beta, ctx.ply);
        let quiet = pos.is_quiet(mv);
        self.with_move(pos, mv, ply, |s, child| {
            let gives_check = child.in_check();
            let extension = if extension == 0 {
                i32::from(gives_check)
            } else {
                extension
            };
            if extension >= 2 {
                s.worker.stack[ply + 1].double_extensions += 1;
            }
            let new_depth = depth - 1 + extension;
            if searched == 1 {
                -s.negamax(
                    child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    !ctx.pv_node && !ctx.cut_node,
                )
            } else {
                let p = s.params;
                let mut r = 0;
                if s.selective()
                    && depth >= p.lmr_min_depth()
                    && searched > 1 + usize::from(ctx.pv_node)
                    && quiet
                {
                    // The table's and the history's parts are whole plies; the adjustments
                    // are in 1/1024 ply, so a tuner can move them by less than a ply.
                    let adjust = |on: bool, by: i32| if on { by } else { 0 };
                    let r1024 = 1024 * s.base_reduction(depth, searched, picked.history)
                        - adjust(ctx.pv_node, p.lmr_pv())
                        + adjust(!ctx.improving, p.lmr_not_improving())
                        + adjust(ctx.cut_node, p.lmr_cut_node())
                        - adjust(gives_check, p.lmr_gives_check())
                        - adjust(picked.class.is_expected_good(), p.lmr_expected_good());
                    // At least one ply of the child's depth is searched (none when a tuner
                    // lets reductions start at depth 1 and the child's depth is 0).
                    r = (r1024 / 1024).clamp(0, (new_depth - 1).max(0));
                }
                let mut score = -s.negamax(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && r > 0 {
                    score =
                        -s.negamax(child, new_depth, -alpha - 1, -alpha, ply + 1, !ctx.cut_node);
                }
                if score > alpha && score < beta && ctx.pv_node {
                    score = -s.negamax(child, new_depth, -beta, -alpha, ply + 1, false);
                }
                score
            }
        })
    }

    /// The static evaluation `raw` of `pos` with the correction history's correction
    /// (`SCORE_NONE` stays so: in check there is none).
    #[inline]
    pub(crate) fn corrected_eval(&self, pos: &Position, raw: i32) -> i32 {
        if raw == SCORE_NONE || !self.selective() {
            raw
        } else {
            self.worker.correction.corrected(pos, raw, &self.params)
        }
    }

    /// Stores a node's result in the hash table, its bound read from the original window;
    /// returns the bound. `eval` is the uncorrected static evaluation.
    pub(crate) fn store(
        &self,
        key: u64,
        (best_move, best_score): (Option<Move>, i32),
        (original_alpha, beta): (i32, i32),
        eval: i32,
        depth: i32,
        ply: usize,
    ) -> Bound {
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if eval == SCORE_NONE { EVAL_NONE } else { eval };
        let mv = best_move.map_or(0, Move::to_raw);
        self.shared
            .tt
            .store(key, mv, best_score, stored_eval, depth, bound, ply);
        bound
    }
}

impl Searcher<'_> {
    /// Probes the tables at a node (after the hash probe). Returns the score to return when
    /// the tables settle the node within (`alpha`, `beta`), after storing it in the hash table
    /// with its bound.
    #[inline]
    pub(crate) fn probe_tablebase(
        &mut self,
        pos: &Position,
        depth: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> Option<i32> {
        let (score, bound) = self.shared.tb?.probe(pos, depth, ply)?;
        if !bound.settles(score, alpha, beta) {
            return None;
        }
        // Deeper than any search of this node would go: the tables' answer is final.
        let depth = (depth + 6).min(MAX_PLY as i32 - 1);
        self.shared
            .tt
            .store(pos.key(), 0, score, EVAL_NONE, depth, bound, ply);
        Some(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{INFINITE, mate_in};
    use crate::searcher::searching_from;

    /// A singular-extension search leaves its excluded move out and stores nothing: with the
    /// only legal move excluded the node has no move to search and fails low, and the table
    /// keeps no entry that a search of the whole node would contradict.
    #[test]
    fn a_search_without_the_excluded_move_skips_it_and_stores_nothing() {
        // White's only legal move is a3-a4: the rooks hold the king.
        let pos = Position::from_fen("1r5k/8/8/8/8/P7/7r/K7 w - - 0 1").expect("FEN");
        let only = pos.parse_uci_move("a3a4", false).expect("legal");
        assert_eq!(pos.legal_moves().len(), 1);
        searching_from(&pos, |searcher| {
            searcher.worker.stack[1].excluded = Some(only);
            let score = searcher.negamax(&pos, 4, -100, -99, 1, true);
            assert_eq!(score, -INFINITE);
            assert!(
                searcher.shared.tt.probe(pos.key(), 1).is_none(),
                "nothing stored"
            );
            searcher.worker.stack[1].excluded = None;
            let score = searcher.negamax(&pos, 4, -100, -99, 1, true);
            assert!(score > -INFINITE);
            let stored = searcher.shared.tt.probe(pos.key(), 1);
            assert!(stored.is_some(), "the whole node is stored");
        });
    }

    /// A singular-extension search never reaches quiescence directly, whatever the tuned
    /// share of the depth: quiescence cannot leave the excluded move out.
    #[test]
    fn a_singular_search_is_at_least_one_ply_deep() {
        assert_eq!(singular_depth(4, 25), 1);
        assert_eq!(singular_depth(1, 75), 1);
        assert_eq!(singular_depth(11, 51), 5);
    }

    /// A mate found at one ply and stored in the table is read back, at another ply, as the
    /// same mate counted from the new root: the distance from the node is what the table
    /// keeps. Both the main search and quiescence take it as a cutoff in a null window.
    #[test]
    fn a_stored_mate_keeps_its_distance_from_the_node() {
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1").expect("FEN");
        searching_from(&pos, |searcher| {
            // Mate in 3 plies from this node, found when it stood 6 plies from the root.
            searcher.store(pos.key(), (None, mate_in(6 + 3)), (0, 1), 0, 20, 6);
            for ply in [1, 2, 9] {
                let score = searcher.negamax(&pos, 5, 0, 1, ply, true);
                assert_eq!(score, mate_in(ply + 3), "negamax at ply {ply}");
                let score = searcher.qsearch(&pos, 0, 1, ply);
                assert_eq!(score, mate_in(ply + 3), "qsearch at ply {ply}");
            }
        });
    }
}
