//! Playing below full strength: `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`.
//!
//! A weaker Tsubame should play like a weaker player, not like a strong one that now and then
//! throws a piece away. Two things make it weaker, both scaled by one continuous level (0 to
//! 20, the `Skill Level` scale Stockfish made the convention):
//!
//! - **It sees less.** Each move searches at most [`Strength::node_limit`] nodes, from 64 at
//!   level 0 (two or three plies: it sees hanging pieces and one-move threats, not
//!   combinations) doubling every 4/3 levels. The horizon, not chance, makes most of its
//!   mistakes, as a human's.
//! - **It weighs moves less exactly.** It searches the best [`Strength::lines`] moves
//!   (MultiPV) and plays the one whose score plus a random error is highest; the error's
//!   scale ([`Strength::error_cp`]) falls from 200 cp at level 0 to 10 cp near full strength.
//!   Moves far worse than the best rarely win that draw, so the choice stays among moves a
//!   player of that level would consider. A mate it has found is always played.
//!
//! `UCI_Elo` picks the level whose rating is the one asked for ([`Strength::from_elo`]), by
//! interpolating in [`ELO_BY_LEVEL`], the levels' ratings measured in matches against engines
//! with rating-list ratings (`tools/strength/README.md` has the figures and says how to
//! measure them again). Stockfish's `Skill` (its `search.cpp`) is the model for the move
//! choice.

use movegen::Move;
use rng::Rng;

use crate::score::MATE_THRESHOLD;

/// The highest `Skill Level`: full strength.
pub const MAX_SKILL_LEVEL: u32 = 20;
/// The lowest `UCI_Elo` (Stockfish's range since version 16).
pub const MIN_ELO: u32 = 1320;
/// The highest `UCI_Elo`.
pub const MAX_ELO: u32 = 3190;
/// Up to this level every move's search looks at four lines...
const FOUR_LINES_UP_TO: f64 = 16.25;
/// ... and from this one on, at one.
const ONE_LINE_FROM: f64 = 18.75;

/// Rating (at 5+0.05, on the rating lists' scale) of the levels the calibration matches
/// measured, for `UCI_Elo`, rising together; the levels between them are interpolated. The
/// table is what `tools/strength/fit_levels.py` fits to the matches in
/// `tools/strength/calibration.csv` (its `--check`, run by CI, compares the two). Levels 8.8
/// to 18.1 were measured against engines with rating-list ratings (Fairy-Max, GNU Chess,
/// Glaurung, Ethereal 12); 6.2 against Stockfish 15.1's `UCI_Elo` 1400, whose scale was
/// fitted to the rating lists at its low end; 0 to 4 come from 20-game screening against
/// Stockfish's levels; 20 is full strength's score against Ethereal 12 (the seventh network).
pub const ELO_BY_LEVEL: [(f64, f64); 11] = [
    (0.00, 838.0),
    (4.00, 1081.0),
    (6.21, 1431.0),
    (8.80, 1917.0),
    (10.33, 2096.0),
    (13.50, 2765.0),
    (16.40, 3123.0),
    (16.68, 3289.0),
    (17.70, 3325.0),
    (18.09, 3413.0),
    (20.00, 3515.0),
];

/// How strongly to play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    /// 0 (weakest) to 20 (full strength), continuous.
    level: f64,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength::FULL
    }
}

impl Strength {
    /// Full strength: no limit, no error.
    pub const FULL: Strength = Strength {
        level: MAX_SKILL_LEVEL as f64,
    };

    /// `Skill Level` `level` (clamped to 0..=20).
    pub fn from_skill_level(level: u32) -> Strength {
        Strength {
            level: f64::from(level.min(MAX_SKILL_LEVEL)),
        }
    }

