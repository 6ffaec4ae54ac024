//! Helpers shared by the evaluation tests: positions and colour flipping.

use movegen::Position;

/// Parses a FEN the tests wrote themselves.
pub(super) fn pos(fen: &str) -> Position {
    match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("test FEN {fen} rejected: {e}"),
    }
}

/// The same position with colours swapped and the board mirrored top to bottom.
pub(super) fn flip_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|r| r.chars().map(swap).collect())
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling: String = if fields[2] == "-" {
        "-".into()
    } else {
        fields[2].chars().map(swap).collect()
    };
    let ep = match fields[3].as_bytes() {
        [f, b'3'] => format!("{}6", *f as char),
        [f, b'6'] => format!("{}3", *f as char),
        _ => "-".into(),
    };
    let rest = fields[4..].join(" ");
    format!("{} {side} {castling} {ep} {rest}", board.join("/"))
}

/// A varied set: openings, middlegames, endgames, unusual material.
pub(super) const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "2kr3r/pp1q1ppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 b - - 4 12",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/4k3/8/1B6/8/4K3/2b5 w - - 0 1",
    "8/5k2/8/3P4/8/8/8/4K3 b - - 0 1",
    "8/8/8/4k3/8/8/2N5/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "r1b2rk1/ppq2ppp/2n1p3/3pP3/2pP4/P1P2N2/2Q2PPP/R1B1KB1R b KQ - 1 12",
    "3r1rk1/p4ppp/1p6/2p1n3/4P3/1P3N2/P1R2PPP/5RK1 w - - 0 20",
    "8/p7/1p3k2/2pP4/2P2K2/1P6/P7/8 w - - 0 40",
    "1k6/8/8/8/8/8/8/KQ6 b - - 0 1",
    "rnbqkb1r/pp3ppp/4pn2/2pp4/3P4/2PBPN2/PP3PPP/RNBQK2R b KQkq - 1 5",
    "8/4kp2/6p1/3B4/5P2/4b1P1/5K2/8 w - - 0 50",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "2r3k1/1q3ppp/p3p3/1p1nP3/3P4/1B3Q2/PP3PPP/2R3K1 w - - 0 25",
    "8/8/3k4/8/8/3K4/3R4/3b4 w - - 0 1",
    "5rk1/5ppp/8/8/8/8/5PPP/2Q3K1 b - - 0 1",
];
