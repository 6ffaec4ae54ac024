//! The root: iterative deepening with aspiration windows, MultiPV, and what the time manager
//! and the GUI are told after each iteration.

use std::time::Duration;

use movegen::{Move, Position};
use rng::Rng;
use timeman::{IterationReport, IterationVerdict, RootScore};

use crate::aspiration::{AspirationWindow, Fit};
use crate::event::{IterationInfo, ScoreBound, SearchEvent};
use crate::history::Mover;
use crate::node::{LoopState, NodeContext, Step};
use crate::root_move::RootMove;
use crate::score::{INFINITE, MATE, MATE_THRESHOLD, MAX_PLY, SCORE_NONE, UciScore};
use crate::searcher::Searcher;
use crate::strength::Strength;

/// The deepest iteration started.
pub const MAX_DEPTH: i32 = MAX_PLY as i32 - 8;

/// The root of a search run by one thread.
pub(crate) struct RootSearch<'s, 'a> {
    pub searcher: &'s mut Searcher<'a>,
    pub root: Position,
    pub moves: Vec<RootMove>,
    pub multipv: usize,
    pub completed_depth: i32,
    pub best_move_changes: u32,
    /// The best line of the last completed iteration: what is played if the next one is
    /// interrupted before it proves another move better (the unfinished moves' scores are
    /// not trustworthy).
    pub completed: Option<RootMove>,
    /// The move and score of each line of the last completed iteration, best first: what a
    /// weaker level chooses among.
    pub completed_lines: Vec<(Move, i32)>,
    /// The move of the last `info` line written, when that line was a completed iteration's
    /// only line: while the same move stands in front, the final report would only repeat it.
    pub shown_best: Option<Move>,
    pub on_event: &'s mut dyn FnMut(SearchEvent<'_>),
}

