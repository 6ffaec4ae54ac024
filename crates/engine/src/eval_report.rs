//! The `eval` command's report of the network: each piece's value on a board, as
//! Stockfish's `eval` shows its "NNUE derived piece values", then the network's score.

use std::fmt::Write as _;

use movegen::{Color, File, Position, Rank, Square};
use nnue::{Network, Nnue};

/// The board of piece values: each square's piece and, below it, what the network loses when
/// that piece is taken off, in pawns from White's view (kings have none).
pub fn piece_value_board(network: &Network, pos: &Position) -> String {
    let values = Nnue::new(network).piece_values(pos);
    let white_view = |v: i32| if pos.turn() == Color::White { v } else { -v };
    let rule = "+-------+-------+-------+-------+-------+-------+-------+-------+\n";
    let mut out = String::from("NNUE derived piece values (pawns, White's view):\n");
    for rank in Rank::ALL.iter().rev() {
        out.push_str(rule);
        let squares = File::ALL.map(|file| Square::from_coords(file, *rank));
        for square in squares {
            let piece = pos.piece_at(square).map_or(' ', |p| p.fen_char());
            let _ = write!(out, "|   {piece}   ");
        }
        out.push_str("|\n");
        for square in squares {
            match values.iter().find(|(p, _)| p.square == square) {
                Some((_, v)) => {
                    let _ = write!(out, "| {:+5.2} ", f64::from(white_view(*v)) / 100.0);
                }
                None => out.push_str("|       "),
            }
        }
        out.push_str("|\n");
    }
    out.push_str(rule.trim_end());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_but_the_kings_has_a_value_on_its_square() {
        let pos = Position::startpos();
        let board = piece_value_board(Network::embedded(), &pos);
        let lines: Vec<&str> = board.lines().collect();
        // A title, then per rank a rule, the pieces and the values; a closing rule.
        assert_eq!(lines.len(), 1 + 8 * 3 + 1, "{board}");
        assert!(lines[2].starts_with("|   r   |   n   "), "{board}");
        let values: Vec<&str> = lines[3].split('|').map(str::trim).collect();
        // Black's rook on a8 is worth something to Black: negative from White's view; the
        // king on e8 has no value.
        assert!(values[1].starts_with('-'), "{board}");
        assert_eq!(values[5], "", "{board}");
        // The empty middle ranks show no values.
        assert!(lines[9].chars().all(|c| c == '|' || c == ' '), "{board}");
        // White's a1 rook is worth something to White.
        let first: Vec<&str> = lines[24].split('|').map(str::trim).collect();
        assert!(first[1].starts_with('+'), "{board}");
    }

    /// The colour-flipped position shows the same values on the mirrored squares, negated
    /// (White's view of Black's piece): the network sees each side from its own side.
    #[test]
    fn a_flipped_position_mirrors_the_values() {
        let pos = Position::from_fen(
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
        )
        .expect("FEN");
        let flipped = pos.flipped().expect("flips");
        let board = piece_value_board(Network::embedded(), &pos);
        let mirror = piece_value_board(Network::embedded(), &flipped);
        let values = |text: &str| -> Vec<Vec<String>> {
            text.lines()
                .skip(3)
                .step_by(3)
                .map(|l| l.split('|').map(|v| v.trim().replace('+', "")).collect())
                .collect()
        };
        let (original, mirrored) = (values(&board), values(&mirror));
        let negate = |v: &str| match v.strip_prefix('-') {
            Some(positive) => positive.to_owned(),
            None if v.is_empty() || v == "0.00" => v.to_owned(),
            None => format!("-{v}"),
        };
        for rank in 0..8 {
            let expected: Vec<String> = mirrored[7 - rank].iter().map(|v| negate(v)).collect();
            assert_eq!(original[rank], expected, "{board}\n{mirror}");
        }
    }
}
