//! The fail-soft principal variation search below the root.

use movegen::{Move, Position};
use tt::{Bound, EVAL_NONE, TB_WIN_THRESHOLD, TtHit};

use crate::history::{Killers, Mover};
use crate::movepick::{MoveClass, MovePicker, OrderingHints, Picked};
use crate::node::{LoopState, NodeContext, Step};
use crate::params::SearchParams;
use crate::score::{INFINITE, MATE_THRESHOLD, MAX_PLY, SCORE_NONE, mate_in, mated_in};
use crate::searcher::Searcher;
use crate::see::{captured_value, see_ge};
use crate::smp::split_point::{ListedMoves, SplitWork};

/// Quiet moves searched before the rest are skipped at shallow depths.
#[inline]
fn late_move_limit(params: &SearchParams, depth: i32, improving: bool) -> usize {
    let base = params.lmp_base() + depth * depth;
    (if improving { base } else { base / 2 }) as usize
}

/// Reverse futility pruning's verdict: with the evaluation `margin` or more above beta (and
/// not a mate score), the node is taken to fail high, scoring halfway between the evaluation
/// and beta, as Stockfish returns: the evaluation alone overstates how far above beta it is.
/// Below a lost beta the evaluation itself, so that no halfway score lands among the
/// tablebase and mate scores.
fn reverse_futility(eval: i32, beta: i32, margin: i32) -> Option<i32> {
    let score = if beta > -TB_WIN_THRESHOLD {
        (eval + beta) / 2
    } else {
        eval
    };
    (eval - margin >= beta && eval < MATE_THRESHOLD).then_some(score)
}

/// What the singular-extension search says about the hash move.
enum Singular {
    /// Search it this many plies deeper (negative: shallower).
    Extend(i32),
    /// Other moves reach beta too: the node fails high with this score (multi-cut).
    Cut(i32),
}

/// Whether a null move is worth trying by what the hash entry knows: not when its score is an
/// upper bound (or exact) below beta, since a real search of the node already failed low
/// there (Ethereal's condition).
fn hash_allows_null_move(hit: Option<TtHit>, beta: i32) -> bool {
    hit.is_none_or(|h| !matches!(h.bound, Bound::Upper | Bound::Exact) || h.score >= beta)
}

/// Whether a hash entry's score, given its bound, settles a node searched with (alpha, beta).
fn bound_allows_cutoff(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
        Bound::None => false,
    }
}

