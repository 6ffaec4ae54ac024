//! The move picker: hands out a node's moves best-first in stages, generating and scoring
//! each kind of move only when the moves before it have not cut the node off.
//!
//! Stages, after Stockfish's `movepick.cpp` and Ethereal's `movepicker.c`: the hash move,
//! tested for legality before anything is generated (it may come from another position whose
//! key collided); then the captures and promotions, generated and ordered by MVV-LVA and
//! capture history, each handed out if it does not lose material by SEE (a queen promotion
//! always) and otherwise set aside; then the two killers and the countermove, each tested for
//! legality; then the quiet moves, generated and ordered by butterfly and continuation
//! history; last the losing captures and under-promotions set aside before. Quiescence takes
//! the noisy stages only (all stages when in check, where every evasion counts). A move comes
//! out once, whichever stages could give it, with its [`MoveClass`], which is what pruning and
//! reductions read: the ordering may change without changing what they do.

use arrayvec::ArrayVec;
use movegen::{Bitboard, GenKind, MAX_MOVES, Move, MoveList, Position, Role};

use crate::history::{Continuations, History, Mover};
use crate::params::SearchParams;
use crate::see::{see_ge, see_value};

const TT_MOVE: i32 = 1 << 30;
const GOOD_NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const COUNTERMOVE: i32 = KILLER - 2;
const BAD_NOISY: i32 = -(1 << 28);

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

impl Picked {
    /// A capture or promotion of `class` (its band's base score) with its ordering key.
    fn noisy(mv: Move, class: MoveClass, base: i32, key: i32) -> Self {
        Self {
            mv,
            class,
            score: base + key,
            history: 0,
        }
    }
}

/// What the picker needs to know to order quiet moves.
#[derive(Clone, Copy, Debug, Default)]
pub struct OrderingHints {
    /// The hash table's move, searched first if it is legal here.
    pub tt_move: Option<Move>,
    /// Killer moves of this ply.
    pub killers: [Option<Move>; 2],
    /// The refutation of the opponent's last move.
    pub countermove: Option<Move>,
    /// The moves 1, 2 and 4 plies back, for continuation history.
    pub continuations: Continuations,
    /// The squares the opponent attacks, for the butterfly scores.
    pub threats: Bitboard,
}

/// The picker's stages, in the order it goes through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    HashMove,
    GenerateNoisy,
    GoodNoisy,
    FirstKiller,
    SecondKiller,
    Countermove,
    GenerateQuiets,
    Quiets,
    BadNoisy,
    Done,
}

/// Moves with their ordering keys, handed out best first by selection among those left.
#[derive(Clone, Debug)]
struct ScoredMoves {
    moves: MoveList,
    keys: ArrayVec<i32, MAX_MOVES>,
}

impl ScoredMoves {
    /// Brings the first of the highest keys in `from..end` to `from` and returns it.
    #[inline]
    fn select(&mut self, from: usize, end: usize) -> (Move, i32) {
        let (mut best, mut best_key) = (from, self.keys[from]);
        for i in from + 1..end {
            if self.keys[i] > best_key {
                (best, best_key) = (i, self.keys[i]);
            }
        }
        self.moves.swap(from, best);
        self.keys.swap(from, best);
        (self.moves[from], best_key)
    }

    /// Keeps from `from` on only the moves `keep` accepts, with their keys, in their order.
    fn keep_from(&mut self, from: usize, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = from;
        for i in from..self.moves.len() {
            if keep(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                self.keys[kept] = self.keys[i];
                kept += 1;
            }
        }
        self.moves.truncate(kept);
        self.keys.truncate(kept);
    }
}

/// Yields a node's legal moves in order of promise, generating them stage by stage.
///
/// Each call to [`MovePicker::next_move`] must pass the position the picker was started
/// for. The history passed orders the moves generated during that call: at a split point
/// each thread passes its own, so a stage a helper reaches is ordered by what it has learnt.
#[derive(Clone, Debug)]
pub struct MovePicker {
    stage: Stage,
    /// Only captures and promotions: quiescence out of check.
    noisy_only: bool,
    /// Quiet moves that do not give check are left out: the search would prune them all (it
    /// never prunes a quiet check).
    quiet_checks_only: bool,
    /// Whether the quiet moves not yet handed out have been cut down to the checks.
    quiets_filtered: bool,
    hints: OrderingHints,
    /// The noisy moves: `..bad_end` set aside as losing, `bad_end..next_noisy` handed out,
    /// `next_noisy..` not yet looked at.
    noisy: ScoredMoves,
    bad_end: usize,
    next_noisy: usize,
    /// The next losing noisy move to hand out, below `bad_end`.
    next_bad: usize,
    quiets: ScoredMoves,
    next_quiet: usize,
}

