//! Win, draw and loss chances from a score: the model behind `UCI_ShowWDL`.
//!
//! The model is Stockfish's (`win_rate_model` in its `uci.cpp`, fitted by
//! <https://github.com/official-stockfish/WDL_model>): with `s` the score from the side to
//! move's view and `m` the material on the board,
//!
//! ```text
//! P(win)  = 1 / (1 + exp((a(m) - s) / b(m)))
//! P(loss) = 1 / (1 + exp((a(m) + s) / b(m)))
//! ```
//!
//! and the draw takes the rest. `a(m)` is the score at which a win is as likely as not, `b(m)`
//! how quickly the chance rises around it; both are cubics in `m / 58`. The coefficients are
//! fitted to Tsubame's own self-play by `tools/wdl/fit_wdl.py` (the data and the command are in
//! that folder's README): the network's scores are its own scale, so Stockfish's numbers would
//! not fit them.

use movegen::{Color, Position, Role};
use tt::TB_WIN_THRESHOLD;

/// `a(x)`, highest power first, `x = material / 58`.
const WIN_SCORE: [f64; 4] = [-1121.028, 3104.962, -2780.180, 923.363];
/// `b(x)`, highest power first.
const SPREAD: [f64; 4] = [-228.201, 626.747, -501.460, 219.218];

/// The material range the fit covered: below it there were too few positions to fit, and the
/// cubics are not to be trusted outside the data.
const MATERIAL_RANGE: (u32, u32) = (10, 78);

/// The denominator of `x`, as in Stockfish's model.
const MATERIAL_SCALE: f64 = 58.0;

/// Chances in permille from the side to move's view; the three add up to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Chance of winning, in permille.
    pub win: u16,
    /// Chance of a draw, in permille.
    pub draw: u16,
    /// Chance of losing, in permille.
    pub loss: u16,
}

impl Wdl {
    /// The chances for a search score (the side to move's view) in a position with
    /// `material` (see [`material`]). Mates and tablebase results are certain.
    pub fn from_score(score: i32, material: u32) -> Wdl {
        if score >= TB_WIN_THRESHOLD {
            return Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            };
        }
        if score <= -TB_WIN_THRESHOLD {
            return Wdl {
                win: 0,
                draw: 0,
                loss: 1000,
            };
        }
        let x = f64::from(material.clamp(MATERIAL_RANGE.0, MATERIAL_RANGE.1)) / MATERIAL_SCALE;
        let a = cubic(WIN_SCORE, x);
        let b = cubic(SPREAD, x);
        let s = f64::from(score);
        let permille = |z: f64| (1000.0 / (1.0 + ((a - z) / b).exp())).round() as u16;
        let win = permille(s);
        // The two chances add up to under 1000 (a(m) > 0); rounding must not push them over.
        let loss = permille(-s).min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }
}

impl Wdl {
    /// A certain draw.
    pub const DRAW: Wdl = Wdl {
        win: 0,
        draw: 1000,
        loss: 0,
    };
    /// A certain loss (the side to move is mated).
    pub const LOSS: Wdl = Wdl {
        win: 0,
        draw: 0,
        loss: 1000,
    };
}

/// What the chances of a search's scores come from: the root's material, or the fact that
/// neither side can mate there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WdlRoot {
    /// The model's view of a root with this much material (see [`material`]).
    Material(u32),
    /// Neither side can mate whatever it plays (bare kings, a lone minor piece, bishops all
    /// on one colour: [`Position::is_insufficient_material`]): every outcome is a draw,
    /// which the model, fitted on positions where play decides, would not say.
    DeadDraw,
}

impl WdlRoot {
    /// The basis for the chances of a search from `root`.
    pub fn of(root: &Position) -> WdlRoot {
        if root.is_insufficient_material() {
            WdlRoot::DeadDraw
        } else {
            WdlRoot::Material(material(root))
        }
    }

    /// The chances for a search score (the side to move's view).
    pub fn chances(self, score: i32) -> Wdl {
        match self {
            WdlRoot::Material(material) => Wdl::from_score(score, material),
            WdlRoot::DeadDraw => Wdl::DRAW,
        }
    }
}

