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

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    fn moves(texts: &[&str]) -> Vec<Move> {
        let mut pos = Position::startpos();
        texts
            .iter()
            .map(|t| {
                let mv = pos.parse_uci_move(t, false).expect("legal");
                pos.play(mv);
                mv
            })
            .collect()
    }

    /// A node's line is its move followed by its child's line, as the search builds it from
    /// the leaves up; clearing a ply (entering a new node there) forgets only that ply's line.
    #[test]
    fn lines_are_built_from_the_children_up() {
        let line = moves(&["e2e4", "e7e5", "g1f3"]);
        let mut pv = PvTable::default();
        pv.clear(3);
        pv.update(2, line[2]);
        pv.update(1, line[1]);
        pv.update(0, line[0]);
        assert_eq!(pv.line(0).collect::<Vec<_>>(), line);
        assert_eq!(pv.line(1).collect::<Vec<_>>(), line[1..]);
        // A new node at ply 2 whose best move has no line below it yet.
        pv.clear(2);
        assert_eq!(pv.line(2).count(), 0);
        pv.clear(3);
        pv.update(2, line[0]);
        assert_eq!(pv.line(2).collect::<Vec<_>>(), [line[0]]);
        assert_eq!(pv.line(0).collect::<Vec<_>>(), line, "ply 0 keeps its copy");
    }

    #[test]
    fn a_split_points_line_is_taken_whole() {
        let line = moves(&["d2d4", "d7d5", "c2c4", "e7e6"]);
        let mut pv = PvTable::default();
        pv.set_line(4, &line);
        assert_eq!(pv.line(4).collect::<Vec<_>>(), line);
        pv.update(3, line[0]);
        assert_eq!(pv.line(3).count(), 5);
    }

    /// The deepest plies and overlong lines are cut, never out of bounds.
    #[test]
    fn the_table_ends_at_max_ply() {
        let mv = moves(&["e2e4"])[0];
        let mut pv = PvTable::default();
        for ply in (0..=MAX_PLY + 1).rev() {
            pv.clear(ply);
            pv.update(ply, mv);
        }
        assert_eq!(pv.line(0).count(), MAX_PLY);
        pv.set_line(MAX_PLY + 5, &[mv]);
        pv.set_line(0, &vec![mv; MAX_PLY + 10]);
        assert_eq!(pv.line(0).count(), MAX_PLY + 1);
        assert_eq!(pv.line(MAX_PLY + 7).count(), pv.line(MAX_PLY).count());
    }
}
