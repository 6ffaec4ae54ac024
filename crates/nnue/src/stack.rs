//! The accumulators along a line of play, one per ply: what a search keeps to evaluate every
//! node of its current line with one small update each.
//!
//! Copy-make, as the search's positions are: the child's accumulator is the parent's plus the
//! rows the move adds and minus the rows it removes, in a slot of its own, so going back up
//! the line undoes nothing and needs no pop. The update is lazy (as in Stockfish's
//! accumulator stack and Viridithas's `NNUEState`): playing a move only notes what it changed,
//! and the rows are added when a node on the line is evaluated, catching up from the nearest
//! ancestor that is up to date. Nodes that are never evaluated cost no update at all.
//!
//! Each perspective's half is brought up to date on its own, as in Stockfish: under horizontal
//! mirroring a king move across the d and e files turns its side's view, as does a king move
//! into another king bucket, and that half cannot be updated through the move. The walk back
//! for that perspective stops there, and the half of the node being evaluated is rebuilt from
//! its position instead, through the stack's [`RefreshCache`]; the nodes in between stay
//! pending for that perspective until one of them is evaluated itself.
//!
//! A line starts from a full [`AccumulatorStack::refresh`] at some ply (the root, or wherever
//! a thread joins the line); every later ply is reached through [`AccumulatorStack::play`] or
//! [`AccumulatorStack::pass`] from the ply before.

use movegen::{Color, Move, Position};

use crate::accumulator::{Accumulator, Nnue};
use crate::features::Delta;
use crate::refresh_cache::RefreshCache;

/// How a slot's position differs from its parent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// By this move.
    Move(Delta),
    /// Not at all: a null move changes no piece (the halves are per colour).
    Null,
}

/// One ply's accumulator, how its position came from the parent's, and which halves are up
/// to date: what [`AccumulatorStack::save`] sets aside.
#[derive(Clone, Copy, Debug)]
pub struct AccumulatorSlot {
    acc: Accumulator,
    change: Change,
    /// Per colour: whether that half is up to date with the position at this ply.
    ready: [bool; 2],
}

impl Default for AccumulatorSlot {
    fn default() -> AccumulatorSlot {
        AccumulatorSlot {
            acc: Accumulator::default(),
            change: Change::Null,
            ready: [true; 2],
        }
    }
}

/// One accumulator per ply of a line, allocated once: plies `0..plies` of
/// [`AccumulatorStack::new`], and the refresh cache that rebuilds a half whose view a king
/// move changes. Every method takes the [`Nnue`] it computes with, so one stack serves
/// whichever network its owner evaluates with (one line, one network at a time; the cache
/// empties itself when the network changes).
#[derive(Debug)]
pub struct AccumulatorStack {
    slots: Box<[AccumulatorSlot]>,
    cache: RefreshCache,
}

impl AccumulatorStack {
    /// A stack for lines of up to `plies` nodes (ply `0` to `plies - 1`).
    pub fn new(plies: usize) -> AccumulatorStack {
        AccumulatorStack {
            slots: vec![AccumulatorSlot::default(); plies].into_boxed_slice(),
            cache: RefreshCache::new(),
        }
    }

    /// Empties the refresh cache (a new game).
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    /// Builds the accumulator of `pos`, the node at `ply`, from scratch: the start of a line.
    pub fn refresh(&mut self, nnue: &Nnue<'_>, ply: usize, pos: &Position) {
        let slot = &mut self.slots[ply];
        nnue.refresh(&mut slot.acc, pos);
        slot.ready = [true; 2];
    }

    /// Notes that the node at `ply + 1` is `pos` (the node at `ply`) after `mv`, a legal
    /// move there. Computes nothing yet.
    #[inline]
    pub fn play(&mut self, ply: usize, pos: &Position, mv: Move) {
        // `of_move` fails only for a move from an empty square, which no legal move is; the
        // child would then have the parent's pieces.
        let slot = &mut self.slots[ply + 1];
        slot.change = Delta::of_move(pos, mv).map_or(Change::Null, Change::Move);
        slot.ready = [false; 2];
    }

    /// Notes that the node at `ply + 1` is the node at `ply` with the move passed (a null
    /// move).
    #[inline]
    pub fn pass(&mut self, ply: usize) {
        let slot = &mut self.slots[ply + 1];
        slot.change = Change::Null;
        slot.ready = [false; 2];
    }

