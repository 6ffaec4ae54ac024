//! Input real GUIs send that must still end in one legal `bestmove` for the position the GUI
//! means: upper-case promotion letters, `go` lines with tokens that cannot be read, Chess960
//! castling with `UCI_Chess960` off, and FENs to mend or to refuse.

use std::time::Duration;

use crate::engine_harness::{Engine, bestmove_of};
use movegen::Position;

/// Whether `bestmove` is legal after `moves` from `fen`, read with `UCI_Chess960` off.
fn is_legal(fen: &str, moves: &[&str], bestmove: &str) -> bool {
    let mut pos = Position::from_fen(fen).expect("test FEN");
    for m in moves {
        let mv = pos.parse_uci_move(m, false).expect("test move");
        pos.play(mv);
    }
    pos.parse_uci_move(bestmove, false).is_ok()
}

fn info_strings(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

const START: &str = movegen::STARTING_FEN;

#[test]
fn upper_case_promotion_letters_are_played() {
    let mut e = Engine::start();
    let moves = "e2e4 d7d5 e4d5 c7c6 d5c6 g8f6 c6b7 a7a6 b7a8Q";
    e.send(&format!("position startpos moves {moves}"));
    e.send("d");
    let lines = e.sync();
    assert!(info_strings(&lines).is_empty(), "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.starts_with("Fen: Qnbqkb1r/")),
        "{lines:#?}"
    );
    e.send("go depth 3");
    let best = bestmove_of(e.wait_bestmove().last().unwrap()).to_string();
    let moves: Vec<&str> = moves.split(' ').collect();
    assert!(is_legal(START, &moves, &best), "{best}");
}

#[test]
fn go_with_a_bad_token_reports_it_and_still_moves() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    // Each ends by itself: a bad clock is an empty one, a bad limit a depth 1 search.
    for line in [
        "go btime abc wtime 1000",
        "go depth -3",
        "go nodes many",
        "go movetime -100",
        "go movestogo -1 wtime 1000 btime 1000",
        "go btime",
        "go depth 2 depth 3",
    ] {
        e.send(line);
        let lines = e.wait_bestmove();
        assert_eq!(info_strings(&lines).len(), 1, "{line}: {lines:#?}");
        let best = bestmove_of(lines.last().unwrap());
        assert!(is_legal(START, &["e2e4"], best), "{line}: {best}");
    }
}

#[test]
fn stop_after_a_go_left_without_a_limit_gives_one_bestmove() {
    let mut e = Engine::start();
    // Nothing but bad tokens, an empty `searchmoves` or one without a legal move: no limit is
    // left, so the search runs until `stop`, as a plain `go` does, and then answers once. (A
    // limit keyword without its value is a depth 1 search, which ends by itself: not here.)
    for line in [
        "go fast",
        "go searchmoves",
        "go joho DEPTH 5",
        "go searchmoves e2e5",
    ] {
        e.send(line);
        let lines = e.sync();
        assert!(!info_strings(&lines).is_empty(), "{line}: {lines:#?}");
        std::thread::sleep(Duration::from_millis(50));
        e.send("stop");
        let lines = e.wait_bestmove();
        assert!(is_legal(START, &[], bestmove_of(lines.last().unwrap())));
        let after = e.sync();
        assert!(
            !after.iter().any(|l| l.starts_with("bestmove")),
            "{line}: a second bestmove {after:#?}"
        );
    }
}

/// A Chess960 start whose king stays on c1 when castling long (rook b1 to d1).
const KING_ON_C1: &str = "1rk1bqrn/pppppppp/8/8/8/8/PPPPPPPP/1RK1BQRN w GBgb - 0 1";

