//! `Position`: the board, side to move, castling, en passant, clocks and hash key.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::{CastleSide, Castling};
use crate::square::{File, Square};
use crate::types::{Color, Piece, Role};
use crate::zobrist;

/// A chess position. Moves are applied in place with [`Position::play`]; a search keeps a copy
/// per ply (copy-make), which is cheaper than undo bookkeeping for a struct this small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 64],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) turn: Color,
    pub(crate) castling: Castling,
    /// Set only when a pawn of the side to move can capture there (keeps keys canonical).
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) key: u64,
    /// Pieces of the side not to move that give check.
    pub(crate) checkers: Bitboard,
}

/// The FEN of the standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// An empty board, White to move, no rights: the start for building a position.
    pub(crate) fn empty() -> Position {
        Position {
            board: [None; 64],
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling: Castling::NONE,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            checkers: Bitboard::EMPTY,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        match Position::from_fen(STARTING_FEN) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the starting FEN is valid"),
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of all pieces of `role`, both colours.
    #[inline]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Bishops and queens of `color`: the pieces that attack along diagonals.
    #[inline]
    pub fn diagonal_sliders(&self, color: Color) -> Bitboard {
        self.color_bb(color) & (self.role_bb(Role::Bishop) | self.role_bb(Role::Queen))
    }

    /// Rooks and queens of `color`: the pieces that attack along ranks and files.
    #[inline]
    pub fn straight_sliders(&self, color: Color) -> Bitboard {
        self.color_bb(color) & (self.role_bb(Role::Rook) | self.role_bb(Role::Queen))
    }

    /// The square of `color`'s king. Every position this crate builds has one king a side.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        match self.pieces(color, Role::King).first() {
            Some(sq) => sq,
            None => unreachable!("a position always has both kings"),
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights and rook squares.
    #[inline]
    pub fn castling(&self) -> &Castling {
        &self.castling
    }

    /// The en passant target square, set only when a capture there is possible.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Plies since the last capture or pawn move (the fifty-move rule counter).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock.into()
    }

    /// The move number, starting at 1 and incremented after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number.into()
    }

    /// Plies played since the start of the game, derived from the move number.
    #[inline]
    pub fn game_ply(&self) -> u32 {
        (self.fullmove_number() - 1) * 2 + self.turn.index() as u32
    }

    /// The Zobrist key of the position (pieces, side, castling rights, en passant file).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of either colour that attack `sq` when the board holds `occupied`.
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        (attacks::pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (attacks::pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
            | (attacks::knight_attacks(sq) & self.role_bb(Role::Knight))
            | (attacks::king_attacks(sq) & self.role_bb(Role::King))
            | (attacks::bishop_attacks(sq, occupied)
                & (self.role_bb(Role::Bishop) | self.role_bb(Role::Queen)))
            | (attacks::rook_attacks(sq, occupied)
                & (self.role_bb(Role::Rook) | self.role_bb(Role::Queen)))
    }

    /// Every square a piece of `by` attacks on the board as it stands (its own pieces'
    /// squares included): where the other side's pieces stand threatened.
    pub fn attacks_by(&self, by: Color) -> Bitboard {
        let occupied = self.occupied();
        let mut attacked = attacks::pawn_attacks_of_set(by, self.pieces(by, Role::Pawn));
        for role in Role::ALL.into_iter().filter(|&role| role != Role::Pawn) {
            for sq in self.pieces(by, role) {
                attacked |= attacks::attacks(by, role, sq, occupied);
            }
        }
        attacked
    }

    /// Whether a piece of `by` attacks `sq` when the board holds `occupied`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (attacks::knight_attacks(sq) & self.pieces(by, Role::Knight)).any()
            || (attacks::pawn_attacks(!by, sq) & self.pieces(by, Role::Pawn)).any()
            || (attacks::king_attacks(sq) & self.pieces(by, Role::King)).any()
            || (attacks::rook_attacks(sq, occupied) & self.straight_sliders(by)).any()
            || (attacks::bishop_attacks(sq, occupied) & self.diagonal_sliders(by)).any()
    }

    /// Pieces of either colour that stand alone between `color`'s king and an enemy slider
    /// aiming at it. Own pieces among them are pinned; enemy ones give discovered check.
    pub fn blockers_for_king(&self, color: Color) -> Bitboard {
        let king = self.king(color);
        let occupied = self.occupied();
        let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY)
            & self.straight_sliders(!color))
            | (attacks::bishop_attacks(king, Bitboard::EMPTY) & self.diagonal_sliders(!color));
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if between.any() && !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }

    /// Whether the side to move has only its king and pawns (where null moves are unsafe).
    pub fn only_king_and_pawns(&self, color: Color) -> bool {
        (self.color_bb(color) & !(self.role_bb(Role::King) | self.role_bb(Role::Pawn))).is_empty()
    }

    /// Whether neither side can possibly mate: K v K, K+minor v K, K+B v K+B with bishops on the
    /// same colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.role_bb(Role::Pawn) | self.role_bb(Role::Rook) | self.role_bb(Role::Queen);
        if heavy.any() {
            return false;
        }
        let minors = self.role_bb(Role::Knight) | self.role_bb(Role::Bishop);
        if minors.count() <= 1 {
            return true;
        }
        // Only bishops, all on squares of one colour.
        const DARK: u64 = 0xaa55_aa55_aa55_aa55;
        let bishops = self.role_bb(Role::Bishop);
        self.role_bb(Role::Knight).is_empty() && (bishops.0 & DARK == 0 || bishops.0 & !DARK == 0)
    }

    /// The key computed from scratch; equal to [`Position::key`] in a consistent position.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(piece) = self.board[sq.index()] {
                key ^= zobrist::piece(piece, sq);
            }
        }
        key ^= zobrist::castling(self.castling.rights().bits());
        if let Some(ep) = self.ep_square {
            key ^= zobrist::en_passant(ep.file());
        }
        if self.turn == Color::Black {
            key ^= zobrist::black_to_move();
        }
        key
    }

    /// Puts `piece` on the empty square `sq`, updating the key.
    #[inline]
    pub(crate) fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        self.by_color[piece.color.index()] |= sq;
        self.by_role[piece.role.index()] |= sq;
        self.key ^= zobrist::piece(piece, sq);
    }

    /// Removes `piece` from `sq`, updating the key.
    #[inline]
    pub(crate) fn remove(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = None;
        self.by_color[piece.color.index()] ^= sq;
        self.by_role[piece.role.index()] ^= sq;
        self.key ^= zobrist::piece(piece, sq);
    }

    /// Sets the en passant square after a double push to `ep`, if the side now to move has a
    /// pawn that could capture there.
    #[inline]
    pub(crate) fn set_ep_if_capturable(&mut self, ep: Square) {
        if (attacks::pawn_attacks(!self.turn, ep) & self.pieces(self.turn, Role::Pawn)).any() {
            self.ep_square = Some(ep);
            self.key ^= zobrist::en_passant(ep.file());
        }
    }

    /// Recomputes the checkers of the side to move.
    #[inline]
    pub(crate) fn update_checkers(&mut self) {
        let king = self.king(self.turn);
        self.checkers = self.attackers_to(king, self.occupied()) & self.color_bb(!self.turn);
    }

    /// The king's and rook's squares and destinations for castling on `side`, if the right is
    /// held: (king from, king to, rook from, rook to).
    pub fn castle_squares(&self, side: CastleSide) -> Option<(Square, Square, Square, Square)> {
        let rook = self.castling.rook(self.turn, side)?;
        let king = self.king(self.turn);
        let rank = king.rank();
        let (king_file, rook_file) = match side {
            CastleSide::King => (File::G, File::F),
            CastleSide::Queen => (File::C, File::D),
        };
        Some((
            king,
            Square::from_coords(king_file, rank),
            rook,
            Square::from_coords(rook_file, rank),
        ))
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}
