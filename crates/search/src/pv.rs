//! The triangular principal-variation table.

use movegen::Move;

use crate::score::MAX_PLY;

/// For every ply, the best line found from that ply on; a node's line is its best move
/// followed by its child's line.
#[derive(Clone, Debug)]
pub struct PvTable {
    lines: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    lengths: [usize; MAX_PLY + 2],
}

impl Default for PvTable {
    fn default() -> PvTable {
        PvTable {
            lines: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            lengths: [0; MAX_PLY + 2],
        }
    }
}

impl PvTable {
    /// Empties the line of `ply` (on entering a node there).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.lengths[ply.min(MAX_PLY)] = 0;
    }

    /// Sets the line of `ply` to `mv` followed by the line of `ply + 1`.
    #[inline]
    pub fn update(&mut self, ply: usize, mv: Move) {
        if ply >= MAX_PLY {
            return;
        }
        let child_len = self.lengths[ply + 1].min(MAX_PLY - ply);
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        head[ply][0] = Some(mv);
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.lengths[ply] = child_len + 1;
    }

    /// Sets the line of `ply` to `line` (a split point's result).
    pub fn set_line(&mut self, ply: usize, line: &[Move]) {
        if ply > MAX_PLY {
            return;
        }
        let len = line.len().min(MAX_PLY + 1);
        for (slot, &mv) in self.lines[ply].iter_mut().zip(&line[..len]) {
            *slot = Some(mv);
        }
        self.lengths[ply] = len;
    }

    /// The line of `ply`.
    pub fn line(&self, ply: usize) -> impl Iterator<Item = Move> + '_ {
        let ply = ply.min(MAX_PLY);
        self.lines[ply][..self.lengths[ply]]
            .iter()
            .flatten()
            .copied()
    }
}
