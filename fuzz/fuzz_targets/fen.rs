//! Fuzz target `fen`: arbitrary bytes into `Position::from_fen`.
//!
//! The parser must never panic. When it accepts a text, the position it builds must be
//! self-consistent: its FEN reads back to the same position, its incremental key equals the key
//! computed from scratch, and every legal move plays into a position that keeps both properties
//! (and names itself in UCI notation unambiguously). A violation panics, which libFuzzer reports
//! as a crash with the input that caused it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::Position;

fuzz_target!(|data: &[u8]| {
    // Lossy decoding: the engine only ever hands the parser valid UTF-8, and replacement
    // characters still exercise the non-ASCII paths.
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    check_consistent(&pos, &text);
    for mv in pos.legal_moves() {
        // King-takes-rook notation is unambiguous, so it must name exactly this move.
        let uci = mv.to_uci(true).to_string();
        assert_eq!(
            pos.parse_uci_move(&uci, true),
            Ok(mv),
            "move {uci} does not read back in {}",
            pos.fen()
        );
        let mut child = pos.clone();
        child.play(mv);
        check_consistent(&child, &format!("{} after {uci}", pos.fen()));
    }
});

/// Panics unless `pos` reads back from its own FEN and its key is the from-scratch key.
fn check_consistent(pos: &Position, origin: &str) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental key differs from the computed one for {origin:?}"
    );
    let fen = pos.fen();
    match Position::from_fen(&fen) {
        Ok(again) => assert_eq!(
            &again, pos,
            "FEN {fen} (from {origin:?}) reads back differently"
        ),
        Err(e) => panic!("FEN {fen} (from {origin:?}) is rejected: {e}"),
    }
}