impl MovePicker {
    /// A picker for all legal moves, ordered with `hints` and the history passed to
    /// [`MovePicker::next_move`]. The search starts a picker where it keeps it instead (see
    /// [`MovePicker::empty`]); the tests build one whole.
    #[cfg(test)]
    pub fn new(hints: &OrderingHints) -> MovePicker {
        let mut picker = MovePicker::empty();
        picker.start(hints);
        picker
    }

    /// A picker with no moves, for [`MovePicker::start`] or [`MovePicker::start_noisy`].
    ///
    /// The picker is a few kilobytes: the search creates it empty where it keeps it and starts
    /// it there, since one built by a constructor and returned is copied on the way.
    #[inline(always)]
    pub fn empty() -> MovePicker {
        MovePicker {
            stage: Stage::Done,
            noisy_only: false,
            quiet_checks_only: false,
            quiets_filtered: false,
            hints: OrderingHints::default(),
            noisy: ScoredMoves {
                moves: MoveList::new(),
                keys: ArrayVec::new(),
            },
            bad_end: 0,
            next_noisy: 0,
            next_bad: 0,
            quiets: ScoredMoves {
                moves: MoveList::new(),
                keys: ArrayVec::new(),
            },
            next_quiet: 0,
        }
    }

    /// Starts the picker on a node's legal moves, ordered with `hints`. Nothing is generated
    /// until [`MovePicker::next_move`] needs it.
    #[inline]
    pub fn start(&mut self, hints: &OrderingHints) {
        self.stage = Stage::HashMove;
        self.noisy_only = false;
        self.quiet_checks_only = false;
        self.quiets_filtered = false;
        self.hints = *hints;
    }

    /// Starts the picker on a node's captures and promotions (quiescence search), the hash
    /// move first if it is one of them.
    #[inline]
    pub fn start_noisy(&mut self, tt_move: Option<Move>) {
        self.start(&OrderingHints {
            tt_move,
            ..OrderingHints::default()
        });
        self.noisy_only = true;
    }

    /// Leaves out the killers, countermove and quiet moves not yet handed out, except those
    /// that give check: the search has ruled out every further quiet move but the checks
    /// (late move pruning, futility), so ordering the rest would be wasted.
    #[inline]
    pub fn skip_quiets_except_checks(&mut self) {
        self.quiet_checks_only = true;
    }

