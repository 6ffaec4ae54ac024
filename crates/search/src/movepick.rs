//! The move picker: hands out a node's moves best-first, scoring them once and selecting
//! lazily, since a cutoff usually comes after the first few.
//!
//! Order: hash move, winning and equal captures and queen promotions (MVV-LVA, then capture
//! history), killers, countermove, quiet moves by butterfly and continuation history, then
//! losing captures and under-promotions. Each move
//! comes with its [`MoveClass`], which is what pruning and reductions read: the ordering
//! score may change (new history terms, a staged picker) without changing what they do.

use arrayvec::ArrayVec;
use movegen::{GenKind, MAX_MOVES, Move, MoveList, Position, Role};

use crate::history::{Continuations, History};
use crate::see::{see_ge, see_value};

const TT_MOVE: i32 = 1 << 30;
const GOOD_NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTERMOVE: i32 = KILLER - 2;
const BAD_NOISY: i32 = -(1 << 28);
/// Capture history is divided by this before it joins MVV-LVA (victim values times 8).
const CAPTURE_HISTORY_DIVISOR: i32 = 32;

/// Why the picker hands a move out where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// The hash table's move (of any kind).
    HashMove,
    /// A capture that does not lose material, or a queen promotion.
    GoodNoisy,
    /// A quiet move that caused a cutoff in a sibling node.
    Killer,
    /// The quiet move that last refuted the opponent's previous move.
    Countermove,
    /// Any other quiet move, ordered by history.
    Quiet,
    /// A capture that loses material, or an under-promotion.
    BadNoisy,
}

impl MoveClass {
    /// A move the node had a reason to expect good before searching it: the hash move, a
    /// killer or the countermove. Late move reductions reduce these less.
    pub fn is_expected_good(self) -> bool {
        matches!(
            self,
            MoveClass::HashMove | MoveClass::Killer | MoveClass::Countermove
        )
    }
}

/// A move handed out by the picker: its class, its ordering score and its history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picked {
    /// The move.
    pub mv: Move,
    /// What kind of move it is.
    pub class: MoveClass,
    /// Its ordering score (higher first); meaningful only for comparing moves of one node.
    pub score: i32,
    /// A quiet move's history (butterfly plus continuations), whatever its class; 0 for a
    /// capture or promotion. Pruning and reductions read it: the picker looked it up once.
    pub history: i32,
}

/// A move's ordering score, class and history, as the picker keeps them.
#[derive(Clone, Copy, Debug)]
struct Scored {
    score: i32,
    class: MoveClass,
    history: i32,
}

/// What the picker needs to know to order quiet moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct OrderingHints {
    /// The hash table's move, searched first.
    pub tt_move: Option<Move>,
    /// Killer moves of this ply.
    pub killers: [Option<Move>; 2],
    /// The refutation of the opponent's last move.
    pub countermove: Option<Move>,
    /// The moves 1, 2 and 4 plies back, for continuation history.
    pub continuations: Continuations,
}

/// Yields a node's legal moves in order of promise.
#[derive(Clone, Debug)]
pub struct MovePicker {
    moves: MoveList,
    scores: ArrayVec<Scored, MAX_MOVES>,
    next: usize,
}

impl MovePicker {
    /// All legal moves of `pos`, ordered with `hints` and `history`.
    pub fn new(pos: &Position, hints: &OrderingHints, history: &History) -> MovePicker {
        let mut picker = MovePicker::empty();
        picker.fill(pos, hints, history);
        picker
    }

    /// A picker with no moves, for [`MovePicker::fill`] or [`MovePicker::fill_noisy`].
    ///
    /// The picker is a few kilobytes: the search creates it empty where it keeps it and fills
    /// it there, since one built by a constructor and returned is copied on the way.
    #[inline(always)]
    pub fn empty() -> MovePicker {
        MovePicker {
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
        }
    }

    /// Replaces the picker's moves with all legal moves of `pos`, ordered with `hints` and
    /// `history`.
    pub fn fill(&mut self, pos: &Position, hints: &OrderingHints, history: &History) {
        self.fill_kind(pos, GenKind::All, hints, history);
    }

