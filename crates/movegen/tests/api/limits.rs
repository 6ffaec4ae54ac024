//! Positions at the edge of what `from_fen` accepts: the material rules, and the largest
//! legal-move counts buildable within them, which the move list must hold.

use movegen::{Color, FenError, GenKind, MAX_MOVES, Position};

/// The most moves known for a position of a game (Nenad Petrović, 1964), its colour-flipped
/// twin, and a position with both castlings found by hill-climbing under the material rules;
/// counts checked with Stockfish's `go perft 1`.
const LARGEST: [(&str, usize); 3] = [
    ("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", 218),
    ("Kbnn1kb1/PP1q4/q4q2/2q4q/4q3/1q4q1/3q4/r6r b - - 0 1", 218),
    (
        "rbbbkbrr/rQ5Q/r4Q2/p1Q5/6Q1/1Q4Q1/3Q4/R3K2R w KQkq - 0 1",
        181,
    ),
];

fn parse(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen} refused: {e}"))
}

#[test]
fn largest_move_counts_fit_the_list() {
    for (fen, count) in LARGEST {
        let pos = parse(fen);
        let all = pos.legal_moves();
        assert_eq!(all.len(), count, "{fen}");
        assert!(count <= MAX_MOVES);
        let noisy = pos.generate_moves(GenKind::Noisy).len();
        let quiet = pos.generate_moves(GenKind::Quiet).len();
        assert_eq!(noisy + quiet, count, "{fen}");
        // Every child keeps the material rules (its FEN reads back) and generates too.
        for mv in all {
            let mut child = pos.clone();
            child.play(mv);
            assert_eq!(parse(&child.fen()), child, "{fen} after {mv:?}");
            assert!(child.legal_moves().len() <= MAX_MOVES);
        }
    }
}

#[test]
fn the_overflowing_position_is_refused() {
    // 26 white pieces with 261 legal moves: more than the 256 the list once held.
    let fen = "1QQQQQQQ/Q6Q/Q6Q/Q6Q/n3Q2Q/Q6Q/1Q4RB/1KQQQQBk w - - 0 1";
    assert_eq!(
        Position::from_fen(fen),
        Err(FenError::TooManyPieces {
            color: Color::White,
            count: 26
        })
    );
}

#[test]
fn material_at_the_limit_is_accepted_and_one_more_is_refused() {
    // Sixteen pieces: eight promoted queens and no pawn left.
    parse("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
    // Eight pawns and the starting pieces, bishops on both colours.
    parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // One pawn gone, one extra queen: still explained by a promotion.
    parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNQ w Qkq - 0 1");
    let cases = [
        (
            "rnbqkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenError::TooManyPieces {
                color: Color::White,
                count: 17,
            },
        ),
        (
            "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
            FenError::TooManyPawns {
                color: Color::White,
                count: 9,
            },
        ),
        // Eight pawns and two queens.
        (
            "3qk3/8/8/8/8/8/PPPPPPPP/2QQK3 w - - 0 1",
            FenError::TooManyPromotedPieces {
                color: Color::White,
                promoted: 1,
                pawns: 8,
            },
        ),
        // Eight pawns and two dark-squared bishops (b8 and d6).
        (
            "1b2k3/pppppppp/3b4/8/8/8/8/4K3 b - - 0 1",
            FenError::TooManyPromotedPieces {
                color: Color::Black,
                promoted: 1,
                pawns: 8,
            },
        ),
        // Seven pawns, three rooks and three knights.
        (
            "rrrnnnk1/ppppppp1/8/8/8/8/8/4K3 b - - 0 1",
            FenError::TooManyPromotedPieces {
                color: Color::Black,
                promoted: 2,
                pawns: 7,
            },
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Position::from_fen(fen), Err(expected), "{fen}");
    }
}
