//! King input buckets: a set of feature weights of its own for each group of squares of the
//! perspective's own king, so that a piece's weight can depend on where that king stands (the
//! idea of Stockfish's `HalfKA` inputs, one set per king square, coarsened to a few groups).
//!
//! A network with `K` buckets has `K × 768` inputs per perspective: the feature a piece
//! switches on is `bucket × 768 +` its usual index, the bucket being the layout's entry for the
//! square of the perspective's own king as that perspective sees it (rank-flipped for Black,
//! then file-mirrored under horizontal mirroring). The layouts are `const` tables, numbered;
//! the file's header names one by its number (`KingBuckets::map`) and gives its bucket count,
//! and [`KingBuckets::layout`] refuses a number, a count or a mirroring that does not fit.

use movegen::{Color, Square};

use crate::arch::{INPUTS, KingBuckets, Mirroring};
use crate::features::{Feature, Orientation};

/// A table entry for a square that no lookup can reach: files a to d of a layout made for
/// horizontal mirroring, under which the king is always seen on files e to h.
const UNREACHED: u8 = u8::MAX;

/// A square-to-bucket layout: which bucket each square of the perspective's own king (as that
/// perspective sees it) selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingLayout {
    map: u32,
    name: &'static str,
    count: u32,
    mirrored: bool,
    table: [u8; 64],
}

/// A layout that buckets by the king's rank alone (from its own side), `by_rank[r]` for
/// rank `r + 1`; with `mirrored`, defined on files e to h only.
const fn by_rank(
    map: u32,
    name: &'static str,
    count: u32,
    mirrored: bool,
    by_rank: [u8; 8],
) -> KingLayout {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = if mirrored && sq % 8 < 4 {
            UNREACHED
        } else {
            by_rank[sq / 8]
        };
        sq += 1;
    }
    KingLayout {
        map,
        name,
        count,
        mirrored,
        table,
    }
}

impl KingLayout {
    /// One set of weights for every king square: a network without king buckets (map 0).
    pub const NONE: KingLayout = by_rank(0, "none", 1, false, [0; 8]);
    /// Two buckets over files e to h, with horizontal mirroring (map 1): the king on its first
    /// rank, or off it. Our own layout, the coarsening of [`KingLayout::FOUR`].
    pub const TWO: KingLayout = by_rank(1, "2", 2, true, [0, 1, 1, 1, 1, 1, 1, 1]);
    /// Four buckets over files e to h, with horizontal mirroring (map 2): the king on its
    /// rank 1, rank 2, ranks 3 and 4, or ranks 5 to 8. Our own layout: finest where the king
    /// spends the middlegame, one bucket for the far half where it goes only in endgames.
    pub const FOUR: KingLayout = by_rank(2, "4", 4, true, [0, 1, 2, 2, 3, 3, 3, 3]);

    /// The number the file's header gives this layout.
    pub const fn map(&self) -> u32 {
        self.map
    }

    /// The name the trainer's `--king-buckets` and the docs use.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The number of buckets: sets of feature weights.
    pub const fn count(&self) -> u32 {
        self.count
    }

    /// Whether the layout covers files e to h only, and so needs horizontal mirroring.
    pub const fn needs_mirroring(&self) -> bool {
        self.mirrored
    }

    /// The header's king bucket fields for this layout.
    pub const fn header(&self) -> KingBuckets {
        KingBuckets::new(self.count, self.map)
    }

    /// The bucket of a king that its own side sees on `seen` (after the top-to-bottom flip
    /// for Black and any horizontal mirroring).
    #[inline]
    pub const fn bucket_of(&self, seen: Square) -> usize {
        let bucket = self.table[seen.index()];
        debug_assert!(bucket != UNREACHED);
        bucket as usize
    }

    /// How `perspective` sees the board while its own king stands on `king`, under
    /// `mirroring` (which must be horizontal if the layout needs it).
    pub const fn view(&self, mirroring: Mirroring, perspective: Color, king: Square) -> View {
        let orientation = Orientation::of(mirroring, king);
        let seen = Square::new((king.relative_to(perspective).index() ^ orientation.xor()) as u8);
        View {
            orientation,
            bucket: self.bucket_of(seen) as u8,
        }
    }
}

/// Every layout this build runs, indexed by its map number.
pub const LAYOUTS: [KingLayout; 3] = [KingLayout::NONE, KingLayout::TWO, KingLayout::FOUR];

/// The most buckets of any layout: the room a refresh cache keeps per perspective and side.
pub const MAX_KING_BUCKETS: usize = 4;

// The tables are what the header promises: each layout at its own number, every reachable
// entry a bucket below the count and every bucket used, the unreachable entries exactly on
// files a to d of a mirrored layout.
const _: () = {
    let mut i = 0;
    while i < LAYOUTS.len() {
        let layout = &LAYOUTS[i];
        assert!(layout.map as usize == i);
        assert!(layout.count as usize <= MAX_KING_BUCKETS);
        let mut used = [false; MAX_KING_BUCKETS];
        let mut sq = 0;
        while sq < 64 {
            let entry = layout.table[sq];
            if layout.mirrored && sq % 8 < 4 {
                assert!(entry == UNREACHED);
            } else {
                assert!((entry as u32) < layout.count);
                used[entry as usize] = true;
            }
            sq += 1;
        }
        let mut b = 0;
        while b < layout.count as usize {
            assert!(used[b]);
            b += 1;
        }
        i += 1;
    }
};

