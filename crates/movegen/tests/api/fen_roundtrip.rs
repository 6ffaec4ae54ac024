//! FEN out of parsed positions: plain FEN and X-FEN give back canonical input, Shredder-FEN
//! names rook files, and either form parses back to the same position.

use movegen::{CastleSide, Color, Position, Square};

use crate::util::{CHESS960_FENS, STANDARD_FENS, all_fens, pos};

#[test]
fn standard_fens_round_trip() {
    for fen in STANDARD_FENS {
        assert_eq!(pos(fen).fen(), *fen);
    }
}

#[test]
fn chess960_shredder_fens_round_trip() {
    for fen in CHESS960_FENS {
        assert_eq!(pos(fen).shredder_fen(), *fen);
    }
}

#[test]
fn both_output_forms_parse_back_to_the_same_position() {
    for (fen, _) in all_fens() {
        let p = pos(fen);
        assert_eq!(pos(&p.fen()), p, "via fen() from {fen}");
        assert_eq!(pos(&p.shredder_fen()), p, "via shredder_fen() from {fen}");
    }
}

#[test]
fn x_fen_uses_kqkq_for_outermost_rooks_and_files_otherwise() {
    // Rooks on f1 and h1 with the king on g1 are the outermost on each side: KQkq.
    let p = pos("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_eq!(
        p.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );
    // The b1 rook castles but the a1 rook is further out: X-FEN must name the file.
    let inner = "4k3/8/8/8/8/8/8/RRK5 w B - 0 1";
    assert_eq!(pos(inner).fen(), inner);
    assert_eq!(
        pos(inner).castling().rook(Color::White, CastleSide::Queen),
        Some(Square::B1)
    );
    let outer = pos("4k3/8/8/8/8/8/8/RRK5 w Q - 0 1");
    assert_eq!(outer.fen(), "4k3/8/8/8/8/8/8/RRK5 w Q - 0 1");
    assert_eq!(outer.shredder_fen(), "4k3/8/8/8/8/8/8/RRK5 w A - 0 1");
    assert_eq!(
        outer.castling().rook(Color::White, CastleSide::Queen),
        Some(Square::A1)
    );
}

#[test]
fn x_fen_and_shredder_input_give_the_same_position() {
    let pairs = [
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
        ),
        (
            "1r2k2r/8/8/8/8/8/8/1R2K2R b KQkq - 3 20",
            "1r2k2r/8/8/8/8/8/8/1R2K2R b HBhb - 3 20",
        ),
        (
            "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1",
            "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1",
        ),
    ];
    for (x_fen, shredder) in pairs {
        assert_eq!(pos(x_fen), pos(shredder), "{x_fen} vs {shredder}");
        assert_eq!(pos(x_fen).shredder_fen(), shredder);
    }
}

#[test]
fn optional_counters_and_normalisation() {
    // EPD-style FEN without counters gets 0 and 1.
    let p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!(p, Position::startpos());
    // An en passant square no pawn can capture on is dropped, keeping the key canonical.
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(p.ep_square(), None);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // Fullmove number 0 is read as 1.
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 0").fullmove_number(), 1);
    // Extra whitespace between fields is accepted.
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3   w  -  -  5  9").fen(),
        "4k3/8/8/8/8/8/8/4K3 w - - 5 9"
    );
}
