//! Standard Algebraic Notation (SAN), as PGN writes moves: `Nf3`, `exd5`, `e8=Q+`, `O-O`,
//! `Rad1#`.
//!
//! Writing follows the PGN standard (section 8.2.3): the piece letter (none for a pawn; a
//! capturing pawn gives its file), the from-square's file, rank or both when another piece of
//! the kind could go to the same square (the file when it tells them apart, else the rank, else
//! both), `x` for a capture, the destination, `=Q` for a promotion, `+` for check and `#` for
//! mate. Castling is `O-O` (towards the h-file) or `O-O-O`, in Chess960 too.
//!
//! Reading is lenient, as PGN files from the wild need: castling with zeros (`0-0`), a
//! promotion without `=` (`e8Q`) or in lower case, a missing or superfluous `x`, `+` or `#`,
//! annotation marks (`!`, `?`) and over-specified origins (`Ng1f3`) are accepted. A text that
//! fits no legal move, or more than one, is an error.

use std::fmt;

use crate::castling::CastleSide;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{File, Rank, Square};
use crate::types::Role;

/// Why a SAN text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not of the form of a SAN move.
    Malformed(String),
    /// Well-formed, but no legal move in the position fits it.
    Illegal(String),
    /// Several legal moves fit it (a missing disambiguation).
    Ambiguous(String),
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Malformed(s) => write!(f, "'{}' is not a move in SAN", s.escape_debug()),
            SanError::Illegal(s) => write!(f, "'{s}' is not a legal move here"),
            SanError::Ambiguous(s) => write!(f, "'{s}' fits more than one legal move"),
        }
    }
}

impl std::error::Error for SanError {}

/// The side a castling move castles to: towards the h-file when the rook is right of the king.
fn castle_side(mv: Move) -> CastleSide {
    if mv.to().file() > mv.from().file() {
        CastleSide::King
    } else {
        CastleSide::Queen
    }
}

/// The upper-case SAN letter of a piece (not a pawn).
fn piece_letter(role: Role) -> char {
    role.char().to_ascii_uppercase()
}

impl Position {
    /// `mv` (a legal move of this position) in SAN, with its check or mate mark.
    pub fn san(&self, mv: Move) -> String {
        let mut text = self.san_without_suffix(mv);
        let mut after = self.clone();
        after.play(mv);
        if after.in_check() {
            text.push(if after.has_legal_moves() { '+' } else { '#' });
        }
        text
    }

    /// SAN without the `+` or `#`.
    fn san_without_suffix(&self, mv: Move) -> String {
        if mv.is_castle() {
            return match castle_side(mv) {
                CastleSide::King => "O-O".to_owned(),
                CastleSide::Queen => "O-O-O".to_owned(),
            };
        }
        let role = self.piece_at(mv.from()).map_or(Role::Pawn, |p| p.role);
        let capture = self.is_capture(mv);
        let mut text = String::with_capacity(8);
        if role == Role::Pawn {
            if capture {
                text.push(mv.from().file().char());
                text.push('x');
            }
        } else {
            text.push(piece_letter(role));
            text.push_str(&self.disambiguation(mv, role));
            if capture {
                text.push('x');
            }
        }
        text.push_str(&mv.to().to_string());
        if let Some(promoted) = mv.promotion() {
            text.push('=');
            text.push(piece_letter(promoted));
        }
        text
    }

