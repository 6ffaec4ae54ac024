//! The accumulator: the feature transformer's output for both perspectives, built from scratch
//! or from the parent position's by adding and removing the rows a move changes.

use movegen::{Color, Move, Piece, Position, Role};

use crate::arch::MAX_HIDDEN;
use crate::features::{Delta, Orientation, Placement, Shape, placements};
use crate::king_buckets::View;
use crate::network::{Layers, Network, with_layers};
use crate::simd::{Backend, Lanes, Row};

/// The hidden layer before activation, one half per colour (White's view, Black's view), each
/// with the view (orientation and king bucket) it was built in. Indexed by colour rather than by side to move, so a
/// null move needs no update. Room for the widest network this build runs; a network of
/// width `H` uses the first `2H` lanes, White's half first, so that a narrow network's two
/// halves lie together in memory.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Accumulator {
    lanes: Row<{ 2 * MAX_HIDDEN }>,
    view: [View; 2],
    /// The width of the network that last wrote it (0 for none): the lanes that count.
    width: u16,
}

impl Default for Accumulator {
    fn default() -> Accumulator {
        Accumulator {
            lanes: Row([0; 2 * MAX_HIDDEN]),
            view: [View::default(); 2],
            width: 0,
        }
    }
}

/// Accumulators are equal when the lanes that count are (the others may hold what a wider
/// network left there).
impl PartialEq for Accumulator {
    fn eq(&self, other: &Accumulator) -> bool {
        self.width == other.width
            && self.view == other.view
            && Color::ALL
                .into_iter()
                .all(|c| self.half(c) == other.half(c))
    }
}

impl Eq for Accumulator {}

impl std::fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [white, black] =
            [Color::White, Color::Black].map(|c| &self.half(c)[..4.min(self.width as usize)]);
        write!(
            f,
            "Accumulator(width {}, {:?}, white {white:?}..., black {black:?}...)",
            self.width, self.view
        )
    }
}

impl Accumulator {
    /// The half seen from `perspective`: the lanes of the network that computed it.
    pub fn half(&self, perspective: Color) -> &[i16] {
        let width = usize::from(self.width);
        &self.lanes.0[perspective.index() * width..][..width]
    }

    /// How `perspective`'s half sees the board: turned or not.
    pub fn orientation(&self, perspective: Color) -> Orientation {
        self.view[perspective.index()].orientation()
    }

    /// How `perspective`'s half sees the board: its orientation and king bucket.
    #[inline]
    pub fn view(&self, perspective: Color) -> View {
        self.view[perspective.index()]
    }

    /// `perspective`'s half for a network of width `H`.
    #[inline]
    pub(crate) fn lanes<const H: usize>(&self, perspective: Color) -> &Lanes<H> {
        const { assert!(H <= MAX_HIDDEN && H.is_multiple_of(32)) };
        let at = perspective.index() * H;
        // SAFETY: `Row<H>` is `repr(C)` around `[i16; H]`, of size `2H` (a multiple of its
        // alignment, 64, since H is a multiple of 32) and alignment 64. The half starts `2H`
        // bytes (0 or 2H) into `lanes`, which is 64-byte aligned, so it is aligned, and ends at
        // most `4H <= 4 MAX_HIDDEN` bytes in, inside `lanes`; it borrows `self` as the
        // result's lifetime says, and any bit pattern is a valid `i16`.
        unsafe { &*self.lanes.0.as_ptr().add(at).cast::<Row<H>>() }
    }

    /// `perspective`'s half, about to be written by a network of width `H` seeing the board
    /// in `view`.
    #[inline]
    pub(crate) fn lanes_mut<const H: usize>(
        &mut self,
        perspective: Color,
        view: View,
    ) -> &mut Lanes<H> {
        const { assert!(H <= MAX_HIDDEN && H.is_multiple_of(32)) };
        self.width = H as u16;
        self.view[perspective.index()] = view;
        let at = perspective.index() * H;
        // SAFETY: as in `lanes`: an aligned `Row<H>` inside `lanes`, borrowed mutably for as
        // long as `self` is.
        unsafe { &mut *self.lanes.0.as_mut_ptr().add(at).cast::<Row<H>>() }
    }
}

