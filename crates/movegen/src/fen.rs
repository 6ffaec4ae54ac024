//! FEN, X-FEN and Shredder-FEN: parsing with typed errors, and formatting.

use std::fmt;
use std::fmt::Write as _;

use crate::attacks;
use crate::castling::CastleSide;
use crate::material::{self, Excess, MAX_PAWNS, MAX_PIECES};
use crate::position::Position;
use crate::square::{File, Rank, Square};
use crate::types::{Color, Piece, Role};

/// What is wrong with a FEN string: either its text does not follow the format (syntax) or it
/// describes a position that cannot occur in a game (illegal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN needs 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The board needs 8 ranks separated by `/`.
    RankCount(usize),
    /// A rank (given from 8 down to 1) describes more or fewer than 8 squares.
    RankLength {
        /// The rank as written in the FEN.
        rank: char,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character in the board field that is neither a piece letter nor a digit 1-8.
    BadPieceChar(char),
    /// The side to move is not `w` or `b`.
    BadSideToMove(String),
    /// The castling field has a character that is not `KQkq`, a file letter, or `-`.
    BadCastlingChar(char),
    /// The en passant field is not `-` or a square.
    BadEnPassant(String),
    /// The halfmove clock is not a non-negative number.
    BadHalfmoveClock(String),
    /// The fullmove number is not a non-negative number.
    BadFullmoveNumber(String),
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn stands on the first or the last rank.
    PawnOnBackRank(Square),
    /// A side has more than 16 pieces (king and pawns included).
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many pieces it has.
        count: u32,
    },
    /// A side has more than 8 pawns.
    TooManyPawns {
        /// The side.
        color: Color,
        /// How many pawns it has.
        count: u32,
    },
    /// A side has more queens, rooks, knights or same-coloured bishops than its missing pawns
    /// could have promoted to.
    TooManyPromotedPieces {
        /// The side.
        color: Color,
        /// The fewest promotions its pieces need.
        promoted: u32,
        /// Its pawns still on the board.
        pawns: u32,
    },
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// The side to move is in check from three or more pieces.
    TooManyCheckers,
    /// The side to move is in check from two pieces on one line through its king, which no
    /// move can give (one of them would have had to pass through the king).
    ImpossibleCheck,
    /// A castling right has no king or no rook where it needs them.
    ImpossibleCastling(char),
    /// The en passant square does not follow a double pawn push.
    ImpossibleEnPassant(Square),
    /// Two castling rights name different rooks on the same side of one king (Shredder-FEN
    /// `GH`, or X-FEN `KG`): a side castles with one rook only.
    ConflictingCastling {
        /// The right given first.
        first: char,
        /// The right given later, naming another rook.
        second: char,
    },
}

