//! The `d` command's picture of a position: the board, its FEN, key and checkers, as
//! Stockfish's `d` prints them.

use std::fmt::Write as _;

use crate::position::Position;
use crate::square::{File, Rank, Square};
use crate::types::Piece;

impl Position {
    /// A board diagram (White at the bottom) with the FEN, the key and the squares of the
    /// pieces giving check, for the `d` debug command.
    pub fn pretty(&self) -> String {
        let mut out = String::new();
        for rank in Rank::ALL.iter().rev() {
            out.push_str(" +---+---+---+---+---+---+---+---+\n");
            for file in File::ALL {
                let c = self
                    .piece_at(Square::from_coords(file, *rank))
                    .map_or(' ', Piece::fen_char);
                let _ = write!(out, " | {c}");
            }
            let _ = writeln!(out, " | {}", rank.char());
        }
        out.push_str(" +---+---+---+---+---+---+---+---+\n");
        out.push_str("   a   b   c   d   e   f   g   h\n\n");
        let _ = writeln!(out, "Fen: {}", self.fen());
        let _ = writeln!(out, "Key: {:016X}", self.key());
        out.push_str("Checkers:");
        for square in self.checkers() {
            let _ = write!(out, " {square}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagram_ends_with_fen_key_and_checkers() {
        let start = Position::startpos().pretty();
        let tail: Vec<&str> = start.lines().rev().take(3).collect();
        assert_eq!(tail[0], "Checkers:");
        assert!(
            tail[1].starts_with("Key: ") && tail[1].len() == 5 + 16,
            "{start}"
        );
        assert_eq!(tail[2], format!("Fen: {}", crate::STARTING_FEN));
        assert!(start.starts_with(" +---+"), "{start}");
        assert!(
            start.contains(" | r | n | b | q | k | b | n | r | 8\n"),
            "{start}"
        );
        // A double check names both checkers, in square order.
        let double = Position::from_fen("4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1").expect("FEN");
        assert!(
            double.pretty().ends_with("\nCheckers: a1 b4"),
            "{}",
            double.pretty()
        );
    }
}
