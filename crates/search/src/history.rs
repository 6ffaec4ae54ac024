//! Move-ordering memory: which moves caused cutoffs before, by side and by whether their
//! squares are attacked, by the moves played before them and by what they captured; the
//! countermove of each move; killers.
//!
//! Continuation history (a quiet move's score given the moves 1, 2 and 4 plies before it) and
//! capture history follow Stockfish and Ethereal: the same gravity update as the butterfly
//! table, one more index. Every table is a [`Table`] of [`Stat`]s (or of moves, for the
//! countermoves), and states its bound and its index in its type below; [`Reward`] says what
//! a cutoff teaches each table.
//!
//! Killers are per ply, and live in the search's ply frame; the countermoves are indexed by
//! the move they answer, wherever in the tree it was played, so they are a table here.

mod table;

use movegen::{Bitboard, Color, Move, Piece, Role, Square};

use crate::params::SearchParams;

pub(crate) use table::{HistoryIndex, Stat, Table};

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

/// Slots by piece, then destination.
impl HistoryIndex for PieceTo {
    const SIZE: usize = 12 * 64;

    #[inline]
    fn slot(self) -> usize {
        self.piece.index() * 64 + self.to.index()
    }
}

/// Who moves, and the squares the opponent attacks: what the butterfly table knows of a quiet
/// move's setting besides the move. A move that takes a piece out of an attack, or into one,
/// is a different move from the same one played in peace (threat-aware butterfly history, as
/// in Berserk and Viridithas).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    /// The side to move.
    pub side: Color,
    /// The squares the other side attacks.
    pub threats: Bitboard,
}

impl Mover {
    /// The side to move in `pos`, and what its opponent attacks there.
    #[inline]
    pub fn of(pos: &movegen::Position) -> Mover {
        let side = pos.turn();
        Mover {
            side,
            threats: pos.attacks_by(!side),
        }
    }
}

/// A quiet move of one side: slots by side, whether its from-square and its to-square are
/// attacked, then from-square and to-square.
impl HistoryIndex for (Mover, Move) {
    const SIZE: usize = 2 * 2 * 2 * 64 * 64;

    #[inline]
    fn slot(self) -> usize {
        let (mover, mv) = self;
        let (from, to) = (mv.from(), mv.to());
        let threatened = |sq| usize::from(mover.threats.contains(sq));
        let setting = (mover.side.index() * 2 + threatened(from)) * 2 + threatened(to);
        (setting * 64 + from.index()) * 64 + to.index()
    }
}

/// A move after an earlier one: slots by the earlier move, then the move.
impl HistoryIndex for (PieceTo, PieceTo) {
    const SIZE: usize = PieceTo::SIZE * PieceTo::SIZE;

    #[inline]
    fn slot(self) -> usize {
        let (earlier, now) = self;
        earlier.slot() * PieceTo::SIZE + now.slot()
    }
}

/// A capture: slots by the capturing piece, its destination, then the captured role.
impl HistoryIndex for (PieceTo, Role) {
    const SIZE: usize = PieceTo::SIZE * 6;

    #[inline]
    fn slot(self) -> usize {
        let (capture, victim) = self;
        capture.slot() * 6 + victim.index()
    }
}

/// The bound of the quiet-move scores (butterfly and continuation), which the move picker sums.
pub const QUIET_LIMIT: i32 = 16_384;
/// The bound of the capture scores.
pub const CAPTURE_LIMIT: i32 = 16_384;

/// Quiet moves by side, the threats on both squares, from-square and to-square (the butterfly
/// board).
type Butterfly = Table<(Mover, Move), Stat<QUIET_LIMIT>, { <(Mover, Move)>::SIZE }>;
/// Quiet moves by the earlier move, then the move's piece and destination (1.2 MB).
type Continuation = Table<(PieceTo, PieceTo), Stat<QUIET_LIMIT>, { <(PieceTo, PieceTo)>::SIZE }>;
/// Captures by the capturing piece, its destination and the captured role.
type Capture = Table<(PieceTo, Role), Stat<CAPTURE_LIMIT>, { <(PieceTo, Role)>::SIZE }>;
/// The reply that last refuted a move, by the moved piece and its destination. The move it
/// answers may have been played at any ply, so this is learnt across the tree, not per ply.
type Countermoves = Table<PieceTo, Option<Move>, { PieceTo::SIZE }>;

