//! Which root moves to search when the root is in the tables.
//!
//! The rule is the one Stockfish used from 2014 (`Tablebases::root_probe`, after Ronald de
//! Man's patch): keep the moves that keep the position's value, and among winning moves keep
//! every one that still wins within the fifty-move rule, not only the quickest zeroing move.
//! The search then chooses among them (it finds the mates and the natural moves); DTZ only makes
//! sure the choice never throws the win away. As the fifty-move counter grows, the set shrinks
//! to the moves that zero in time.

use movegen::Move;

use crate::tables::{RootValue, Wdl};

/// The moves to search, and what the root is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootRanking {
    /// The moves that keep the best value, in the order given.
    pub keep: Vec<Move>,
    /// The root's value for the side to move, the fifty-move rule applied when asked.
    pub verdict: Wdl,
    /// The root's distance to zeroing, when known from DTZ tables.
    pub dtz: Option<i32>,
}

/// How the root's history and options bear on the ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootRules {
    /// The fifty-move counter at the root.
    pub halfmove_clock: u32,
    /// A position since the last zeroing move has occurred twice: a win may not be slowed.
    pub repeated: bool,
    /// Whether the fifty-move rule applies (`Syzygy50MoveRule`).
    pub rule50: bool,
}

/// Picks the moves to search from every legal move's tablebase value. `values` must hold every
/// legal move; the result keeps at least one.
pub fn rank_root_moves(values: &[(Move, RootValue)], rules: RootRules) -> Option<RootRanking> {
    if values.is_empty() {
        return None;
    }
    let dtz: Option<Vec<(Move, i32)>> = values
        .iter()
        .map(|&(mv, v)| match v {
            RootValue::Dtz(d) => Some((mv, d)),
            RootValue::Wdl(_) => None,
        })
        .collect();
    Some(match dtz {
        Some(dtz) => rank_by_dtz(&dtz, rules),
        None => rank_by_wdl(values, rules),
    })
}

/// Stockfish's filter on DTZ values (plies to zeroing, counting the move; sign: who wins).
fn rank_by_dtz(values: &[(Move, i32)], rules: RootRules) -> RootRanking {
    let cnt50 = if rules.rule50 {
        rules.halfmove_clock as i32
    } else {
        0
    };
    let keep_where = |keep: &dyn Fn(i32) -> bool| -> Vec<Move> {
        values
            .iter()
            .filter(|&&(_, v)| keep(v))
            .map(|&(mv, _)| mv)
            .collect()
    };
    if let Some(best) = values.iter().map(|&(_, v)| v).filter(|&v| v > 0).min() {
        // Winning (or a win the fifty-move rule spoils): keep every move that still wins in
        // time, unless a repetition says not to dawdle.
        let max = if !rules.repeated && best + cnt50 <= 99 {
            99 - cnt50
        } else {
            best
        };
        let verdict = if best + cnt50 <= 100 {
            Wdl::Win
        } else {
            Wdl::CursedWin
        };
        return RootRanking {
            keep: keep_where(&|v| v > 0 && v <= max),
            verdict,
            dtz: Some(best),
        };
    }
    if values.iter().any(|&(_, v)| v == 0) {
        return RootRanking {
            keep: keep_where(&|v| v == 0),
            verdict: Wdl::Draw,
            dtz: Some(0),
        };
    }
    // Every move loses: resist longest only when the fifty-move rule could save us.
    let best = values.iter().map(|&(_, v)| v).min().unwrap_or(-1);
    let verdict = if -best + cnt50 <= 100 {
        Wdl::Loss
    } else {
        Wdl::BlessedLoss
    };
    let keep = if rules.rule50 && -best * 2 + cnt50 >= 100 {
        keep_where(&|v| v == best)
    } else {
        values.iter().map(|&(mv, _)| mv).collect()
    };
    RootRanking {
        keep,
        verdict,
        dtz: Some(best),
    }
}

