//! The evaluation driver: per-side attack maps built once, then each group of terms
//! (`pieces.rs`, `pawns.rs`, `king.rs`), then phase, scaling and the side to move's view.

use movegen::{Bitboard, Color, Position, Role, Square, attacks};

use crate::bits;
use crate::params::{self, Params};
use crate::scale;
use crate::score::{Phase, S, Scale, taper};
use crate::sink::Sink;
use crate::term::Term;

/// What the evaluation found, before it is turned into one number.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    /// The summed score, White's point of view.
    pub(crate) score: S,
    /// Game phase.
    pub(crate) phase: Phase,
    /// Endgame scale.
    pub(crate) scale: Scale,
    /// No side can win: the result is 0 whatever the terms say.
    pub(crate) dead_draw: bool,
}

impl Outcome {
    /// The final value from `turn`'s point of view.
    #[inline]
    pub(crate) fn value(&self, turn: Color) -> i32 {
        if self.dead_draw {
            return 0;
        }
        let white = taper(self.score, self.phase, self.scale);
        if turn == Color::White { white } else { -white }
    }
}

/// State of one evaluation: the position, the parameters, the running total and the attack
/// maps the later terms read.
pub(crate) struct Eval<'a, K: Sink> {
    pub(crate) pos: &'a Position,
    params: &'a Params,
    sink: &'a mut K,
    /// Each side's own running score (kept apart so that adding needs no sign).
    totals: [S; 2],
    pub(crate) occupied: Bitboard,
    pub(crate) pawns: [Bitboard; 2],
    pub(crate) king_sq: [Square; 2],
    /// Squares around each king that enemy attacks count against.
    pub(crate) king_zone: [Bitboard; 2],
    /// Squares attacked by each side's pieces of each role.
    pub(crate) attacked_by: [[Bitboard; 6]; 2],
    /// Squares attacked by each side at all.
    pub(crate) attacked: [Bitboard; 2],
    /// Squares attacked at least twice by each side.
    pub(crate) attacked2: [Bitboard; 2],
    /// Pieces of each side attacking the enemy king zone, and their attack units.
    pub(crate) king_attackers: [i32; 2],
    pub(crate) king_units: [i32; 2],
}

impl<'a, K: Sink> Eval<'a, K> {
    /// Adds parameter `index` `count` times to `side`'s score.
    #[inline(always)]
    pub(crate) fn add(&mut self, side: Color, term: Term, index: usize, count: i32) {
        let value = self.params.get(index) * count;
        self.totals[side.index()] += value;
        self.sink.record(side, term, index, count, value);
    }

    /// Records that `side` attacks `squares` (one piece's attack set) under `role`.
    #[inline(always)]
    pub(crate) fn note_attacks(&mut self, side: Color, role: Role, squares: Bitboard) {
        let c = side.index();
        self.attacked2[c] |= self.attacked[c] & squares;
        self.attacked[c] |= squares;
        self.attacked_by[c][role.index()] |= squares;
    }
}

/// Evaluates `pos` with `params`, reporting every feature to `sink`.
pub(crate) fn run<K: Sink>(pos: &Position, params: &Params, sink: &mut K) -> Outcome {
    let phase = Phase::from_weight(
        pos.role_bb(Role::Knight).count()
            + pos.role_bb(Role::Bishop).count()
            + 2 * pos.role_bb(Role::Rook).count()
            + 4 * pos.role_bb(Role::Queen).count(),
    );
    if scale::is_dead_draw(pos) {
        return Outcome {
            score: S::ZERO,
            phase,
            scale: Scale::DRAW,
            dead_draw: true,
        };
    }

    let pawns = [
        pos.pieces(Color::White, Role::Pawn),
        pos.pieces(Color::Black, Role::Pawn),
    ];
    let king_sq = [pos.king(Color::White), pos.king(Color::Black)];
    let mut e = Eval {
        pos,
        params,
        sink,
        totals: [S::ZERO; 2],
        occupied: pos.occupied(),
        pawns,
        king_sq,
        king_zone: [Bitboard::EMPTY; 2],
        attacked_by: [[Bitboard::EMPTY; 6]; 2],
        attacked: [Bitboard::EMPTY; 2],
        attacked2: [Bitboard::EMPTY; 2],
        king_attackers: [0; 2],
        king_units: [0; 2],
    };
    for color in Color::ALL {
        let c = color.index();
        let around = attacks::king_attacks(king_sq[c]).with(king_sq[c]);
        // The zone reaches one rank further towards the enemy, where the shelter gets hit.
        e.king_zone[c] = around | bits::forward(color, around);
        let pawn_att = bits::pawn_attacks(color, pawns[c]);
        let king_att = attacks::king_attacks(king_sq[c]);
        e.attacked_by[c][Role::Pawn.index()] = pawn_att;
        e.attacked_by[c][Role::King.index()] = king_att;
        e.attacked[c] = pawn_att | king_att;
        e.attacked2[c] = pawn_att & king_att;
    }

    for color in Color::ALL {
        e.material_and_psqt(color);
    }
    for color in Color::ALL {
        e.pieces(color);
    }
    for color in Color::ALL {
        e.pawn_structure(color);
        e.king_safety(color);
        e.threats(color);
    }
    e.add(pos.turn(), Term::Tempo, params::TEMPO.at(0), 1);

    let total = e.totals[0] - e.totals[1];
    let scale = scale::endgame_scale(pos, total.eg());
    Outcome {
        score: total,
        phase,
        scale,
        dead_draw: false,
    }
}