    /// The level whose rating is `elo` (clamped to `MIN_ELO..=MAX_ELO`).
    pub fn from_elo(elo: u32) -> Strength {
        let elo = f64::from(elo.clamp(MIN_ELO, MAX_ELO));
        let level = ELO_BY_LEVEL
            .windows(2)
            .find(|pair| elo <= pair[1].1)
            .map_or(MAX_SKILL_LEVEL as f64, |pair| {
                let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
                l0 + (l1 - l0) * (elo - e0) / (e1 - e0)
            });
        // The top of the range is the calibrated level 20, which is still limited; only
        // `FULL` (the options off) plays without limits.
        Strength {
            level: level.min(MAX_SKILL_LEVEL as f64 - 1e-9),
        }
    }

    /// The continuous level, 0 to 20.
    pub fn level(self) -> f64 {
        self.level
    }

    /// Whether nothing is limited.
    pub fn is_full(self) -> bool {
        self.level >= MAX_SKILL_LEVEL as f64
    }

    /// The most nodes a move may search, or `None` at full strength.
    pub fn node_limit(self) -> Option<u64> {
        (!self.is_full()).then(|| (2f64.powf(6.0 + 0.75 * self.level)).round() as u64)
    }

    /// How many best moves a move's search looks at and chooses among (MultiPV), on average:
    /// four up to level 16.25, falling in a straight line to one at level 18.75. Searching
    /// four lines costs the depth that the top levels need to come near full strength.
    pub fn mean_lines(self) -> f64 {
        if self.is_full() {
            return 1.0;
        }
        let share = (ONE_LINE_FROM - self.level) / (ONE_LINE_FROM - FOUR_LINES_UP_TO);
        1.0 + 3.0 * share.clamp(0.0, 1.0)
    }

    /// The lines for one move: [`Strength::mean_lines`] rounded up or down at random, so
    /// that they average to it. A whole number of lines would change strength in steps where
    /// the count changes; the mix makes it a continuous function of the level, which the
    /// interpolated rating table assumes.
    pub fn lines(self, rng: &mut Rng) -> usize {
        let mean = self.mean_lines();
        let whole = mean.floor();
        let round_up = rng.fraction() < mean - whole;
        whole as usize + usize::from(round_up)
    }

    /// The scale of the random error added to each line's score, centipawns.
    pub fn error_cp(self) -> f64 {
        if self.is_full() {
            return 0.0;
        }
        let weakness = 1.0 - self.level / MAX_SKILL_LEVEL as f64;
        10.0 + 190.0 * weakness * weakness
    }

