//! Move-ordering memory: butterfly history, killers and countermoves.

use movegen::{Color, Move, Piece, Square};

use crate::params::SearchParams;
use crate::score::MAX_PLY;

/// History scores stay within ±`HISTORY_MAX`; the gravity update keeps them there.
pub const HISTORY_MAX: i32 = 16_384;

/// What a thread has learnt about quiet moves: which ones caused cutoffs before.
#[derive(Clone, Debug)]
pub struct History {
    /// Indexed by side, from-square, to-square.
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    /// The reply that refuted a move, indexed by the moved piece and its destination.
    countermoves: Box<[[Option<Move>; 64]; 12]>,
    /// Two quiet moves per ply that caused beta cutoffs in sibling nodes.
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
}

impl Default for History {
    fn default() -> History {
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            countermoves: Box::new([[None; 64]; 12]),
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
        }
    }
}

/// The history bonus for a cutoff at `depth`: grows with depth squared, capped.
#[inline]
pub fn history_bonus(params: &SearchParams, depth: i32) -> i32 {
    (depth * depth * params.hist_bonus_quad() + params.hist_bonus_lin() * depth)
        .min(params.hist_bonus_max())
}

impl History {
    /// Forgets everything (for `ucinewgame`).
    pub fn clear(&mut self) {
        *self = History::default();
    }

    /// The butterfly score of a quiet move by `side`.
    #[inline]
    pub fn score(&self, side: Color, mv: Move) -> i32 {
        self.butterfly[side.index()][mv.from().index()][mv.to().index()].into()
    }

    /// Adds `bonus` (negative for a malus) with gravity: the closer a score is to the limit,
    /// the less it moves, so old knowledge fades instead of saturating.
    #[inline]
    pub fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        let entry = &mut self.butterfly[side.index()][mv.from().index()][mv.to().index()];
        let old = i32::from(*entry);
        let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
        *entry = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
    }

    /// The killers at `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// Records a quiet cutoff move at `ply` as the first killer.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, mv: Move) {
        let slot = &mut self.killers[ply.min(MAX_PLY)];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// Replaces the killers of `ply` (a helper joining a split point takes the owner's).
    #[inline]
    pub fn set_killers(&mut self, ply: usize, killers: [Option<Move>; 2]) {
        self.killers[ply.min(MAX_PLY)] = killers;
    }

    /// Clears the killers of `ply` (done when a node at that ply is entered from above, so
    /// killers come from siblings only).
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply.min(MAX_PLY)] = [None; 2];
    }

    /// The move that last refuted `piece` moving to `to`.
    #[inline]
    pub fn countermove(&self, piece: Piece, to: Square) -> Option<Move> {
        self.countermoves[piece.index()][to.index()]
    }

    /// Records `reply` as the refutation of `piece` moving to `to`.
    #[inline]
    pub fn set_countermove(&mut self, piece: Piece, to: Square, reply: Move) {
        self.countermoves[piece.index()][to.index()] = Some(reply);
    }
}
