//! Correction history: how far the search's results have strayed from the static evaluation
//! in positions that share a feature, added back to the static evaluation.
//!
//! After the idea in Stockfish and Weiss ("correction history"): the evaluation is often
//! wrong the same way for a given pawn structure (a blocked centre, a passer it misjudges) or a
//! given placement of one side's pieces (a bad bishop, a king the network thinks safer than it
//! is), and the searches of such positions say by how much. Each entry is a running average of
//! (search score - static eval), weighted by the depth of the search that measured it.
//!
//! Three tables, each per side to move, are read at once and their entries summed with
//! weights, as Stockfish's `correction_value` in `src/search.cpp` sums its pawn, minor-piece,
//! non-pawn and continuation tables (<https://github.com/official-stockfish/Stockfish>):
//! - pawn: indexed by both sides' pawns;
//! - White's non-pawn pieces and Black's non-pawn pieces (king included): indexed by where one
//!   side's knights, bishops, rooks, queens and king stand, so two positions that differ only
//!   in the other side's pieces share an entry.
//!
//! `Position` carries only its full Zobrist key, so the indices hash the bitboards here: a
//! multiply-shift hash per bitboard, five or two multiplications, far cheaper than an evaluation.
//!
//! The tables are history [`Table`]s; their entries are not gravity [`Stat`]s but averages
//! (see [`Correction::learn`]), so they have an entry type of their own.
//!
//! [`Stat`]: crate::history::Stat

use movegen::{Color, Position, Role};
use tt::{Bound, TB_WIN_THRESHOLD};

use crate::history::{HistoryIndex, Table};
use crate::params::SearchParams;
use crate::score::MATE_THRESHOLD;

/// Entries per side to move in each table.
const SIZE: usize = 1 << 14;
/// Entries are kept in 1/`GRAIN` centipawns, so small corrections accumulate.
const GRAIN: i32 = 256;
/// An entry never exceeds this many centipawns.
const MAX_ENTRY: i32 = 100;
/// The summed correction never exceeds this many centipawns.
pub(crate) const MAX_CORRECTION: i32 = 150;
/// Weights of an update are out of this; a search of depth d weighs min(d + 1, the parameter
/// `CorrMaxWeight`).
const WEIGHT_SCALE: i32 = 256;

/// How much each table's entry counts in the correction is out of this (the parameters
/// `CorrPawnWeight` and `CorrNonPawnWeight`; by default, as tuned, about the pawn entry fully
/// and each side's non-pawn entry half, so the non-pawn tables together weigh about what the
/// pawn table does).
const TABLE_WEIGHT_SCALE: i32 = 1024;

/// One correction, in 1/`GRAIN` centipawns, within ±`MAX_ENTRY` centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
struct Correction(i16);

impl Correction {
    /// The correction, in 1/`GRAIN` centipawns.
    #[inline]
    fn get(self) -> i32 {
        self.0.into()
    }

    /// Moves the entry towards `error` (in 1/`GRAIN` centipawns) by `weight` out of
    /// `WEIGHT_SCALE`: a running average, weighted by the depth that measured the error.
    #[inline]
    fn learn(&mut self, error: i32, weight: i32) {
        let old = self.get();
        let new = (old * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
        let limit = MAX_ENTRY * GRAIN;
        self.0 = new.clamp(-limit, limit) as i16;
    }
}

/// Where one position's correction is kept in a table: its side to move, and the slot (below
/// `SIZE`) of its feature (pawns, or one side's pieces).
#[derive(Clone, Copy, Debug)]
struct Key {
    stm: Color,
    feature: usize,
}

/// Slots by side to move, then the feature's slot.
impl HistoryIndex for Key {
    const SIZE: usize = 2 * SIZE;

