//! The accumulator: the feature transformer's output for both perspectives, built from scratch
//! or from the parent position's by adding and removing the rows a move changes.

use movegen::{Color, Move, Position, Role};

use crate::features::{Delta, Placement, placements};
use crate::network::Network;
use crate::simd::{Backend, Row};

/// The hidden layer before activation, one half per colour (White's view, Black's view).
/// Indexed by colour rather than by side to move, so a null move needs no update.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    halves: [Row; 2],
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            halves: [Row::ZERO; 2],
        }
    }
}

impl Accumulator {
    /// The half seen from `perspective`.
    pub fn half(&self, perspective: Color) -> &Row {
        &self.halves[perspective.index()]
    }
}

/// A network with the backend that runs it: everything the search needs to evaluate.
#[derive(Clone, Copy, Debug)]
pub struct Nnue<'n> {
    net: &'n Network,
    backend: Backend,
}

impl<'n> Nnue<'n> {
    /// `net` on the widest instruction set this CPU has.
    pub fn new(net: &'n Network) -> Nnue<'n> {
        Nnue::with_backend(net, Backend::best())
    }

    /// `net` on `backend`.
    pub fn with_backend(net: &'n Network, backend: Backend) -> Nnue<'n> {
        Nnue { net, backend }
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The accumulator of `pos`, computed from scratch.
    pub fn refresh(&self, acc: &mut Accumulator, pos: &Position) {
        for perspective in Color::ALL {
            let half = &mut acc.halves[perspective.index()];
            *half = self.net.ft_bias;
            // Four rows per pass keep the kernel's loads and stores of `half` few.
            let mut batch = [&Row::ZERO; 4];
            let mut n = 0;
            for p in placements(pos) {
                batch[n] = &self.net.ft_weights[p.feature(perspective).index()];
                n += 1;
                if n == batch.len() {
                    let src = *half;
                    self.backend.update(half, &src, &batch, &[]);
                    n = 0;
                }
            }
            let src = *half;
            self.backend.update(half, &src, &batch[..n], &[]);
        }
    }

    /// `child = parent` updated by `delta` (the changes of a move, [`Delta::of_move`]).
    #[inline]
    pub fn update(&self, child: &mut Accumulator, parent: &Accumulator, delta: &Delta) {
        for perspective in Color::ALL {
            let mut add = [&Row::ZERO; 2];
            let mut sub = [&Row::ZERO; 2];
            let (mut n_add, mut n_sub) = (0, 0);
            for p in delta.added() {
                add[n_add] = &self.net.ft_weights[p.feature(perspective).index()];
                n_add += 1;
            }
            for p in delta.removed() {
                sub[n_sub] = &self.net.ft_weights[p.feature(perspective).index()];
                n_sub += 1;
            }
            let i = perspective.index();
            self.backend.update(
                &mut child.halves[i],
                &parent.halves[i],
                &add[..n_add],
                &sub[..n_sub],
            );
        }
    }

    /// `child` for the position after `mv` in `pos` (which must be legal there), from the
    /// accumulator of `pos`. Returns false, leaving `child` alone, when `mv` moves no piece.
    pub fn update_for_move(
        &self,
        child: &mut Accumulator,
        parent: &Accumulator,
        pos: &Position,
        mv: Move,
    ) -> bool {
        match Delta::of_move(pos, mv) {
            Some(delta) => {
                self.update(child, parent, &delta);
                true
            }
            None => false,
        }
    }

    /// The evaluation of `pos` in centipawns for its side to move, from its up-to-date
    /// accumulator `acc`. The position picks the output bucket (by its piece count) and the
    /// perspective; the accumulator holds everything else.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, pos: &Position) -> i32 {
        let side_to_move = pos.turn();
        let bucket = self.net.buckets().of(pos);
        self.net.output(
            acc.half(side_to_move),
            acc.half(!side_to_move),
            bucket,
            self.backend,
        )
    }

    /// The evaluation of `pos` from scratch, in centipawns for the side to move.
    pub fn evaluate_position(&self, pos: &Position) -> i32 {
        let mut acc = Accumulator::default();
        self.refresh(&mut acc, pos);
        self.evaluate(&acc, pos)
    }

    /// What each piece but the kings is worth to the network in `pos`: the evaluation less
    /// the evaluation with that piece taken off the board (the output head of one piece
    /// fewer), in centipawns for the side to move, square by square from a1. Stockfish's
    /// `eval` shows the same "NNUE derived piece values". The position without the piece
    /// need not be legal: only the network sees it.
    pub fn piece_values(&self, pos: &Position) -> Vec<(Placement, i32)> {
        let mut acc = Accumulator::default();
        self.refresh(&mut acc, pos);
        let whole = self.evaluate(&acc, pos);
        let side_to_move = pos.turn();
        let fewer = self
            .net
            .buckets()
            .of_pieces((pos.occupied().count() as usize).saturating_sub(1));
        let mut without = Accumulator::default();
        placements(pos)
            .filter(|p| p.piece.role != Role::King)
            .map(|p| {
                self.update(&mut without, &acc, &Delta::removal(p));
                let rest = self.net.output(
                    without.half(side_to_move),
                    without.half(!side_to_move),
                    fewer,
                    self.backend,
                );
                (p, whole - rest)
            })
            .collect()
    }
}
