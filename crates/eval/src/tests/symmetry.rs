//! The evaluation must not depend on which colour is which.

use super::common::{FENS, flip_fen, pos};
use crate::evaluate;

#[test]
fn flip_helper_round_trips() {
    for fen in FENS {
        let back = flip_fen(&flip_fen(fen));
        assert_eq!(pos(&back).fen(), pos(fen).fen());
    }
}

#[test]
fn fixed_positions_are_symmetric() {
    for fen in FENS {
        let flipped = flip_fen(fen);
        assert_eq!(
            evaluate(&pos(fen)),
            evaluate(&pos(&flipped)),
            "{fen} vs {flipped}"
        );
    }
}

#[test]
fn random_playouts_are_symmetric() {
    // A fixed xorshift stream: reproducible games from every starting FEN.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for fen in FENS {
        let mut p = pos(fen);
        for _ in 0..60 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(moves[(seed % moves.len() as u64) as usize]);
            let fen = p.fen();
            let flipped = pos(&flip_fen(&fen));
            assert_eq!(evaluate(&p), evaluate(&flipped), "{fen}");
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} positions checked");
}
