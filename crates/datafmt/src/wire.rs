//! Moves in the stored 16-bit form, which differs from the engine's own `Move` bits.
//!
//! Stored: from-square in bits 0-5, to-square in bits 6-11 (castling as king takes rook), the
//! promotion piece in bits 12-13 (knight 0, bishop 1, rook 2, queen 3) and the move type in
//! bits 14-15 (0 ordinary, 1 en passant, 2 castling, 3 promotion). A pawn's double push is an
//! ordinary move here; decoding finds it again among the legal moves.

use movegen::{Move, MoveKind, Position, Role};

const EN_PASSANT: u16 = 1 << 14;
const CASTLE: u16 = 2 << 14;
const PROMOTION: u16 = 3 << 14;

/// The stored form of `mv`. Never zero for a real move (its from- and to-squares differ), so
/// the all-zero terminator cannot be mistaken for a move.
pub fn encode(mv: Move) -> u16 {
    let squares = mv.from() as u16 | (mv.to() as u16) << 6;
    let kind = match mv.kind() {
        MoveKind::Normal | MoveKind::DoublePush => 0,
        MoveKind::EnPassant => EN_PASSANT,
        MoveKind::Castle => CASTLE,
        MoveKind::PromoteKnight
        | MoveKind::PromoteBishop
        | MoveKind::PromoteRook
        | MoveKind::PromoteQueen => {
            let piece = match mv.promotion() {
                Some(Role::Knight) => 0,
                Some(Role::Bishop) => 1,
                Some(Role::Rook) => 2,
                _ => 3,
            };
            PROMOTION | piece << 12
        }
    };
    squares | kind
}

/// The legal move of `position` whose stored form is `raw`, or `None` if there is none (a
/// corrupt file, or a move that belongs to another position).
pub fn decode(position: &Position, raw: u16) -> Option<Move> {
    position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| encode(mv) == raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every legal move of positions rich in special moves comes back from its stored form,
    /// and no two legal moves share one.
    #[test]
    fn every_legal_move_round_trips() {
        let fens = [
            movegen::STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            // Chess960: king on b1 castles with rooks on a1 and h1.
            "1r4kr/8/8/8/8/8/8/RK5R w HAhb - 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let moves = pos.legal_moves();
            assert!(!moves.is_empty());
            for &mv in &moves {
                let raw = encode(mv);
                assert_ne!(raw, 0);
                assert_eq!(decode(&pos, raw), Some(mv), "{fen}: {mv:?}");
            }
        }
    }

    #[test]
    fn layout_matches_the_documented_bits() {
        let pos = Position::startpos();
        let e2e4 = pos.parse_uci_move("e2e4", false).unwrap();
        // e2 = 12, e4 = 28: 12 | 28 << 6.
        assert_eq!(encode(e2e4), 12 | 28 << 6);
        let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let b8n = pos.parse_uci_move("b7b8n", false).unwrap();
        assert_eq!(encode(b8n), 49 | 57 << 6 | 3 << 14);
        let b8q = pos.parse_uci_move("b7b8q", false).unwrap();
        assert_eq!(encode(b8q), 49 | 57 << 6 | 3 << 12 | 3 << 14);
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let castle = pos.parse_uci_move("e1g1", false).unwrap();
        assert_eq!(encode(castle), 4 | 7 << 6 | 2 << 14);
    }

    #[test]
    fn a_move_of_another_position_is_refused() {
        let pos = Position::startpos();
        // e7e5 is Black's move; White is to move.
        assert_eq!(decode(&pos, 52 | 36 << 6), None);
        assert_eq!(decode(&pos, 0), None);
    }
}
