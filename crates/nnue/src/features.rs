//! Input features: one of 768 (colour relative to the perspective × role × square), and the
//! features a move adds and removes.
//!
//! Each side's accumulator sees the board from its own side: its pieces are "ours" (the first
//! 384 inputs) and the board is mirrored top to bottom for Black, so one set of weights serves
//! both perspectives. This is the usual "768" input layer of small NNUE engines (see the
//! Chess Programming Wiki's NNUE page, <https://www.chessprogramming.org/NNUE>).
//!
//! A network with horizontal mirroring ([`Mirroring::Horizontal`]) also turns each side's view
//! left to right while its own king stands on files a to d ([`Orientation`]), as Stockfish's
//! `HalfKAv2_hm` inputs do: the king always on files e to h, half the king squares to learn.

use movegen::{Color, Move, MoveKind, Piece, Position, Role, Square};

use crate::arch::Mirroring;

pub use crate::arch::INPUTS;

/// One input of the network, `0..INPUTS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Feature(u16);

impl Feature {
    /// The input for `piece` on `sq` seen from `perspective`'s side.
    #[inline]
    pub const fn new(perspective: Color, piece: Piece, sq: Square) -> Feature {
        let relative_color = (piece.color as usize != perspective as usize) as usize;
        let sq = sq.relative_to(perspective);
        Feature((relative_color * 384 + piece.role.index() * 64 + sq.index()) as u16)
    }

    /// The feature with index `index`, if it is below [`INPUTS`].
    #[inline]
    pub const fn from_index(index: usize) -> Option<Feature> {
        if index < INPUTS {
            Some(Feature(index as u16))
        } else {
            None
        }
    }

    /// The index, `0..INPUTS`: the row of the feature transformer's weights.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// How one perspective's view is turned: as it is, or mirrored left to right (a <-> h). Kept
/// with each accumulator half, since it depends on where that side's king stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Orientation(u8);

impl Orientation {
    /// The view as it is.
    pub const AS_IS: Orientation = Orientation(0);
    /// The view mirrored a <-> h: the square's file, the low three bits of a feature, flipped.
    pub const MIRRORED: Orientation = Orientation(7);

    /// The orientation of the side whose king stands on `king`: mirrored under horizontal
    /// mirroring while the king is on files a to d.
    #[inline]
    pub const fn of(mirroring: Mirroring, king: Square) -> Orientation {
        match mirroring {
            Mirroring::Horizontal if king.file().index() < 4 => Orientation::MIRRORED,
            _ => Orientation::AS_IS,
        }
    }

    /// What this orientation XORs into a square's index (or a feature's): 7 flips the file.
    #[inline]
    pub const fn xor(self) -> usize {
        self.0 as usize
    }

    /// `feature` as this orientation sees it.
    #[inline]
    pub const fn apply(self, feature: Feature) -> Feature {
        Feature(feature.0 ^ self.0 as u16)
    }
}

/// Whether a king going from `from` to `to` crosses between the d and e files, which turns its
/// side's view under horizontal mirroring.
#[inline]
pub const fn crosses_centre(from: Square, to: Square) -> bool {
    (from.file().index() < 4) != (to.file().index() < 4)
}

/// A piece standing on a square: the unit that moves change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The piece.
    pub piece: Piece,
    /// Where it stands.
    pub square: Square,
}

impl Placement {
    /// The feature this placement switches on for `perspective`.
    #[inline]
    pub const fn feature(self, perspective: Color) -> Feature {
        Feature::new(perspective, self.piece, self.square)
    }
}

/// What a move changes on the board: at most two placements appear and two disappear
/// (castling moves two pieces; a capture removes two and adds one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delta(Shape);

/// The placements of a [`Delta`], by kind, so that their counts are known where the rows
/// are added: the accumulator's kernels take them as constants (a moved piece is always the
/// first placement removed and the first added).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A piece moves to an empty square (promoting or not).
    Quiet {
        added: Placement,
        removed: Placement,
    },
    /// A piece moves and takes another (en passant included).
    Capture {
        added: Placement,
        removed: [Placement; 2],
    },
    /// The king and a rook both move.
    Castle {
        added: [Placement; 2],
        removed: [Placement; 2],
    },
    /// A piece leaves the board and nothing else happens (no move does this).
    Removal(Placement),
}

impl Delta {
    /// `placement` taken off the board, and nothing else (the `eval` trace's "without this
    /// piece").
    pub fn removal(placement: Placement) -> Delta {
        Delta(Shape::Removal(placement))
    }