    /// The best move of `pos` not yet handed out, with its class, ordering score and history;
    /// `history` orders the moves this call generates.
    pub fn next_move(
        &mut self,
        pos: &Position,
        history: &History,
        params: &SearchParams,
    ) -> Option<Picked> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateNoisy;
                    let Some(mv) = self.hints.tt_move else {
                        continue;
                    };
                    let wanted = !self.noisy_only || !pos.is_quiet(mv);
                    if wanted && pos.is_legal(mv) {
                        let quiet = if pos.is_quiet(mv) {
                            quiet_history(pos, mv, &self.hints, history)
                        } else {
                            0
                        };
                        return Some(Picked {
                            mv,
                            class: MoveClass::HashMove,
                            score: TT_MOVE,
                            history: quiet,
                        });
                    }
                }
                Stage::GenerateNoisy => {
                    self.generate_noisy(pos, history, params);
                    self.stage = Stage::GoodNoisy;
                }
                Stage::GoodNoisy => {
                    if let Some(picked) = self.next_good_noisy(pos) {
                        return Some(picked);
                    }
                    self.stage = if self.noisy_only {
                        Stage::BadNoisy
                    } else {
                        Stage::FirstKiller
                    };
                }
                Stage::FirstKiller | Stage::SecondKiller | Stage::Countermove => {
                    let stage = self.stage;
                    self.stage = match stage {
                        Stage::FirstKiller => Stage::SecondKiller,
                        Stage::SecondKiller => Stage::Countermove,
                        _ => Stage::GenerateQuiets,
                    };
                    if let Some(picked) = self.refutation(pos, history, stage) {
                        return Some(picked);
                    }
                }
                Stage::GenerateQuiets => {
                    self.generate_quiets(pos, history);
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.quiet_checks_only && !self.quiets_filtered {
                        self.quiets
                            .keep_from(self.next_quiet, |mv| pos.gives_check(mv));
                        self.quiets_filtered = true;
                    }
                    let end = self.quiets.moves.len();
                    if self.next_quiet >= end {
                        self.stage = Stage::BadNoisy;
                        continue;
                    }
                    let (mv, key) = self.quiets.select(self.next_quiet, end);
                    self.next_quiet += 1;
                    return Some(Picked {
                        mv,
                        class: MoveClass::Quiet,
                        score: key,
                        history: key,
                    });
                }
                Stage::BadNoisy => {
                    if self.next_bad >= self.bad_end {
                        self.stage = Stage::Done;
                        return None;
                    }
                    let (mv, key) = self.noisy.select(self.next_bad, self.bad_end);
                    self.next_bad += 1;
                    return Some(Picked::noisy(mv, MoveClass::BadNoisy, BAD_NOISY, key));
                }
                Stage::Done => return None,
            }
        }
    }

    /// Generates and scores the captures and promotions, leaving out the hash move (handed
    /// out already when legal).
    fn generate_noisy(&mut self, pos: &Position, history: &History, params: &SearchParams) {
        let noisy = &mut self.noisy;
        pos.generate_into(GenKind::Noisy, &mut noisy.moves);
        if let Some(tt) = self.hints.tt_move {
            noisy.moves.retain(|mv| *mv != tt);
        }
        noisy.keys.clear();
        for &mv in &noisy.moves {
            noisy.keys.push(noisy_key(pos, mv, history, params));
        }
        (self.bad_end, self.next_noisy, self.next_bad) = (0, 0, 0);
    }

    /// The best noisy move left that does not lose material, setting aside the losing ones
    /// met on the way; SEE runs only on the moves reached.
    fn next_good_noisy(&mut self, pos: &Position) -> Option<Picked> {
        let end = self.noisy.moves.len();
        while self.next_noisy < end {
            let (mv, key) = self.noisy.select(self.next_noisy, end);
            let good = mv.promotion().is_none_or(|r| r == Role::Queen)
                && (pos.captured_role(mv).is_none() || see_ge(pos, mv, 0));
            if good {
                self.next_noisy += 1;
                return Some(Picked::noisy(mv, MoveClass::GoodNoisy, GOOD_NOISY, key));
            }
            // Into the losing region, in the order they are met: best key first.
            self.noisy.moves.swap(self.bad_end, self.next_noisy);
            self.noisy.keys.swap(self.bad_end, self.next_noisy);
            self.bad_end += 1;
            self.next_noisy += 1;
        }
        None
    }

    /// The killer or countermove of `stage`, if it is a legal quiet move here that no earlier
    /// stage handed out.
    fn refutation(&self, pos: &Position, history: &History, stage: Stage) -> Option<Picked> {
        let OrderingHints {
            tt_move,
            killers: [first, second],
            countermove,
            ..
        } = self.hints;
        let (mv, earlier, class, score) = match stage {
            Stage::FirstKiller => (first?, [tt_move, None, None], MoveClass::Killer, KILLER),
            Stage::SecondKiller => (
                second?,
                [tt_move, first, None],
                MoveClass::Killer,
                KILLER - 1,
            ),
            _ => (
                countermove?,
                [tt_move, first, second],
                MoveClass::Countermove,
                COUNTERMOVE,
            ),
        };
        if earlier.contains(&Some(mv)) || !pos.is_quiet(mv) || !pos.is_legal(mv) {
            return None;
        }
        if self.quiet_checks_only && !pos.gives_check(mv) {
            return None;
        }
        Some(Picked {
            mv,
            class,
            score,
            history: quiet_history(pos, mv, &self.hints, history),
        })
    }

    /// Generates and scores the quiet moves, leaving out the hash move, killers and
    /// countermove (any of them that is a legal quiet move was handed out already), and the
    /// moves that do not give check if only checks are wanted.
    fn generate_quiets(&mut self, pos: &Position, history: &History) {
        let quiets = &mut self.quiets;
        pos.generate_into(GenKind::Quiet, &mut quiets.moves);
        let h = &self.hints;
        let given = [h.tt_move, h.killers[0], h.killers[1], h.countermove];
        if given.iter().any(Option::is_some) {
            quiets.moves.retain(|mv| !given.contains(&Some(*mv)));
        }
        if self.quiet_checks_only {
            quiets.moves.retain(|mv| pos.gives_check(*mv));
            self.quiets_filtered = true;
        }
        quiets.keys.clear();
        for &mv in &quiets.moves {
            quiets.keys.push(quiet_history(pos, mv, h, history));
        }
        self.next_quiet = 0;
    }
}

/// A quiet move's history: butterfly plus continuation scores.
#[inline]
fn quiet_history(pos: &Position, mv: Move, hints: &OrderingHints, history: &History) -> i32 {
    pos.piece_at(mv.from()).map_or(0, |piece| {
        let mover = Mover {
            side: pos.turn(),
            threats: hints.threats,
        };
        history.quiet_score(mover, piece, mv, &hints.continuations)
    })
}

/// A noisy move's ordering key: MVV-LVA (victim values times 8) with capture history, divided
/// by the parameter `CaptHistDivisor`, for a capture; the promoted piece's value for a
/// promotion.
#[inline]
fn noisy_key(pos: &Position, mv: Move, history: &History, params: &SearchParams) -> i32 {
    let promotion = mv.promotion().map_or(0, see_value);
    match (pos.piece_at(mv.from()), pos.captured_role(mv)) {
        // Capture history moves a capture by at most about half a pawn of victim value.
        (Some(piece), Some(victim)) => {
            see_value(victim) * 8 - piece.role.index() as i32
                + promotion
                + history.capture_score(piece, mv.to(), victim) / params.capt_hist_divisor()
        }
        _ => promotion,
    }
}

#[cfg(test)]
mod tests;