impl FenError {
    /// Whether the text breaks the FEN format (rather than describing an illegal position).
    pub fn is_syntax_error(&self) -> bool {
        matches!(
            self,
            FenError::FieldCount(_)
                | FenError::RankCount(_)
                | FenError::RankLength { .. }
                | FenError::BadPieceChar(_)
                | FenError::BadSideToMove(_)
                | FenError::BadCastlingChar(_)
                | FenError::BadEnPassant(_)
                | FenError::BadHalfmoveClock(_)
                | FenError::BadFullmoveNumber(_)
        )
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => write!(f, "expected 8 ranks separated by '/', found {n}"),
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} describes {squares} squares instead of 8")
            }
            FenError::BadPieceChar(c) => write!(f, "'{}' is not a piece letter", c.escape_debug()),
            FenError::BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::BadCastlingChar(c) => {
                write!(f, "'{}' is not a castling right", c.escape_debug())
            }
            FenError::BadEnPassant(s) => write!(f, "en passant field '{s}' is not '-' or a square"),
            FenError::BadHalfmoveClock(s) => write!(f, "halfmove clock '{s}' is not a number"),
            FenError::BadFullmoveNumber(s) => write!(f, "fullmove number '{s}' is not a number"),
            FenError::MissingKing(c) => write!(f, "{c:?} has no king"),
            FenError::TooManyKings(c) => write!(f, "{c:?} has more than one king"),
            FenError::PawnOnBackRank(sq) => write!(f, "pawn on {sq}, on the first or last rank"),
            FenError::TooManyPieces { color, count } => {
                write!(f, "{color:?} has {count} pieces, more than {MAX_PIECES}")
            }
            FenError::TooManyPawns { color, count } => {
                write!(f, "{color:?} has {count} pawns, more than {MAX_PAWNS}")
            }
            FenError::TooManyPromotedPieces {
                color,
                promoted,
                pawns,
            } => write!(
                f,
                "{color:?} has {pawns} pawns and at least {promoted} promoted pieces, more than \
                 {MAX_PAWNS} pawns can give"
            ),
            FenError::OpponentInCheck => f.write_str("the side not to move is in check"),
            FenError::TooManyCheckers => f.write_str("the side to move is in check three times"),
            FenError::ImpossibleCheck => {
                f.write_str("the side to move is in check from both ends of one line")
            }
            FenError::ImpossibleCastling(c) => {
                write!(f, "castling right '{c}' has no matching king and rook")
            }
            FenError::ImpossibleEnPassant(sq) => {
                write!(
                    f,
                    "en passant square {sq} does not follow a double pawn push"
                )
            }
            FenError::ConflictingCastling { first, second } => write!(
                f,
                "castling rights '{first}' and '{second}' name two rooks on one side"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// A field [`Position::from_fen_lenient`] mended: one that does not change the board or the side
/// to move, and that Stockfish or python-chess also read past.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenRepair {
    /// The en passant field was no square behind a pawn that just advanced two squares (or no
    /// square at all): there is no en passant square.
    EnPassantIgnored(FenError),
    /// A castling right without its king or rook on the home rank: the right is dropped.
    CastlingRightDropped(char),
    /// The halfmove clock was no non-negative number: it is 0.
    HalfmoveClockReset(String),
    /// The move number was no non-negative number: it is 1.
    FullmoveNumberReset(String),
    /// A later castling right named another rook on the same side: the first is dropped,
    /// the later one kept (as Stockfish, which reads the field left to right, keeps it).
    CastlingRightReplaced {
        /// The right dropped.
        dropped: char,
        /// The right kept.
        kept: char,
    },
    /// The halfmove clock was larger than the engine keeps (65535): it is 65535, which the
    /// fifty-move rule reads the same as the number given.
    HalfmoveClockClamped(String),
    /// The move number was larger than the engine keeps (65535): it is 65535.
    FullmoveNumberClamped(String),
}

impl fmt::Display for FenRepair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenRepair::EnPassantIgnored(problem) => {
                write!(f, "{problem}; no en passant square used")
            }
            FenRepair::CastlingRightDropped(c) => {
                write!(
                    f,
                    "castling right '{c}' has no matching king and rook; dropped"
                )
            }
            FenRepair::HalfmoveClockReset(s) => {
                write!(f, "halfmove clock '{s}' is not a number; 0 used")
            }
            FenRepair::FullmoveNumberReset(s) => {
                write!(f, "fullmove number '{s}' is not a number; 1 used")
            }
            FenRepair::CastlingRightReplaced { dropped, kept } => write!(
                f,
                "castling rights '{dropped}' and '{kept}' name two rooks on one side; \
                 '{dropped}' dropped"
            ),
            FenRepair::HalfmoveClockClamped(s) => {
                write!(f, "halfmove clock {s} is too large; {} used", u16::MAX)
            }
            FenRepair::FullmoveNumberClamped(s) => {
                write!(f, "fullmove number {s} is too large; {} used", u16::MAX)
            }
        }
    }
}

/// Whether a parse refuses every flaw (`from_fen`) or mends the fields [`FenRepair`] lists.
struct Repairs {
    lenient: bool,
    done: Vec<FenRepair>,
}

impl Repairs {
    /// `problem` when strict; otherwise `repair` is noted and parsing goes on.
    fn mend(&mut self, problem: FenError, repair: FenRepair) -> Result<(), FenError> {
        if !self.lenient {
            return Err(problem);
        }
        self.done.push(repair);
        Ok(())
    }

    /// Notes `repair` in both modes: a change the strict parse makes as well (a counter too
    /// large to keep), which the lenient one must still report.
    fn note(&mut self, repair: FenRepair) {
        self.done.push(repair);
    }
}

