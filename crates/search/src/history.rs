//! Move-ordering memory: which moves caused cutoffs before, by side, by the moves played
//! before them and by what they captured; killers and countermoves.
//!
//! Continuation history (a quiet move's score given the moves 1, 2 and 4 plies before it) and
//! capture history follow Stockfish and Ethereal: the same gravity update as the butterfly
//! table, one more index.

use movegen::{Color, Move, Piece, Role, Square};

use crate::params::SearchParams;
use crate::score::MAX_PLY;

/// History scores stay within ±`HISTORY_MAX`; the gravity update keeps them there.
pub const HISTORY_MAX: i32 = 16_384;

/// A move as continuation history sees it: the piece that moved and where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo {
    /// The piece that moved.
    pub piece: Piece,
    /// Its destination.
    pub to: Square,
}

/// How far back the earlier moves of a quiet move's continuation score are: the opponent's
/// last move, our own before it, and our own before that (as in Stockfish).
pub const CONTINUATION_PLIES: [usize; 3] = [1, 2, 4];

/// The moves `CONTINUATION_PLIES` before a node's moves, where there were any (not a null
/// move, not before the root).
pub type Continuations = [Option<PieceTo>; CONTINUATION_PLIES.len()];

/// Scores by piece and destination.
type PieceToTable = [[i16; 64]; 12];

/// What a thread has learnt about quiet moves: which ones caused cutoffs before.
#[derive(Clone, Debug)]
pub struct History {
    /// Indexed by side, from-square, to-square.
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    /// Indexed by the earlier move (piece, destination), then the move's piece and destination.
    continuation: Box<[[PieceToTable; 64]; 12]>,
    /// Captures, indexed by the capturing piece, its destination and the captured role.
    capture: Box<[[[i16; 6]; 64]; 12]>,
    /// The reply that refuted a move, indexed by the moved piece and its destination.
    countermoves: Box<[[Option<Move>; 64]; 12]>,
    /// Two quiet moves per ply that caused beta cutoffs in sibling nodes.
    killers: Box<[[Option<Move>; 2]; MAX_PLY + 1]>,
}

