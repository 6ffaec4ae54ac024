//! Pruning: the moves a node may skip unsearched, and the node-level verdicts (reverse
//! futility, the null move's hash veto) that end a node before its move loop.

use movegen::Position;
use tt::{Bound, TB_WIN_THRESHOLD, TtHit};

use crate::movepick::Picked;
use crate::node::{LoopState, NodeContext};
use crate::params::SearchParams;
use crate::score::MATE_THRESHOLD;
use crate::searcher::Searcher;
use crate::see::{captured_value, see_ge};

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
pub(crate) fn reverse_futility(eval: i32, beta: i32, margin: i32) -> Option<i32> {
    let score = if beta > -TB_WIN_THRESHOLD {
        (eval + beta) / 2
    } else {
        eval
    };
    (eval - margin >= beta && eval < MATE_THRESHOLD).then_some(score)
}

/// Whether a null move is worth trying by what the hash entry knows: not when its score is an
/// upper bound (or exact) below beta, since a real search of the node already failed low
/// there (Ethereal's condition).
pub(crate) fn hash_allows_null_move(hit: Option<TtHit>, beta: i32) -> bool {
    hit.is_none_or(|h| !matches!(h.bound, Bound::Upper | Bound::Exact) || h.score >= beta)
}

impl Searcher<'_> {
    /// The late move reduction of the `moves`-th move at `depth` in whole plies, before the
    /// node's own adjustments: the table's, less a ply per `LmrHistoryDivisor` of the move's
    /// history. Reductions and pruning by the reduced depth share it.
    #[inline]
    pub(crate) fn base_reduction(&self, depth: i32, moves: usize, history: i32) -> i32 {
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
        if node.best_score <= -MATE_THRESHOLD || !self.selective() {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Mover;
    use crate::movepick::MoveClass;
    use crate::searcher::searching_from;

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
}
