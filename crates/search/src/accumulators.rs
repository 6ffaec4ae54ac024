//! The network's accumulators along the current line, one per ply, kept by the worker.
//!
//! Copy-make, as the positions are: the child's accumulator is the parent's plus the rows the
//! move adds and minus the rows it removes, in a slot of its own, so going back up the line
//! undoes nothing. The update is lazy (as in Stockfish's accumulator stack and Viridithas's
//! `NNUEState`): making a move only notes what it changed, and the rows are added when a node
//! on the line is evaluated, catching up from the nearest ancestor that is up to date. Nodes cut
//! off by the table, in check, or whose evaluation the table holds then cost no update at all.
//!
//! A line starts from a full refresh: at the root, and at a split point where a helper joins
//! (its line starts at the split point's ply).

use movegen::{Move, Position};
use nnue::{Accumulator, Delta, Nnue};

use crate::score::MAX_PLY;

/// What a slot's accumulator is, relative to its parent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Up to date with the position at this ply.
    Ready,
    /// The parent's, changed by this move (not yet applied).
    Move(Delta),
    /// The parent's as it is: a null move changes no piece (the halves are per colour).
    Null,
}

/// One ply's accumulator and whether it is up to date.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    acc: Accumulator,
    state: State,
}

/// One accumulator per ply of the current line, allocated once with the worker.
#[derive(Debug)]
pub(crate) struct AccumulatorStack {
    slots: Box<[Slot]>,
}

impl Default for AccumulatorStack {
    fn default() -> AccumulatorStack {
        let slot = Slot {
            acc: Accumulator::default(),
            state: State::Ready,
        };
        AccumulatorStack {
            // One per ply and one for the children of the last, as the ply stack.
            slots: vec![slot; MAX_PLY + 2].into_boxed_slice(),
        }
    }
}

impl AccumulatorStack {
    /// Builds the accumulator of `pos`, the node at `ply`, from scratch: the start of a line.
    pub fn refresh(&mut self, nnue: &Nnue<'_>, ply: usize, pos: &Position) {
        let slot = &mut self.slots[ply];
        nnue.refresh(&mut slot.acc, pos);
        slot.state = State::Ready;
    }

    /// Notes that the node at `ply + 1` is `pos` (the node at `ply`) after `mv`.
    #[inline]
    pub fn play(&mut self, ply: usize, pos: &Position, mv: Move) {
        // `of_move` fails only for a move from an empty square, which no legal move is; the
        // child would then have the parent's pieces.
        self.slots[ply + 1].state = Delta::of_move(pos, mv).map_or(State::Null, State::Move);
    }

    /// Notes that the node at `ply + 1` is the node at `ply` with the move passed.
    #[inline]
    pub fn pass(&mut self, ply: usize) {
        self.slots[ply + 1].state = State::Null;
    }

    /// The evaluation of the node at `ply`, the position `pos`, in centipawns for its side to
    /// move: first brings the accumulators from the nearest ready ancestor down to `ply`.
    #[inline]
    pub fn evaluate(&mut self, nnue: &Nnue<'_>, ply: usize, pos: &Position) -> i32 {
        let acc = self.bring_up_to_date(nnue, ply);
        nnue.evaluate(acc, pos)
    }

    /// The up-to-date accumulator of the node at `ply`.
    fn bring_up_to_date(&mut self, nnue: &Nnue<'_>, ply: usize) -> &Accumulator {
        // Every line starts at a refreshed slot, so the walk ends at or above the line's start.
        let mut ready = ply;
        while ready > 0 && !matches!(self.slots[ready].state, State::Ready) {
            ready -= 1;
        }
        for child in ready + 1..=ply {
            let (parents, rest) = self.slots.split_at_mut(child);
            let (parent, slot) = (&parents[child - 1].acc, &mut rest[0]);
            match slot.state {
                State::Move(delta) => nnue.update(&mut slot.acc, parent, &delta),
                State::Null => slot.acc = *parent,
                State::Ready => {}
            }
            slot.state = State::Ready;
        }
        &self.slots[ply].acc
    }

    /// The up-to-date accumulator of the node at `ply`, for the tests to compare.
    #[cfg(test)]
    pub fn current(&mut self, nnue: &Nnue<'_>, ply: usize) -> Accumulator {
        *self.bring_up_to_date(nnue, ply)
    }

    /// A copy of the slots `from..=to`, for a thread that helps at a split point while its own
    /// line there must survive.
    pub fn save(&self, from: usize, to: usize) -> Vec<Slot> {
        self.slots[from..=to].to_vec()
    }

