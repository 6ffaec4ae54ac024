//! `Move`: a move packed in 16 bits, and the move list.

use std::fmt;
use std::num::NonZeroU16;

use arrayvec::ArrayVec;

use crate::material::{
    MAX_PAWNS, STARTING_BISHOPS_PER_COLOUR, STARTING_KNIGHTS, STARTING_QUEENS, STARTING_ROOKS,
};
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

    /// The move in UCI notation. Castling is king-takes-rook (`e1h1`) when `chess960` is set,
    /// as the UCI protocol asks. Without it, a standard castling (see
    /// [`Move::is_standard_castle`]) is the king's two-square move (`e1g1`), and any other
    /// castling stays king-takes-rook: the king's destination could be its own square (`c1c1`,
    /// a null move) or the text of a plain king step, while king-takes-rook is read back by
    /// python-chess (`Board.uci(move, chess960=False)` writes it so too) and Cute Chess in
    /// either mode.
    pub fn to_uci(self, chess960: bool) -> UciMove {
        UciMove { mv: self, chess960 }
    }

    /// Whether this castling is one of standard chess: the king on the e-file and the rook in
    /// the corner (the one form GUIs outside Chess960 mode all read as `e1g1`/`e1c1`).
    #[inline]
    pub const fn is_standard_castle(self) -> bool {
        self.is_castle()
            && matches!(self.from().file(), File::E)
            && matches!(self.to().file(), File::A | File::H)
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
        let to = if mv.is_standard_castle() && !self.chess960 {
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

/// Most moves one piece of each role can have; a piece in play has at most the destinations it
/// has on an empty board (other pieces only block or are captured in place). A queen has 27 in
/// the centre, a rook 14 anywhere, a bishop 13 in the centre, a knight 8; a king 8 steps and 2
/// castlings; a pawn 4 (two pushes and two captures, en passant being one of them), or, on the
/// rank before promotion, 3 destinations each counted 4 times. The tests check these against
/// the attack tables.
const MOST_QUEEN_MOVES: usize = 27;
const MOST_ROOK_MOVES: usize = 14;
const MOST_BISHOP_MOVES: usize = 13;
const MOST_KNIGHT_MOVES: usize = 8;
const MOST_KING_MOVES: usize = 8 + 2;
const MOST_PAWN_MOVES: usize = 3 * 4;

/// The capacity of a [`MoveList`]: an upper bound on the legal moves of every position this
/// crate can build, so that move generation can never overflow the list.
///
/// Proof. A [`crate::Position`] is made only by [`crate::Position::from_fen`], which refuses
/// material a game cannot produce (see [`crate::FenError::TooManyPromotedPieces`]), and changed
/// only by playing moves, which keeps that rule: a capture removes a piece, a promotion turns
/// one pawn into one piece, so `pawns + promoted pieces` never grows. Under the rule the side to
/// move has one king; among its other pieces at most one queen, two rooks, two bishops (one per
/// square colour) and two knights need no promotion, and the rest, at most 8, are pawns or
/// promoted pieces, each with at most a queen's 27 moves (the most of any role). Hence
/// 10 + 27 + 2·14 + 2·13 + 2·8 + 8·27 = 323 moves at most. (The most any position of a game is
/// known to have is 218.)
pub const MAX_MOVES: usize = MOST_KING_MOVES
    + STARTING_QUEENS as usize * MOST_QUEEN_MOVES
    + STARTING_ROOKS as usize * MOST_ROOK_MOVES
    + 2 * STARTING_BISHOPS_PER_COLOUR as usize * MOST_BISHOP_MOVES
    + STARTING_KNIGHTS as usize * MOST_KNIGHT_MOVES
    + MAX_PAWNS as usize * most_of(MOST_PAWN_MOVES, MOST_QUEEN_MOVES);

// The most moves known in a position of a game is 218 (see the tests in `tests/api/limits.rs`).
const _: () = assert!(MAX_MOVES >= 218);

/// The larger of a pawn's and a promoted piece's figure (a `const` `max`).
const fn most_of(pawn: usize, promoted: usize) -> usize {
    if pawn > promoted { pawn } else { promoted }
}

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;
    use crate::bitboard::Bitboard;
    use crate::types::Color;

    fn most(attacks: impl Fn(Square) -> Bitboard) -> usize {
        Square::ALL
            .iter()
            .map(|&sq| attacks(sq).count() as usize)
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn per_role_figures_match_the_attack_tables() {
        let empty = Bitboard::EMPTY;
        assert_eq!(
            most(|sq| attacks::queen_attacks(sq, empty)),
            MOST_QUEEN_MOVES
        );
        assert_eq!(most(|sq| attacks::rook_attacks(sq, empty)), MOST_ROOK_MOVES);
        assert_eq!(
            most(|sq| attacks::bishop_attacks(sq, empty)),
            MOST_BISHOP_MOVES
        );
        assert_eq!(most(attacks::knight_attacks), MOST_KNIGHT_MOVES);
        assert_eq!(most(attacks::king_attacks) + 2, MOST_KING_MOVES);
        // A pawn about to promote: two capture squares and one push square, four promotions
        // each; any other pawn: two captures and two pushes.
        let captures = most(|sq| attacks::pawn_attacks(Color::White, sq));
        assert_eq!(MOST_PAWN_MOVES, ((captures + 1) * 4).max(captures + 2));
    }

    #[test]
    fn the_bound_is_the_starting_army_with_every_pawn_slot_a_queen() {
        let empty = Bitboard::EMPTY;
        let queen = most(|sq| attacks::queen_attacks(sq, empty));
        let army = [
            (1, most(attacks::king_attacks) + 2),
            (1, queen),
            (2, most(|sq| attacks::rook_attacks(sq, empty))),
            (2, most(|sq| attacks::bishop_attacks(sq, empty))),
            (2, most(attacks::knight_attacks)),
            (8, queen.max(MOST_PAWN_MOVES)),
        ];
        let bound: usize = army.iter().map(|(count, moves)| count * moves).sum();
        assert_eq!(MAX_MOVES, bound);
        assert_eq!(army.iter().map(|(count, _)| count).sum::<usize>(), 16);
    }
}