    /// The changes `mv` makes in `pos`, the position before the move; `mv` must be legal there.
    /// `None` when `from` is empty (an illegal move).
    pub fn of_move(pos: &Position, mv: Move) -> Option<Delta> {
        let us = pos.turn();
        let (from, to) = (mv.from(), mv.to());
        let moved = pos.piece_at(from)?;
        let at = |piece, square| Placement { piece, square };
        let shape = match mv.kind() {
            MoveKind::Castle => Shape::Castle {
                removed: [at(moved, from), at(Piece::new(us, Role::Rook), to)],
                added: [
                    at(moved, mv.castle_king_target()),
                    at(Piece::new(us, Role::Rook), mv.castle_rook_target()),
                ],
            },
            MoveKind::EnPassant => Shape::Capture {
                removed: [
                    at(moved, from),
                    at(Piece::new(!us, Role::Pawn), to.forward(!us)),
                ],
                added: at(moved, to),
            },
            _ => {
                let placed = mv.promotion().map_or(moved, |role| Piece::new(us, role));
                let added = at(placed, to);
                match pos.piece_at(to) {
                    Some(captured) => Shape::Capture {
                        added,
                        removed: [at(moved, from), at(captured, to)],
                    },
                    None => Shape::Quiet {
                        added,
                        removed: at(moved, from),
                    },
                }
            }
        };
        Some(Delta(shape))
    }

    /// The placements by kind.
    #[inline]
    pub(crate) fn shape(&self) -> &Shape {
        &self.0
    }

    /// The side whose king this change moves across the d and e files, if any: under
    /// horizontal mirroring that side's view turns, and its accumulator must be rebuilt.
    #[inline]
    pub fn king_crossing(&self) -> Option<Color> {
        // A moved piece is the first removed and the first added (a castling king included).
        match (self.removed().first(), self.added().first()) {
            (Some(from), Some(to))
                if from.piece.role == Role::King && crosses_centre(from.square, to.square) =>
            {
                Some(from.piece.color)
            }
            _ => None,
        }
    }

    /// The side whose king this change moves, and from where to where, if it moves one.
    #[inline]
    pub fn king_move(&self) -> Option<(Color, Square, Square)> {
        // A moved piece is the first removed and the first added (a castling king included).
        match (self.removed().first(), self.added().first()) {
            (Some(from), Some(to)) if from.piece.role == Role::King => {
                Some((from.piece.color, from.square, to.square))
            }
            _ => None,
        }
    }

    /// The placements the move creates.
    pub fn added(&self) -> &[Placement] {
        match &self.0 {
            Shape::Quiet { added, .. } | Shape::Capture { added, .. } => {
                std::slice::from_ref(added)
            }
            Shape::Castle { added, .. } => added,
            Shape::Removal(_) => &[],
        }
    }

    /// The placements the move ends.
    pub fn removed(&self) -> &[Placement] {
        match &self.0 {
            Shape::Quiet { removed, .. } | Shape::Removal(removed) => std::slice::from_ref(removed),
            Shape::Capture { removed, .. } | Shape::Castle { removed, .. } => removed,
        }
    }
}

/// Every placement on the board of `pos`.
pub fn placements(pos: &Position) -> impl Iterator<Item = Placement> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        Role::ALL.into_iter().flat_map(move |role| {
            let piece = Piece::new(color, role);
            pos.pieces(color, role)
                .map(move |square| Placement { piece, square })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_mirror_between_perspectives() {
        let white_pawn_e2 = Piece::new(Color::White, Role::Pawn);
        let black_pawn_e7 = Piece::new(Color::Black, Role::Pawn);
        // White's e2 pawn seen by White is Black's e7 pawn seen by Black.
        assert_eq!(
            Feature::new(Color::White, white_pawn_e2, Square::E2),
            Feature::new(Color::Black, black_pawn_e7, Square::E7)
        );
        assert_eq!(
            Feature::new(Color::White, white_pawn_e2, Square::E2).index(),
            Square::E2.index()
        );
        let theirs = Feature::new(Color::Black, white_pawn_e2, Square::E2);
        assert_eq!(theirs.index(), 384 + Square::E7.index());
        let king = Feature::new(
            Color::White,
            Piece::new(Color::Black, Role::King),
            Square::H8,
        );
        assert_eq!(king.index(), INPUTS - 1);
        assert_eq!(Feature::from_index(INPUTS), None);
    }

    #[test]
    fn every_piece_gives_one_distinct_feature_per_perspective() {
        let pos = Position::startpos();
        for perspective in Color::ALL {
            let mut seen: Vec<usize> = placements(&pos)
                .map(|p| p.feature(perspective).index())
                .collect();
            assert_eq!(seen.len(), 32);
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 32);
        }
    }
}