    /// The evaluation of the node at `ply`, the position `pos`, in centipawns for its side to
    /// move: first brings the accumulators from the nearest ready ancestor down to `ply`.
    #[inline]
    pub fn evaluate(&mut self, nnue: &Nnue<'_>, ply: usize, pos: &Position) -> i32 {
        let acc = self.bring_up_to_date(nnue, ply, pos);
        nnue.evaluate(acc, pos)
    }

    /// A copy of the up-to-date accumulator of the node at `ply`, the position `pos`, to
    /// compare with a refresh.
    pub fn current(&mut self, nnue: &Nnue<'_>, ply: usize, pos: &Position) -> Accumulator {
        *self.bring_up_to_date(nnue, ply, pos)
    }

    /// The up-to-date accumulator of the node at `ply`, the position `pos`.
    // Inline so that it is compiled, as the rest of the hot path, into the caller's crate.
    #[inline]
    fn bring_up_to_date(&mut self, nnue: &Nnue<'_>, ply: usize, pos: &Position) -> &Accumulator {
        if self.both_halves_from_one_slot(nnue, ply) {
            return &self.slots[ply].acc;
        }
        for perspective in Color::ALL {
            let side = perspective.index();
            // Back to the nearest slot whose half is ready, or to a move that turns the view
            // (then the half at `ply` is built from `pos`). Every line starts at a refreshed
            // slot, so the walk ends at or above the line's start.
            let mut ready = ply;
            let mut turned = false;
            while !self.slots[ready].ready[side] {
                if let Change::Move(delta) = &self.slots[ready].change
                    && nnue.turns_view(delta, perspective)
                {
                    turned = true;
                    break;
                }
                ready -= 1;
            }
            if turned {
                let slot = &mut self.slots[ply];
                self.cache
                    .refresh_half(nnue, &mut slot.acc, pos, perspective);
                slot.ready[side] = true;
                continue;
            }
            for child in ready + 1..=ply {
                let (parents, rest) = self.slots.split_at_mut(child);
                let (parent, slot) = (&parents[child - 1].acc, &mut rest[0]);
                match &slot.change {
                    Change::Move(delta) => {
                        nnue.update_half(&mut slot.acc, parent, delta, perspective)
                    }
                    Change::Null => nnue.copy_half(&mut slot.acc, parent, perspective),
                }
                slot.ready[side] = true;
            }
        }
        &self.slots[ply].acc
    }

    /// The usual case, done in one pass for both halves: walking back from `ply`, both halves
    /// become ready at the same slot and no move on the way turns a view. Returns false,
    /// having changed nothing, when that is not so.
    #[inline]
    fn both_halves_from_one_slot(&mut self, nnue: &Nnue<'_>, ply: usize) -> bool {
        let mut ready = ply;
        while self.slots[ready].ready == [false; 2] {
            if let Change::Move(delta) = &self.slots[ready].change
                && (nnue.turns_view(delta, Color::White) || nnue.turns_view(delta, Color::Black))
            {
                return false;
            }
            ready -= 1;
        }
        if self.slots[ready].ready != [true; 2] {
            return false;
        }
        for child in ready + 1..=ply {
            let (parents, rest) = self.slots.split_at_mut(child);
            let (parent, slot) = (&parents[child - 1].acc, &mut rest[0]);
            match &slot.change {
                Change::Move(delta) => nnue.update_both(&mut slot.acc, parent, delta),
                Change::Null => {
                    for perspective in Color::ALL {
                        nnue.copy_half(&mut slot.acc, parent, perspective);
                    }
                }
            }
            slot.ready = [true; 2];
        }
        true
    }

    /// Appends a copy of the slots `from..=to` to `saved`, for a line that another one will
    /// overwrite there and that must survive it (a thread that helps elsewhere while its own
    /// line waits). Appended, so that nested saves share one buffer, which stops allocating
    /// once it has grown.
    pub fn save(&self, from: usize, to: usize, saved: &mut Vec<AccumulatorSlot>) {
        saved.extend_from_slice(&self.slots[from..=to]);
    }

    /// Puts back slots taken by [`AccumulatorStack::save`] from `from` on.
    pub fn restore(&mut self, from: usize, saved: &[AccumulatorSlot]) {
        self.slots[from..from + saved.len()].copy_from_slice(saved);
    }
}