/// Without DTZ: keep the moves of the best WDL class.
fn rank_by_wdl(values: &[(Move, RootValue)], rules: RootRules) -> RootRanking {
    let class = |v: RootValue| {
        let wdl = match v {
            RootValue::Wdl(w) => w,
            RootValue::Dtz(d) => match d.signum() {
                1 => Wdl::Win,
                -1 => Wdl::Loss,
                _ => Wdl::Draw,
            },
        };
        // Without the fifty-move rule a cursed win is a win, a blessed loss a loss.
        match wdl {
            Wdl::CursedWin if !rules.rule50 => Wdl::Win,
            Wdl::BlessedLoss if !rules.rule50 => Wdl::Loss,
            other => other,
        }
    };
    let best = values
        .iter()
        .map(|&(_, v)| class(v))
        .max()
        .unwrap_or(Wdl::Draw);
    RootRanking {
        keep: values
            .iter()
            .filter(|&&(_, v)| class(v) == best)
            .map(|&(mv, _)| mv)
            .collect(),
        verdict: best,
        dtz: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::{MoveKind, Square};

    fn mv(i: u8) -> Move {
        Move::new(Square::new(i), Square::new(i + 8), MoveKind::Normal)
    }

    fn rules(halfmove_clock: u32) -> RootRules {
        RootRules {
            halfmove_clock,
            repeated: false,
            rule50: true,
        }
    }

    fn dtz(values: &[i32]) -> Vec<(Move, RootValue)> {
        values
            .iter()
            .enumerate()
            .map(|(i, &d)| (mv(i as u8), RootValue::Dtz(d)))
            .collect()
    }

    #[test]
    fn a_win_keeps_every_move_that_wins_in_time() {
        let r = rank_root_moves(&dtz(&[5, 0, 40, -3, 120]), rules(0)).unwrap();
        assert_eq!(r.keep, vec![mv(0), mv(2)]);
        assert_eq!(r.verdict, Wdl::Win);
        // Later in the fifty-move count, only the quick ones remain.
        let r = rank_root_moves(&dtz(&[5, 0, 40, -3, 120]), rules(70)).unwrap();
        assert_eq!(r.keep, vec![mv(0)]);
    }

    #[test]
    fn after_a_repetition_only_the_quickest_win_remains() {
        let mut rules = rules(0);
        rules.repeated = true;
        let r = rank_root_moves(&dtz(&[5, 3, 40]), rules).unwrap();
        assert_eq!(r.keep, vec![mv(1)]);
    }

    #[test]
    fn a_cursed_win_is_reported_and_the_quickest_tries_kept() {
        let r = rank_root_moves(&dtz(&[30, 0, 50]), rules(80)).unwrap();
        assert_eq!(r.verdict, Wdl::CursedWin);
        assert_eq!(r.keep, vec![mv(0)]);
    }

    #[test]
    fn a_draw_keeps_the_drawing_moves() {
        let r = rank_root_moves(&dtz(&[-5, 0, -40, 0]), rules(0)).unwrap();
        assert_eq!(r.keep, vec![mv(1), mv(3)]);
        assert_eq!(r.verdict, Wdl::Draw);
    }

    #[test]
    fn a_loss_resists_longest_only_near_the_fifty_move_limit() {
        let r = rank_root_moves(&dtz(&[-5, -9, -2]), rules(0)).unwrap();
        assert_eq!(r.keep.len(), 3);
        assert_eq!(r.verdict, Wdl::Loss);
        let r = rank_root_moves(&dtz(&[-5, -9, -2]), rules(90)).unwrap();
        assert_eq!(r.keep, vec![mv(1)]);
    }

    #[test]
    fn without_the_fifty_move_rule_any_win_counts() {
        let mut rules = rules(90);
        rules.rule50 = false;
        let r = rank_root_moves(&dtz(&[30, 0, 50]), rules).unwrap();
        assert_eq!(r.verdict, Wdl::Win);
        assert_eq!(r.keep, vec![mv(0), mv(2)]);
    }

    #[test]
    fn wdl_only_keeps_the_best_class() {
        let values = vec![
            (mv(0), RootValue::Wdl(Wdl::Draw)),
            (mv(1), RootValue::Wdl(Wdl::CursedWin)),
            (mv(2), RootValue::Wdl(Wdl::Loss)),
        ];
        let r = rank_root_moves(&values, rules(0)).unwrap();
        assert_eq!((r.keep, r.verdict), (vec![mv(1)], Wdl::CursedWin));
        let mut no50 = rules(0);
        no50.rule50 = false;
        let values = vec![
            (mv(0), RootValue::Wdl(Wdl::Win)),
            (mv(1), RootValue::Wdl(Wdl::CursedWin)),
        ];
        let r = rank_root_moves(&values, no50).unwrap();
        assert_eq!(r.keep, vec![mv(0), mv(1)]);
    }

    #[test]
    fn nothing_to_rank_gives_nothing() {
        assert!(rank_root_moves(&[], rules(0)).is_none());
    }
}