/// What a cutoff at some depth teaches a history table: the move that caused it gains
/// `bonus`, each move of its kind tried before it loses `malus`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reward {
    /// Added to the cutoff move's score.
    pub bonus: i32,
    /// Taken from the scores of the moves tried before it.
    pub malus: i32,
}

/// How a bonus or malus grows with the depth of the cutoff: `quad` d^2 + `lin` d, at most
/// `max` (three rows of the parameter table).
type Growth = (i32, i32, i32);

impl Reward {
    /// The reward of a cutoff at `depth`, bonus and malus each growing as given.
    #[inline]
    fn at_depth(depth: i32, bonus: Growth, malus: Growth) -> Reward {
        let grow = |(quad, lin, max): Growth| (depth * depth * quad + lin * depth).min(max);
        Reward {
            bonus: grow(bonus),
            malus: grow(malus),
        }
    }

    /// The butterfly table's reward for a cutoff at `depth`.
    #[inline]
    pub fn butterfly(p: &SearchParams, depth: i32) -> Reward {
        Reward::at_depth(
            depth,
            (
                p.quiet_bonus_quad(),
                p.quiet_bonus_lin(),
                p.quiet_bonus_max(),
            ),
            (
                p.quiet_malus_quad(),
                p.quiet_malus_lin(),
                p.quiet_malus_max(),
            ),
        )
    }

    /// The continuation tables' reward for a cutoff at `depth`.
    #[inline]
    pub fn continuation(p: &SearchParams, depth: i32) -> Reward {
        Reward::at_depth(
            depth,
            (p.cont_bonus_quad(), p.cont_bonus_lin(), p.cont_bonus_max()),
            (p.cont_malus_quad(), p.cont_malus_lin(), p.cont_malus_max()),
        )
    }

    /// The capture table's reward for a cutoff at `depth`.
    #[inline]
    pub fn capture(p: &SearchParams, depth: i32) -> Reward {
        Reward::at_depth(
            depth,
            (p.capt_bonus_quad(), p.capt_bonus_lin(), p.capt_bonus_max()),
            (p.capt_malus_quad(), p.capt_malus_lin(), p.capt_malus_max()),
        )
    }
}

/// What a thread has learnt about moves: which ones caused cutoffs before, and which reply
/// refuted which move.
#[derive(Clone, Debug, Default)]
pub struct History {
    butterfly: Butterfly,
    continuation: Continuation,
    capture: Capture,
    countermoves: Countermoves,
}

impl History {
    /// Forgets everything (for `ucinewgame`).
    pub fn clear(&mut self) {
        self.butterfly.clear();
        self.continuation.clear();
        self.capture.clear();
        self.countermoves.clear();
    }

    /// The butterfly score of a quiet move.
    #[inline]
    pub fn score(&self, mover: Mover, mv: Move) -> i32 {
        self.butterfly[(mover, mv)].get()
    }

    /// Adds `bonus` (negative for a malus) to the butterfly score, with gravity.
    #[inline]
    pub fn update(&mut self, mover: Mover, mv: Move, bonus: i32) {
        self.butterfly[(mover, mv)].update(bonus);
    }

    /// The continuation score of `piece` playing `mv` after the earlier move `earlier`.
    #[inline]
    pub fn continuation(&self, earlier: PieceTo, piece: Piece, mv: Move) -> i32 {
        self.continuation[(earlier, PieceTo { piece, to: mv.to() })].get()
    }

    /// A quiet move's ordering score: its butterfly score plus its continuation scores after
    /// the moves in `earlier`.
    #[inline]
    pub fn quiet_score(
        &self,
        mover: Mover,
        piece: Piece,
        mv: Move,
        earlier: &Continuations,
    ) -> i32 {
        earlier
            .iter()
            .flatten()
            .map(|&e| self.continuation(e, piece, mv))
            .sum::<i32>()
            + self.score(mover, mv)
    }

    /// Adds `butterfly` to the move's butterfly score and `continuation` to each of its
    /// continuation scores (negative for a malus): every table `quiet_score` reads.
    #[inline]
    pub fn update_quiet(
        &mut self,
        mover: Mover,
        piece: Piece,
        mv: Move,
        earlier: &Continuations,
        (butterfly, continuation): (i32, i32),
    ) {
        self.update(mover, mv, butterfly);
        let now = PieceTo { piece, to: mv.to() };
        for &e in earlier.iter().flatten() {
            self.continuation[(e, now)].update(continuation);
        }
    }

