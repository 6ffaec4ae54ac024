//! King safety: attack units against the king zone, safe checks, pawn shield and open files.

use movegen::{Color, Role, attacks};

use crate::bits;
use crate::eval::Eval;
use crate::params::{self, SAFE_CHECK_WEIGHT};
use crate::sink::Sink;
use crate::term::Term;

/// Attack units beyond this all read the last danger entry.
const MAX_UNITS: i32 = params::KING_DANGER.len as i32 - 1;

impl<K: Sink> Eval<'_, K> {
    /// The safety of `color`'s king. Needs both sides' full attack maps.
    pub(crate) fn king_safety(&mut self, color: Color) {
        let (us, them) = (color.index(), (!color).index());
        let king = self.king_sq[us];

        // Shelter: on the king's file and each neighbour, the nearest own pawn ahead, and
        // whether the file is open.
        let king_file = king.file().index() as i32;
        let ahead = bits::ranks_ahead(color, king);
        for f in (king_file - 1).max(0)..=(king_file + 1).min(7) {
            let file = movegen::File::new(f as u8).bitboard();
            let shield = bits::rearmost(color, self.pawns[us] & file & ahead)
                .map_or(2, |sq| (bits::distance(sq, king) as usize - 1).min(2));
            self.add(color, Term::KingSafety, params::KING_SHIELD.at(shield), 1);
            if (self.pawns[us] & file).is_empty() {
                let id = if (self.pawns[them] & file).is_empty() {
                    params::KING_OPEN_FILE
                } else {
                    params::KING_SEMI_OPEN_FILE
                };
                self.add(color, Term::KingSafety, id.at(0), 1);
            }
        }

        // Danger: the enemy's attack units, plus safe checks (squares from which an enemy piece
        // could check, not defended by us and not blocked by the enemy's own pieces).
        let attackers = self.king_attackers[them];
        let mut units = self.king_units[them];
        let safe = !self.attacked[us] & !self.pos.color_bb(!color);
        let bishop_rays = attacks::bishop_attacks(king, self.occupied);
        let rook_rays = attacks::rook_attacks(king, self.occupied);
        let by = &self.attacked_by[them];
        let checks = [
            (Role::Knight, attacks::knight_attacks(king)),
            (Role::Bishop, bishop_rays),
            (Role::Rook, rook_rays),
            (Role::Queen, bishop_rays | rook_rays),
        ];
        let mut any_check = false;
        for (role, rays) in checks {
            if (rays & by[role.index()] & safe).any() {
                units += SAFE_CHECK_WEIGHT[role.index()];
                any_check = true;
            }
        }
        // A lone attacker with no check is no attack; without a queen an attack is half as bad.
        if attackers < 2 && !any_check {
            return;
        }
        if self.pos.pieces(!color, Role::Queen).is_empty() {
            units /= 2;
        }
        let index = units.clamp(0, MAX_UNITS) as usize;
        self.add(color, Term::KingSafety, params::KING_DANGER.at(index), 1);
    }
}
