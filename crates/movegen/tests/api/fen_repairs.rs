//! `Position::from_fen_lenient`: the fields it mends (each as python-chess and Stockfish read
//! past it), and the errors it still refuses.

use movegen::{FenError, FenRepair, Position, Square};

/// The lenient parse of `fen`: its FEN written back, and the repairs.
fn lenient(fen: &str) -> (String, Vec<FenRepair>) {
    let (pos, repairs) =
        Position::from_fen_lenient(fen).unwrap_or_else(|e| panic!("{fen:?} refused: {e}"));
    (pos.fen(), repairs)
}

const START_BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

#[test]
fn mended_fields_are_reported_and_leave_the_board_alone() {
    let start = format!("{START_BOARD} w KQkq - 0 1");
    let cases: Vec<(String, String, Vec<FenRepair>)> = vec![
        // En passant square with no double push behind it (python-chess: INVALID_EP_SQUARE).
        (
            format!("{START_BOARD} w KQkq e6 0 1"),
            start.clone(),
            vec![FenRepair::EnPassantIgnored(FenError::ImpossibleEnPassant(
                Square::E6,
            ))],
        ),
        // Not a square at all: Stockfish reads past it.
        (
            format!("{START_BOARD} w KQkq e9 0 1"),
            start.clone(),
            vec![FenRepair::EnPassantIgnored(FenError::BadEnPassant(
                "e9".into(),
            ))],
        ),
        // Castling rights without their rook, or with the king away (BAD_CASTLING_RIGHTS).
        (
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1".into(),
            "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qq - 0 1".into(),
            vec![
                FenRepair::CastlingRightDropped('K'),
                FenRepair::CastlingRightDropped('k'),
            ],
        ),
        (
            "4k3/8/8/8/8/8/3K4/R6R w KQGA - 0 1".into(),
            "4k3/8/8/8/8/8/3K4/R6R w - - 0 1".into(),
            ['K', 'Q', 'G', 'A']
                .map(FenRepair::CastlingRightDropped)
                .to_vec(),
        ),
        // Two rights naming different rooks on one side (Chess960's Shredder-FEN letters, or
        // X-FEN's `K` beside a file): the later one is kept, as Stockfish keeps it.
        (
            "4k3/8/8/8/8/8/8/4KR1R w FH - 0 1".into(),
            "4k3/8/8/8/8/8/8/4KR1R w K - 0 1".into(),
            vec![FenRepair::CastlingRightReplaced {
                dropped: 'F',
                kept: 'H',
            }],
        ),
        (
            "4k3/8/8/8/8/8/8/4KR1R w KF - 0 1".into(),
            "4k3/8/8/8/8/8/8/4KR1R w F - 0 1".into(),
            vec![FenRepair::CastlingRightReplaced {
                dropped: 'K',
                kept: 'F',
            }],
        ),
        // The same rook named twice is one right, nothing dropped.
        (
            "4k3/8/8/8/8/8/8/4KR1R w KH - 0 1".into(),
            "4k3/8/8/8/8/8/8/4KR1R w K - 0 1".into(),
            vec![],
        ),
        // Counters past what the engine keeps saturate: the strict parse does it too, and the
        // lenient one says so.
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 99999 123456".into(),
            "4k3/8/8/8/8/8/8/4K3 w - - 65535 65535".into(),
            vec![
                FenRepair::HalfmoveClockClamped("99999".into()),
                FenRepair::FullmoveNumberClamped("123456".into()),
            ],
        ),
        // Clocks that are no numbers: 0 and 1, as Stockfish reads them.
        (
            format!("{START_BOARD} w KQkq - -1 x"),
            start.clone(),
            vec![
                FenRepair::HalfmoveClockReset("-1".into()),
                FenRepair::FullmoveNumberReset("x".into()),
            ],
        ),
        (
            format!("{START_BOARD} w KQkq - abc -3"),
            start.clone(),
            vec![
                FenRepair::HalfmoveClockReset("abc".into()),
                FenRepair::FullmoveNumberReset("-3".into()),
            ],
        ),
        // Move number 0 and missing clocks are plain FEN habits: read without a repair.
        (format!("{START_BOARD} w KQkq - 0 0"), start.clone(), vec![]),
        (format!("{START_BOARD} w KQkq -"), start.clone(), vec![]),
        // An en passant square after a double push that no pawn can take: FEN's own rule
        // writes it, so it is dropped silently, as the strict parse does.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".into(),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            vec![],
        ),
    ];
    for (fen, fixed, repairs) in cases {
        assert_eq!(lenient(&fen), (fixed.clone(), repairs), "{fen}");
        // The strict parse refuses what was mended, and agrees where nothing was.
        match Position::from_fen(&fen) {
            Ok(pos) => assert_eq!(pos.fen(), fixed, "{fen}"),
            Err(e) => assert!(!lenient(&fen).1.is_empty(), "{fen}: {e}"),
        }
    }
}

#[test]
fn repairs_say_what_was_wrong_and_what_was_done() {
    let (_, repairs) = lenient(&format!("{START_BOARD} w KQkq e6 -1 1"));
    let text: Vec<String> = repairs.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "en passant square e6 does not follow a double pawn push; no en passant square used",
            "halfmove clock '-1' is not a number; 0 used",
        ]
    );
}

#[test]
fn replaced_rights_and_clamped_clocks_say_so() {
    let (_, repairs) = lenient("4k3/8/8/8/8/8/8/4KR1R w FH - 70000 1");
    let text: Vec<String> = repairs.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "castling rights 'F' and 'H' name two rooks on one side; 'F' dropped",
            "halfmove clock 70000 is too large; 65535 used",
        ]
    );
    assert_eq!(
        Position::from_fen("4k3/8/8/8/8/8/8/4KR1R w FH - 0 1"),
        Err(FenError::ConflictingCastling {
            first: 'F',
            second: 'H'
        })
    );
}

#[test]
fn positions_no_game_reaches_are_still_refused() {
    for (fen, expected) in [
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            FenError::MissingKing(movegen::Color::Black),
        ),
        ("4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", FenError::OpponentInCheck),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::PawnOnBackRank(Square::A8),
        ),
        (
            &format!("{START_BOARD} x KQkq - 0 1"),
            FenError::BadSideToMove("x".into()),
        ),
        (
            &format!("{START_BOARD} w KQZq - 0 1"),
            FenError::BadCastlingChar('Z'),
        ),
        (&format!("{START_BOARD} w"), FenError::FieldCount(2)),
    ] {
        assert_eq!(Position::from_fen_lenient(fen), Err(expected), "{fen}");
    }
}
