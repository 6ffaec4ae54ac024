//! A stored game: its start, its moves with the search's scores, and its result.

use movegen::{Move, Position};

use crate::packed::PackedBoard;
use crate::score::{GameResult, Score};
use crate::wire;

/// One self-play game as the format stores it.
///
/// `moves` must be legal in turn from `start` (the generator plays only legal moves); a
/// reader refuses a game whose moves are not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The position the stored moves start from (after the random opening).
    pub start: Position,
    /// How the game ended.
    pub result: GameResult,
    /// Each move played, with the search's score of the position it was played in.
    pub moves: Vec<(Move, Score)>,
}

/// A stored position, as a trainer reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    /// The position.
    pub position: Position,
    /// The move the search chose here.
    pub best_move: Move,
    /// The search's score of the position, White's view.
    pub score: Score,
    /// The game's result.
    pub result: GameResult,
    /// Plies since the game's stored start (0 for the start).
    pub ply: usize,
}

impl PositionRecord {
    /// Whether the chosen move captures or promotes: such positions are often left out of
    /// training, since their score depends on the exchange the static evaluation cannot see.
    pub fn best_move_is_noisy(&self) -> bool {
        self.position.is_capture(self.best_move) || self.best_move.promotion().is_some()
    }
}

/// Bytes of one stored move with its score.
pub const MOVE_BYTES: usize = 4;

impl Game {
    /// Appends the game's bytes to `out`: the packed start, 4 bytes per move, and 4 zero bytes.
    pub fn encode_into(&self, out: &mut Vec<u8>) {
        let board = PackedBoard::pack(&self.start, Score::from_white(0), self.result);
        out.reserve(board.0.len() + (self.moves.len() + 1) * MOVE_BYTES);
        out.extend_from_slice(&board.0);
        for &(mv, score) in &self.moves {
            out.extend_from_slice(&wire::encode(mv).to_le_bytes());
            out.extend_from_slice(&score.white().to_le_bytes());
        }
        out.extend_from_slice(&[0; MOVE_BYTES]);
    }

    /// The game's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.encode_into(&mut out);
        out
    }

    /// The positions the moves were played in, replayed from the start, each with its move,
    /// score and the game's result.
    pub fn positions(&self) -> Positions<'_> {
        Positions {
            game: self,
            position: self.start.clone(),
            ply: 0,
        }
    }
}

/// Iterator over a game's positions; see [`Game::positions`].
#[derive(Debug)]
pub struct Positions<'a> {
    game: &'a Game,
    position: Position,
    ply: usize,
}

impl Iterator for Positions<'_> {
    type Item = PositionRecord;

    fn next(&mut self) -> Option<PositionRecord> {
        let &(mv, score) = self.game.moves.get(self.ply)?;
        let record = PositionRecord {
            position: self.position.clone(),
            best_move: mv,
            score,
            result: self.game.result,
            ply: self.ply,
        };
        self.position.play(mv);
        self.ply += 1;
        Some(record)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.game.moves.len() - self.ply;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Positions<'_> {}