const fn cubic(c: [f64; 4], x: f64) -> f64 {
    ((c[0] * x + c[1]) * x + c[2]) * x + c[3]
}

/// `a(m)`: the score at which the model gives an even chance of winning with `material` on
/// the board (not clamped to the fitted range; the caller chooses a material inside it).
pub(crate) const fn even_win_score(material: u32) -> f64 {
    cubic(WIN_SCORE, material as f64 / MATERIAL_SCALE)
}

/// The material on the board as the model counts it: pawns 1, knights and bishops 3, rooks 5,
/// queens 9, both sides together (78 at the start).
pub fn material(pos: &Position) -> u32 {
    const VALUES: [(Role, u32); 5] = [
        (Role::Pawn, 1),
        (Role::Knight, 3),
        (Role::Bishop, 3),
        (Role::Rook, 5),
        (Role::Queen, 9),
    ];
    VALUES
        .iter()
        .map(|&(role, value)| {
            value
                * (pos.pieces(Color::White, role).count() + pos.pieces(Color::Black, role).count())
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, mated_in};

    #[test]
    fn the_start_position_has_all_its_material() {
        assert_eq!(material(&Position::startpos()), 78);
        let kings_only = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(material(&kings_only), 0);
    }

    #[test]
    fn a_root_where_nobody_can_mate_is_a_certain_draw() {
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3NK3 w - - 0 1",
            "4k3/8/8/8/8/8/8/2B1K3 b - - 0 1",
            "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1",
        ] {
            let root = WdlRoot::of(&Position::from_fen(fen).unwrap());
            assert_eq!(root, WdlRoot::DeadDraw, "{fen}");
            assert_eq!(root.chances(35), Wdl::DRAW, "{fen}");
        }
        // Knight against bishop can still be mated (with help): the model speaks.
        let fen = "2b1k3/8/8/8/8/8/8/3NK3 w - - 0 1";
        let root = WdlRoot::of(&Position::from_fen(fen).unwrap());
        assert_eq!(root, WdlRoot::Material(6));
        assert_eq!(root.chances(0), Wdl::from_score(0, 6));
    }

    #[test]
    fn chances_add_up_and_mirror() {
        for material in [0, 10, 30, 58, 78, 100] {
            for score in [-2000, -300, -50, 0, 1, 50, 300, 2000] {
                let wdl = Wdl::from_score(score, material);
                assert_eq!(u32::from(wdl.win + wdl.draw + wdl.loss), 1000);
                let other = Wdl::from_score(-score, material);
                assert_eq!(
                    (wdl.win, wdl.draw, wdl.loss),
                    (other.loss, other.draw, other.win)
                );
            }
        }
    }

    #[test]
    fn a_higher_score_wins_more_often() {
        let mut last = Wdl::from_score(-1000, 40);
        for score in (-990..=1000).step_by(10) {
            let wdl = Wdl::from_score(score, 40);
            assert!(
                wdl.win >= last.win && wdl.loss <= last.loss,
                "{score}: {wdl:?} after {last:?}"
            );
            last = wdl;
        }
        assert!(
            Wdl::from_score(0, 40).draw > 500,
            "a level middlegame is mostly drawn"
        );
        assert!(Wdl::from_score(1000, 40).win > 900);
    }

    #[test]
    fn the_same_score_means_less_with_little_material() {
        // The network scores endgames on a wider scale: +150 wins more often with queens on.
        assert!(Wdl::from_score(150, 78).win > Wdl::from_score(150, 20).win);
    }

    #[test]
    fn mates_and_tablebase_results_are_certain() {
        assert_eq!(
            Wdl::from_score(mate_in(3), 78),
            Wdl {
                win: 1000,
                draw: 0,
                loss: 0
            }
        );
        assert_eq!(
            Wdl::from_score(mated_in(2), 78),
            Wdl {
                win: 0,
                draw: 0,
                loss: 1000
            }
        );
        assert_eq!(Wdl::from_score(TB_WIN_THRESHOLD, 5).win, 1000);
    }
}