#[test]
fn chess960_castling_without_chess960_mode_is_king_takes_rook() {
    let mut e = Engine::start();
    e.send(&format!("position fen {KING_ON_C1}"));
    e.send("go depth 3 searchmoves c1b1");
    let lines = e.wait_bestmove();
    assert_eq!(bestmove_of(lines.last().unwrap()), "c1b1", "{lines:#?}");
    assert!(!lines.iter().any(|l| l.contains("c1c1")), "{lines:#?}");
    // Both castling forms a GUI may send back are read: king takes rook, and the king's
    // destination as Stockfish writes it.
    for castle in ["c1b1", "c1c1"] {
        e.send(&format!("position fen {KING_ON_C1} moves {castle}"));
        e.send("d");
        let lines = e.sync();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("Fen: 1rk1bqrn/pppppppp/8/8/8/8/PPPPPPPP/2KRBQRN b")),
            "{castle}: {lines:#?}"
        );
    }
    e.send(&format!("position fen {KING_ON_C1}"));
    e.send("go perft 1");
    let lines = e.read_until(|l| l.starts_with("Nodes searched"));
    assert!(lines.iter().any(|l| l == "c1b1: 1"), "{lines:#?}");
}

#[test]
fn fields_that_do_not_change_the_board_are_mended() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    // An en passant square no double push left, a castling right without its rook, clocks
    // that are no numbers: reported, and this position is searched (not the one before).
    let fen = "rnbqkbn1/ppppppp1/8/7p/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 -1 x";
    e.send(&format!("position fen {fen} moves e2e4"));
    let lines = e.sync();
    assert_eq!(info_strings(&lines).len(), 4, "{lines:#?}");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: rnbqkbn1/ppppppp1/8/7p/4P3/8/PPPP1PPP/RNBQKBNR b KQq - 0 1"),
        "{lines:#?}"
    );
    e.send("go depth 3");
    let best = bestmove_of(e.wait_bestmove().last().unwrap()).to_string();
    let mended = "rnbqkbn1/ppppppp1/8/7p/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1";
    assert!(is_legal(mended, &["e2e4"], &best), "{best}");
}

/// The repairs that keep the board but change a field (a Chess960 castling right another
/// right replaces, a clock too large to keep) are reported too, each once.
#[test]
fn replaced_castling_rights_and_clamped_clocks_are_reported() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen 4k3/8/8/8/8/8/8/4KR1R w FH - 99999 1");
    let lines = e.sync();
    let notices = info_strings(&lines);
    assert_eq!(notices.len(), 2, "{lines:#?}");
    assert!(notices[0].contains("'F' dropped"), "{notices:#?}");
    assert!(notices[1].contains("halfmove clock 99999"), "{notices:#?}");
    e.send("d");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l == "Fen: 4k3/8/8/8/8/8/8/4KR1R w K - 65535 1"),
        "{lines:#?}"
    );
}

#[test]
fn after_a_refused_position_go_answers_the_null_move() {
    let mut e = Engine::start();
    for refused in [
        // No black king.
        "position fen rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1 moves e2e4",
        // The side not to move is in check.
        "position fen 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        // Three fields: not a FEN the engine can read.
        "position fen 8/8/8/8/8/8/8/K6k w -",
        "position startpos e2e4",
    ] {
        e.send("position startpos moves e2e4");
        e.send(refused);
        e.send("go depth 5");
        let lines = e.wait_bestmove();
        assert_eq!(
            lines.last().unwrap(),
            "bestmove 0000",
            "{refused}: {lines:#?}"
        );
        assert_eq!(info_strings(&lines).len(), 2, "{refused}: {lines:#?}");
        e.send("d");
        let lines = e.sync();
        assert!(
            lines.iter().all(|l| l.starts_with("info string")),
            "{refused}: {lines:#?}"
        );
    }
    // `go infinite` holds even the null move until `stop`, and then gives it once.
    let lines = e.go_infinite_then_stop(Duration::from_millis(100));
    assert_eq!(lines.last().unwrap(), "bestmove 0000");
    // The next good position is searched again.
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    let best = bestmove_of(e.wait_bestmove().last().unwrap()).to_string();
    assert!(is_legal(START, &["e2e4"], &best), "{best}");
    assert!(e.sync().is_empty());
}
