//! Files, ranks and squares.

use std::fmt;
use std::str::FromStr;

use crate::types::Color;

/// A file (column), a to h.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), 1 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, a first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `i & 7`.
    #[inline]
    pub const fn new(i: u8) -> File {
        File::ALL[(i & 7) as usize]
    }

    /// Index 0 (a) ..= 7 (h).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file's letter.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file named by a lowercase letter.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl Rank {
    /// All ranks, the first rank first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `i & 7`.
    #[inline]
    pub const fn new(i: u8) -> Rank {
        Rank::ALL[(i & 7) as usize]
    }

    /// Index 0 (first rank) ..= 7 (eighth rank).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank's digit.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank named by a digit.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u8 - b'1')),
            _ => None,
        }
    }

    /// This rank seen from `color`'s side: the first rank is Black's eighth.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::new(7 - self as u8),
        }
    }
}

/// A square of the board, a1 = 0 to h8 = 63 (rank-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All squares, a1 first.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8]
    };

    /// The square with index `i & 63`.
    #[inline]
    pub const fn new(i: u8) -> Square {
        Square::ALL[(i & 63) as usize]
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u8 * 8 + file as u8)
    }

    /// Index 0 (a1) ..= 63 (h8).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self as u8 & 7)
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u8 >> 3)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Some(Square::new((r * 8 + f) as u8))
        }
    }

    /// The same square mirrored top to bottom (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square::new(self as u8 ^ 56)
    }

    /// This square seen from `color`'s side (mirrored for Black).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The square one rank forward for `color` (towards the opponent), wrapping off the board
    /// is the caller's concern: only call it where the result exists.
    #[inline]
    pub const fn forward(self, color: Color) -> Square {
        match color {
            Color::White => Square::new(self as u8 + 8),
            Color::Black => Square::new(self as u8 - 8),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The text did not name a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square (expected a file a-h and a rank 1-8, like e4)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                _ => Err(ParseSquareError),
            },
            _ => Err(ParseSquareError),
        }
    }
}
