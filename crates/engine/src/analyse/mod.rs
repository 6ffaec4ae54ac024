//! Game analysis (`tsubame analyse`): every position of a game searched, each move judged by
//! how much it lowered its side's chances, and the game written back as annotated PGN.
//!
//! Each position of the main line, the start included, is searched on its own (one thread, a
//! table kept through the game, the game's earlier positions known for repetitions) to a
//! fixed time or node count. Its score becomes win-draw-loss chances through the engine's
//! model ([`search::Wdl`]); a move is judged by the fall of its side's expected score from
//! the position before it to the position after it ([`judgement`]). The engine's own choice
//! is never judged: the two searches behind a move can disagree by a little.

mod annotate;
pub mod judgement;
mod review;

use std::sync::Arc;
use std::time::Duration;

use movegen::{Move, Position};
use nnue::Network;
use search::{ScoreBound, SearchControl, SearchEvent, SearchRequest, Wdl, Worker, mated_in};
use timeman::{Limits, Millis, TimeOptions};
use tt::{TranspositionTable, TtError};

pub use annotate::annotated_pgn;
pub use judgement::Judgement;
pub use review::{GameReview, MoveReview, PositionEval};

/// How long each position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisLimit {
    /// This long (the time is the search's own: no overhead kept back).
    Movetime(Duration),
    /// This many nodes (the same analysis every run).
    Nodes(u64),
}

impl std::fmt::Display for AnalysisLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalysisLimit::Movetime(time) => write!(f, "{} ms a position", time.as_millis()),
            AnalysisLimit::Nodes(nodes) => write!(f, "{nodes} nodes a position"),
        }
    }
}

/// Searches positions for analysis: one worker and table, kept from game to game.
pub struct Analyser {
    worker: Worker,
    tt: TranspositionTable,
    control: SearchControl,
    limit: AnalysisLimit,
}

impl std::fmt::Debug for Analyser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyser")
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

impl Analyser {
    /// An analyser searching each position to `limit` with a `hash_mb` table, evaluating with
    /// `network` (`None`: the hand-crafted evaluation).
    ///
    /// # Errors
    /// When the table cannot be allocated.
    pub fn new(
        limit: AnalysisLimit,
        hash_mb: usize,
        network: Option<Arc<Network>>,
    ) -> Result<Analyser, TtError> {
        let mut worker = Worker::new();
        worker.set_network(network);
        Ok(Analyser {
            worker,
            tt: TranspositionTable::new(hash_mb.max(1))?,
            control: SearchControl::default(),
            limit,
        })
    }

    /// Analyses the game of `moves` (legal, in order) from `start`; `progress` hears
    /// `(positions done, positions in all)` after each search.
    pub fn review(
        &mut self,
        start: &Position,
        moves: &[Move],
        progress: &mut dyn FnMut(usize, usize),
    ) -> GameReview {
        self.tt.clear(1);
        self.worker.clear();
        let total = moves.len() + 1;
        let mut evals = Vec::with_capacity(total);
        let mut history = Vec::with_capacity(total);
        let mut position = start.clone();
        for i in 0..total {
            evals.push(self.evaluate(&position, &history));
            progress(i + 1, total);
            if let Some(&mv) = moves.get(i) {
                history.push(position.key());
                position.play(mv);
            }
        }
        review::judge(start, moves, evals)
    }

    /// The search's verdict on `position`, reached through the positions of `history`.
    fn evaluate(&mut self, position: &Position, history: &[u64]) -> PositionEval {
        if !position.has_legal_moves() {
            let (score, wdl) = if position.in_check() {
                (
                    mated_in(0),
                    Wdl {
                        win: 0,
                        draw: 0,
                        loss: 1000,
                    },
                )
            } else {
                (
                    0,
                    Wdl {
                        win: 0,
                        draw: 1000,
                        loss: 0,
                    },
                )
            };
            return PositionEval {
                score,
                wdl,
                depth: 0,
                best_line: Vec::new(),
            };
        }
        let limits = match self.limit {
            AnalysisLimit::Movetime(time) => Limits {
                movetime: Some(Millis(i64::try_from(time.as_millis()).unwrap_or(i64::MAX))),
                ..Limits::default()
            },
            AnalysisLimit::Nodes(nodes) => Limits {
                nodes: Some(nodes.max(1)),
                ..Limits::default()
            },
        };
        let mut request = SearchRequest::new(position.clone(), limits);
        request.history = history.to_vec();
        request.time_options = TimeOptions {
            move_overhead: Millis::ZERO,
            ..TimeOptions::default()
        };
        let mut line: Option<(i32, u32, Vec<Move>)> = None;
        let outcome = self
            .worker
            .search(&request, &self.tt, &self.control, &mut |event| {
                if let SearchEvent::Info(info) = event {
                    if info.multipv == 1 && info.bound == ScoreBound::Exact {
                        line = Some((info.score.0, info.depth, info.pv.clone()));
                    }
                }
            });
        let (score, depth, best_line) = line.unwrap_or_else(|| {
            let pv = outcome.best_move.into_iter().collect();
            (outcome.score, outcome.depth, pv)
        });
        PositionEval {
            score,
            wdl: Wdl::from_score(score, search::material(position)),
            depth,
            best_line,
        }
    }
}

#[cfg(test)]
mod tests;