    /// The move to play among the searched `lines` (move and score, best first as the search
    /// ordered them). `None` when there are none.
    pub fn choose(self, lines: &[(Move, i32)], rng: &mut Rng) -> Option<Move> {
        let &(best, best_score) = lines.first()?;
        if self.is_full() || best_score >= MATE_THRESHOLD {
            return Some(best);
        }
        let scale = self.error_cp() as f32;
        lines
            .iter()
            .map(|&(mv, score)| {
                // The sum of two uniform draws: errors near zero are likelier than large ones.
                let error = rng.symmetric(scale) + rng.symmetric(scale);
                (mv, score as f32 + error)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(mv, _)| mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::mate_in;
    use movegen::Position;

    fn lines(scores: &[i32]) -> Vec<(Move, i32)> {
        let moves = Position::startpos().legal_moves();
        moves.iter().copied().zip(scores.iter().copied()).collect()
    }

    #[test]
    fn full_strength_limits_nothing() {
        let full = Strength::FULL;
        assert!(full.is_full());
        assert_eq!(full.node_limit(), None);
        assert_eq!(full.lines(&mut Rng::new(1)), 1);
        assert_eq!(Strength::from_skill_level(20), full);
        assert_eq!(Strength::from_skill_level(99), full);
        let l = lines(&[10, 300]);
        let mut rng = Rng::new(1);
        for _ in 0..100 {
            assert_eq!(full.choose(&l, &mut rng), Some(l[0].0));
        }
    }

    #[test]
    fn lower_levels_search_less_and_err_more() {
        let mut last = Strength::from_skill_level(0);
        assert_eq!(last.node_limit(), Some(64));
        for level in 1..20 {
            let s = Strength::from_skill_level(level);
            assert!(s.node_limit() > last.node_limit(), "{level}");
            assert!(s.error_cp() < last.error_cp(), "{level}");
            assert!(s.mean_lines() <= last.mean_lines(), "{level}");
            assert_eq!(s.mean_lines() == 4.0, level <= 16, "{level}");
            last = s;
        }
    }

    #[test]
    fn elo_maps_onto_the_levels_in_order() {
        // The lowest rating asked for lies between the table's second and third levels; below
        // it, only `Skill Level` reaches.
        let [_, (l0, e0), (l1, e1), ..] = ELO_BY_LEVEL;
        let lowest = Strength::from_elo(MIN_ELO).level();
        let expected = l0 + (l1 - l0) * (f64::from(MIN_ELO) - e0) / (e1 - e0);
        assert!((lowest - expected).abs() < 1e-9, "{lowest}");
        assert_eq!(Strength::from_elo(0).level(), lowest);
        let (level, elo) = ELO_BY_LEVEL[5];
        assert!((Strength::from_elo(elo as u32).level() - level).abs() < 1e-9);
        let top = Strength::from_elo(MAX_ELO);
        assert!(!top.is_full() && top.level() > 16.0, "{top:?}");
        let mut last = -1.0;
        for elo in (MIN_ELO..=MAX_ELO).step_by(10) {
            let level = Strength::from_elo(elo).level();
            assert!(level > last, "{elo}");
            last = level;
        }
        assert!(
            ELO_BY_LEVEL
                .windows(2)
                .all(|p| p[0].0 < p[1].0 && p[0].1 < p[1].1)
        );
    }

    /// Between 16.25 and 18.75 each move searches the whole number of lines just below or
    /// just above the mean, as often as makes the mean.
    #[test]
    fn line_counts_mix_to_their_mean() {
        let mut rng = Rng::new(11);
        for (level, mean) in [
            (10.0, 4.0),
            (16.25, 4.0),
            (17.0, 3.1),
            (18.0, 1.9),
            (18.75, 1.0),
        ] {
            let s = Strength { level };
            assert!((s.mean_lines() - mean).abs() < 1e-9, "{level}");
            let draws: Vec<usize> = (0..20_000).map(|_| s.lines(&mut rng)).collect();
            let (low, high) = (mean.floor() as usize, mean.ceil() as usize);
            assert!(draws.iter().all(|&n| n == low || n == high), "{level}");
            let average = draws.iter().sum::<usize>() as f64 / draws.len() as f64;
            assert!((average - mean).abs() < 0.02, "{level}: {average}");
        }
    }

    #[test]
    fn weak_levels_choose_among_close_moves_and_play_found_mates() {
        let l = lines(&[50, 40, 30, -400]);
        let mut rng = Rng::new(7);
        let mut counts = [0; 4];
        let weak = Strength::from_skill_level(0);
        for _ in 0..2000 {
            let mv = weak.choose(&l, &mut rng).unwrap();
            counts[l.iter().position(|x| x.0 == mv).unwrap()] += 1;
        }
        // At level 0 the three close moves (10 cp apart, far less than the error) are played
        // about equally often; the blunder, 450 cp worse, hardly ever.
        assert!(counts[..3].iter().all(|&n| n > 500), "{counts:?}");
        assert!(counts[3] < 20, "{counts:?}");

        let strong = Strength::from_skill_level(19);
        let best = (0..2000)
            .filter(|_| strong.choose(&l, &mut rng) == Some(l[0].0))
            .count();
        assert!(
            best > counts[0],
            "level 19 picks the best move more often: {best}"
        );

        let mate = lines(&[mate_in(3), 500, 400]);
        for _ in 0..100 {
            assert_eq!(weak.choose(&mate, &mut rng), Some(mate[0].0));
        }
        assert_eq!(weak.choose(&[], &mut rng), None);
    }
}
