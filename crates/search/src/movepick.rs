//! The move picker: hands out a node's moves best-first, scoring them once and selecting
//! lazily, since a cutoff usually comes after the first few.
//!
//! Order: hash move, winning and equal captures and queen promotions (MVV-LVA), killers,
//! countermove, quiet moves by history, then losing captures and under-promotions.

use arrayvec::ArrayVec;
use movegen::{GenKind, MAX_MOVES, Move, MoveList, Position, Role};

use crate::history::History;
use crate::see::{see_ge, see_value};

const TT_MOVE: i32 = 1 << 30;
const GOOD_NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
pub(crate) const COUNTERMOVE: i32 = KILLER - 2;
const BAD_NOISY: i32 = -(1 << 28);

/// What the picker needs to know to order quiet moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct OrderingHints {
    /// The hash table's move, searched first.
    pub tt_move: Option<Move>,
    /// Killer moves of this ply.
    pub killers: [Option<Move>; 2],
    /// The refutation of the opponent's last move.
    pub countermove: Option<Move>,
}

/// Yields a node's legal moves in order of promise.
#[derive(Clone, Debug)]
pub struct MovePicker {
    moves: MoveList,
    scores: ArrayVec<i32, MAX_MOVES>,
    next: usize,
}

impl MovePicker {
    /// All legal moves of `pos`, ordered with `hints` and `history`.
    pub fn new(pos: &Position, hints: &OrderingHints, history: &History) -> MovePicker {
        MovePicker::with_moves(pos, pos.legal_moves(), hints, Some(history))
    }

    /// Captures and promotions only (quiescence search), ordered by MVV-LVA and SEE.
    pub fn noisy(pos: &Position, tt_move: Option<Move>) -> MovePicker {
        let hints = OrderingHints {
            tt_move,
            ..OrderingHints::default()
        };
        MovePicker::with_moves(pos, pos.generate_moves(GenKind::Noisy), &hints, None)
    }

    fn with_moves(
        pos: &Position,
        moves: MoveList,
        hints: &OrderingHints,
        history: Option<&History>,
    ) -> MovePicker {
        let scores = moves
            .iter()
            .map(|&mv| score_move(pos, mv, hints, history))
            .collect();
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// How many moves the node has in all.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the node has no moves at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best-scored move not yet handed out, with its ordering score.
    pub fn next_move(&mut self) -> Option<(Move, i32)> {
        let rest = self.scores.get(self.next..)?;
        let (offset, _) = rest
            .iter()
            .enumerate()
            .max_by_key(|&(i, s)| (*s, -(i as isize)))?;
        let best = self.next + offset;
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let picked = (self.moves[self.next], self.scores[self.next]);
        self.next += 1;
        Some(picked)
    }
}

/// Whether an ordering score marks a move that loses material or under-promotes.
pub fn is_bad_noisy(score: i32) -> bool {
    score < BAD_NOISY / 2
}

fn score_move(pos: &Position, mv: Move, hints: &OrderingHints, history: Option<&History>) -> i32 {
    if Some(mv) == hints.tt_move {
        return TT_MOVE;
    }
    let promotion = mv.promotion();
    if let Some(victim) = pos.captured_role(mv) {
        let attacker = pos.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role);
        let mvv_lva =
            see_value(victim) * 8 - attacker.index() as i32 + promotion.map_or(0, see_value);
        let good = promotion.is_none_or(|r| r == Role::Queen) && see_ge(pos, mv, 0);
        return if good { GOOD_NOISY } else { BAD_NOISY } + mvv_lva;
    }
    match promotion {
        Some(Role::Queen) => return GOOD_NOISY + see_value(Role::Queen),
        Some(role) => return BAD_NOISY + see_value(role),
        None => {}
    }
    if Some(mv) == hints.killers[0] {
        KILLER
    } else if Some(mv) == hints.killers[1] {
        KILLER - 1
    } else if Some(mv) == hints.countermove {
        COUNTERMOVE
    } else {
        history.map_or(0, |h| h.score(pos.turn(), mv))
    }
}
