//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move
//! generator. The last ply is counted in bulk (the length of the move list).

use crate::moves::Move;
use crate::position::Position;

/// The number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    perft_until(pos, depth, &|| false).unwrap_or_default()
}

/// [`perft`] that gives up, with `None`, once `stopped` answers `true`. It is asked at every
/// node two or more plies above the leaves: a few hundred times a millisecond, and at most
/// one node in about thirty of those that generate moves, so a cheap flag costs nothing
/// measurable.
pub fn perft_until(pos: &Position, depth: u32, stopped: &impl Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    if stopped() {
        return None;
    }
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play(mv);
        nodes += perft_until(&child, depth - 1, stopped)?;
    }
    Some(nodes)
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order. Depth 0 gives an empty list.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut split = Vec::new();
    divide_until(pos, depth, &|| false, |mv, nodes| split.push((mv, nodes)));
    split
}

/// [`divide`] that hands each root move's count to `counted` as soon as its subtree is done,
/// and gives up once `stopped` answers `true` (see [`perft_until`]): the move being counted
/// then is left out. Returns whether every root move was counted.
pub fn divide_until(
    pos: &Position,
    depth: u32,
    stopped: &impl Fn() -> bool,
    mut counted: impl FnMut(Move, u64),
) -> bool {
    if depth == 0 {
        return true;
    }
    for &mv in pos.legal_moves().iter() {
        if stopped() {
            return false;
        }
        let mut child = pos.clone();
        child.play(mv);
        match perft_until(&child, depth - 1, stopped) {
            Some(nodes) => counted(mv, nodes),
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn divide_sums_to_perft() {
        let pos = Position::startpos();
        let split = divide(&pos, 3);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 3));
        assert_eq!(perft(&pos, 3), 8902);
    }

    #[test]
    fn a_stop_leaves_out_the_move_being_counted() {
        let pos = Position::startpos();
        // Stop on the hundredth question: inside the third or so root move's subtree.
        let asked = Cell::new(0);
        let stopped = || {
            asked.set(asked.get() + 1);
            asked.get() > 100
        };
        let mut moves = Vec::new();
        let complete = divide_until(&pos, 4, &stopped, |mv, n| moves.push((mv, n)));
        assert!(!complete);
        assert!(!moves.is_empty() && moves.len() < 20, "{}", moves.len());
        let full = divide(&pos, 4);
        assert_eq!(moves, full[..moves.len()]);
        assert_eq!(perft_until(&pos, 4, &|| true), None);
        assert_eq!(perft_until(&pos, 1, &|| true), Some(20));
    }
}