impl<'s, 'a> RootSearch<'s, 'a> {
    /// The root `root` with `moves` to search, `multipv` lines, before any iteration.
    pub fn new(
        searcher: &'s mut Searcher<'a>,
        root: Position,
        moves: Vec<RootMove>,
        multipv: usize,
        on_event: &'s mut dyn FnMut(SearchEvent<'_>),
    ) -> RootSearch<'s, 'a> {
        RootSearch {
            searcher,
            root,
            moves,
            multipv,
            completed_depth: 0,
            best_move_changes: 0,
            completed: None,
            completed_lines: Vec::new(),
            shown_best: None,
            on_event,
        }
    }

    /// Iterative deepening from depth `first` until a limit or the time manager says stop.
    pub fn run(&mut self, first: i32, max_depth: i32) {
        let multipv = self.multipv.clamp(1, self.moves.len().max(1));
        for depth in first..=max_depth.min(MAX_DEPTH) {
            self.best_move_changes = 0;
            for rm in &mut self.moves {
                rm.previous_score = if rm.score == -INFINITE {
                    rm.previous_score
                } else {
                    rm.score
                };
            }
            for pv_index in 0..multipv {
                self.aspiration(depth, pv_index);
                if self.searcher.stopped {
                    break;
                }
                self.moves[..=pv_index].sort_by_key(|rm| -rm.score);
            }
            if self.searcher.stopped {
                if !self.partial_found_better(multipv) {
                    self.restore_completed();
                }
                break;
            }
            self.completed_depth = depth;
            let best_changed = self
                .completed
                .as_ref()
                .is_some_and(|before| before.mv != self.moves[0].mv);
            self.completed = Some(self.moves[0].clone());
            self.completed_lines.clear();
            self.completed_lines
                .extend(self.moves[..multipv].iter().map(|rm| (rm.mv, rm.score)));
            self.searcher.role.enable_time_checks();
            for pv_index in 0..multipv {
                self.report(pv_index, ScoreBound::Exact, depth);
            }
            self.shown_best = (multipv == 1).then_some(self.moves[0].mv);
            let verdict = self.iteration_verdict(depth, best_changed);
            if verdict != IterationVerdict::Continue {
                break;
            }
        }
    }

    /// Below full strength: puts the line `strength` chooses among the last completed
    /// iteration's in front, so that it is reported last and played.
    pub fn choose_weaker(&mut self, strength: Strength, rng: &mut Rng) {
        let Some(chosen) = strength.choose(&self.completed_lines, rng) else {
            return;
        };
        if let Some(i) = self.moves.iter().position(|rm| rm.mv == chosen) {
            self.moves[..=i].rotate_right(1);
        }
    }

    /// The final line, so that the GUI's last PV starts with the move played (the search may
    /// have stopped inside an iteration, after other lines, or a weaker level may play
    /// another line), unless the last line written was this move's completed line.
    pub fn report_final(&mut self) {
        if self.shown_best != self.moves.first().map(|rm| rm.mv) {
            self.report(0, ScoreBound::Exact, self.completed_depth.max(1));
        }
    }

    /// Whether the interrupted iteration proved another move better than the last completed
    /// iteration's best: a move's score is only recorded when its search finished and, after
    /// the pass's first move, only when it raised alpha (Stockfish plays such a move too).
    fn partial_found_better(&self, multipv: usize) -> bool {
        multipv == 1
            && self
                .completed
                .as_ref()
                .is_some_and(|c| self.moves[0].mv != c.mv && self.moves[0].score != -INFINITE)
    }

    /// Puts the last completed iteration's best move, score and line back in front.
    fn restore_completed(&mut self) {
        let Some(best) = self.completed.clone() else {
            return;
        };
        if let Some(i) = self.moves.iter().position(|rm| rm.mv == best.mv) {
            // The line is the completed iteration's; the effort includes the interrupted one.
            let nodes = self.moves[i].nodes;
            self.moves[i] = RootMove { nodes, ..best };
            self.moves[..=i].rotate_right(1);
        }
    }

    fn iteration_verdict(&mut self, depth: i32, best_changed: bool) -> IterationVerdict {
        let best = &self.moves[0];
        let others_mated = self.moves.len() > 1
            && self.moves[1..]
                .iter()
                .all(|rm| rm.bound_score <= -MATE_THRESHOLD);
        let score = match UciScore(best.score).mate_moves() {
            Some(n) => RootScore::Mate(n),
            None => RootScore::Centipawns(best.score),
        };
        let report = IterationReport {
            depth: depth as u32,
            best_move_changes: self.best_move_changes,
            best_changed,
            score,
            root_moves: self.moves.len(),
            others_mated,
        };
        let elapsed = self.searcher.shared.start.elapsed();
        let nodes = self.searcher.total_nodes();
        self.searcher.role.on_iteration(&report, elapsed, nodes)
    }

    /// Searches the line `pv_index` with a window around its last score, widening on failure.
    fn aspiration(&mut self, depth: i32, pv_index: usize) {
        let center = self.moves[pv_index].previous_score;
        let mut window = AspirationWindow::new(center, depth, &self.searcher.params);
        loop {
            let score = self.search_root(depth, window.alpha, window.beta, pv_index);
            if self.searcher.stopped {
                // Keep the best move found so far if the first move of the line completed.
                if self.moves[pv_index].score != -INFINITE {
                    self.moves[pv_index..].sort_by_key(|rm| -rm.score);
                }
                return;
            }
            self.moves[pv_index..].sort_by_key(|rm| -rm.score);
            match window.update(score) {
                Fit::Exact => return,
                Fit::FailLow => self.report_bound(pv_index, ScoreBound::Upper, depth),
                Fit::FailHigh => self.report_bound(pv_index, ScoreBound::Lower, depth),
            }
        }
    }

    /// One pass over the root moves from `pv_index` on; returns the best score (fail-soft).
    fn search_root(&mut self, depth: i32, alpha: i32, beta: i32, pv_index: usize) -> i32 {
        for rm in &mut self.moves[pv_index..] {
            rm.score = -INFINITE;
        }
        let ctx = NodeContext {
            depth,
            beta,
            ply: 0,
            pv_node: true,
            cut_node: false,
            in_check: self.root.in_check(),
            eval: SCORE_NONE,
            improving: false,
            mover: Mover::of(&self.root),
        };
        let mut node = LoopState::start(alpha);
        for i in pv_index..self.moves.len() {
            let mv = self.moves[i].mv;
            let elapsed = self.searcher.shared.start.elapsed();
            if elapsed > Duration::from_secs(1) {
                (self.on_event)(SearchEvent::CurrMove {
                    depth: depth as u32,
                    mv,
                    number: i + 1,
                });
            }
            let first = i == pv_index;
            let nodes_before = self.searcher.total_nodes();
            let score = self
                .searcher
                .search_root_move(&self.root, mv, depth, node.alpha, beta, first);
            let s = &mut *self.searcher;
            let rm = &mut self.moves[i];
            rm.nodes += s.total_nodes().saturating_sub(nodes_before);
            if s.stopped {
                break;
            }
            rm.bound_score = score;
            node.searched += 1;
            let step = s.record_move(&self.root, &ctx, &mut node, mv, score);
            if first || step >= Step::RaisedAlpha {
                rm.record(score, s.worker.pv.line(1), s.seldepth);
                if !first {
                    self.best_move_changes += 1;
                }
            }
            if step == Step::Cutoff {
                break;
            }
            // Young brothers wait at the root too: with the first move searched, the others
            // may be searched in parallel, each by one thread.
            if i + 1 < self.moves.len() && self.searcher.can_split(depth, false) {
                return self.split_root(ctx, node, i + 1);
            }
        }
        node.best_score
    }

    /// Searches the root moves from `from` on in parallel at a root split point and takes
    /// their results into the root move list; returns the pass's best score.
    fn split_root(&mut self, ctx: NodeContext, node: LoopState, from: usize) -> i32 {
        let moves = self.moves[from..].iter().map(|rm| rm.mv).collect();
        let (node, root) = self.searcher.share_root(&self.root, ctx, moves, node);
        if let Some(root) = root {
            self.best_move_changes += root.best_move_changes;
            for (rm, result) in self.moves[from..].iter_mut().zip(root.results) {
                let Some(result) = result else {
                    continue;
                };
                rm.nodes += result.nodes;
                rm.bound_score = result.score;
                if result.raised_alpha {
                    rm.record(result.score, result.continuation, result.seldepth);
                }
            }
        }
        node.best_score
    }

    fn report_bound(&mut self, pv_index: usize, bound: ScoreBound, depth: i32) {
        if self.searcher.shared.start.elapsed() > Duration::from_secs(1) {
            self.report(pv_index, bound, depth);
        }
    }

    /// Reports the line `pv_index` as an `info` event.
    pub fn report(&mut self, pv_index: usize, bound: ScoreBound, depth: i32) {
        let Some(rm) = self.moves.get(pv_index) else {
            return;
        };
        self.shown_best = None;
        // A move never searched to the end has no score yet; say 0 rather than a false mate.
        let score = match (rm.score, rm.previous_score) {
            (s, _) if s != -INFINITE => s,
            (_, p) if p != -INFINITE => p,
            _ => 0,
        };
        let info = IterationInfo {
            depth: depth.max(1) as u32,
            seldepth: rm.seldepth.max(1) as u32,
            multipv: pv_index + 1,
            score: UciScore(
                self.searcher
                    .shared
                    .tb
                    .map_or(score, |tb| tb.shown_score(score))
                    .clamp(-MATE, MATE),
            ),
            bound,
            nodes: self.searcher.total_nodes(),
            move_nodes: rm.nodes,
            elapsed: self.searcher.shared.start.elapsed(),
            hashfull: self.searcher.shared.tt.hashfull(),
            tbhits: self.searcher.shared.tb.map_or(0, |tb| tb.hits()),
            pv: rm.pv.clone(),
        };
        (self.on_event)(SearchEvent::Info(&info));
    }
}

impl Searcher<'_> {
    /// Searches the root move `mv` to `depth`: the pass's first move with the full window,
    /// the others with a null window first and again with the full window if they beat alpha.
    /// Not reduced: every root move gets the iteration's depth.
    pub(crate) fn search_root_move(
        &mut self,
        root: &Position,
        mv: Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        self.seldepth = 0;
        self.with_move(root, mv, 0, |s, child| {
            let new_depth = depth - 1 + i32::from(child.in_check());
            if first {
                -s.negamax(child, new_depth, -beta, -alpha, 1, false)
            } else {
                let mut score = -s.negamax(child, new_depth, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta {
                    score = -s.negamax(child, new_depth, -beta, -alpha, 1, false);
                }
                score
            }
        })
    }
}
