//! Drawish endings: dead draws answered with 0, and endgame scores scaled down where the
//! stronger side has too little to win.

use movegen::{Color, Position, Role};

use crate::bits::LIGHT_SQUARES;
use crate::score::Scale;

/// Non-pawn material in rough pawn units; fixed numbers, since only their ratios matter here.
fn non_pawn_material(pos: &Position, color: Color) -> u32 {
    3 * (pos.pieces(color, Role::Knight).count() + pos.pieces(color, Role::Bishop).count())
        + 5 * pos.pieces(color, Role::Rook).count()
        + 9 * pos.pieces(color, Role::Queen).count()
}

/// No pawns and at most a minor piece a side: nobody can force mate.
pub(crate) fn is_dead_draw(pos: &Position) -> bool {
    pos.role_bb(Role::Pawn).is_empty()
        && non_pawn_material(pos, Color::White) <= 3
        && non_pawn_material(pos, Color::Black) <= 3
}

/// The endgame scale for a position whose endgame score (White's view) is `eg`.
pub(crate) fn endgame_scale(pos: &Position, eg: i32) -> Scale {
    if eg == 0 {
        return Scale::NORMAL;
    }
    let strong = if eg > 0 { Color::White } else { Color::Black };
    let weak = !strong;
    let (strong_npm, weak_npm) = (non_pawn_material(pos, strong), non_pawn_material(pos, weak));

    if pos.pieces(strong, Role::Pawn).is_empty() && strong_npm <= weak_npm + 3 {
        // Up a minor piece at most and no pawn to promote: a lone minor (or two knights) cannot
        // mate; anything more (rook against minor, rook and minor against rook) rarely wins.
        let two_knights = pos.pieces(strong, Role::Knight).count() == 2 && strong_npm == 6;
        return if strong_npm <= 3 || two_knights {
            Scale::DRAW
        } else {
            Scale::new(16)
        };
    }

    let (wb, bb) = (
        pos.pieces(Color::White, Role::Bishop),
        pos.pieces(Color::Black, Role::Bishop),
    );
    if wb.count() == 1
        && bb.count() == 1
        && ((wb & LIGHT_SQUARES).any() != (bb & LIGHT_SQUARES).any())
    {
        // Opposite-coloured bishops: a pawn or two up is often a draw, less so with more pieces.
        return if strong_npm == 3 && weak_npm == 3 {
            Scale::new(24)
        } else {
            Scale::new(46)
        };
    }
    Scale::NORMAL
}
