//! The refresh cache ("Finny table", as in Koivisto and Stockfish's `AccumulatorCaches`): for
//! each perspective, orientation and king bucket, the accumulator half last built in that view
//! and the pieces it was built from. A king move that changes its side's view (across the d
//! and e files under mirroring, or into another king bucket) rebuilds that half from the
//! cache's entry for the new view: only the pieces that differ between the entry's board and
//! the position are added or taken away, usually a few against the thirty-odd of a refresh,
//! and the result is stored back for the next time.
//!
//! The entries hold exact integer sums, so a half rebuilt from the cache is the half a refresh
//! gives, bit for bit (the kernels wrap the same way in any order); the cache changes no
//! evaluation, only its cost.

use movegen::{Bitboard, Color, Piece, Position, Role};

use crate::accumulator::{Accumulator, Nnue};
use crate::features::Placement;
use crate::king_buckets::{MAX_KING_BUCKETS, View};
use crate::network::{Layers, with_layers};
use crate::simd::{Backend, Lanes};

/// Pieces by colour and role: the board an entry was built from.
type Pieces = [[Bitboard; 6]; 2];

/// One view's half, and the board it sums.
#[derive(Clone, Copy)]
struct Entry {
    /// The half, in the perspective's lanes of an accumulator (the other half unused).
    acc: Accumulator,
    /// The pieces `acc` holds; meaningless until `filled`.
    pieces: Pieces,
    /// Whether the entry holds a half of the cache's network.
    filled: bool,
}

/// The refresh cache of one search thread: an entry per perspective, orientation and king
/// bucket (16 entries of one accumulator each, some 66 KB), allocated once with its owner,
/// never in the search. It belongs to one network at a time: used with another, it empties
/// itself first.
pub struct RefreshCache {
    entries: Box<[Entry]>,
    /// The number of the network the entries were built with (0: none).
    network: u64,
}

impl std::fmt::Debug for RefreshCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let filled = self.entries.iter().filter(|e| e.filled).count();
        write!(f, "RefreshCache({filled} of {} filled)", self.entries.len())
    }
}

impl Default for RefreshCache {
    fn default() -> RefreshCache {
        RefreshCache::new()
    }
}

impl RefreshCache {
    /// An empty cache with room for every view of any network this build runs.
    pub fn new() -> RefreshCache {
        let empty = Entry {
            acc: Accumulator::default(),
            pieces: [[Bitboard::EMPTY; 6]; 2],
            filled: false,
        };
        RefreshCache {
            entries: vec![empty; 2 * 2 * MAX_KING_BUCKETS].into_boxed_slice(),
            network: 0,
        }
    }

    /// Forgets every entry (a new game; the next rebuild of each view starts from the
    /// biases).
    pub fn clear(&mut self) {
        for entry in self.entries.iter_mut() {
            entry.filled = false;
        }
    }

    /// `perspective`'s half of `acc` for `pos`, equal to [`Nnue::refresh_half`]'s, built from
    /// the cache's entry for the view `pos` gives that perspective, which it then holds.
    pub fn refresh_half(
        &mut self,
        nnue: &Nnue<'_>,
        acc: &mut Accumulator,
        pos: &Position,
        perspective: Color,
    ) {
        let net = nnue.network();
        if self.network != net.id() {
            self.clear();
            self.network = net.id();
        }
        let view = net.view(perspective, pos.king(perspective));
        let side = usize::from(view.orientation().xor() != 0);
        let at = (perspective.index() * 2 + side) * MAX_KING_BUCKETS + view.bucket();
        let entry = &mut self.entries[at];
        let backend = nnue.backend();
        with_layers!(&net.weights, layers => {
            rebuild(layers, backend, entry, pos, perspective, view);
            copy_out(layers, entry, acc, perspective, view);
        });
    }
}

/// Brings `entry`'s half, seen in `view`, from the board it holds to `pos`'s, then notes
/// `pos`'s pieces as its board.
fn rebuild<const H: usize>(
    layers: &Layers<H>,
    backend: Backend,
    entry: &mut Entry,
    pos: &Position,
    perspective: Color,
    view: View,
) {
    let half = entry.acc.lanes_mut::<H>(perspective, view);
    if !entry.filled {
        *half = layers.ft_bias;
        entry.pieces = [[Bitboard::EMPTY; 6]; 2];
        entry.filled = true;
    }
    // Rows to add and to take away: at most one per piece on either board.
    let mut added = [&layers.ft_bias; 32];
    let mut removed = [&layers.ft_bias; 32];
    let (mut adds, mut subs) = (0, 0);
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            let now = pos.pieces(color, role);
            let before = entry.pieces[color.index()][role.index()];
            let row = |square| {
                &layers.ft_weights[view.row(Placement { piece, square }.feature(perspective))]
            };
            for square in now & !before {
                added[adds] = row(square);
                adds += 1;
            }
            for square in before & !now {
                removed[subs] = row(square);
                subs += 1;
            }
            entry.pieces[color.index()][role.index()] = now;
        }
    }
    apply(backend, half, &added[..adds], &removed[..subs]);
}

/// `perspective`'s half of `acc` set to `entry`'s, in `view`.
fn copy_out<const H: usize>(
    _layers: &Layers<H>,
    entry: &Entry,
    acc: &mut Accumulator,
    perspective: Color,
    view: View,
) {
    *acc.lanes_mut::<H>(perspective, view) = *entry.acc.lanes::<H>(perspective);
}

/// `half += Σ added − Σ removed`, four rows per kernel pass.
fn apply<const H: usize>(
    backend: Backend,
    half: &mut Lanes<H>,
    added: &[&Lanes<H>],
    removed: &[&Lanes<H>],
) {
    for rows in added.chunks(4) {
        let src = *half;
        match *rows {
            [a, b, c, d] => backend.update(half, &src, [a, b, c, d], []),
            [a, b, c] => backend.update(half, &src, [a, b, c], []),
            [a, b] => backend.update(half, &src, [a, b], []),
            [a] => backend.update(half, &src, [a], []),
            _ => {}
        }
    }
    for rows in removed.chunks(4) {
        let src = *half;
        match *rows {
            [a, b, c, d] => backend.update(half, &src, [], [a, b, c, d]),
            [a, b, c] => backend.update(half, &src, [], [a, b, c]),
            [a, b] => backend.update(half, &src, [], [a, b]),
            [a] => backend.update(half, &src, [], [a]),
            _ => {}
        }
    }
}
