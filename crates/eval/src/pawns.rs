//! Pawn structure: doubled, isolated, backward, phalanx, supported and passed pawns.

use movegen::Color;

use crate::bits;
use crate::eval::Eval;
use crate::params;
use crate::sink::Sink;
use crate::term::Term;

impl<K: Sink> Eval<'_, K> {
    /// Every pawn term for `color`'s pawns. Reads the attack maps for passed pawns' paths.
    pub(crate) fn pawn_structure(&mut self, color: Color) {
        let (us, them) = (color.index(), (!color).index());
        let own = self.pawns[us];
        let enemy = self.pawns[them];
        if own.is_empty() {
            return;
        }
        let own_attacks = self.attacked_by[us][movegen::Role::Pawn.index()];
        let enemy_attacks = self.attacked_by[them][movegen::Role::Pawn.index()];

        let doubled = own & bits::fill_forward(!color, bits::forward(!color, own));
        self.add_count(color, Term::Pawns, params::DOUBLED.at(0), doubled.count());

        let neighbour_files = bits::file_fill(bits::east(own) | bits::west(own));
        let isolated = own & !neighbour_files;
        self.add_count(color, Term::Pawns, params::ISOLATED.at(0), isolated.count());

        // Backward: every neighbour is ahead (none level or behind to come up in support) and
        // the stop square is covered by an enemy pawn.
        let support_reach = bits::fill_forward(color, bits::east(own) | bits::west(own));
        let stop_attacked = bits::forward(!color, enemy_attacks);
        let backward = own & neighbour_files & !support_reach & stop_attacked;
        self.add_count(color, Term::Pawns, params::BACKWARD.at(0), backward.count());

        let phalanx = own & (bits::east(own) | bits::west(own));
        for sq in phalanx {
            let rank = bits::relative_rank(color, sq);
            self.add(color, Term::Pawns, params::PHALANX.at(rank), 1);
        }
        for sq in own & own_attacks {
            let rank = bits::relative_rank(color, sq);
            self.add(color, Term::Pawns, params::SUPPORTED.at(rank), 1);
        }

        // Passed: no enemy pawn ahead on its own or an adjacent file. A pawn behind an own pawn
        // is not counted: the front one carries the bonus.
        let blocked_by = bits::fill_forward(
            !color,
            bits::forward(!color, enemy) | bits::pawn_attacks(!color, enemy),
        );
        let passed = own & !blocked_by & !doubled;
        for sq in passed {
            self.passed_pawn(color, sq);
        }
    }

    fn passed_pawn(&mut self, color: Color, sq: movegen::Square) {
        let them = (!color).index();
        let rank = bits::relative_rank(color, sq);
        self.add(color, Term::Passed, params::PASSED.at(rank), 1);
        let path = bits::front_span(color, sq);
        if (path & (self.occupied | self.attacked[them])).is_empty() {
            self.add(color, Term::Passed, params::PASSED_FREE.at(rank), 1);
        }
        // Pawns stand on ranks 2-7, so the stop square exists.
        let stop = sq.forward(color);
        let own_king = bits::distance(self.king_sq[color.index()], stop);
        let enemy_king = bits::distance(self.king_sq[them], stop);
        self.add(
            color,
            Term::Passed,
            params::PASSED_OWN_KING.at(rank),
            own_king,
        );
        self.add(
            color,
            Term::Passed,
            params::PASSED_ENEMY_KING.at(rank),
            enemy_king,
        );
    }

    /// Adds a parameter `count` times, skipping the call when there is nothing to count.
    #[inline(always)]
    pub(crate) fn add_count(&mut self, color: Color, term: Term, index: usize, count: u32) {
        if count > 0 {
            self.add(color, term, index, count as i32);
        }
    }
}
