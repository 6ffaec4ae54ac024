//! Aspiration windows: the root is searched with a narrow window around the last iteration's
//! score, widened on the failing side until the score falls inside it.

use crate::params::SearchParams;
use crate::score::{INFINITE, is_mate_score};

/// Where a root search's score fell relative to its window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// Inside: the score is exact.
    Exact,
    /// At or below alpha: the true score is at most this (an upper bound).
    FailLow,
    /// At or above beta: the true score is at least this (a lower bound).
    FailHigh,
}

/// The window of one line of one iteration, through its re-searches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AspirationWindow {
    pub alpha: i32,
    pub beta: i32,
    delta: i32,
    growth: i32,
    full_width: i32,
}

impl AspirationWindow {
    /// The first window of an iteration at `depth` whose last score was `center`: full at
    /// shallow depths and around mate scores.
    pub fn new(center: i32, depth: i32, params: &SearchParams) -> AspirationWindow {
        let delta = params.asp_delta();
        let (alpha, beta) = if depth >= params.asp_min_depth() && !is_mate_score(center) {
            (
                (center - delta).max(-INFINITE),
                (center + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        AspirationWindow {
            alpha,
            beta,
            delta,
            growth: params.asp_growth(),
            full_width: params.asp_full_width(),
        }
    }

    /// Takes a search's `score`: if it failed, the window moves to the failing side (on a fail
    /// low, beta comes down halfway too) and grows (by half, by default), opening fully once
    /// too wide.
    pub fn update(&mut self, score: i32) -> Fit {
        let fit = if score <= self.alpha {
            self.beta = (self.alpha + self.beta) / 2;
            self.alpha = (score - self.delta).max(-INFINITE);
            Fit::FailLow
        } else if score >= self.beta {
            self.beta = (score + self.delta).min(INFINITE);
            Fit::FailHigh
        } else {
            return Fit::Exact;
        };
        // At least one more: a small growth of a small window must still widen it.
        self.delta = (self.delta * self.growth / 100).max(self.delta + 1);
        if self.delta > self.full_width {
            self.alpha = -INFINITE;
            self.beta = INFINITE;
        }
        fit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{mate_in, mated_in};

    /// Runs the loop against a search whose fail-soft result is `truth` clamped to the window
    /// (as a search that proves nothing beyond the window reports); returns the final score and
    /// the number of searches.
    fn converge(center: i32, depth: i32, truth: i32) -> (i32, Vec<Fit>) {
        let mut window = AspirationWindow::new(center, depth, &SearchParams::default());
        let mut fits = Vec::new();
        loop {
            assert!(window.alpha < window.beta, "empty window {window:?}");
            let score = truth.clamp(window.alpha, window.beta);
            let fit = window.update(score);
            fits.push(fit);
            if fit == Fit::Exact {
                return (score, fits);
            }
            assert!(fits.len() < 50, "the window never settles: {fits:?}");
        }
    }

    #[test]
    fn a_score_inside_the_first_window_is_searched_once() {
        assert_eq!(converge(30, 8, 35), (35, vec![Fit::Exact]));
    }

    #[test]
    fn a_fall_is_re_searched_lower_until_exact() {
        let (score, fits) = converge(300, 8, -50);
        assert_eq!(score, -50);
        assert!(fits.len() > 1 && fits[..fits.len() - 1].iter().all(|&f| f == Fit::FailLow));
    }

    #[test]
    fn a_rise_is_re_searched_higher_until_exact() {
        let (score, fits) = converge(-20, 8, 400);
        assert_eq!(score, 400);
        assert!(fits.len() > 1 && fits[..fits.len() - 1].iter().all(|&f| f == Fit::FailHigh));
    }

    #[test]
    fn mates_open_the_window_fully_and_are_found() {
        assert_eq!(converge(0, 8, mate_in(7)).0, mate_in(7));
        assert_eq!(converge(0, 8, mated_in(4)).0, mated_in(4));
        let w = AspirationWindow::new(mate_in(5), 8, &SearchParams::default());
        assert_eq!((w.alpha, w.beta), (-INFINITE, INFINITE));
    }

    #[test]
    fn shallow_iterations_use_the_full_window() {
        let params = SearchParams::default();
        let w = AspirationWindow::new(40, params.asp_min_depth() - 1, &params);
        assert_eq!((w.alpha, w.beta), (-INFINITE, INFINITE));
    }

    /// A fail low then a fail high (the score jumps around) still settles.
    #[test]
    fn an_unstable_score_settles() {
        let mut window = AspirationWindow::new(0, 10, &SearchParams::default());
        assert_eq!(window.update(-100), Fit::FailLow);
        let (alpha, beta) = (window.alpha, window.beta);
        assert!(alpha < -100 && beta < SearchParams::default().asp_delta());
        assert_eq!(window.update(beta + 10), Fit::FailHigh);
        assert!(window.beta > beta + 10);
        assert_eq!(window.update(beta + 10), Fit::Exact);
    }
}