impl Default for History {
    fn default() -> History {
        // The continuation table (1.2 MB) is built on the heap: `Box::new` of an array that
        // size may go through the stack first.
        let continuation = vec![[[[0i16; 64]; 12]; 64]; 12]
            .into_boxed_slice()
            .try_into()
            .expect("twelve rows");
        History {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            continuation,
            capture: Box::new([[[0; 6]; 64]; 12]),
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

/// Adds `bonus` (negative for a malus) to `entry` with gravity: the closer a score is to the
/// limit, the less it moves, so old knowledge fades instead of saturating.
#[inline]
fn gravity(entry: &mut i16, bonus: i32) {
    let old = i32::from(*entry);
    let new = old + bonus - old * bonus.abs() / HISTORY_MAX;
    *entry = new.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
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

    /// Adds `bonus` (negative for a malus) to the butterfly score, with gravity.
    #[inline]
    pub fn update(&mut self, side: Color, mv: Move, bonus: i32) {
        gravity(
            &mut self.butterfly[side.index()][mv.from().index()][mv.to().index()],
            bonus,
        );
    }

    /// The continuation score of `piece` playing `mv` after the earlier move `earlier`.
    #[inline]
    pub fn continuation(&self, earlier: PieceTo, piece: Piece, mv: Move) -> i32 {
        self.continuation[earlier.piece.index()][earlier.to.index()][piece.index()][mv.to().index()]
            .into()
    }

    /// A quiet move's ordering score: its butterfly score plus its continuation scores after
    /// the moves in `earlier`.
    #[inline]
    pub fn quiet_score(&self, side: Color, piece: Piece, mv: Move, earlier: &Continuations) -> i32 {
        earlier
            .iter()
            .flatten()
            .map(|&e| self.continuation(e, piece, mv))
            .sum::<i32>()
            + self.score(side, mv)
    }

    /// Adds `bonus` to every table `quiet_score` reads for this move.
    #[inline]
    pub fn update_quiet(
        &mut self,
        side: Color,
        piece: Piece,
        mv: Move,
        earlier: &Continuations,
        bonus: i32,
    ) {
        self.update(side, mv, bonus);
        for e in earlier.iter().flatten() {
            gravity(
                &mut self.continuation[e.piece.index()][e.to.index()][piece.index()]
                    [mv.to().index()],
                bonus,
            );
        }
    }

    /// The capture history of `piece` taking a `victim` on `to`.
    #[inline]
    pub fn capture_score(&self, piece: Piece, to: Square, victim: Role) -> i32 {
        self.capture[piece.index()][to.index()][victim.index()].into()
    }

    /// Adds `bonus` to the capture history of `piece` taking a `victim` on `to`.
    #[inline]
    pub fn update_capture(&mut self, piece: Piece, to: Square, victim: Role, bonus: i32) {
        gravity(
            &mut self.capture[piece.index()][to.index()][victim.index()],
            bonus,
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    fn a_move() -> Move {
        Position::startpos()
            .parse_uci_move("g1f3", false)
            .expect("legal")
    }

    /// Gravity keeps every score within ±HISTORY_MAX whatever the old score and the bonus, and
    /// a bonus never moves a score the wrong way.
    #[test]
    fn gravity_keeps_scores_in_bounds() {
        let params = SearchParams::default();
        let max_bonus = (1..=64)
            .map(|d| history_bonus(&params, d))
            .max()
            .expect("depths");
        assert!(max_bonus <= HISTORY_MAX);
        let mv = a_move();
        for start in (-HISTORY_MAX..=HISTORY_MAX).step_by(1024) {
            for bonus in (-max_bonus..=max_bonus).step_by(100) {
                let mut history = History::default();
                let side = Color::White;
                history.butterfly[side.index()][mv.from().index()][mv.to().index()] = start as i16;
                history.update(side, mv, bonus);
                let new = history.score(side, mv);
                assert!(
                    (-HISTORY_MAX..=HISTORY_MAX).contains(&new),
                    "{start} + {bonus} -> {new}"
                );
                if bonus > 0 {
                    assert!(new >= start, "{start} + {bonus} -> {new}");
                } else {
                    assert!(new <= start, "{start} + {bonus} -> {new}");
                }
            }
        }
    }

    /// Repeated cutoffs saturate near the bound instead of passing it, and a malus brings the
    /// score back down.
    #[test]
    fn repeated_bonuses_saturate_and_a_malus_undoes_them() {
        let params = SearchParams::default();
        let bonus = history_bonus(&params, 20);
        let (mut history, mv, side) = (History::default(), a_move(), Color::Black);
        for _ in 0..1000 {
            history.update(side, mv, bonus);
        }
        let top = history.score(side, mv);
        assert!(top <= HISTORY_MAX && top > HISTORY_MAX * 9 / 10, "{top}");
        assert_eq!(
            history.score(Color::White, mv),
            0,
            "the other side's table is apart"
        );
        history.update(side, mv, -bonus);
        assert!(history.score(side, mv) < top);
        for _ in 0..1000 {
            history.update(side, mv, -bonus);
        }
        assert!(history.score(side, mv) >= -HISTORY_MAX);
    }

    #[test]
    fn the_bonus_grows_with_depth_up_to_its_cap() {
        let params = SearchParams::default();
        let bonuses: Vec<i32> = (1..=40).map(|d| history_bonus(&params, d)).collect();
        assert!(bonuses.is_sorted());
        assert!(bonuses[0] > 0);
        assert_eq!(*bonuses.last().expect("bonuses"), params.hist_bonus_max());
    }

    /// A quiet move's score is its butterfly score plus one continuation score per earlier
    /// move; an update moves all of them, and only for that earlier move and that piece.
    #[test]
    fn continuation_scores_add_up_per_earlier_move() {
        let pos = Position::startpos();
        let mv = a_move();
        let knight = pos.piece_at(mv.from()).expect("knight");
        let reply = |to| PieceTo {
            piece: Piece {
                color: Color::Black,
                role: Role::Pawn,
            },
            to,
        };
        let (e5, d5) = (reply(Square::E5), reply(Square::D5));
        let mut history = History::default();
        history.update_quiet(Color::White, knight, mv, &[Some(e5), None, None], 1000);
        assert_eq!(history.score(Color::White, mv), 1000);
        assert_eq!(history.continuation(e5, knight, mv), 1000);
        assert_eq!(history.continuation(d5, knight, mv), 0);
        let both = [Some(e5), None, Some(d5)];
        assert_eq!(history.quiet_score(Color::White, knight, mv, &both), 2000);
        history.update_quiet(Color::White, knight, mv, &both, -300);
        let butterfly = history.score(Color::White, mv);
        let (after_e5, after_d5) = (
            history.continuation(e5, knight, mv),
            history.continuation(d5, knight, mv),
        );
        assert!(butterfly < 1000 && after_e5 < 1000 && after_d5 == -300);
        assert_eq!(
            history.quiet_score(Color::White, knight, mv, &both),
            butterfly + after_e5 + after_d5
        );
        assert_eq!(
            history.quiet_score(Color::Black, knight, mv, &[None, None, None]),
            0
        );
    }

    /// Capture history is kept per capturing piece, square and victim.
    #[test]
    fn capture_history_is_per_piece_square_and_victim() {
        let rook = Piece {
            color: Color::White,
            role: Role::Rook,
        };
        let mut history = History::default();
        history.update_capture(rook, Square::D5, Role::Knight, 500);
        assert_eq!(history.capture_score(rook, Square::D5, Role::Knight), 500);
        assert_eq!(history.capture_score(rook, Square::D5, Role::Bishop), 0);
        assert_eq!(history.capture_score(rook, Square::D4, Role::Knight), 0);
        history.clear();
        assert_eq!(history.capture_score(rook, Square::D5, Role::Knight), 0);
    }

    #[test]
    fn killers_keep_two_distinct_moves_newest_first() {
        let pos = Position::startpos();
        let mv = |t| pos.parse_uci_move(t, false).expect("legal");
        let mut history = History::default();
        history.add_killer(3, mv("g1f3"));
        history.add_killer(3, mv("g1f3"));
        assert_eq!(history.killers(3), [Some(mv("g1f3")), None]);
        history.add_killer(3, mv("b1c3"));
        assert_eq!(history.killers(3), [Some(mv("b1c3")), Some(mv("g1f3"))]);
        history.clear_killers(3);
        assert_eq!(history.killers(3), [None, None]);
        history.add_killer(MAX_PLY + 50, mv("e2e4")); // clamped, no panic
    }
}