/// Why a header's king bucket fields were refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingBucketError {
    /// A map number no layout of this build has.
    UnknownMap {
        /// The header's map number.
        map: u32,
    },
    /// A bucket count other than the layout's.
    WrongCount {
        /// The header's map number.
        map: u32,
        /// The header's count.
        count: u32,
        /// The layout's count.
        expected: u32,
    },
    /// A layout over files e to h in a network without horizontal mirroring.
    NeedsMirroring {
        /// The header's map number.
        map: u32,
    },
}

impl std::fmt::Display for KingBucketError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            KingBucketError::UnknownMap { map } => write!(
                f,
                "king bucket map {map} unknown, this build knows 0 to {}",
                LAYOUTS.len() - 1
            ),
            KingBucketError::WrongCount {
                map,
                count,
                expected,
            } => write!(
                f,
                "{count} king buckets with map {map}, whose layout has {expected}"
            ),
            KingBucketError::NeedsMirroring { map } => write!(
                f,
                "king bucket map {map} covers files e to h only and needs horizontal mirroring"
            ),
        }
    }
}

impl KingBuckets {
    /// The layout these header fields name, if it exists, has their count and suits
    /// `mirroring`.
    pub const fn layout(
        self,
        mirroring: Mirroring,
    ) -> Result<&'static KingLayout, KingBucketError> {
        let map = self.map();
        if map as usize >= LAYOUTS.len() {
            return Err(KingBucketError::UnknownMap { map });
        }
        let layout = &LAYOUTS[map as usize];
        if layout.count != self.count() {
            return Err(KingBucketError::WrongCount {
                map,
                count: self.count(),
                expected: layout.count,
            });
        }
        if layout.mirrored && !matches!(mirroring, Mirroring::Horizontal) {
            return Err(KingBucketError::NeedsMirroring { map });
        }
        Ok(layout)
    }
}

/// How one perspective reads the board: its orientation (mirrored or not) and the king bucket
/// of its own king. Kept with each accumulator half; a king move that changes it means the
/// half is rebuilt rather than updated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct View {
    orientation: Orientation,
    bucket: u8,
}

impl View {
    /// The orientation.
    #[inline]
    pub const fn orientation(self) -> Orientation {
        self.orientation
    }

    /// The king bucket.
    #[inline]
    pub const fn bucket(self) -> usize {
        self.bucket as usize
    }

    /// The row of the feature weights that `feature` selects in this view.
    #[inline]
    pub const fn row(self, feature: Feature) -> usize {
        self.bucket as usize * INPUTS + self.orientation.apply(feature).index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_bucket_layout_follows_the_kings_own_rank_and_mirrors() {
        let four = &KingLayout::FOUR;
        let view = |perspective, sq| four.view(Mirroring::Horizontal, perspective, sq);
        // White's king on g1 and c1 (mirrored to f1): rank 1.
        assert_eq!(view(Color::White, Square::G1).bucket(), 0);
        assert_eq!(view(Color::White, Square::C1).bucket(), 0);
        assert_eq!(
            view(Color::White, Square::C1).orientation(),
            Orientation::MIRRORED
        );
        assert_eq!(view(Color::White, Square::E2).bucket(), 1);
        assert_eq!(view(Color::White, Square::A4).bucket(), 2);
        assert_eq!(view(Color::White, Square::H5).bucket(), 3);
        // Black's king on g8 is on its own first rank; on d6 on its third.
        assert_eq!(view(Color::Black, Square::G8).bucket(), 0);
        assert_eq!(view(Color::Black, Square::D6).bucket(), 2);
        assert_eq!(view(Color::Black, Square::E1).bucket(), 3);
    }

    #[test]
    fn header_fields_that_do_not_fit_a_layout_are_refused() {
        let horizontal = Mirroring::Horizontal;
        assert_eq!(
            KingBuckets::NONE.layout(Mirroring::None),
            Ok(&KingLayout::NONE)
        );
        assert_eq!(
            KingLayout::FOUR.header().layout(horizontal),
            Ok(&KingLayout::FOUR)
        );
        assert_eq!(
            KingBuckets::new(4, 7).layout(horizontal),
            Err(KingBucketError::UnknownMap { map: 7 })
        );
        assert_eq!(
            KingBuckets::new(3, 2).layout(horizontal),
            Err(KingBucketError::WrongCount {
                map: 2,
                count: 3,
                expected: 4
            })
        );
        assert_eq!(
            KingBuckets::new(2, 1).layout(Mirroring::None),
            Err(KingBucketError::NeedsMirroring { map: 1 })
        );
    }
}
