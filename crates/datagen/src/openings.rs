//! Where games start: the standard position, a book of FENs, or Chess960 / double Chess960
//! back ranks, followed by a few random legal plies.

use std::fmt;

use movegen::{FenError, Position, Role};

use rng::Rng;

/// The positions random plies are played from.
#[derive(Clone, Debug)]
pub enum StartPositions {
    /// The standard starting position.
    Standard,
    /// One of these positions, picked at random (an EPD or FEN book).
    Book(Vec<Position>),
    /// One of the 960 Chess960 positions, the same back rank for both sides.
    Chess960,
    /// Independent Chess960 back ranks for White and Black (960 × 960 starts).
    DoubleChess960,
}

/// A book line that is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: FenError,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for BookError {}

/// Reads a book: one position a line, as FEN or EPD (the board, side, castling and en passant
/// fields, then either the two counters or EPD operations, which are ignored). Blank lines
/// and lines starting with `#` are skipped.
pub fn parse_book(text: &str) -> Result<Vec<Position>, BookError> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let counters = fields.len() >= 6 && fields[4..6].iter().all(|f| f.parse::<u32>().is_ok());
        let fen = if counters {
            fields[..6].join(" ")
        } else {
            fields[..fields.len().min(4)].join(" ")
        };
        let position =
            Position::from_fen(&fen).map_err(|error| BookError { line: i + 1, error })?;
        positions.push(position);
    }
    Ok(positions)
}

/// The Chess960 back rank number `n` (0..960) in Scharnagl's numbering, where 518 is the
/// standard `RNBQKBNR` (<https://en.wikipedia.org/wiki/Fischer_random_chess_numbering_scheme>).
pub fn chess960_back_rank(n: usize) -> [Role; 8] {
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let mut n = n % 960;
    let mut rank: [Option<Role>; 8] = [None; 8];
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    place_on_empty(&mut rank, n % 6, Role::Queen);
    n /= 6;
    let (first, second) = KNIGHTS[n];
    // The second knight's index counts the empty squares before the first one was placed.
    place_on_empty(&mut rank, second, Role::Knight);
    place_on_empty(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_on_empty(&mut rank, 0, role);
    }
    rank.map(|role| role.unwrap_or(Role::Rook))
}

/// Puts `role` on the `index`th empty square of `rank`.
fn place_on_empty(rank: &mut [Option<Role>; 8], index: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(index) {
        *slot = Some(role);
    }
}

/// The start position with `white` and `black` back ranks, both sides free to castle with
/// both rooks (Shredder-FEN castling field).
pub fn chess960_position(white: &[Role; 8], black: &[Role; 8]) -> Position {
    let rank = |roles: &[Role; 8], upper: bool| -> String {
        roles
            .iter()
            .map(|r| {
                let c = r.char();
                if upper { c.to_ascii_uppercase() } else { c }
            })
            .collect()
    };
    let rook_files = |roles: &[Role; 8], upper: bool| -> String {
        // Kingside rook first, as FEN lists K before Q.
        (0..8)
            .rev()
            .filter(|&f| roles[f] == Role::Rook)
            .map(|f| {
                let c = char::from(b'a' + f as u8);
                if upper { c.to_ascii_uppercase() } else { c }
            })
            .collect()
    };
    let fen = format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {}{} - 0 1",
        rank(black, false),
        rank(white, true),
        rook_files(white, true),
        rook_files(black, false)
    );
    match Position::from_fen(&fen) {
        Ok(pos) => pos,
        // Every back rank built by `chess960_back_rank` has its king between its rooks.
        Err(_) => Position::startpos(),
    }
}

