//! Fuzz target `fen`: arbitrary bytes into `Position::from_fen` and `from_fen_lenient`.
//!
//! The parsers must never panic; the lenient one accepts all the strict one does, with no
//! repair and the same position, and what it mends must be as consistent. When it accepts a text, the position it builds must be
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
    let lenient = Position::from_fen_lenient(&text);
    let Ok(pos) = Position::from_fen(&text) else {
        if let Ok((mended, _)) = lenient {
            check_consistent(&mended, &mended.fen());
            play_every_move(&mended);
        }
        return;
    };
    assert_eq!(lenient, Ok((pos.clone(), Vec::new())), "{text:?}");
    check_consistent(&pos, &text);
    play_every_move(&pos);
});
