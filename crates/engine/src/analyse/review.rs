//! What an analysis found: each position's evaluation, each move's judgement, each side's
//! accuracy.

use movegen::{Color, Move, Position};
use search::Wdl;

use crate::analyse::judgement::{self, Judgement};

/// What the search said about one position, from its side to move's view.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// The score, in the search's units (a mate near ±`MATE`).
    pub score: i32,
    /// The chances the model gives that score.
    pub wdl: Wdl,
    /// The depth reached; 0 for a position without legal moves.
    pub depth: u32,
    /// The best line found; empty without legal moves.
    pub best_line: Vec<Move>,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// The mover's win percent before the move and after it (0 to 100).
    pub win_percent: (f64, f64),
    /// Its accuracy, 0 to 100.
    pub accuracy: f64,
    /// Its judgement, if it earns one.
    pub judgement: Option<Judgement>,
}

/// A game's analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// The position before each move, then the last one: one more than the moves.
    pub evals: Vec<PositionEval>,
    /// Each move, in order.
    pub moves: Vec<MoveReview>,
    /// Game accuracy of White and Black; `None` for a side without a move.
    pub accuracy: [Option<f64>; 2],
}

impl GameReview {
    /// How many moves of `color` earned `judgement`.
    pub fn count(&self, color: Color, judgement: Judgement) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover == color && m.judgement == Some(judgement))
            .count()
    }
}

/// Judges each move from the evaluations before and after it.
pub(crate) fn judge(start: &Position, moves: &[Move], evals: Vec<PositionEval>) -> GameReview {
    let mut reviews = Vec::with_capacity(moves.len());
    let mut position = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let mover = position.turn();
        let before = judgement::win_percent(evals[i].wdl);
        // The position after is scored from the opponent's view.
        let after = 100.0 - judgement::win_percent(evals[i + 1].wdl);
        let engine_choice = evals[i].best_line.first() == Some(&mv);
        let judgement = if engine_choice {
            None
        } else {
            Judgement::of_drop(before - after)
        };
        reviews.push(MoveReview {
            mv,
            mover,
            win_percent: (before, after),
            accuracy: judgement::move_accuracy(before, after),
            judgement,
        });
        position.play(mv);
    }
    let mut white_view = Vec::with_capacity(evals.len());
    let mut turn = start.turn();
    for eval in &evals {
        let own = judgement::win_percent(eval.wdl);
        white_view.push(if turn == Color::White {
            own
        } else {
            100.0 - own
        });
        turn = !turn;
    }
    let accuracy = judgement::game_accuracy(&white_view, start.turn());
    GameReview {
        evals,
        moves: reviews,
        accuracy,
    }
}