    #[inline]
    fn slot(self) -> usize {
        self.stm.index() * SIZE + self.feature
    }
}

/// One table: an entry per side to move and feature slot.
type CorrectionTable = Table<Key, Correction, { 2 * SIZE }>;

/// Per-side-to-move tables of corrections, by pawn structure and by each side's pieces.
#[derive(Clone, Debug, Default)]
pub struct CorrectionHistory {
    pawn: CorrectionTable,
    /// Indexed by colour: the table keyed by that colour's non-pawn pieces.
    non_pawn: [CorrectionTable; 2],
}

/// Odd multipliers for the multiply-shift hash, one per role (from splitmix64 and xxHash).
const MULTIPLIERS: [u64; 6] = [
    0x9E37_79B9_7F4A_7C15,
    0xC2B2_AE3D_27D4_EB4F,
    0xBF58_476D_1CE4_E5B9,
    0x94D0_49BB_1331_11EB,
    0x1656_67B1_9E37_79F9,
    0x27D4_EB2F_1656_67C5,
];

/// The slot of a hash: its top bits.
#[inline]
fn slot(h: u64) -> usize {
    (h >> (64 - SIZE.trailing_zeros())) as usize
}

/// The table slot of `pos`'s pawn structure.
#[inline]
fn pawn_index(pos: &Position) -> usize {
    let white = pos.pieces(Color::White, Role::Pawn).0;
    let black = pos.pieces(Color::Black, Role::Pawn).0;
    slot(white.wrapping_mul(MULTIPLIERS[0]) ^ black.wrapping_mul(MULTIPLIERS[1]))
}

/// The table slot of where `color`'s knights, bishops, rooks, queens and king stand.
#[inline]
fn non_pawn_index(pos: &Position, color: Color) -> usize {
    let h = [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .iter()
    .fold(0u64, |h, &role| {
        h ^ pos
            .pieces(color, role)
            .0
            .wrapping_mul(MULTIPLIERS[role.index()])
    });
    slot(h)
}

/// The slots of one position in the pawn, White non-pawn and Black non-pawn tables.
#[inline]
fn slots(pos: &Position) -> [usize; 3] {
    [
        pawn_index(pos),
        non_pawn_index(pos, Color::White),
        non_pawn_index(pos, Color::Black),
    ]
}

/// The keys of one position in the pawn, White non-pawn and Black non-pawn tables.
#[inline]
fn keys(pos: &Position) -> [Key; 3] {
    let stm = pos.turn();
    slots(pos).map(|feature| Key { stm, feature })
}

impl CorrectionHistory {
    /// Forgets everything (for `ucinewgame`).
    pub fn clear(&mut self) {
        let [white, black] = &mut self.non_pawn;
        for table in [&mut self.pawn, white, black] {
            table.clear();
        }
    }

    /// The correction of `pos`'s static evaluation, in centipawns from the side to move: the
    /// weighted sum of its entries, within [`MAX_CORRECTION`].
    #[inline]
    pub fn correction(&self, pos: &Position, p: &SearchParams) -> i32 {
        let [pawn, white, black] = keys(pos);
        let sum = p.corr_pawn_weight() * self.pawn[pawn].get()
            + p.corr_non_pawn_weight()
                * (self.non_pawn[0][white].get() + self.non_pawn[1][black].get());
        (sum / (TABLE_WEIGHT_SCALE * GRAIN)).clamp(-MAX_CORRECTION, MAX_CORRECTION)
    }

    /// Starts loading `pos`'s entries into the cache ([`tt::prefetch`]): the search calls it
    /// when a child is made, and reads them when the child evaluates.
    #[inline]
    pub fn prefetch(&self, pos: &Position) {
        let [pawn, white, black] = keys(pos);
        tt::prefetch(&self.pawn[pawn]);
        tt::prefetch(&self.non_pawn[0][white]);
        tt::prefetch(&self.non_pawn[1][black]);
    }

    /// `raw` corrected for `pos`, kept below the tablebase and mate scores (as the
    /// uncorrected evaluation is), so a corrected evaluation never reads as a proven result.
    #[inline]
    pub fn corrected(&self, pos: &Position, raw: i32, p: &SearchParams) -> i32 {
        (raw + self.correction(pos, p)).clamp(-TB_WIN_THRESHOLD + 1, TB_WIN_THRESHOLD - 1)
    }

    /// Learns from a search of `pos` to `depth` that returned `score` with `bound`, where the
    /// uncorrected static evaluation was `eval`: each of its entries moves towards the error.
    /// A bound that does not contradict the evaluation says nothing about its error, and is
    /// ignored.
    pub fn update(
        &mut self,
        pos: &Position,
        (depth, eval): (i32, i32),
        (score, bound): (i32, Bound),
        p: &SearchParams,
    ) {
        let says_nothing = match bound {
            Bound::Lower => score <= eval,
            Bound::Upper => score >= eval,
            Bound::Exact => false,
            Bound::None => true,
        };
        if says_nothing || score.abs() >= MATE_THRESHOLD {
            return;
        }
        let [pawn, white, black] = keys(pos);
        let error = (score - eval).clamp(-MAX_ENTRY, MAX_ENTRY) * GRAIN;
        let weight = (depth + 1).clamp(1, p.corr_max_weight());
        self.pawn[pawn].learn(error, weight);
        self.non_pawn[0][white].learn(error, weight);
        self.non_pawn[1][black].learn(error, weight);
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    /// The default parameters (a normal build's, folded to constants).
    const DEFAULTS: SearchParams = SearchParams::DEFAULT;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("FEN")
    }

    /// The non-zero entries of every table, as (table, side to move, slot, value).
    fn touched(corr: &CorrectionHistory) -> Vec<(usize, usize, usize, i16)> {
        let tables = [&corr.pawn, &corr.non_pawn[0], &corr.non_pawn[1]];
        let mut out = Vec::new();
        for (t, table) in tables.into_iter().enumerate() {
            for (i, &v) in table.entries().iter().enumerate() {
                if v.0 != 0 {
                    out.push((t, i / SIZE, i % SIZE, v.0));
                }
            }
        }
        out
    }

    const P: &str = "r3k3/pp3n2/8/8/8/2B5/PP6/4K2R w - - 0 1";

    /// An update writes exactly one entry per table, each for the side to move and at the
    /// position's own slots, and moves it towards the error, never past it.
    #[test]
    fn an_update_moves_only_its_own_entries() {
        let p = pos(P);
        let mut corr = CorrectionHistory::default();
        corr.update(&p, (10, 0), (60, Bound::Exact), &DEFAULTS);
        let [pawn, white, black] = slots(&p);
        let mut expected = vec![(0, 0, pawn), (1, 0, white), (2, 0, black)];
        expected.sort();
        let got = touched(&corr);
        let mut at: Vec<_> = got.iter().map(|&(t, s, i, _)| (t, s, i)).collect();
        at.sort();
        assert_eq!(at, expected);
        assert!(
            got.iter()
                .all(|&(_, _, _, v)| v > 0 && i32::from(v) <= 60 * GRAIN)
        );
        // The other side to move, and positions sharing none of the three features, read 0.
        assert_eq!(
            corr.correction(&pos("r3k3/pp3n2/8/8/8/2B5/PP6/4K2R b - - 0 1"), &DEFAULTS),
            0
        );
        assert_eq!(
            corr.correction(&pos("4k3/p7/8/8/8/8/P7/3K4 w - - 0 1"), &DEFAULTS),
            0
        );
    }

    /// A position sharing only one feature with the one learnt from gets that table's share
    /// of the correction, and only it.
    #[test]
    fn a_shared_feature_carries_its_tables_share() {
        let p = pos(P);
        let mut corr = CorrectionHistory::default();
        for _ in 0..300 {
            corr.update(&p, (15, 0), (80, Bound::Exact), &DEFAULTS);
        }
        let entry = |t: &CorrectionTable, feature| {
            t[Key {
                stm: Color::White,
                feature,
            }]
            .get()
        };
        let [pawn, white, black] = slots(&p);
        let share = |weight: i32, e: i32| weight * e / (TABLE_WEIGHT_SCALE * GRAIN);
        // Same pawns, other pieces on both sides.
        let same_pawns = pos("4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1");
        assert_eq!(
            corr.correction(&same_pawns, &DEFAULTS),
            share(DEFAULTS.corr_pawn_weight(), entry(&corr.pawn, pawn))
        );
        // Same White pieces, other pawns and Black pieces.
        let same_white = pos("1r2k3/8/8/8/8/2B5/8/4K2R w - - 0 1");
        assert_eq!(
            corr.correction(&same_white, &DEFAULTS),
            share(
                DEFAULTS.corr_non_pawn_weight(),
                entry(&corr.non_pawn[0], white)
            )
        );
        // Same Black pieces, other pawns and White pieces.
        let same_black = pos("r3k3/5n2/8/8/8/8/8/R3K3 w - - 0 1");
        assert_eq!(
            corr.correction(&same_black, &DEFAULTS),
            share(
                DEFAULTS.corr_non_pawn_weight(),
                entry(&corr.non_pawn[1], black)
            )
        );
        assert!(
            corr.correction(&same_black, &DEFAULTS) > 30,
            "learnt: {}",
            corr.correction(&p, &DEFAULTS)
        );
    }

    /// However large and however often the error, the summed correction stays within its
    /// bound, and a corrected evaluation at the edge of the evaluation band stays below the
    /// tablebase scores; `clear` forgets every table.
    #[test]
    fn the_sum_stays_within_its_bound_and_clear_forgets() {
        let p = pos(P);
        let mut corr = CorrectionHistory::default();
        for sign in [1, -1] {
            for _ in 0..400 {
                corr.update(&p, (20, 0), (sign * 5000, Bound::Exact), &DEFAULTS);
            }
            let c = corr.correction(&p, &DEFAULTS);
            assert!(c.abs() <= MAX_CORRECTION, "{c}");
            // Every entry is at its cap (averaging rounds towards the old value: nearly).
            assert!(c.abs() >= MAX_CORRECTION.min(2 * MAX_ENTRY) - 3, "{c}");
            assert_eq!(c.signum(), sign);
        }
        assert_eq!(
            corr.corrected(&p, -TB_WIN_THRESHOLD + 10, &DEFAULTS),
            -TB_WIN_THRESHOLD + 1
        );
        for _ in 0..400 {
            corr.update(&p, (20, 0), (5000, Bound::Exact), &DEFAULTS);
        }
        assert_eq!(
            corr.corrected(&p, TB_WIN_THRESHOLD - 10, &DEFAULTS),
            TB_WIN_THRESHOLD - 1
        );
        corr.clear();
        assert!(touched(&corr).is_empty());
        assert_eq!(corr.correction(&p, &DEFAULTS), 0);
    }

    /// A fail-high above the evaluation and a fail-low below it are evidence; bounds on the
    /// evaluation's own side of the score and mate scores are not.
    #[test]
    fn only_bounds_that_contradict_the_evaluation_teach() {
        let p = pos(P);
        let mut corr = CorrectionHistory::default();
        corr.update(&p, (8, 0), (-50, Bound::Lower), &DEFAULTS);
        corr.update(&p, (8, 0), (50, Bound::Upper), &DEFAULTS);
        corr.update(&p, (8, 0), (MATE_THRESHOLD + 5, Bound::Exact), &DEFAULTS);
        corr.update(&p, (8, 0), (50, Bound::None), &DEFAULTS);
        assert!(touched(&corr).is_empty());
        corr.update(&p, (8, 0), (50, Bound::Lower), &DEFAULTS);
        assert!(corr.correction(&p, &DEFAULTS) > 0);
        corr.update(&p, (8, 0), (-80, Bound::Upper), &DEFAULTS);
        corr.update(&p, (8, 0), (-80, Bound::Upper), &DEFAULTS);
        assert!(corr.correction(&p, &DEFAULTS) < 0);
    }
}