    /// What SAN adds after the piece letter so that `mv` is the only legal move it could be.
    fn disambiguation(&self, mv: Move, role: Role) -> String {
        let rivals: Vec<Square> = self
            .legal_moves()
            .iter()
            .filter(|other| {
                !other.is_castle()
                    && other.to() == mv.to()
                    && other.from() != mv.from()
                    && self.piece_at(other.from()).map(|p| p.role) == Some(role)
            })
            .map(|other| other.from())
            .collect();
        let from = mv.from();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|sq| sq.file() != from.file()) {
            from.file().char().to_string()
        } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
            from.rank().char().to_string()
        } else {
            from.to_string()
        }
    }

    /// The legal move that the SAN `text` names (read leniently, see the module's notes).
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let malformed = || SanError::Malformed(text.chars().take(32).collect());
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        if core.is_empty() || !core.is_ascii() {
            return Err(malformed());
        }
        if let Some(side) = castling_text(core) {
            return self
                .legal_moves()
                .iter()
                .copied()
                .find(|mv| mv.is_castle() && castle_side(*mv) == side)
                .ok_or_else(|| SanError::Illegal(text.to_owned()));
        }
        let pattern = SanPattern::read(core).ok_or_else(malformed)?;
        let moves = self.legal_moves();
        let mut found = moves.iter().copied().filter(|&mv| {
            !mv.is_castle()
                && mv.to() == pattern.to
                && mv.promotion() == pattern.promotion
                && self.piece_at(mv.from()).map(|p| p.role) == Some(pattern.role)
                && pattern.from_file.is_none_or(|f| mv.from().file() == f)
                && pattern.from_rank.is_none_or(|r| mv.from().rank() == r)
        });
        match (found.next(), found.next()) {
            (Some(mv), None) => Ok(mv),
            (None, _) => Err(SanError::Illegal(text.to_owned())),
            (Some(_), Some(_)) => Err(SanError::Ambiguous(text.to_owned())),
        }
    }
}

/// The castling side `text` names (`O-O`, `0-0`, `O-O-O`, `0-0-0`), if it is castling.
fn castling_text(text: &str) -> Option<CastleSide> {
    match text {
        "O-O" | "0-0" => Some(CastleSide::King),
        "O-O-O" | "0-0-0" => Some(CastleSide::Queen),
        _ => None,
    }
}