    /// Replaces the picker's moves with the captures and promotions of `pos` (quiescence
    /// search), ordered by MVV-LVA, capture history and SEE, the hash move first.
    pub fn fill_noisy(&mut self, pos: &Position, tt_move: Option<Move>, history: &History) {
        let hints = OrderingHints {
            tt_move,
            ..OrderingHints::default()
        };
        self.fill_kind(pos, GenKind::Noisy, &hints, history);
    }

    fn fill_kind(
        &mut self,
        pos: &Position,
        kind: GenKind,
        hints: &OrderingHints,
        history: &History,
    ) {
        pos.generate_into(kind, &mut self.moves);
        self.scores.clear();
        for &mv in &self.moves {
            self.scores.push(score_move(pos, mv, hints, history));
        }
        self.next = 0;
    }

    /// How many moves the node has in all.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the node has no moves at all.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best-scored move not yet handed out, with its class, ordering score and history.
    pub fn next_move(&mut self) -> Option<Picked> {
        let first = self.scores.get(self.next)?;
        // The first of the highest scores: ties keep the generation order.
        let (mut best, mut best_score) = (self.next, first.score);
        for (i, s) in self.scores.iter().enumerate().skip(self.next + 1) {
            if s.score > best_score {
                (best, best_score) = (i, s.score);
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let Scored {
            score,
            class,
            history,
        } = self.scores[self.next];
        let picked = Picked {
            mv: self.moves[self.next],
            class,
            score,
            history,
        };
        self.next += 1;
        Some(picked)
    }
}

/// A move's ordering score, class and history.
fn score_move(pos: &Position, mv: Move, hints: &OrderingHints, history: &History) -> Scored {
    let scored = |score, class| Scored {
        score,
        class,
        history: 0,
    };
    let Some(piece) = pos.piece_at(mv.from()) else {
        return scored(BAD_NOISY, MoveClass::BadNoisy);
    };
    let promotion = mv.promotion();
    let victim = pos.captured_role(mv);
    if victim.is_none() && promotion.is_none() {
        let quiet = history.quiet_score(pos.turn(), piece, mv, &hints.continuations);
        let (score, class) = if Some(mv) == hints.tt_move {
            (TT_MOVE, MoveClass::HashMove)
        } else if Some(mv) == hints.killers[0] {
            (KILLER, MoveClass::Killer)
        } else if Some(mv) == hints.killers[1] {
            (KILLER - 1, MoveClass::Killer)
        } else if Some(mv) == hints.countermove {
            (COUNTERMOVE, MoveClass::Countermove)
        } else {
            (quiet, MoveClass::Quiet)
        };
        return Scored {
            score,
            class,
            history: quiet,
        };
    }
    if Some(mv) == hints.tt_move {
        return scored(TT_MOVE, MoveClass::HashMove);
    }
    if let Some(victim) = victim {
        // Capture history moves a capture by at most about half a pawn of victim value.
        let mvv_lva = see_value(victim) * 8 - piece.role.index() as i32
            + promotion.map_or(0, see_value)
            + history.capture_score(piece, mv.to(), victim) / CAPTURE_HISTORY_DIVISOR;
        let good = promotion.is_none_or(|r| r == Role::Queen) && see_ge(pos, mv, 0);
        return if good {
            scored(GOOD_NOISY + mvv_lva, MoveClass::GoodNoisy)
        } else {
            scored(BAD_NOISY + mvv_lva, MoveClass::BadNoisy)
        };
    }
    match promotion {
        Some(Role::Queen) => scored(GOOD_NOISY + see_value(Role::Queen), MoveClass::GoodNoisy),
        _ => scored(
            BAD_NOISY + promotion.map_or(0, see_value),
            MoveClass::BadNoisy,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::PieceTo;
    use movegen::{Color, Piece, Square};

    /// Every class the picker hands out, in the order it promises: hash move, good noisy,
    /// killer, countermove, quiet, bad noisy.
    #[test]
    fn moves_come_with_their_class_in_class_order() {
        // Qxg5 wins a knight, Nxd5 loses it to Rxd5, b8=Q and b8=N promote.
        let pos = Position::from_fen("3rk3/1P6/8/3p2n1/7Q/2N5/8/4K3 w - - 0 1").expect("FEN");
        let mv = |text| pos.parse_uci_move(text, false).expect("legal");
        let hints = OrderingHints {
            tt_move: Some(mv("e1f1")),
            killers: [Some(mv("c3e4")), None],
            countermove: Some(mv("h4h3")),
            ..OrderingHints::default()
        };
        let mut picker = MovePicker::new(&pos, &hints, &History::default());
        let mut picked = Vec::new();
        while let Some(p) = picker.next_move() {
            picked.push(p);
        }
        assert_eq!(picked.len(), pos.legal_moves().len());
        let class_of = |text| {
            let m = mv(text);
            picked.iter().find(|p| p.mv == m).expect("picked").class
        };
        assert_eq!(class_of("e1f1"), MoveClass::HashMove);
        assert_eq!(class_of("h4g5"), MoveClass::GoodNoisy);
        assert_eq!(class_of("b7b8q"), MoveClass::GoodNoisy);
        assert_eq!(class_of("c3e4"), MoveClass::Killer);
        assert_eq!(class_of("h4h3"), MoveClass::Countermove);
        assert_eq!(class_of("c3b5"), MoveClass::Quiet);
        assert_eq!(class_of("c3d5"), MoveClass::BadNoisy);
        assert_eq!(class_of("b7b8n"), MoveClass::BadNoisy);
        let rank = |c: MoveClass| match c {
            MoveClass::HashMove => 0,
            MoveClass::GoodNoisy => 1,
            MoveClass::Killer => 2,
            MoveClass::Countermove => 3,
            MoveClass::Quiet => 4,
            MoveClass::BadNoisy => 5,
        };
        let ranks: Vec<_> = picked.iter().map(|p| rank(p.class)).collect();
        assert!(ranks.is_sorted(), "classes out of order: {picked:?}");
        assert!(picked.windows(2).all(|w| w[0].score >= w[1].score));
    }

    /// Every quiet move comes with its history (butterfly plus continuations) whatever its
    /// class, so pruning and reductions need not look it up again; noisy moves with 0. A
    /// refilled picker holds the new position's moves only.
    #[test]
    fn quiet_moves_carry_their_history_whatever_their_class() {
        let pos = Position::from_fen("3rk3/1P6/8/3p2n1/7Q/2N5/8/4K3 w - - 0 1").expect("FEN");
        let mv = |text| pos.parse_uci_move(text, false).expect("legal");
        let knight = pos.piece_at(mv("c3e4").from()).expect("knight");
        let queen = pos.piece_at(mv("h4h3").from()).expect("queen");
        // Black's last move was a rook to d7.
        let earlier = PieceTo {
            piece: Piece {
                color: Color::Black,
                role: Role::Rook,
            },
            to: Square::D7,
        };
        let continuations = [Some(earlier), None, None];
        let mut history = History::default();
        for (piece, text, bonus) in [
            (knight, "c3e4", 700),
            (queen, "h4h3", -300),
            (knight, "c3b5", 1200),
        ] {
            history.update_quiet(Color::White, piece, mv(text), &continuations, bonus);
        }
        let hints = OrderingHints {
            killers: [Some(mv("c3e4")), None],
            countermove: Some(mv("h4h3")),
            continuations,
            ..OrderingHints::default()
        };
        let mut picker = MovePicker::empty();
        picker.fill(&Position::startpos(), &hints, &history);
        picker.fill(&pos, &hints, &history);
        let mut picked = Vec::new();
        while let Some(p) = picker.next_move() {
            picked.push(p);
        }
        assert_eq!(picked.len(), pos.legal_moves().len());
        let get = |text| *picked.iter().find(|p| p.mv == mv(text)).expect("picked");
        assert_eq!(
            (get("c3e4").class, get("c3e4").history),
            (MoveClass::Killer, 1400)
        );
        assert_eq!(
            (get("h4h3").class, get("h4h3").history),
            (MoveClass::Countermove, -600)
        );
        let quiet = get("c3b5");
        assert_eq!(
            (quiet.class, quiet.history, quiet.score),
            (MoveClass::Quiet, 2400, 2400)
        );
        assert_eq!(get("h4g5").history, 0, "a capture has no quiet history");
        assert_eq!(get("c3a4").history, 0, "a move without a record");
    }
}
