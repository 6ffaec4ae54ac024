//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (the length of the move list).

use crate::moves::Move;
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order. Depth 0 gives an empty list.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            (mv, perft(&child, depth - 1))
        })
        .collect()
}
