//! Fuzz target `position`: positions built from an arbitrary placement of pieces, side to move,
//! castling and en passant fields, run through everything the engine does with a position.
//!
//! The bytes are read as a recipe rather than as FEN text, so that most inputs describe a board
//! with one king a side and the fuzzer spends its time past the parser:
//!
//! - byte 0, 1: the white and the black king's squares (mod 64);
//! - byte 2: bit 0 set for Black to move;
//! - bytes 3, 4: four castling rights (white king side, white queen side, black king side,
//!   black queen side), a nibble each: 1 is `K`/`Q`/`k`/`q`, 2 to 9 a Shredder file `a`..`h`,
//!   anything else no right;
//! - byte 5: bit 7 set for an en passant square, bits 0-5 the square;
//! - then pairs (square mod 64, piece mod 10 from `PNBRQpnbrq`), later ones replacing earlier
//!   ones, kings never replaced.
//!
//! Whatever `Position::from_fen` refuses must come with a message; whatever it accepts must
//! generate moves (all = noisy + quiet, each move legal by `is_legal`), play every move into a
//! consistent position, give equal perft 2 counts by `perft`, `divide` and by hand, and survive
//! a depth-2 search that returns a legal move exactly when one exists. A panic (or, with the
//! sanitizer and debug assertions cargo-fuzz builds with, an overflow) is a crash.

#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::{GenKind, Position, divide, perft};
use search::{History, SearchControl, SearchRequest, search};
use timeman::Limits;
use tt::TranspositionTable;

mod consistency;

use consistency::{check_consistent, play_every_move};

const PIECES: &[u8; 10] = b"PNBRQpnbrq";
const HEADER: usize = 6;

fuzz_target!(|data: &[u8]| {
    let Some(fen) = recipe_fen(data) else {
        return;
    };
    let pos = match Position::from_fen(&fen) {
        Ok(pos) => pos,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{fen}: empty message for {e:?}");
            return;
        }
    };
    check_consistent(&pos, &fen);
    check_generation(&pos);
    let children = play_every_move(&pos);
    check_perft_two(&pos, &children);
    check_search(&pos);
});

/// The FEN the recipe in `data` describes, or `None` when the header is incomplete.
fn recipe_fen(data: &[u8]) -> Option<String> {
    let header = data.get(..HEADER)?;
    let mut board = [0u8; 64];
    for pair in data[HEADER..].chunks_exact(2) {
        let sq = usize::from(pair[0] % 64);
        board[sq] = PIECES[usize::from(pair[1] % 10)];
    }
    board[usize::from(header[0] % 64)] = b'K';
    board[usize::from(header[1] % 64)] = b'k';

    let mut fen = String::with_capacity(100);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                0 => empty += 1,
                piece => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(char::from(piece));
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if header[2] & 1 == 0 { " w " } else { " b " });
    let rights = [
        header[3] & 15,
        header[3] >> 4,
        header[4] & 15,
        header[4] >> 4,
    ];
    let mut castling = String::new();
    for (i, nibble) in rights.into_iter().enumerate() {
        let c = match nibble {
            1 => ['K', 'Q', 'k', 'q'][i],
            2..=9 => {
                let file = char::from(b'a' + nibble - 2);
                if i < 2 {
                    file.to_ascii_uppercase()
                } else {
                    file
                }
            }
            _ => continue,
        };
        castling.push(c);
    }
    fen.push_str(if castling.is_empty() { "-" } else { &castling });
    if header[5] & 0x80 != 0 {
        let sq = header[5] & 63;
        fen.push(' ');
        fen.push(char::from(b'a' + sq % 8));
        fen.push(char::from(b'1' + sq / 8));
    } else {
        fen.push_str(" -");
    }
    fen.push_str(" 0 1");
    Some(fen)
}

/// The noisy and the quiet moves split the legal moves, and each is legal by `is_legal`.
fn check_generation(pos: &Position) {
    let all = pos.legal_moves();
    let noisy = pos.generate_moves(GenKind::Noisy);
    let quiet = pos.generate_moves(GenKind::Quiet);
    assert_eq!(noisy.len() + quiet.len(), all.len(), "{}", pos.fen());
    for mv in noisy.iter().chain(quiet.iter()) {
        assert!(
            all.contains(mv),
            "{mv:?} not among all moves in {}",
            pos.fen()
        );
        assert!(pos.is_legal(*mv), "{mv:?} not legal in {}", pos.fen());
    }
    assert_eq!(pos.has_legal_moves(), !all.is_empty());
}

/// Perft 2 three ways: bulk-counted, divided, and summed over the children by hand.
fn check_perft_two(pos: &Position, children: &[Position]) {
    let by_hand: u64 = children.iter().map(|c| c.legal_moves().len() as u64).sum();
    let divided: u64 = divide(pos, 2).iter().map(|(_, n)| n).sum();
    assert_eq!(perft(pos, 2), by_hand, "{}", pos.fen());
    assert_eq!(divided, by_hand, "{}", pos.fen());
}

/// A depth-2 search on one thread returns a legal move, or none exactly when there is none.
fn check_search(pos: &Position) {
    let request = SearchRequest::new(
        pos.clone(),
        Limits {
            depth: Some(2),
            ..Limits::default()
        },
    );
    let Ok(tt) = TranspositionTable::new(1) else {
        return;
    };
    let control = SearchControl::default();
    let mut histories: Vec<History> = Vec::new();
    let outcome = search(&request, &tt, &control, &mut histories, &mut |_| {});
    match outcome.best_move {
        Some(mv) => assert!(pos.is_legal(mv), "{mv:?} illegal in {}", pos.fen()),
        None => assert!(!pos.has_legal_moves(), "no move found in {}", pos.fen()),
    }
}
