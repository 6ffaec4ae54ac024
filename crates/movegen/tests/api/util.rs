//! Helpers shared by the API tests: a deterministic generator, parsing shortcuts and a small set
//! of positions that cover castling, en passant, promotions and Chess960.

use movegen::{Position, Square};

/// xorshift64*: deterministic, so a failing seed reproduces.
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The square named `name`; test data only.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|_| panic!("test square {name} does not parse"))
}

/// The position of `fen`; test data only.
pub fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("test FEN {fen} rejected: {e}"))
}

/// Standard-chess positions with castling, en passant, promotions, pins and checks.
pub const STANDARD_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/8/K2pP2q/8/8/8/7k w - d6 0 2",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/8/8/8/3pPp2/8/8/R3K1RR b KQkq e3 0 1",
];

/// Chess960 positions in Shredder-FEN, including castling rooks next to the king.
pub const CHESS960_FENS: &[&str] = &[
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
    "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1",
    "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1",
];

/// Both lists together, each with whether it is Chess960.
pub fn all_fens() -> impl Iterator<Item = (&'static str, bool)> {
    STANDARD_FENS
        .iter()
        .map(|f| (*f, false))
        .chain(CHESS960_FENS.iter().map(|f| (*f, true)))
}

/// A random Chess960 back rank, as lower-case piece letters: the standard pieces shuffled until
/// the bishops stand on squares of both colours and the king between the rooks.
pub fn random_chess960_back_rank(rng: &mut Rng) -> [char; 8] {
    loop {
        let mut rank = ['r', 'n', 'b', 'q', 'k', 'b', 'n', 'r'];
        for i in (1..8).rev() {
            rank.swap(i, rng.below(i + 1));
        }
        let files = |piece| (0..8).filter(move |&f| rank[f] == piece);
        let bishops: Vec<usize> = files('b').collect();
        let rooks: Vec<usize> = files('r').collect();
        let king = files('k').next().expect("a king");
        if bishops[0] % 2 != bishops[1] % 2 && rooks[0] < king && king < rooks[1] {
            return rank;
        }
    }
}

/// The Chess960 start with `rank` as Shredder-FEN, with both sides' castling rights; `bare`
/// keeps only the kings, rooks and pawns, so castling comes early in a random game.
pub fn chess960_start_fen(rank: [char; 8], bare: bool) -> String {
    let row: String = rank
        .iter()
        .map(|&c| {
            if bare && !matches!(c, 'r' | 'k') {
                '1'
            } else {
                c
            }
        })
        .collect();
    let rook_files: String = (0..8u8)
        .filter(|&f| rank[f as usize] == 'r')
        .map(|f| char::from(b'a' + f))
        .collect();
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {}{} - 0 1",
        compress_fen_row(&row),
        compress_fen_row(&row.to_ascii_uppercase()),
        rook_files.to_ascii_uppercase(),
        rook_files
    )
}

/// A FEN row with its runs of `1`s written as one digit.
fn compress_fen_row(row: &str) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for c in row.chars() {
        if c == '1' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push(c);
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}