impl StartPositions {
    /// A position to play random plies from.
    pub fn pick(&self, rng: &mut Rng) -> Position {
        match self {
            StartPositions::Standard => Position::startpos(),
            StartPositions::Book(positions) if !positions.is_empty() => {
                positions[rng.below(positions.len())].clone()
            }
            StartPositions::Book(_) => Position::startpos(),
            StartPositions::Chess960 => {
                let rank = chess960_back_rank(rng.below(960));
                chess960_position(&rank, &rank)
            }
            StartPositions::DoubleChess960 => {
                let white = chess960_back_rank(rng.below(960));
                let black = chess960_back_rank(rng.below(960));
                chess960_position(&white, &black)
            }
        }
    }
}

/// An opening: the position after the random plies and the keys of the positions before it.
#[derive(Clone, Debug)]
pub struct Opening {
    /// Where the game proper starts.
    pub position: Position,
    /// Keys of the positions played through, oldest first (for repetitions).
    pub keys: Vec<u64>,
}

/// Plays `plies` random legal moves from `start`; `None` if the game ends on the way or at
/// the end (no legal move), so that every opening has a move to search.
pub fn random_plies(start: &Position, plies: usize, rng: &mut Rng) -> Option<Opening> {
    let mut position = start.clone();
    let mut keys = Vec::with_capacity(plies);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        keys.push(position.key());
        position.play(moves[rng.below(moves.len())]);
    }
    position
        .has_legal_moves()
        .then_some(Opening { position, keys })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn scharnagl_518_is_the_standard_back_rank() {
        let standard = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        assert_eq!(chess960_back_rank(518), standard);
        assert_eq!(
            chess960_position(&standard, &standard),
            Position::startpos()
        );
        // Number 0 is BBQNNRKR.
        let zero: String = chess960_back_rank(0).iter().map(|r| r.char()).collect();
        assert_eq!(zero, "bbqnnrkr");
    }

    #[test]
    fn the_960_back_ranks_are_distinct_and_legal() {
        let mut seen = HashSet::new();
        for n in 0..960 {
            let rank = chess960_back_rank(n);
            assert!(seen.insert(rank), "{n} repeats");
            let files = |role| (0..8).filter(move |&f| rank[f] == role);
            let bishops: Vec<usize> = files(Role::Bishop).collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> = files(Role::Rook).collect();
            let king = files(Role::King).next().unwrap();
            assert!(
                rooks.len() == 2 && rooks[0] < king && king < rooks[1],
                "{n}"
            );
            assert_eq!(files(Role::Queen).count(), 1);
            assert_eq!(files(Role::Knight).count(), 2);
            let pos = chess960_position(&rank, &chess960_back_rank(959 - n));
            assert_eq!(pos.castling().rights().bits(), 0b1111, "{n}");
        }
    }

    #[test]
    fn random_openings_are_legal_positions() {
        let sources = [
            StartPositions::Standard,
            StartPositions::Chess960,
            StartPositions::DoubleChess960,
            StartPositions::Book(
                parse_book("# a comment\n\nr3k2r/8/8/8/8/8/8/R3K2R w KQkq - hmvc 0; fmvn 1;\n")
                    .unwrap(),
            ),
        ];
        for (i, source) in sources.iter().enumerate() {
            for game in 0..50 {
                let mut rng = Rng::for_item(i as u64, game);
                let start = source.pick(&mut rng);
                let Some(opening) = random_plies(&start, 8, &mut rng) else {
                    continue;
                };
                assert_eq!(opening.keys.len(), 8);
                let fen = opening.position.fen();
                let reparsed = Position::from_fen(&fen).unwrap();
                assert_eq!(reparsed, opening.position, "{fen}");
                assert_eq!(opening.position.key(), opening.position.compute_key());
                assert!(opening.position.has_legal_moves());
            }
        }
    }

    #[test]
    fn books_read_fen_and_epd_and_report_bad_lines() {
        let book = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
                    rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - c0 \"x\";\n";
        let positions = parse_book(book).unwrap();
        assert_eq!(positions.len(), 2);
        assert_eq!(positions[1].fullmove_number(), 1);
        let err = parse_book("8/8/8/8/8/8/8/8 w - -\n").unwrap_err();
        assert_eq!(err.line, 1);
    }
}
