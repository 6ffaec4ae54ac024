//! Counts over stored games: what a data set holds before a trainer reads it.

use crate::filter::Filter;
use crate::game::Game;
use crate::score::GameResult;

/// Scores at least this large (either side) count as decisive.
pub const DECISIVE_SCORE: i16 = 2500;

/// Totals over games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games.
    pub games: u64,
    /// Positions (one per stored move).
    pub positions: u64,
    /// Games won by White, drawn, won by Black.
    pub results: [u64; 3],
    /// Positions with the side to move in check.
    pub in_check: u64,
    /// Positions whose stored move captures or promotes.
    pub noisy: u64,
    /// Positions scored at or beyond ±[`DECISIVE_SCORE`].
    pub decisive: u64,
    /// Positions the default [`Filter`] keeps.
    pub kept: u64,
}

impl Stats {
    /// Adds one game.
    pub fn add(&mut self, game: &Game) {
        self.games += 1;
        self.results[match game.result {
            GameResult::WhiteWin => 0,
            GameResult::Draw => 1,
            GameResult::BlackWin => 2,
        }] += 1;
        let filter = Filter::default();
        for record in game.positions() {
            self.kept += u64::from(filter.accepts(&record));
            self.positions += 1;
            self.in_check += u64::from(record.position.in_check());
            self.noisy += u64::from(record.best_move_is_noisy());
            self.decisive +=
                u64::from(record.score.white().unsigned_abs() >= DECISIVE_SCORE as u16);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Score;
    use movegen::Position;

    #[test]
    fn counts_follow_the_game() {
        // 1. e4 d5 2. exd5 Qxd5 3. Qh5 Qe5+: two captures, one position in check at the end.
        let start = Position::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for (i, m) in ["e2e4", "d7d5", "e4d5", "d8d5", "d1h5", "d5e5+", "f1e2"]
            .iter()
            .enumerate()
        {
            let mv = pos.parse_uci_move(m.trim_end_matches('+'), false).unwrap();
            moves.push((mv, Score::from_white(if i == 6 { -3000 } else { 10 })));
            pos.play(mv);
        }
        let game = Game {
            start,
            result: GameResult::BlackWin,
            moves,
        };
        let mut stats = Stats::default();
        stats.add(&game);
        stats.add(&game);
        assert_eq!(stats.games, 2);
        assert_eq!(stats.positions, 14);
        assert_eq!(stats.results, [0, 0, 2]);
        assert_eq!(stats.noisy, 4);
        assert_eq!(stats.in_check, 2);
        assert_eq!(stats.decisive, 2);
        // All before ply 16: the default filter keeps none.
        assert_eq!(stats.kept, 0);
    }
}
