//! `Move`: a move packed in 16 bits, and the move list.

use std::fmt;
use std::num::NonZeroU16;

use arrayvec::ArrayVec;

use crate::square::{File, Square};
use crate::types::Role;

/// What kind of move a `Move` is; the knowledge make-move needs beyond the two squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// Any move that is none of the others (captures included).
    Normal = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// Castling, encoded as king takes own rook.
    Castle = 2,
    /// An en passant capture; `to` is the square the capturing pawn lands on.
    EnPassant = 3,
    /// Promotion to a knight.
    PromoteKnight = 4,
    /// Promotion to a bishop.
    PromoteBishop = 5,
    /// Promotion to a rook.
    PromoteRook = 6,
    /// Promotion to a queen.
    PromoteQueen = 7,
}

impl MoveKind {
    const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::DoublePush,
        MoveKind::Castle,
        MoveKind::EnPassant,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
    ];

    /// The promotion kind for `role` (knight, bishop, rook or queen).
    #[inline]
    pub const fn promotion(role: Role) -> MoveKind {
        match role {
            Role::Knight => MoveKind::PromoteKnight,
            Role::Bishop => MoveKind::PromoteBishop,
            Role::Rook => MoveKind::PromoteRook,
            _ => MoveKind::PromoteQueen,
        }
    }
}

/// A move: from-square (bits 0-5), to-square (6-11), kind (12-14), and bit 15 always set so
/// that no move is zero and `Option<Move>` stays two bytes.
///
/// Castling is stored as the king capturing its own rook, which serves standard chess and
/// Chess960 alike; `to_uci` prints the form the GUI expects.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Move(NonZeroU16);

const ALWAYS_SET: u16 = 1 << 15;

impl Move {
    /// A move of `kind` from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let bits = ALWAYS_SET | from as u16 | (to as u16) << 6 | (kind as u16) << 12;
        match NonZeroU16::new(bits) {
            Some(b) => Move(b),
            None => unreachable!(),
        }
    }

    /// The 16-bit form, for the transposition table.
    #[inline]
    pub const fn to_raw(self) -> u16 {
        self.0.get()
    }

    /// The move from its 16-bit form; `None` for a value no `Move` produces (such as zero).
    /// A decoded move may still be illegal in a given position: check before playing it.
    #[inline]
    pub const fn from_raw(raw: u16) -> Option<Move> {
        if raw & ALWAYS_SET == 0 {
            return None;
        }
        match NonZeroU16::new(raw) {
            Some(b) => Some(Move(b)),
            None => None,
        }
    }

    /// The square the moving piece leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0.get() & 63) as u8)
    }

    /// The destination square (the rook's square for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0.get() >> 6 & 63) as u8)
    }

    /// The move's kind.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0.get() >> 12 & 7) as usize]
    }

    /// The piece a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(Role::Knight),
            MoveKind::PromoteBishop => Some(Role::Bishop),
            MoveKind::PromoteRook => Some(Role::Rook),
            MoveKind::PromoteQueen => Some(Role::Queen),
            _ => None,
        }
    }

    /// Whether the move castles.
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind(), MoveKind::Castle)
    }

    /// Whether the move captures en passant.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind(), MoveKind::EnPassant)
    }

    /// The king's destination when castling: the g- or c-file of its rank.
    #[inline]
    pub const fn castle_king_target(self) -> Square {
        let file = if (self.to() as u8) > (self.from() as u8) {
            File::G
        } else {
            File::C
        };
        Square::from_coords(file, self.from().rank())
    }

    /// The castling rook's destination: the f- or d-file of its rank.
    #[inline]
    pub const fn castle_rook_target(self) -> Square {
        let file = if (self.to() as u8) > (self.from() as u8) {
            File::F
        } else {
            File::D
        };
        Square::from_coords(file, self.from().rank())
    }

    /// The move in UCI notation. Castling is `e1g1` in standard chess and king-takes-rook
    /// (`e1h1`) when `chess960` is set, as the UCI protocol asks.
    pub fn to_uci(self, chess960: bool) -> UciMove {
        UciMove { mv: self, chess960 }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{:?}", self.from(), self.to(), self.kind())
    }
}

/// A `Move` formatted for UCI; see [`Move::to_uci`].
#[derive(Clone, Copy, Debug)]
pub struct UciMove {
    mv: Move,
    chess960: bool,
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mv = self.mv;
        let to = if mv.is_castle() && !self.chess960 {
            mv.castle_king_target()
        } else {
            mv.to()
        };
        write!(f, "{}{}", mv.from(), to)?;
        if let Some(role) = mv.promotion() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// Most legal moves any chess position has is 218; 256 leaves room and keeps the list on the
/// stack.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