impl Searcher<'_> {
    /// Searches `pos` to `depth` plies within (`alpha`, `beta`) and returns a fail-soft score:
    /// outside the window it is a bound, as far out as the search could prove.
    pub(crate) fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        let pv_node = beta - alpha > 1;
        self.worker.pv.clear(ply);
        self.count_node();
        if self.aborted() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if self.is_draw(pos, ply) {
            return 0;
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY {
            return if in_check {
                0
            } else {
                self.static_eval(pos, ply)
            };
        }
        // Mate distance pruning: no line from here can beat a mate found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // A singular-extension search of this node leaves one move out: the table's score,
        // move and tablebase result are about the whole node, so they are not used (its
        // static evaluation is).
        let excluded = self.worker.stack[ply].excluded;
        let key = pos.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = hit
            .and_then(|h| Move::from_raw(h.mv))
            .filter(|_| excluded.is_none());
        if let Some(h) = hit {
            let usable = bound_allows_cutoff(h.bound, h.score, alpha, beta);
            if !pv_node && excluded.is_none() && h.depth >= depth && usable {
                return h.score;
            }
        }
        let tablebase = excluded
            .is_none()
            .then(|| self.probe_tablebase(pos, depth, (alpha, beta), ply))
            .flatten();
        if let Some(score) = tablebase {
            return score;
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

        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility: far enough above beta that a shallow search won't drop below.
            let p = self.params;
            let margin = p.rfp_margin() * depth - if improving { p.rfp_improving() } else { 0 };
            if depth <= p.rfp_max_depth()
                && let Some(score) = reverse_futility(eval, beta, margin)
            {
                return score;
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
                    return 0;
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
                        return score;
                    }
                    self.worker.stack[ply].no_null = true;
                    let verified = self.negamax(pos, depth - 1 - r, beta - 1, beta, ply, false);
                    self.worker.stack[ply].no_null = false;
                    if verified >= beta {
                        return score;
                    }
                }
            }
        }

        // Internal iterative reduction: without a hash move this node is probably less
        // important than it looks, and the shallower search will fill the table for later.
        if tt_move.is_none()
            && excluded.is_none()
            && depth >= self.params.iir_min_depth()
            && (pv_node || cut_node)
        {
            depth -= 1;
        }

        let previous = (ply > 0)
            .then(|| self.worker.stack[ply - 1])
            .and_then(|p| Some((p.moved?, p.mv?)));
        let mover = Mover::of(pos);
        let hints = OrderingHints {
            tt_move,
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

        let ctx = NodeContext {
            depth,
            beta,
            ply,
            pv_node,
            cut_node,
            in_check,
            eval,
            improving,
            mover,
        };
        let original_alpha = alpha;
        let mut node = LoopState::start(alpha);
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
                let (history, params) = (&self.worker.history, &self.params);
                let moves = ListedMoves::drain(&mut picker, pos, history, params);
                node = self.split(pos, ctx, SplitWork::Node(moves), node).0;
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
            key,
            (node.best_move, best_score),
            (original_alpha, beta),
            raw_eval,
            depth,
            ply,
        );
        if !in_check && node.best_move.is_none_or(|mv| pos.is_quiet(mv)) {
            self.worker.correction.update(
                pos,
                (depth, raw_eval),
                (best_score, bound),
                &self.params,
            );
        }
        best_score
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
        if !eligible {
            return Singular::Extend(0);
        }
        let singular_beta = h.score - p.se_margin() * depth / 8;
        self.worker.stack[ply].excluded = Some(mv);
        let score = self.negamax(
            pos,
            (depth - 1) * p.se_depth_percent() / 100,
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

    /// The late move reduction of the `moves`-th move at `depth` in whole plies, before the
    /// node's own adjustments: the table's, less a ply per `LmrHistoryDivisor` of the move's
    /// history. Reductions and pruning by the reduced depth share it.
    #[inline]
    fn base_reduction(&self, depth: i32, moves: usize, history: i32) -> i32 {
        self.worker.lmr.get(depth, moves) - history / self.params.lmr_history_divisor()
    }

    /// Move-loop pruning: whether the picked move can be skipped without searching it. Never
    /// before one move has been searched and found not to lose to a mate.
    pub(crate) fn should_prune(
        &self,
        pos: &Position,
        picked: &Picked,
        ctx: &NodeContext,
        node: &mut LoopState,
    ) -> bool {
        if node.best_score <= -MATE_THRESHOLD {
            return false;
        }
        let (mv, depth, p) = (picked.mv, ctx.depth, &self.params);
        let quiet = pos.is_quiet(mv);
        if quiet {
            // A quiet check is never pruned here: the static evaluation cannot see what it
            // threatens, and mating attacks begin with one (Stockfish exempts checks from
            // its quiet-move futility pruning the same way).
            let gives_check = || pos.gives_check(mv);
            if node.skip_quiets {
                return !gives_check();
            }
            let futile = !ctx.in_check
                && depth <= p.fp_max_depth()
                && ctx.eval + p.fp_base() + p.fp_margin() * depth <= node.alpha;
            let too_late = !ctx.pv_node
                && !ctx.in_check
                && depth <= p.lmp_max_depth()
                && node.quiets_tried >= late_move_limit(p, depth, ctx.improving);
            if futile || too_late {
                node.skip_quiets = true;
                return !gives_check();
            }
            // Judged again at the depth the move would get after its reduction (Stockfish's
            // `lmrDepth`): futility, and a quiet move that loses material to the exchanges on
            // its square (the shallower, the less loss is forgiven).
            if !ctx.in_check {
                let reduced =
                    (depth - 1 - self.base_reduction(depth, node.searched + 1, picked.history))
                        .max(0);
                // Only this move is skipped: later quiets may have better records.
                if reduced <= p.fp_max_depth()
                    && ctx.eval + p.fp_base() + p.fp_margin() * reduced <= node.alpha
                    && !gives_check()
                {
                    return true;
                }
                if reduced <= p.see_max_depth()
                    && !see_ge(pos, mv, -p.see_quiet_margin() * reduced * reduced)
                    && !gives_check()
                {
                    return true;
                }
            }
            // History pruning: at shallow depth, a quiet move with a bad enough record.
            !ctx.pv_node
                && depth <= p.hp_max_depth()
                && picked.history < -p.hp_margin() * depth
                && !gives_check()
        } else {
            // Futility for captures (Stockfish's): even with the captured piece and a wide
            // margin, the evaluation stays below alpha. Promotions and checks are searched.
            let futile_capture = || {
                let gain = captured_value(pos, mv);
                !ctx.pv_node
                    && !ctx.in_check
                    && depth <= p.capt_fp_max_depth()
                    && mv.promotion().is_none()
                    && ctx.eval + p.capt_fp_base() + p.capt_fp_margin() * depth + gain <= node.alpha
                    && !pos.gives_check(mv)
            };
            futile_capture()
                || depth <= p.see_max_depth() && !see_ge(pos, mv, -p.see_noisy_margin() * depth)
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
                if depth >= p.lmr_min_depth() && searched > 1 + usize::from(ctx.pv_node) && quiet {
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
    fn corrected_eval(&self, pos: &Position, raw: i32) -> i32 {
        if raw == SCORE_NONE {
            raw
        } else {
            self.worker.correction.corrected(pos, raw, &self.params)
        }
    }

    /// Stores a node's result in the hash table, its bound read from the original window;
    /// returns the bound. `eval` is the uncorrected static evaluation.
    fn store(
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
        self.tt
            .store(key, mv, best_score, stored_eval, depth, bound, ply);
        bound
    }

    /// Quiescence search: only captures and promotions (all moves when in check), so that
    /// the static evaluation is taken in quiet positions.
    pub(crate) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.worker.pv.clear(ply);
        self.count_node();
        if self.aborted() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // A quiet move of the main search can reach a repetition here (its captures cannot:
        // they reset the fifty-move count, which bounds the look back).
        if self.is_draw(pos, ply) {
            return 0;
        }
        let in_check = pos.in_check();
        if ply >= MAX_PLY {
            return if in_check {
                0
            } else {
                self.static_eval(pos, ply)
            };
        }
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            let usable = bound_allows_cutoff(h.bound, h.score, alpha, beta);
            if !pv_node && usable {
                return h.score;
            }
        }
        let tt_move = hit.and_then(|h| Move::from_raw(h.mv));

        let (raw_eval, eval, mut best_score) = if in_check {
            (SCORE_NONE, SCORE_NONE, -INFINITE)
        } else {
            let raw_eval = match hit {
                Some(h) if h.eval != EVAL_NONE => h.eval,
                _ => self.static_eval(pos, ply),
            };
            let eval = self.corrected_eval(pos, raw_eval);
            if eval >= beta {
                return eval;
            }
            alpha = alpha.max(eval);
            (raw_eval, eval, eval)
        };

        let mut picker = MovePicker::empty();
        if in_check {
            picker.start(&OrderingHints {
                tt_move,
                threats: Mover::of(pos).threats,
                ..OrderingHints::default()
            });
        } else {
            picker.start_noisy(tt_move);
        }

        let original_alpha = alpha;
        let mut best_move = None;
        let mut any_move = false;
        while let Some(Picked { mv, class, .. }) =
            picker.next_move(pos, &self.worker.history, &self.params)
        {
            any_move = true;
            if !in_check {
                // Losing captures come last: none of the rest is worth searching here.
                if class == MoveClass::BadNoisy {
                    break;
                }
                // Delta pruning: even winning the piece outright would not reach alpha.
                let gain = captured_value(pos, mv);
                if mv.promotion().is_none() && eval + gain + self.params.qs_delta_margin() <= alpha
                {
                    continue;
                }
                // Futility: far below alpha, an even trade cannot lift the score enough
                // (Stockfish's quiescence futility; the bound it proves is kept).
                let futility = eval + self.params.qs_futility_margin();
                if mv.promotion().is_none() && futility <= alpha && !see_ge(pos, mv, 1) {
                    best_score = best_score.max(futility);
                    continue;
                }
            }
            let score = self.with_move(pos, mv, ply, |s, child| {
                -s.qsearch(child, -beta, -alpha, ply + 1)
            });
            if self.aborted() {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if pv_node {
                        self.worker.pv.update(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }

        if in_check && !any_move {
            return mated_in(ply);
        }
        self.store(
            key,
            (best_move, best_score),
            (original_alpha, beta),
            raw_eval,
            0,
            ply,
        );
        best_score
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
        let (score, bound) = self.tb?.probe(pos, depth, ply)?;
        let settles = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        };
        if !settles {
            return None;
        }
        // Deeper than any search of this node would go: the tables' answer is final.
        let depth = (depth + 6).min(MAX_PLY as i32 - 1);
        self.tt
            .store(pos.key(), 0, score, EVAL_NONE, depth, bound, ply);
        Some(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::mate_in;
    use crate::worker::Worker;

    /// Reverse futility fails high only with the margin met and no mate score, halfway
    /// between the evaluation and beta (rounded toward zero).
    #[test]
    fn reverse_futility_fails_high_halfway_to_beta() {
        assert_eq!(reverse_futility(300, 100, 150), Some(200));
        assert_eq!(reverse_futility(300, 100, 200), Some(200));
        assert_eq!(reverse_futility(300, 100, 201), None);
        assert_eq!(reverse_futility(-100, -301, 100), Some(-200));
        assert_eq!(reverse_futility(MATE_THRESHOLD, 0, 100), None);
        assert_eq!(reverse_futility(-28_000, -30_900, 100), Some(-28_000));
    }

    /// The null move is vetoed only by a hash score that bounds the node below beta from
    /// above: an upper bound or exact score under beta; a lower bound, a score at or above
    /// beta, a bound-less entry or no entry leave it allowed.
    #[test]
    fn a_hash_upper_bound_below_beta_vetoes_the_null_move() {
        let hit = |bound, score| {
            Some(TtHit {
                mv: 0,
                score,
                eval: 0,
                depth: 5,
                bound,
            })
        };
        let beta = 50;
        assert!(!hash_allows_null_move(hit(Bound::Upper, 49), beta));
        assert!(!hash_allows_null_move(hit(Bound::Exact, -300), beta));
        assert!(hash_allows_null_move(hit(Bound::Upper, 50), beta));
        assert!(hash_allows_null_move(hit(Bound::Exact, 120), beta));
        assert!(hash_allows_null_move(hit(Bound::Lower, -300), beta));
        assert!(hash_allows_null_move(hit(Bound::None, -300), beta));
        assert!(hash_allows_null_move(None, beta));
    }

    /// Runs `f` with a fresh test searcher whose game so far is `pos` alone.
    fn searching_from<R>(pos: &Position, f: impl FnOnce(&mut Searcher<'_>) -> R) -> R {
        let mut worker = Worker::new();
        worker.keys.push(pos.key());
        worker.with_test_searcher(f)
    }

    /// One move-loop pruning question: would `should_prune` skip move `uci` of `pos`, of
    /// `class` and with `history`, at a node of `depth` (ply 2, neither an expected cut node
    /// nor in check, not improving) evaluated `eval`, searched with `beta`, whose loop has
    /// searched `searched` moves and has `alpha` as both alpha and best score?
    fn pruned(
        s: &mut Searcher<'_>,
        pos: &Position,
        (uci, class, history): (&str, MoveClass, i32),
        (depth, pv_node, eval): (i32, bool, i32),
        (alpha, beta, searched): (i32, i32, usize),
    ) -> bool {
        let picked = Picked {
            mv: pos.parse_uci_move(uci, false).expect("legal"),
            class,
            score: 0,
            history,
        };
        let ctx = NodeContext {
            depth,
            beta,
            ply: 2,
            pv_node,
            cut_node: false,
            in_check: false,
            eval,
            improving: false,
            mover: Mover::of(pos),
        };
        let mut node = LoopState::new(alpha, alpha, searched);
        s.should_prune(pos, &picked, &ctx, &mut node)
    }

    /// SEE pruning of quiet moves: at a shallow node whose evaluation is far above alpha (so
    /// futility does not apply), a queen move to a square a pawn guards is skipped, a queen
    /// move to a safe square is searched, and the hanging move is searched when it gives
    /// check or the node is deep enough that its reduced depth forgives the loss.
    #[test]
    fn quiet_moves_that_lose_material_are_pruned_at_shallow_depth() {
        // White: Kg1, Qd1; Black: Kg8, pawns a7, e5 (guards d4) and h5 (guards g4).
        let pos = Position::from_fen("6k1/p7/8/4p2p/8/8/8/3Q2K1 w - - 0 1").expect("FEN");
        let prune = |s: &mut Searcher<'_>, uci: &str, depth: i32| {
            let mv = (uci, MoveClass::Quiet, 0);
            pruned(s, &pos, mv, (depth, false, 1000), (-500, -499, 1))
        };
        searching_from(&pos, |s| {
            assert!(prune(s, "d1d4", 2), "the queen hangs to the pawn");
            assert!(!prune(s, "d1d3", 2), "a safe square");
            assert!(!prune(s, "d1g4", 2), "a check is never pruned here");
            assert!(!prune(s, "d1d4", 40), "deep enough to be searched");
        });
    }

    /// Futility at the reduced depth: a late quiet move with a poor record is skipped when
    /// its reduced depth's futility margin does not reach alpha, though the node's whole depth
    /// would; an early move (no reduction) and a check are searched.
    #[test]
    fn futility_applies_at_a_late_quiet_moves_reduced_depth() {
        let pos = Position::from_fen("6k1/p7/8/4p2p/8/8/8/3Q2K1 w - - 0 1").expect("FEN");
        let p = SearchParams::default();
        let depth = p.fp_max_depth();
        searching_from(&pos, |s| {
            let (late, history) = (30, -4000);
            let reduced = (depth - 1 - s.base_reduction(depth, late + 1, history)).max(0);
            assert!(reduced < depth - 1, "the test needs a reduction");
            let alpha = p.fp_base() + p.fp_margin() * reduced;
            // A PV node: no late move or history pruning; evaluation 0.
            let prune = |s: &mut Searcher<'_>, uci: &str, searched: usize| {
                let mv = (uci, MoveClass::Quiet, history);
                pruned(
                    s,
                    &pos,
                    mv,
                    (depth, true, 0),
                    (alpha, alpha + 100, searched),
                )
            };
            assert!(prune(s, "d1d3", late), "futile at its reduced depth");
            assert!(!prune(s, "d1g4", late), "a check is never pruned here");
            assert!(!prune(s, "d1d3", 0), "the first move is hardly reduced");
        });
    }

    /// Futility pruning of captures: far below alpha at a shallow non-PV node, a capture whose
    /// piece cannot close the gap is skipped; one that can (the queen), a capture that gives
    /// check, and any capture at a PV node are searched.
    #[test]
    fn captures_that_cannot_reach_alpha_are_pruned_at_shallow_depth() {
        // White: Kh1, rooks a1, d1, g2; Black: Kg8, queen a4, knight g5, pawn d5; none of the
        // captures loses material, so SEE pruning keeps them all.
        let pos = Position::from_fen("6k1/8/8/3p2n1/q7/8/6R1/R2R3K w - - 0 1").expect("FEN");
        let prune = |s: &mut Searcher<'_>, uci: &str, pv_node: bool| {
            let mv = (uci, MoveClass::GoodNoisy, 0);
            let beta = if pv_node { -400 } else { -499 };
            pruned(s, &pos, mv, (2, pv_node, -2000), (-500, beta, 1))
        };
        searching_from(&pos, |s| {
            assert!(prune(s, "d1d5", false), "a pawn is far too little");
            assert!(!prune(s, "a1a4", false), "the queen may be enough");
            assert!(!prune(s, "g2g5", false), "a capture that gives check");
            assert!(!prune(s, "d1d5", true), "a PV node");
        });
    }

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
            assert!(searcher.tt.probe(pos.key(), 1).is_none(), "nothing stored");
            searcher.worker.stack[1].excluded = None;
            let score = searcher.negamax(&pos, 4, -100, -99, 1, true);
            assert!(score > -INFINITE);
            let stored = searcher.tt.probe(pos.key(), 1);
            assert!(stored.is_some(), "the whole node is stored");
        });
    }

    /// Quiescence scores a repetition as a draw, as the main search does: a quiet move at
    /// depth 1 that repeats the position must not be scored by the material on the board.
    #[test]
    fn quiescence_sees_a_repetition() {
        // White is a queen up; the knights go out and back, and the position repeats.
        let start = Position::from_fen("4k3/8/8/8/8/8/8/Q3K1N1 w - - 10 20").expect("FEN");
        let mut pos = start.clone();
        let mut keys = vec![pos.key()];
        for uci in ["g1f3", "e8d8", "f3g1", "d8e8"] {
            pos.play(pos.parse_uci_move(uci, false).expect("legal"));
            keys.push(pos.key());
        }
        assert_eq!(pos.key(), start.key());
        let mut worker = Worker::new();
        worker.keys = keys;
        worker.with_test_searcher(|searcher| {
            assert_eq!(searcher.qsearch(&pos, -1000, 1000, 1), 0);
            // The control case: the same position with no history is simply a queen up.
            searcher.worker.keys = vec![pos.key()];
            assert!(searcher.qsearch(&pos, -1000, 1000, 1) > 500);
        });
    }

    /// Quiescence futility: with the evaluation 200 below alpha, an even trade (a rook taken
    /// and retaken by the queen) is not searched and the node fails low, while a capture that
    /// wins the rook outright still is.
    #[test]
    fn quiescence_futility_skips_even_trades_far_below_alpha() {
        let nodes_and_score = |fen: &str| {
            let pos = Position::from_fen(fen).expect("FEN");
            searching_from(&pos, |searcher| {
                let alpha = searcher.static_eval(&pos, 1) + 200;
                let score = searcher.qsearch(&pos, alpha, alpha + 1, 1);
                (searcher.nodes, score, alpha)
            })
        };
        // Rxd8+ Qxd8: the exchange wins nothing.
        let (nodes, score, alpha) = nodes_and_score("3r2k1/8/8/q7/8/8/5PPP/3R2K1 w - - 0 1");
        assert_eq!(nodes, 1, "the even trade is not searched");
        assert!(score <= alpha);
        // Rxd8+ with nothing to take back wins a rook.
        let (nodes, _, _) = nodes_and_score("3r2k1/8/q7/8/8/8/5PPP/3R2K1 w - - 0 1");
        assert!(nodes > 1, "the winning capture is searched");
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
