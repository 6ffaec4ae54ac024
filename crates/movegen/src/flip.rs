//! The position with the colours swapped: every piece mirrored to the other side of the
//! board and given to the other colour, the other side to move, the castling rights and the
//! en passant square mirrored with them (Stockfish's `flip`). The flipped position is as good
//! for its side to move as the original for its own, which makes it a test of an evaluation's
//! symmetry.

use crate::fen::FenError;
use crate::position::Position;

impl Position {
    /// The colour-mirrored position (see the module docs); the clocks are kept. Flipping twice
    /// gives the position back.
    ///
    /// # Errors
    /// None for a position this crate accepted, since every rule it checks holds for both
    /// colours alike; the error is the parse's, should that ever not hold.
    pub fn flipped(&self) -> Result<Position, FenError> {
        let fen = self.shredder_fen();
        let fields: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        let castling = swap_case(fields[2]);
        let en_passant: String = fields[3]
            .chars()
            .map(|c| match c {
                '3' => '6',
                '6' => '3',
                c => c,
            })
            .collect();
        let flipped = format!(
            "{} {turn} {castling} {en_passant} {}",
            board.join("/"),
            fields[4..].join(" ")
        );
        Position::from_fen(&flipped)
    }
}

/// `text` with upper and lower case letters exchanged: White's pieces and rights become
/// Black's.
fn swap_case(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flip(fen: &str) -> String {
        let pos = Position::from_fen(fen).expect("FEN");
        let flipped = pos.flipped().expect("flips");
        assert_eq!(flipped.flipped().expect("flips back").fen(), pos.fen());
        flipped.fen()
    }

    #[test]
    fn colours_sides_rights_and_en_passant_are_mirrored() {
        assert_eq!(
            flip("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"),
            "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3"
        );
        assert_eq!(
            flip("r3k3/8/8/8/8/8/8/4K2R w Kq - 5 40"),
            "4k2r/8/8/8/8/8/8/R3K3 b Qk - 5 40"
        );
        // Chess960 rights (Shredder letters) follow their rooks.
        assert_eq!(
            flip("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"),
            "1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1"
        );
    }

    #[test]
    fn the_flipped_position_has_the_same_moves_mirrored() {
        let pos = Position::from_fen(
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .expect("FEN");
        let flipped = pos.flipped().expect("flips");
        assert_eq!(pos.legal_moves().len(), flipped.legal_moves().len());
        assert_eq!(pos.in_check(), flipped.in_check());
        assert_ne!(pos.key(), flipped.key());
    }
}