/// `perspective`'s half of `acc` built from scratch for `pos`, seen in `view`.
fn refresh_half<const H: usize>(
    layers: &Layers<H>,
    backend: Backend,
    acc: &mut Accumulator,
    pos: &Position,
    perspective: Color,
    view: View,
) {
    let half = acc.lanes_mut::<H>(perspective, view);
    *half = layers.ft_bias;
    // Four rows per pass keep the kernel's loads and stores of `half` few.
    let mut batch = [&layers.ft_bias; 4];
    let mut n = 0;
    // Loops rather than the chained iterator of `placements`, which the compiler kept in
    // memory: a refresh so written took a quarter longer.
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for square in pos.pieces(color, role) {
                let feature = Placement { piece, square }.feature(perspective);
                batch[n] = &layers.ft_weights[view.row(feature)];
                n += 1;
                if n == batch.len() {
                    let src = *half;
                    backend.update(half, &src, batch, []);
                    n = 0;
                }
            }
        }
    }
    let src = *half;
    let [a, b, c, _] = batch;
    match n {
        1 => backend.update(half, &src, [a], []),
        2 => backend.update(half, &src, [a, b], []),
        3 => backend.update(half, &src, [a, b, c], []),
        _ => {}
    }
}

/// `perspective`'s half of `child`: `parent`'s updated by `delta`, in `parent`'s view (the
/// delta must not change `perspective`'s view).
// Inline always: the update of both halves is this twice, and the search's hottest path.
#[inline(always)]
fn update_half<const H: usize>(
    layers: &Layers<H>,
    backend: Backend,
    child: &mut Accumulator,
    parent: &Accumulator,
    delta: &Delta,
    perspective: Color,
) {
    let view = parent.view(perspective);
    let row = |p: Placement| &layers.ft_weights[view.row(p.feature(perspective))];
    let dst = child.lanes_mut::<H>(perspective, view);
    let src = parent.lanes::<H>(perspective);
    // One arm per count of rows added and removed, each a kernel with its counts fixed.
    match *delta.shape() {
        Shape::Quiet { added, removed } => backend.update(dst, src, [row(added)], [row(removed)]),
        Shape::Capture {
            added,
            removed: [r0, r1],
        } => backend.update(dst, src, [row(added)], [row(r0), row(r1)]),
        Shape::Castle {
            added: [a0, a1],
            removed: [r0, r1],
        } => backend.update(dst, src, [row(a0), row(a1)], [row(r0), row(r1)]),
        Shape::Removal(removed) => backend.update(dst, src, [], [row(removed)]),
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

    /// The network in use.
    pub fn network(&self) -> &'n Network {
        self.net
    }

    /// The accumulator of `pos`, computed from scratch.
    pub fn refresh(&self, acc: &mut Accumulator, pos: &Position) {
        for perspective in Color::ALL {
            self.refresh_half(acc, pos, perspective);
        }
    }

    /// `perspective`'s half of the accumulator of `pos`, computed from scratch.
    pub fn refresh_half(&self, acc: &mut Accumulator, pos: &Position, perspective: Color) {
        let view = self.net.view(perspective, pos.king(perspective));
        let backend = self.backend;
        with_layers!(&self.net.weights, layers => {
            refresh_half(layers, backend, acc, pos, perspective, view)
        });
    }

    /// Whether `delta` changes `perspective`'s view in this network (a king move across the
    /// d and e files under horizontal mirroring, or into another king bucket), so that its
    /// half must be refreshed rather than updated.
    #[inline]
    pub fn turns_view(&self, delta: &Delta, perspective: Color) -> bool {
        self.net.views_vary()
            && match delta.king_move() {
                Some((side, from, to)) if side == perspective => {
                    self.net.view(perspective, from) != self.net.view(perspective, to)
                }
                _ => false,
            }
    }

    /// `perspective`'s half of `child`: `parent`'s updated by `delta`. The delta must not
    /// turn that perspective's view ([`Nnue::turns_view`]); refresh the half then.
    #[inline]
    pub fn update_half(
        &self,
        child: &mut Accumulator,
        parent: &Accumulator,
        delta: &Delta,
        perspective: Color,
    ) {
        debug_assert!(!self.turns_view(delta, perspective));
        let backend = self.backend;
        with_layers!(&self.net.weights, layers => {
            update_half(layers, backend, child, parent, delta, perspective)
        });
    }

    /// `perspective`'s half of `child` equal to `parent`'s (after a null move).
    #[inline]
    pub fn copy_half(&self, child: &mut Accumulator, parent: &Accumulator, perspective: Color) {
        with_layers!(&self.net.weights, layers => {
            copy_half(layers, child, parent, perspective)
        });
    }

    /// `child = parent` updated by `delta` (the changes of a move, [`Delta::of_move`]), as
    /// copy-make wants it; `after` is the position after the move, from which a half whose
    /// view the move turns is refreshed.
    #[inline]
    pub fn update(
        &self,
        child: &mut Accumulator,
        parent: &Accumulator,
        delta: &Delta,
        after: &Position,
    ) {
        if self.turns_view(delta, Color::White) || self.turns_view(delta, Color::Black) {
            for perspective in Color::ALL {
                if self.turns_view(delta, perspective) {
                    self.refresh_half(child, after, perspective);
                } else {
                    self.update_half(child, parent, delta, perspective);
                }
            }
        } else {
            self.update_both(child, parent, delta);
        }
    }

    /// Both halves of `child`: `parent`'s updated by `delta`, which must turn neither view.
    #[inline]
    pub fn update_both(&self, child: &mut Accumulator, parent: &Accumulator, delta: &Delta) {
        let backend = self.backend;
        with_layers!(&self.net.weights, layers => {
            for perspective in Color::ALL {
                update_half(layers, backend, child, parent, delta, perspective);
            }
        });
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
        let Some(delta) = Delta::of_move(pos, mv) else {
            return false;
        };
        if Color::ALL.into_iter().any(|c| self.turns_view(&delta, c)) {
            let mut after = pos.clone();
            after.play(mv);
            self.update(child, parent, &delta, &after);
        } else {
            // No half is refreshed, so the position after the move is not needed.
            self.update(child, parent, &delta, pos);
        }
        true
    }

    /// The evaluation of `pos` in centipawns for its side to move, from its up-to-date
    /// accumulator `acc`. The position picks the output bucket (by its piece count) and the
    /// perspective; the accumulator holds everything else.
    // Inline always, as the output below: left to the compiler, the four widths' arms made
    // it a call of its own, measurably slower per evaluation than before widths were chosen.
    #[inline(always)]
    pub fn evaluate(&self, acc: &Accumulator, pos: &Position) -> i32 {
        self.output(acc, pos.turn(), self.net.head_of(pos))
    }

    /// Head `bucket`'s output from `acc` for `side_to_move`.
    #[inline(always)]
    fn output(&self, acc: &Accumulator, side_to_move: Color, bucket: usize) -> i32 {
        debug_assert_eq!(usize::from(acc.width), self.net.architecture().hidden);
        let backend = self.backend;
        with_layers!(&self.net.weights, layers => layers.output(
            acc.lanes(side_to_move),
            acc.lanes(!side_to_move),
            bucket,
            backend,
        ))
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
                // Taking off a piece other than a king turns no view.
                for perspective in Color::ALL {
                    self.update_half(&mut without, &acc, &Delta::removal(p), perspective);
                }
                (p, whole - self.output(&without, side_to_move, fewer))
            })
            .collect()
    }
}

/// `perspective`'s half of `child` equal to `parent`'s.
#[inline]
fn copy_half<const H: usize>(
    _layers: &Layers<H>,
    child: &mut Accumulator,
    parent: &Accumulator,
    perspective: Color,
) {
    let view = parent.view(perspective);
    *child.lanes_mut::<H>(perspective, view) = *parent.lanes::<H>(perspective);
}