    /// The capture history of `piece` taking a `victim` on `to`.
    #[inline]
    pub fn capture_score(&self, piece: Piece, to: Square, victim: Role) -> i32 {
        self.capture[(PieceTo { piece, to }, victim)].get()
    }

    /// Adds `bonus` to the capture history of `piece` taking a `victim` on `to`.
    #[inline]
    pub fn update_capture(&mut self, piece: Piece, to: Square, victim: Role, bonus: i32) {
        self.capture[(PieceTo { piece, to }, victim)].update(bonus);
    }

    /// The move that last refuted `piece` moving to `to`.
    #[inline]
    pub fn countermove(&self, piece: Piece, to: Square) -> Option<Move> {
        self.countermoves[PieceTo { piece, to }]
    }

    /// Records `reply` as the refutation of `piece` moving to `to`.
    #[inline]
    pub fn set_countermove(&mut self, piece: Piece, to: Square, reply: Move) {
        self.countermoves[PieceTo { piece, to }] = Some(reply);
    }
}

/// Two quiet moves that caused beta cutoffs in sibling nodes (nodes of one ply), newest
/// first. They belong to the ply, and are kept in the search's ply frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Killers([Option<Move>; 2]);

impl Killers {
    /// The two killers, newest first.
    #[inline]
    pub fn moves(self) -> [Option<Move>; 2] {
        self.0
    }

