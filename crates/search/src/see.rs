//! Static exchange evaluation: does a capture sequence on one square win material?

use movegen::attacks::{bishop_attacks, rook_attacks};
use movegen::{Bitboard, Color, Move, MoveKind, Position, Role};

/// Piece values for exchanges (the king's is large: it can only capture last).
pub const SEE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The exchange value of a role.
#[inline]
pub fn see_value(role: Role) -> i32 {
    SEE_VALUES[role.index()]
}

/// The exchange value of the piece `mv` takes (0 for a quiet move): the most a capture can
/// win outright, which the futility and delta prunings add to the evaluation.
#[inline]
pub fn captured_value(pos: &Position, mv: Move) -> i32 {
    pos.captured_role(mv).map_or(0, see_value)
}

/// Whether `mv` wins at least `threshold` centipawns once every capture on its target square
/// has been played out, each side choosing its least valuable attacker and free to stop.
/// Pins are ignored; castling, en passant and promotions count as even exchanges.
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    if mv.kind() != MoveKind::Normal {
        return 0 >= threshold;
    }
    let (from, to) = (mv.from(), mv.to());
    let mut swap = pos.piece_at(to).map_or(0, |p| see_value(p.role)) - threshold;
    if swap < 0 {
        return false;
    }
    let Some(moved) = pos.piece_at(from) else {
        return false;
    };
    swap = see_value(moved.role) - swap;
    if swap <= 0 {
        return true;
    }

    let mut occupied = pos.occupied() ^ from ^ to;
    let mut side = moved.color;
    let mut attackers = pos.attackers_to(to, occupied);
    let diagonal = pos.role_bb(Role::Bishop) | pos.role_bb(Role::Queen);
    let straight = pos.role_bb(Role::Rook) | pos.role_bb(Role::Queen);
    // 1 while the side that made the last capture is winning the exchange.
    let mut result = true;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & pos.color_bb(side);
        if ours.is_empty() {
            break;
        }
        result = !result;
        let Some((role, sq)) = least_valuable(pos, ours, side) else {
            break;
        };
        if role == Role::King {
            // The king may capture only if the other side has nothing left to recapture.
            if (attackers & pos.color_bb(!side)).any() {
                result = !result;
            }
            break;
        }
        swap = see_value(role) - swap;
        if swap < i32::from(result) {
            break;
        }
        occupied ^= sq;
        // Sliders behind the piece that just captured join in.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occupied) & diagonal;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occupied) & straight;
        }
    }
    result
}

fn least_valuable(
    pos: &Position,
    attackers: Bitboard,
    side: Color,
) -> Option<(Role, movegen::Square)> {
    Role::ALL.into_iter().find_map(|role| {
        (attackers & pos.pieces(side, role))
            .first()
            .map(|sq| (role, sq))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).expect("test FEN");
        let mv = pos.parse_uci_move(uci, false).expect("test move");
        see_ge(&pos, mv, threshold)
    }

    #[test]
    fn undefended_piece_wins_its_value() {
        let fen = "4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1";
        assert!(check(fen, "e4d6", 100) && !check(fen, "e4d6", 101));
        let fen = "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1";
        assert!(check(fen, "e3d5", 500) && !check(fen, "e3d5", 501));
    }

    #[test]
    fn defended_pawn_costs_the_knight() {
        // Nxd5 exd5: knight for a pawn.
        let fen = "4k3/8/4p3/3p4/8/4N3/8/4K3 w - - 0 1";
        assert!(!check(fen, "e3d5", 0));
        assert!(check(fen, "e3d5", 100 - 320));
    }

    #[test]
    fn xray_recapture_counts() {
        // Rxd5 Nxd5 Qxd5: the queen behind the rook recaptures; 100 - 500 + 320 = -80.
        let fen = "4k3/8/1n6/3p4/8/8/3R4/3QK3 w - - 0 1";
        assert!(!check(fen, "d2d5", 0));
        assert!(check(fen, "d2d5", -80));
    }

    #[test]
    fn captured_value_is_the_victims_whatever_the_exchange() {
        let value = |fen: &str, uci: &str| {
            let pos = Position::from_fen(fen).expect("test FEN");
            captured_value(&pos, pos.parse_uci_move(uci, false).expect("test move"))
        };
        // The rook is defended by the knight: the exchange loses, the victim is still a rook.
        let fen = "4k3/8/1n6/3r4/8/8/3Q4/4K3 w - - 0 1";
        assert_eq!(value(fen, "d2d5"), 500);
        assert_eq!(value(fen, "d2d3"), 0);
        // En passant takes a pawn from a square other than the target.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(value(fen, "e5d6"), 100);
    }
}
