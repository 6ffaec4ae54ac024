//! How good a move was, from the chances of winning before and after it: Lichess's move
//! judgements and accuracy (<https://lichess.org/page/accuracy>), with Tsubame's
//! win-draw-loss model in place of Lichess's centipawn curve.
//!
//! A position's *win percent* is the expected score of a side, win plus half the draw, in
//! percent (Lichess's `WinPercent`: 50 is level). A move's drop is the mover's win percent
//! before it minus after it.
//!
//! - **Judgements** (lila's `Advice.scala`): inaccuracy, mistake and blunder when Lichess's
//!   winning chances (`2 * win percent / 100 - 1`, from -1 to +1) fall by 0.1, 0.2 and 0.3:
//!   drops of 5, 10 and 15 win percent.
//! - **Move accuracy** (lila's `AccuracyPercent.scala`): `103.1668 * exp(-0.04354 * drop) -
//!   3.1669`, plus lila's one point for imperfect analysis, within 0 to 100; 100 without a
//!   drop.
//! - **Game accuracy**, per side: the mean of a volatility-weighted mean and the harmonic
//!   mean of its moves' accuracies (each at least 1). A move's weight is the standard
//!   deviation of the win percents (White's) in a window of the game around it, between 0.5
//!   and 12; the window is a tenth of the game's moves, 2 to 8.

use movegen::Color;
use search::Wdl;

/// Lichess's three judgements, worst last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// `?!`: the mover's win percent fell by 5 or more.
    Inaccuracy,
    /// `?`: by 10 or more.
    Mistake,
    /// `??`: by 15 or more.
    Blunder,
}

impl Judgement {
    /// All three, mildest first.
    pub const ALL: [Judgement; 3] = [
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
    ];

    /// The judgement for a drop of the mover's win percent, if it earns one.
    pub fn of_drop(drop: f64) -> Option<Judgement> {
        // Lichess's thresholds in winning chances (-1 to +1), halved to win percent points.
        if drop >= 15.0 {
            Some(Judgement::Blunder)
        } else if drop >= 10.0 {
            Some(Judgement::Mistake)
        } else if drop >= 5.0 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    /// The NAG PGN writes for it: `$6` (`?!`), `$2` (`?`), `$4` (`??`).
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// Its name, as Lichess says it.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// The win percent of `wdl`'s side: win plus half the draw, 0 to 100.
pub fn win_percent(wdl: Wdl) -> f64 {
    (f64::from(wdl.win) + f64::from(wdl.draw) / 2.0) / 10.0
}

/// A move's accuracy, 0 to 100, from the mover's win percents before and after it.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (before - after)).exp()
        - 3.166_924_740_191_411;
    // lila's bonus for imperfect analysis.
    (raw + 1.0).clamp(0.0, 100.0)
}

/// Each side's game accuracy (White, Black), from White's win percent in every position of
/// the game, the start first (one more than the moves), and the side that moved first.
/// `None` for a side without a move.
pub fn game_accuracy(white_win_percents: &[f64], first: Color) -> [Option<f64>; 2] {
    let moves = white_win_percents.len().saturating_sub(1);
    if moves == 0 {
        return [None, None];
    }
    let window = (moves / 10).clamp(2, 8);
    // As many windows as moves: the first window repeated at the start, then each sliding one.
    let mut windows: Vec<&[f64]> = Vec::with_capacity(moves);
    let first_window = &white_win_percents[..window.min(white_win_percents.len())];
    for _ in 0..window.min(white_win_percents.len()).saturating_sub(2) {
        windows.push(first_window);
    }
    if white_win_percents.len() <= window {
        windows.push(white_win_percents);
    } else {
        windows.extend(white_win_percents.windows(window));
    }
    let mut per_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (i, (pair, window)) in white_win_percents.windows(2).zip(&windows).enumerate() {
        let mover = if i % 2 == 0 { first } else { !first };
        let (before, after) = match mover {
            Color::White => (pair[0], pair[1]),
            Color::Black => (100.0 - pair[0], 100.0 - pair[1]),
        };
        let weight = standard_deviation(window).clamp(0.5, 12.0);
        per_side[mover as usize].push((move_accuracy(before, after), weight));
    }
    per_side.map(|moves| {
        if moves.is_empty() {
            return None;
        }
        let weights: f64 = moves.iter().map(|&(_, w)| w).sum();
        let weighted = moves.iter().map(|&(a, w)| a * w).sum::<f64>() / weights;
        let harmonic =
            moves.len() as f64 / moves.iter().map(|&(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
        Some((weighted + harmonic) / 2.0)
    })
}

/// The population standard deviation.
fn standard_deviation(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_earn_lichess_judgements() {
        assert_eq!(Judgement::of_drop(4.9), None);
        assert_eq!(Judgement::of_drop(5.0), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of_drop(12.0), Some(Judgement::Mistake));
        assert_eq!(Judgement::of_drop(40.0), Some(Judgement::Blunder));
        assert_eq!(Judgement::of_drop(-30.0), None);
    }

    #[test]
    fn move_accuracy_follows_lichess_curve() {
        assert_eq!(move_accuracy(50.0, 60.0), 100.0);
        assert!((move_accuracy(50.0, 50.0) - 100.0).abs() < 1e-9);
        // 103.1668 * exp(-0.04354 * 10) - 3.1669 + 1 = 64.6...
        assert!((move_accuracy(60.0, 50.0) - 64.62).abs() < 0.05);
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn a_blunder_costs_its_side_accuracy() {
        // White keeps 50%, then Black drops from 50 to 10 on move 3 (index 3 -> 4).
        let wins = [50.0, 50.0, 50.0, 50.0, 90.0, 90.0, 90.0];
        let [white, black] = game_accuracy(&wins, Color::White);
        let (white, black) = (white.unwrap(), black.unwrap());
        assert!(white > 99.0, "{white}");
        assert!(black < 70.0, "{black}");
        // With Black moving first, the fourth move is White's: the same fall is White's drop.
        let wins = [50.0, 50.0, 50.0, 50.0, 10.0, 10.0, 10.0];
        let [white, black] = game_accuracy(&wins, Color::Black);
        assert!(white.unwrap() < 70.0 && black.unwrap() > 99.0);
        assert_eq!(game_accuracy(&[50.0], Color::White), [None, None]);
        let [white, black] = game_accuracy(&[50.0, 45.0], Color::White);
        assert!(white.unwrap() < 100.0 && black.is_none());
    }

    #[test]
    fn win_percent_counts_half_the_draws() {
        let wdl = Wdl {
            win: 300,
            draw: 500,
            loss: 200,
        };
        assert!((win_percent(wdl) - 55.0).abs() < 1e-9);
    }
}