    /// Puts back slots taken by [`AccumulatorStack::save`] from `from` on.
    pub fn restore(&mut self, from: usize, saved: &[Slot]) {
        self.slots[from..from + saved.len()].copy_from_slice(saved);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::Ordering::Relaxed;

    use movegen::MoveKind;
    use nnue::Network;
    use tt::TranspositionTable;

    use super::*;
    use crate::control::SearchControl;
    use crate::evaluate::checks;
    use crate::searcher::Searcher;
    use crate::smp::pool_state::PoolState as Crew;
    use crate::worker::Worker;

    /// Positions where castling (standard and Chess960), en passant and promotions are near.
    const POSITIONS: &[&str] = &[
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];

    /// A small deterministic generator (SplitMix64).
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            ((z ^ (z >> 31)) % n as u64) as usize
        }
    }

    /// Kinds of steps taken along the walks.
    #[derive(Default, Debug)]
    struct Seen {
        castles: u32,
        en_passants: u32,
        promotions: u32,
        captures: u32,
        nulls: u32,
        evaluations: u32,
    }

    /// From `pos`, the node at `ply`, two random children (moves through `with_move`, now
    /// and then a null move through `with_null`) to `depth` plies, evaluating about half the
    /// nodes: the lazy update must catch up over several plies, and siblings reuse slots.
    fn walk(
        s: &mut Searcher<'_>,
        pos: &Position,
        ply: usize,
        depth: u32,
        rng: &mut Rng,
        seen: &mut Seen,
    ) {
        if rng.below(2) == 0 && !pos.in_check() {
            s.static_eval(pos, ply);
            seen.evaluations += 1;
        }
        let moves = pos.legal_moves();
        if depth == 0 || moves.is_empty() {
            return;
        }
        for _ in 0..2 {
            let previous_null = ply > 0 && s.worker.stack[ply - 1].mv.is_none();
            if rng.below(8) == 0 && !pos.in_check() && !previous_null {
                seen.nulls += 1;
                s.with_null(pos, ply, |s, child| {
                    walk(s, child, ply + 1, depth - 1, rng, seen)
                });
                continue;
            }
            // Special moves are rare among legal moves: take one when there is one, half the time.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| mv.kind() != MoveKind::Normal || pos.piece_at(mv.to()).is_some())
                .collect();
            let mv = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            match mv.kind() {
                MoveKind::Castle => seen.castles += 1,
                MoveKind::EnPassant => seen.en_passants += 1,
                _ if mv.promotion().is_some() => seen.promotions += 1,
                _ if pos.piece_at(mv.to()).is_some() => seen.captures += 1,
                _ => {}
            }
            s.with_move(pos, mv, ply, |s, child| {
                walk(s, child, ply + 1, depth - 1, rng, seen)
            });
        }
    }

    fn embedded() -> Arc<Network> {
        Arc::new(Network::embedded().clone())
    }

    /// Along random lines from positions full of special moves, the lazily updated accumulator
    /// equals a fresh refresh at every evaluated ply (the check runs inside `static_eval`).
    #[test]
    fn updated_accumulators_equal_a_refresh_along_random_lines() {
        let tt = TranspositionTable::new(1).expect("table");
        let (control, crew) = (SearchControl::default(), Crew::new(1));
        let mut worker = Worker::new();
        worker.set_network(Some(embedded()));
        let mut seen = Seen::default();
        let drifts_before = checks::DRIFTS.load(Relaxed);
        let mut rng = Rng(15);
        for fen in POSITIONS {
            let pos = Position::from_fen(fen).expect("FEN");
            worker.keys.clear();
            worker.keys.push(pos.key());
            let mut s = worker.searcher(&tt, &control, &crew, 0, None);
            s.refresh_accumulator(&pos, 0);
            for _ in 0..4 {
                walk(&mut s, &pos, 0, 9, &mut rng, &mut seen);
            }
        }
        assert_eq!(checks::DRIFTS.load(Relaxed), drifts_before, "{seen:?}");
        for (kind, count) in [
            ("castles", seen.castles),
            ("en passant captures", seen.en_passants),
            ("promotions", seen.promotions),
            ("captures", seen.captures),
            ("null moves", seen.nulls),
        ] {
            assert!(count > 20, "too few {kind} to test them: {seen:?}");
        }
        assert!(seen.evaluations > 10_000, "{seen:?}");
    }

    /// The check itself: an accumulator that does not belong to the position is caught.
    #[test]
    fn an_accumulator_of_another_position_is_seen_as_a_drift() {
        let start = Position::startpos();
        let mut after = start.clone();
        after.play(start.parse_uci_move("e2e4", false).expect("legal"));
        let nnue = Nnue::new(Network::embedded());
        let mut stack = AccumulatorStack::default();
        stack.refresh(&nnue, 0, &start);
        assert!(checks::matches_refresh(&mut stack, &nnue, &start, 0));
        assert!(!checks::matches_refresh(&mut stack, &nnue, &after, 0));
        stack.play(
            0,
            &start,
            start.parse_uci_move("e2e4", false).expect("legal"),
        );
        assert!(checks::matches_refresh(&mut stack, &nnue, &after, 1));
    }
}
