//! Quiescence search: captures and promotions only (every move in check) below the main
//! search's horizon, so that the static evaluation is read in quiet positions.

use movegen::{Move, Position};
use tt::EVAL_NONE;

use crate::history::Mover;
use crate::movepick::{MoveClass, MovePicker, OrderingHints, Picked};
use crate::score::{INFINITE, SCORE_NONE, mated_in};
use crate::searcher::Searcher;
use crate::see::{captured_value, see_ge};

impl Searcher<'_> {
    /// The score of `pos` within `(alpha, beta)`: the static evaluation stands pat unless a
    /// noisy move beats it; in check every move is searched and having none is mate. The
    /// result is stored in the hash at depth 0.
    pub(crate) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(score) = self.settled_on_entry(pos, ply) {
            return score;
        }
        let in_check = pos.in_check();
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let hit = self.shared.tt.probe(key, ply);
        if let Some(h) = hit {
            let usable = h.bound.settles(h.score, alpha, beta);
            if !pv_node && usable && self.entry_deep_enough(h.depth, 0) {
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
            if !in_check && self.selective() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::searcher::searching_from;
    use crate::worker::Worker;

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
}
