//! When a self-play game is decided before it ends: scores that stay decisive, scores that
//! stay level late in the game, or a game that goes on too long.

use datafmt::GameResult;

/// The adjudication rules. Scores are the search's, in centipawns, White's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// A side wins when the score stays at least this far in its favour...
    pub win_score: i32,
    /// ...for this many plies in a row (both sides' searches agree).
    pub win_plies: u32,
    /// A draw when the score stays within this of zero...
    pub draw_score: i32,
    /// ...for this many plies in a row...
    pub draw_plies: u32,
    /// ...once the game has lasted this many plies.
    pub draw_min_ply: u32,
    /// A draw at this many plies, however the game stands.
    pub max_plies: u32,
}

impl Default for Rules {
    /// The rules of the generation-0 data: ±2,500 for 6 plies wins; within 10 for 10 plies
    /// after ply 80 draws; 400 plies at most.
    fn default() -> Rules {
        Rules {
            win_score: 2500,
            win_plies: 6,
            draw_score: 10,
            draw_plies: 10,
            draw_min_ply: 80,
            max_plies: 400,
        }
    }
}

/// Why a game was adjudicated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The score stayed decisive.
    Win(GameResult),
    /// The score stayed level late in the game.
    Draw,
    /// The game reached the ply limit.
    MaxLength,
}

/// Watches a game's scores, one per ply.
#[derive(Clone, Debug)]
pub struct Adjudicator {
    rules: Rules,
    /// Plies in a row with a decisive score: positive for White, negative for Black.
    win_run: i64,
    /// Plies in a row with a level score.
    draw_run: u32,
    plies: u32,
}

impl Adjudicator {
    /// An adjudicator for a game not started yet.
    pub fn new(rules: Rules) -> Adjudicator {
        Adjudicator {
            rules,
            win_run: 0,
            draw_run: 0,
            plies: 0,
        }
    }

    /// Takes the score of the ply just played (White's view) and says whether the game is
    /// decided.
    pub fn record(&mut self, white_score: i32) -> Option<Verdict> {
        let rules = &self.rules;
        self.plies += 1;
        self.win_run = if white_score >= rules.win_score {
            self.win_run.max(0) + 1
        } else if white_score <= -rules.win_score {
            self.win_run.min(0) - 1
        } else {
            0
        };
        self.draw_run = if white_score.abs() <= rules.draw_score {
            self.draw_run + 1
        } else {
            0
        };
        let needed = i64::from(rules.win_plies.max(1));
        if self.win_run >= needed {
            Some(Verdict::Win(GameResult::WhiteWin))
        } else if self.win_run <= -needed {
            Some(Verdict::Win(GameResult::BlackWin))
        } else if self.plies >= rules.draw_min_ply && self.draw_run >= rules.draw_plies.max(1) {
            Some(Verdict::Draw)
        } else if self.plies >= rules.max_plies {
            Some(Verdict::MaxLength)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(scores: &[i32]) -> Vec<Option<Verdict>> {
        let mut adj = Adjudicator::new(Rules::default());
        scores.iter().map(|&s| adj.record(s)).collect()
    }

    #[test]
    fn a_decisive_run_wins_after_six_plies() {
        let verdicts = feed(&[2600, 2700, 2500, 3000, 2800, 2600]);
        assert_eq!(verdicts[..5], [None; 5]);
        assert_eq!(verdicts[5], Some(Verdict::Win(GameResult::WhiteWin)));
        let verdicts = feed(&[-2600, -31_000, -2500, -3000, -2800, -2600]);
        assert_eq!(verdicts[5], Some(Verdict::Win(GameResult::BlackWin)));
    }

    #[test]
    fn an_interrupted_or_switching_run_starts_again() {
        // One ply below the threshold, then five above: not yet.
        let verdicts = feed(&[2600, 2600, 2499, 2600, 2600, 2600, 2600, 2600]);
        assert!(verdicts.iter().all(Option::is_none));
        // A swing from White's win to Black's restarts the count.
        let verdicts = feed(&[2600, 2600, 2600, -2600, -2600, -2600, -2600, -2600]);
        assert!(verdicts.iter().all(Option::is_none));
    }

    #[test]
    fn level_scores_draw_only_late() {
        let early = feed(&[0; 79]);
        assert!(early.iter().all(Option::is_none));
        let mut scores = vec![50; 75];
        scores.extend([5, -10, 0, 10, 3, -3, 0, 1, 2]);
        let verdicts = feed(&scores);
        assert!(
            verdicts.iter().all(Option::is_none),
            "9 level plies are not enough"
        );
        scores.push(0);
        assert_eq!(feed(&scores).last(), Some(&Some(Verdict::Draw)));
        // A level run broken by one ply outside the band starts again.
        let mut broken = vec![50; 70];
        broken.extend([0; 9]);
        broken.push(11);
        broken.extend([0; 9]);
        assert!(feed(&broken).iter().all(Option::is_none));
        broken.push(0);
        assert_eq!(feed(&broken).last(), Some(&Some(Verdict::Draw)));
    }

    #[test]
    fn the_ply_limit_ends_the_game() {
        let scores: Vec<i32> = (0..400)
            .map(|i| if i % 2 == 0 { 300 } else { -300 })
            .collect();
        let verdicts = feed(&scores);
        assert!(verdicts[..399].iter().all(Option::is_none));
        assert_eq!(verdicts[399], Some(Verdict::MaxLength));
    }
}