    /// Records a quiet cutoff move as the first killer (the first becomes the second, unless
    /// it is the same move).
    #[inline]
    pub fn add(&mut self, mv: Move) {
        if self.0[0] != Some(mv) {
            self.0[1] = self.0[0];
            self.0[0] = Some(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    /// `side` to move with nothing of its own attacked.
    fn in_peace(side: Color) -> Mover {
        Mover {
            side,
            threats: Bitboard::EMPTY,
        }
    }

    fn a_move() -> Move {
        Position::startpos()
            .parse_uci_move("g1f3", false)
            .expect("legal")
    }

    /// Gravity keeps every butterfly score within ±QUIET_LIMIT whatever the old score and the
    /// bonus, and a bonus never moves a score the wrong way.
    #[test]
    fn gravity_keeps_scores_in_bounds() {
        let params = SearchParams::default();
        let max_bonus = (1..=64)
            .map(|d| Reward::butterfly(&params, d).bonus)
            .max()
            .expect("depths");
        assert!(max_bonus <= QUIET_LIMIT);
        let mv = a_move();
        for start in (-QUIET_LIMIT..=QUIET_LIMIT).step_by(1024) {
            for bonus in (-max_bonus..=max_bonus).step_by(100) {
                let mut history = History::default();
                let side = Color::White;
                history.butterfly[(in_peace(side), mv)] = Stat::new(start);
                history.update(in_peace(side), mv, bonus);
                let new = history.score(in_peace(side), mv);
                assert!(
                    (-QUIET_LIMIT..=QUIET_LIMIT).contains(&new),
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
        let bonus = Reward::butterfly(&params, 20).bonus;
        let (mut history, mv, side) = (History::default(), a_move(), Color::Black);
        for _ in 0..1000 {
            history.update(in_peace(side), mv, bonus);
        }
        let top = history.score(in_peace(side), mv);
        assert!(top <= QUIET_LIMIT && top > QUIET_LIMIT * 9 / 10, "{top}");
        assert_eq!(
            history.score(in_peace(Color::White), mv),
            0,
            "the other side's table is apart"
        );
        history.update(in_peace(side), mv, -bonus);
        assert!(history.score(in_peace(side), mv) < top);
        for _ in 0..1000 {
            history.update(in_peace(side), mv, -bonus);
        }
        assert!(history.score(in_peace(side), mv) >= -QUIET_LIMIT);
    }

    #[test]
    fn the_bonus_grows_with_depth_up_to_its_cap() {
        let params = SearchParams::default();
        let rewards = [Reward::butterfly, Reward::continuation, Reward::capture];
        for reward in rewards {
            let steps: Vec<Reward> = (1..=40).map(|d| reward(&params, d)).collect();
            for step in [|r: &Reward| r.bonus, |r: &Reward| r.malus] {
                let by_depth: Vec<i32> = steps.iter().map(step).collect();
                assert!(by_depth.is_sorted() && by_depth[0] > 0, "{by_depth:?}");
                assert_eq!(by_depth[39], by_depth[38], "capped deep down");
            }
        }
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
        history.update_quiet(
            in_peace(Color::White),
            knight,
            mv,
            &[Some(e5), None, None],
            (1000, 1000),
        );
        assert_eq!(history.score(in_peace(Color::White), mv), 1000);
        assert_eq!(history.continuation(e5, knight, mv), 1000);
        assert_eq!(history.continuation(d5, knight, mv), 0);
        let both = [Some(e5), None, Some(d5)];
        assert_eq!(
            history.quiet_score(in_peace(Color::White), knight, mv, &both),
            2000
        );
        history.update_quiet(in_peace(Color::White), knight, mv, &both, (-300, -300));
        let butterfly = history.score(in_peace(Color::White), mv);
        let (after_e5, after_d5) = (
            history.continuation(e5, knight, mv),
            history.continuation(d5, knight, mv),
        );
        assert!(butterfly < 1000 && after_e5 < 1000 && after_d5 == -300);
        assert_eq!(
            history.quiet_score(in_peace(Color::White), knight, mv, &both),
            butterfly + after_e5 + after_d5
        );
        assert_eq!(
            history.quiet_score(in_peace(Color::Black), knight, mv, &[None, None, None]),
            0
        );
    }

    /// A quiet move's butterfly score is kept apart by whether its from- and to-squares are
    /// attacked: what a knight learnt leaving an attacked square says nothing of the same
    /// move played in peace. The opponent's attacks come from the position.
    #[test]
    fn butterfly_scores_are_kept_apart_by_threats() {
        let pos = Position::from_fen("4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1").expect("fen");
        let mover = Mover::of(&pos);
        assert!(mover.threats.contains(Square::D4) && mover.threats.contains(Square::F4));
        assert!(!mover.threats.contains(Square::F3) && !mover.threats.contains(Square::E4));
        let into_attack = pos.parse_uci_move("f3d4", false).expect("legal");
        let mut history = History::default();
        history.update(mover, into_attack, 700);
        assert_eq!(history.score(mover, into_attack), 700);
        assert_eq!(history.score(in_peace(Color::White), into_attack), 0);
        let fleeing = Mover {
            threats: Square::F3.bitboard(),
            ..in_peace(Color::White)
        };
        assert_eq!(history.score(fleeing, into_attack), 0);
        history.update(fleeing, into_attack, -400);
        assert_eq!(history.score(fleeing, into_attack), -400);
        assert_eq!(history.score(mover, into_attack), 700);
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
        let mut killers = Killers::default();
        killers.add(mv("g1f3"));
        killers.add(mv("g1f3"));
        assert_eq!(killers.moves(), [Some(mv("g1f3")), None]);
        killers.add(mv("b1c3"));
        assert_eq!(killers.moves(), [Some(mv("b1c3")), Some(mv("g1f3"))]);
        killers.add(mv("e2e4"));
        assert_eq!(killers.moves(), [Some(mv("e2e4")), Some(mv("b1c3"))]);
    }

    /// No reward a tuner may ask for can step past a table's bound: gravity keeps scores
    /// within the bound only for steps no larger than it.
    #[test]
    fn every_reward_a_tuner_may_set_fits_its_table() {
        let limits = [
            ("QuietBonusMax", QUIET_LIMIT),
            ("QuietMalusMax", QUIET_LIMIT),
            ("ContBonusMax", QUIET_LIMIT),
            ("ContMalusMax", QUIET_LIMIT),
            ("CaptBonusMax", CAPTURE_LIMIT),
            ("CaptMalusMax", CAPTURE_LIMIT),
        ];
        for (row, limit) in limits {
            let spec = crate::params::find_param(row).expect("row");
            assert!(spec.max <= limit, "{row} may reach {} > {limit}", spec.max);
        }
    }

    /// Countermoves are kept per piece and destination of the move they answer.
    #[test]
    fn a_countermove_answers_one_piece_on_one_square() {
        let pos = Position::startpos();
        let reply = pos.parse_uci_move("g1f3", false).expect("legal");
        let pawn = Piece {
            color: Color::Black,
            role: Role::Pawn,
        };
        let knight = Piece {
            color: Color::Black,
            role: Role::Knight,
        };
        let mut history = History::default();
        history.set_countermove(pawn, Square::E5, reply);
        assert_eq!(history.countermove(pawn, Square::E5), Some(reply));
        assert_eq!(history.countermove(pawn, Square::D5), None);
        assert_eq!(history.countermove(knight, Square::E5), None);
        history.clear();
        assert_eq!(history.countermove(pawn, Square::E5), None);
    }
}