/// What a non-castling SAN text says about its move.
struct SanPattern {
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

impl SanPattern {
    /// Reads `text` (no suffix marks, ASCII); `None` when it is no SAN move.
    fn read(text: &str) -> Option<SanPattern> {
        let mut chars: Vec<char> = text.chars().filter(|&c| c != 'x' && c != '-').collect();
        // The piece: an upper-case letter first (a lower-case `b` is the b-file's pawn).
        let role = match chars.first() {
            Some(&c) if c.is_ascii_uppercase() => {
                chars.remove(0);
                Role::from_char(c)?
            }
            _ => Role::Pawn,
        };
        // The promotion: `=Q` (any case), or a piece letter that is no file (`e8Q`, `e8q`).
        let promotion = match chars.as_slice() {
            [.., '=', c] => Some(*c),
            [.., c] if c.is_ascii_alphabetic() && !('a'..='h').contains(c) => Some(*c),
            _ => None,
        };
        let promotion = match promotion {
            None => None,
            Some(c) => {
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
                let promoted = Role::from_char(c)?;
                if matches!(promoted, Role::Pawn | Role::King) {
                    return None;
                }
                Some(promoted)
            }
        };
        // The destination: the last two characters.
        if chars.len() < 2 {
            return None;
        }
        let to_text: String = chars.split_off(chars.len() - 2).into_iter().collect();
        let to = to_text.parse::<Square>().ok()?;
        // What is left says where the piece comes from: a file, a rank, or both.
        let (from_file, from_rank) = match chars.as_slice() {
            [] => (None, None),
            [c] => match (File::from_char(*c), Rank::from_char(*c)) {
                (Some(file), _) => (Some(file), None),
                (None, Some(rank)) => (None, Some(rank)),
                (None, None) => return None,
            },
            [f, r] => (Some(File::from_char(*f)?), Some(Rank::from_char(*r)?)),
            _ => return None,
        };
        if promotion.is_some() && role != Role::Pawn {
            return None;
        }
        Some(SanPattern {
            role,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_of(fen: &str, uci: &str) -> String {
        let pos = Position::from_fen(fen).unwrap();
        pos.san(pos.parse_uci_move(uci, false).unwrap())
    }

    #[test]
    fn every_kind_of_move_is_written_as_pgn_says() {
        let start = crate::STARTING_FEN;
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        // Both knights can reach d2: the file tells them apart.
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(san_of(fen, "b1d2"), "Nbd2");
        // Rooks on one file: the rank tells them apart.
        let fen = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san_of(fen, "a1a4"), "R1a4");
        // Three queens reach f2: the h4 queen needs file and rank, the others one of them.
        let fen = "k7/8/8/8/3Q3Q/8/7Q/K7 w - - 0 1";
        assert_eq!(san_of(fen, "h4f2"), "Qh4f2");
        assert_eq!(san_of(fen, "d4f2"), "Qdf2");
        assert_eq!(san_of(fen, "h2f2"), "Q2f2");
        // A pinned knight is no rival: its move is illegal.
        let fen = "4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1";
        assert_eq!(san_of(fen, "b1c3"), "Nc3");
        // Captures, en passant, promotions, castling, check and mate.
        let fen = "r3k2r/pPpp1ppp/8/3Pp3/8/8/P1PP1PPP/R3K2R w KQkq e6 0 1";
        assert_eq!(san_of(fen, "d5e6"), "dxe6");
        assert_eq!(san_of(fen, "b7a8q"), "bxa8=Q+");
        assert_eq!(san_of(fen, "b7b8n"), "b8=N");
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
        let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(san_of(mate, "a1a8"), "Ra8#");
    }

    #[test]
    fn chess960_castling_is_written_by_side() {
        // King on b1, rooks on a1 and h1 (Shredder-FEN castling field).
        let pos = Position::from_fen("1k6/8/8/8/8/8/8/RK5R w HA - 0 1").unwrap();
        let castles: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|mv| mv.is_castle())
            .map(|&mv| pos.san(mv))
            .collect();
        assert!(castles.contains(&"O-O".to_owned()), "{castles:?}");
        assert_eq!(
            pos.parse_san("O-O").unwrap().to_uci(true).to_string(),
            "b1h1"
        );
    }

    #[test]
    fn sloppy_forms_are_read() {
        let pos = Position::startpos();
        for (text, uci) in [
            ("Nf3", "g1f3"),
            ("Ng1f3", "g1f3"),
            ("Ng1-f3", "g1f3"),
            ("e4!?", "e2e4"),
            ("e2e4", "e2e4"),
            ("Nf3+", "g1f3"),
        ] {
            assert_eq!(
                pos.parse_san(text).map(|mv| mv.to_uci(false).to_string()),
                Ok(uci.to_owned()),
                "{text}"
            );
        }
        let fen = "r3k2r/pPpp1ppp/8/3Pp3/8/8/P1PP1PPP/R3K2R w KQkq e6 0 1";
        let pos = Position::from_fen(fen).unwrap();
        for (text, uci) in [
            ("0-0", "e1g1"),
            ("0-0-0", "e1c1"),
            ("bxa8Q", "b7a8q"),
            ("bxa8=q", "b7a8q"),
            ("b8N", "b7b8n"),
            ("de6", "d5e6"),
        ] {
            assert_eq!(
                pos.parse_san(text).map(|mv| mv.to_uci(false).to_string()),
                Ok(uci.to_owned()),
                "{text}"
            );
        }
    }

    #[test]
    fn wrong_texts_are_refused_with_the_reason() {
        let pos = Position::startpos();
        assert!(matches!(pos.parse_san("Ke2"), Err(SanError::Illegal(_))));
        assert!(matches!(pos.parse_san("O-O"), Err(SanError::Illegal(_))));
        assert!(matches!(pos.parse_san(""), Err(SanError::Malformed(_))));
        assert!(matches!(pos.parse_san("Zz9"), Err(SanError::Malformed(_))));
        assert!(matches!(pos.parse_san("e4=Q"), Err(SanError::Illegal(_))));
        assert!(matches!(
            pos.parse_san("Ne4=Q"),
            Err(SanError::Malformed(_))
        ));
        let knights = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        assert!(matches!(
            knights.parse_san("Nd2"),
            Err(SanError::Ambiguous(_))
        ));
    }
}
