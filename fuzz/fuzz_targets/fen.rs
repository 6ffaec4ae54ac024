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

mod consistency;

use consistency::{check_consistent, play_every_move};

fuzz_target!(|data: &[u8]| {
    // Lossy decoding: the engine only ever hands the parser valid UTF-8, and replacement
    // characters still exercise the non-ASCII paths.
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    check_consistent(&pos, &text);
    play_every_move(&pos);
});
