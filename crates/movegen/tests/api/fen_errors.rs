//! Every `FenError` variant, each triggered by one specific bad FEN.

use movegen::{Color, FenError, Position, Square};

fn err(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(p) => panic!("{fen:?} was accepted as {}", p.fen()),
        Err(e) => e,
    }
}

#[test]
fn syntax_errors() {
    let cases: Vec<(&str, FenError)> = vec![
        ("", FenError::FieldCount(0)),
        ("8/8/8/8/8/8/8/8 w", FenError::FieldCount(2)),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            FenError::FieldCount(7),
        ),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", FenError::RankCount(7)),
        ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", FenError::RankCount(9)),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            FenError::RankLength {
                rank: '1',
                squares: 7,
            },
        ),
        (
            "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::RankLength {
                rank: '8',
                squares: 9,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3x w - - 0 1",
            FenError::BadPieceChar('x'),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2é w - - 0 1",
            FenError::BadPieceChar('é'),
        ),
        ("4k3/8/8/8/9/8/8/4K3 w - - 0 1", FenError::BadPieceChar('9')),
        (
            "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
            FenError::BadSideToMove("W".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 white - - 0 1",
            FenError::BadSideToMove("white".into()),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1",
            FenError::BadCastlingChar('x'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w K1 - 0 1",
            FenError::BadCastlingChar('1'),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            FenError::BadEnPassant("e9".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - x 0 1",
            FenError::BadEnPassant("x".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
            FenError::BadHalfmoveClock("-1".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 1.5 1",
            FenError::BadHalfmoveClock("1.5".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 x",
            FenError::BadFullmoveNumber("x".into()),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 +3",
            FenError::BadFullmoveNumber("+3".into()),
        ),
    ];
    for (fen, expected) in cases {
        let e = err(fen);
        assert_eq!(e, expected, "for {fen:?}");
        assert!(e.is_syntax_error(), "{e:?} should count as a syntax error");
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn illegal_position_errors() {
    let cases: Vec<(&str, FenError)> = vec![
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            FenError::MissingKing(Color::White),
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::MissingKing(Color::Black),
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            FenError::TooManyKings(Color::White),
        ),
        (
            "3kk3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::TooManyKings(Color::Black),
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            FenError::PawnOnBackRank(Square::A1),
        ),
        (
            "4k2p/8/8/8/8/8/8/4K3 b - - 0 1",
            FenError::PawnOnBackRank(Square::H8),
        ),
        // White to move, and the black king stands in the white rook's line.
        ("4k3/8/8/8/8/8/8/K3R3 w - - 0 1", FenError::OpponentInCheck),
        // A rook, a knight and a bishop all check the white king.
        (
            "k3r3/8/8/8/1b6/3n4/8/4K3 w - - 0 1",
            FenError::TooManyCheckers,
        ),
        // Rooks on a1 and h1 both check the king between them.
        ("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", FenError::ImpossibleCheck),
        (
            "1QQQQQQQ/Q6Q/Q6Q/Q6Q/n3Q2Q/Q6Q/1Q4RB/1KQQQQBk w - - 0 1",
            FenError::TooManyPieces {
                color: Color::White,
                count: 26,
            },
        ),
        (
            "4k3/pppppppp/p7/8/8/8/8/4K3 b - - 0 1",
            FenError::TooManyPawns {
                color: Color::Black,
                count: 9,
            },
        ),
        (
            "4k3/8/8/8/8/8/PPPPPPPP/1NNNK3 w - - 0 1",
            FenError::TooManyPromotedPieces {
                color: Color::White,
                promoted: 1,
                pawns: 8,
            },
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            FenError::ImpossibleCastling('K'),
        ),
        (
            "4k3/8/8/8/8/8/8/R3K3 w Kq - 0 1",
            FenError::ImpossibleCastling('K'),
        ),
        (
            "r3k3/8/8/8/8/8/8/R3K3 w Qk - 0 1",
            FenError::ImpossibleCastling('k'),
        ),
        // The king is not on its home rank.
        (
            "r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1",
            FenError::ImpossibleCastling('K'),
        ),
        // Shredder letter naming a file with no rook.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w G - 0 1",
            FenError::ImpossibleCastling('G'),
        ),
        // No pawn behind the square, or White to move with a rank-3 square.
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            FenError::ImpossibleEnPassant(Square::E6),
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
            FenError::ImpossibleEnPassant(Square::E3),
        ),
        (
            "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
            FenError::ImpossibleEnPassant(Square::E6),
        ),
    ];
    for (fen, expected) in cases {
        let e = err(fen);
        assert_eq!(e, expected, "for {fen:?}");
        assert!(
            !e.is_syntax_error(),
            "{e:?} should not count as a syntax error"
        );
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn double_checks_a_move_can_give_are_accepted() {
    // A rook on the e-file and a knight: a discovered check.
    for fen in [
        "k3r3/8/8/8/8/3n4/8/4K3 w - - 0 1",
        // A rook and a bishop on different lines.
        "k3r3/8/8/8/1b6/8/8/4K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.checkers().count(), 2, "{fen}");
    }
}