impl Position {
    /// Parses FEN, X-FEN or Shredder-FEN. The halfmove clock and fullmove number may be left
    /// out (as in EPD); they default to 0 and 1.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse_fen(fen, false).map(|(pos, _)| pos)
    }

    /// Parses as [`Position::from_fen`] does, but mends the fields that do not change the board
    /// or the side to move, as Stockfish and python-chess read past them: an impossible or
    /// malformed en passant field, castling rights without their king or rook, clocks that are
    /// no numbers. What was mended comes with the position; every other error still refuses it.
    pub fn from_fen_lenient(fen: &str) -> Result<(Position, Vec<FenRepair>), FenError> {
        parse_fen(fen, true)
    }

    /// The position as FEN; castling rights in X-FEN form (`KQkq`, or the rook's file where the
    /// castling rook is not the outermost one), which is plain FEN for standard chess.
    pub fn fen(&self) -> String {
        self.format_fen(false)
    }

    /// The position as Shredder-FEN: castling rights as rook files (`HAha`).
    pub fn shredder_fen(&self) -> String {
        self.format_fen(true)
    }

    fn format_fen(&self, shredder: bool) -> String {
        let mut out = String::with_capacity(90);
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if *rank != Rank::First {
                out.push('/');
            }
        }
        let _ = write!(out, " {} ", self.turn.fen_char());
        let before = out.len();
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(rook) = self.castling.rook(color, side) {
                    let c = if !shredder && self.is_outermost_rook(color, side, rook) {
                        if side == CastleSide::King { 'k' } else { 'q' }
                    } else {
                        rook.file().char()
                    };
                    out.push(if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
        }
        if out.len() == before {
            out.push('-');
        }
        match self.ep_square {
            Some(sq) => {
                let _ = write!(out, " {sq}");
            }
            None => out.push_str(" -"),
        }
        let _ = write!(out, " {} {}", self.halfmove_clock, self.fullmove_number);
        out
    }

    fn is_outermost_rook(&self, color: Color, side: CastleSide, rook: Square) -> bool {
        outermost_rook(self, color, side) == Some(rook)
    }
}

/// [`Position::from_fen`] when not `lenient`, [`Position::from_fen_lenient`] when it is.
fn parse_fen(fen: &str, lenient: bool) -> Result<(Position, Vec<FenRepair>), FenError> {
    let mut repairs = Repairs {
        lenient,
        done: Vec::new(),
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let mut pos = Position::empty();
    parse_board(&mut pos, fields[0])?;
    pos.turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadSideToMove(other.to_string())),
    };
    check_kings_and_pawns(&pos)?;
    check_material(&pos)?;
    parse_castling(&mut pos, fields[2], &mut repairs)?;
    let ep = match parse_en_passant(&pos, fields[3]) {
        Ok(ep) => ep,
        Err(problem) => {
            repairs.mend(problem.clone(), FenRepair::EnPassantIgnored(problem))?;
            None
        }
    };
    if let Some(s) = fields.get(4) {
        pos.halfmove_clock = match parse_counter(s) {
            Some(Counter::Exact(n)) => n,
            Some(Counter::Clamped(n)) => {
                repairs.note(FenRepair::HalfmoveClockClamped(s.to_string()));
                n
            }
            None => {
                let problem = FenError::BadHalfmoveClock(s.to_string());
                repairs.mend(problem, FenRepair::HalfmoveClockReset(s.to_string()))?;
                0
            }
        };
    }
    if let Some(s) = fields.get(5) {
        pos.fullmove_number = match parse_counter(s) {
            Some(Counter::Exact(n)) => n.max(1),
            Some(Counter::Clamped(n)) => {
                repairs.note(FenRepair::FullmoveNumberClamped(s.to_string()));
                n
            }
            None => {
                let problem = FenError::BadFullmoveNumber(s.to_string());
                repairs.mend(problem, FenRepair::FullmoveNumberReset(s.to_string()))?;
                1
            }
        };
    }

    let them = !pos.turn;
    if pos.is_attacked(pos.king(them), pos.turn, pos.occupied()) {
        return Err(FenError::OpponentInCheck);
    }
    pos.update_checkers();
    if pos.checkers.count() > 2 {
        return Err(FenError::TooManyCheckers);
    }
    if two_checkers_aligned(&pos) {
        return Err(FenError::ImpossibleCheck);
    }
    pos.key = 0;
    pos.key = pos.compute_key();
    if let Some(ep) = ep {
        pos.set_ep_if_capturable(ep);
    }
    Ok((pos, repairs.done))
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u8);
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else {
                let piece = Piece::from_fen_char(c).ok_or(FenError::BadPieceChar(c))?;
                if file < 8 {
                    let sq = Square::from_coords(File::new(file as u8), rank);
                    pos.put(piece, sq);
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank.char(),
                squares: file,
            });
        }
    }
    Ok(())
}

fn check_kings_and_pawns(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        match pos.pieces(color, Role::King).count() {
            0 => return Err(FenError::MissingKing(color)),
            1 => {}
            _ => return Err(FenError::TooManyKings(color)),
        }
    }
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    if let Some(sq) = (pos.role_bb(Role::Pawn) & back_ranks).first() {
        return Err(FenError::PawnOnBackRank(sq));
    }
    Ok(())
}

/// Whether the side to move is checked by two pieces on one line through its king.
fn two_checkers_aligned(pos: &Position) -> bool {
    let mut checkers = pos.checkers;
    match (checkers.next(), checkers.next()) {
        (Some(a), Some(b)) => attacks::aligned(a, b, pos.king(pos.turn)),
        _ => false,
    }
}

/// The material rules of [`crate::material`], for both sides.
fn check_material(pos: &Position) -> Result<(), FenError> {
    Color::ALL.into_iter().try_for_each(|color| {
        material::check(pos, color).map_err(|excess| match excess {
            Excess::Pieces(count) => FenError::TooManyPieces { color, count },
            Excess::Pawns(count) => FenError::TooManyPawns { color, count },
            Excess::Promoted { promoted, pawns } => FenError::TooManyPromotedPieces {
                color,
                promoted,
                pawns,
            },
        })
    })
}

/// The rook nearest the board's edge on `side` of `color`'s king, on the king's home rank.
fn outermost_rook(pos: &Position, color: Color, side: CastleSide) -> Option<Square> {
    let king = pos.king(color);
    let rooks = pos.pieces(color, Role::Rook) & king.rank().bitboard();
    match side {
        CastleSide::King => rooks.filter(|r| r.file() > king.file()).last(),
        CastleSide::Queen => rooks.into_iter().find(|r| r.file() < king.file()),
    }
}

fn parse_castling(pos: &mut Position, field: &str, repairs: &mut Repairs) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    // The right granted so far for each colour and side, with the letter that named it.
    let mut granted: [Option<(char, Square)>; 4] = [None; 4];
    for c in field.chars() {
        if !matches!(c.to_ascii_lowercase(), 'k' | 'q' | 'a'..='h') {
            return Err(FenError::BadCastlingChar(c));
        }
        match castling_rook(pos, c) {
            Some((color, side, rook)) => {
                if let Some(first) = granted[color as usize * 2 + side as usize]
                    .filter(|&(_, old)| old != rook)
                    .map(|(first, _)| first)
                {
                    repairs.mend(
                        FenError::ConflictingCastling { first, second: c },
                        FenRepair::CastlingRightReplaced {
                            dropped: first,
                            kept: c,
                        },
                    )?;
                }
                granted[color as usize * 2 + side as usize] = Some((c, rook));
                pos.castling.grant(color, side, rook);
            }
            None => repairs.mend(
                FenError::ImpossibleCastling(c),
                FenRepair::CastlingRightDropped(c),
            )?,
        }
    }
    Ok(())
}

/// The side and rook that castling right `c` (`KQkq` or a file letter) names, if its king
/// stands on the home rank and the rook on its side.
fn castling_rook(pos: &Position, c: char) -> Option<(Color, CastleSide, Square)> {
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let king = pos.king(color);
    let home = Rank::First.relative_to(color);
    if king.rank() != home {
        return None;
    }
    let (side, rook) = match c.to_ascii_lowercase() {
        'k' => (
            CastleSide::King,
            outermost_rook(pos, color, CastleSide::King),
        ),
        'q' => (
            CastleSide::Queen,
            outermost_rook(pos, color, CastleSide::Queen),
        ),
        f => {
            let sq = Square::from_coords(File::from_char(f)?, home);
            let side = if sq.file() > king.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            let is_rook = pos.piece_at(sq) == Some(Piece::new(color, Role::Rook));
            (side, is_rook.then_some(sq))
        }
    };
    rook.filter(|rook| rook.file() != king.file())
        .map(|rook| (color, side, rook))
}

/// The en passant square if the field names one that follows a double push; whether a capture
/// is possible there is decided later.
fn parse_en_passant(pos: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq: Square = field
        .parse()
        .map_err(|_| FenError::BadEnPassant(field.to_string()))?;
    let us = pos.turn;
    let them = !us;
    let pushed = sq.rank() == Rank::Sixth.relative_to(us);
    let valid = pushed
        && pos.piece_at(sq).is_none()
        && pos.piece_at(sq.forward(us)).is_none()
        && pos.piece_at(sq.forward(them)) == Some(Piece::new(them, Role::Pawn));
    if valid {
        Ok(Some(sq))
    } else {
        Err(FenError::ImpossibleEnPassant(sq))
    }
}

/// A clock or move number as read.
enum Counter {
    /// The number as written.
    Exact(u16),
    /// A number past `u16::MAX`, saturated: harmless, but not what the FEN says.
    Clamped(u16),
}

fn parse_counter(s: &str) -> Option<Counter> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Absurdly large counters saturate rather than fail: they are harmless.
    Some(match s.parse::<u16>() {
        Ok(n) => Counter::Exact(n),
        Err(_) => Counter::Clamped(u16::MAX),
    })
}
