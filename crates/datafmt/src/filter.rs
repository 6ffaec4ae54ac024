//! Which stored positions a trainer keeps: the usual filters, applied while reading.

use crate::game::PositionRecord;

/// Conditions a position must meet to be trained on. The defaults are those of the
/// viriformat crate's `Filter` (<https://crates.io/crates/viriformat>): no positions before
/// ply 16, none in check, none whose best move captures or promotes, none with a mate score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filter {
    /// Skip positions before this game ply (counted from the game's first move, random
    /// opening plies included).
    pub min_game_ply: u32,
    /// Skip positions whose side to move is in check.
    pub skip_in_check: bool,
    /// Skip positions whose best move captures or promotes.
    pub skip_noisy: bool,
    /// Skip positions scored at or beyond this, either side (mate scores are near 32,000).
    pub max_abs_score: u16,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter {
            min_game_ply: 16,
            skip_in_check: true,
            skip_noisy: true,
            max_abs_score: 31_339,
        }
    }
}

impl Filter {
    /// Keeps everything.
    pub const NONE: Filter = Filter {
        min_game_ply: 0,
        skip_in_check: false,
        skip_noisy: false,
        max_abs_score: u16::MAX,
    };

    /// Whether `record` passes.
    pub fn accepts(&self, record: &PositionRecord) -> bool {
        record.position.game_ply() >= self.min_game_ply
            && !(self.skip_in_check && record.position.in_check())
            && !(self.skip_noisy && record.best_move_is_noisy())
            && record.score.white().unsigned_abs() < self.max_abs_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::score::{GameResult, Score};
    use movegen::Position;

    fn records(start: &str, moves: &[(&str, i16)]) -> Vec<PositionRecord> {
        let start = Position::from_fen(start).unwrap();
        let mut pos = start.clone();
        let mut stored = Vec::new();
        for &(m, score) in moves {
            let mv = pos.parse_uci_move(m, false).unwrap();
            stored.push((mv, Score::from_white(score)));
            pos.play(mv);
        }
        let game = Game {
            start,
            result: GameResult::Draw,
            moves: stored,
        };
        game.positions().collect()
    }

    #[test]
    fn each_condition_filters() {
        // Ply 20 onwards: a quiet move, a capture, a reply in check, a mate score.
        let start = "4k3/8/8/3p4/8/8/8/R3K3 w - - 0 11";
        let r = records(
            start,
            &[("a1a5", 10), ("e8e7", 10), ("a5d5", 10), ("e7e6", 32_000)],
        );
        let f = Filter::default();
        assert!(f.accepts(&r[0]));
        assert!(!f.accepts(&r[2]), "captures");
        assert!(!f.accepts(&r[3]), "mate score");
        assert!(Filter::NONE.accepts(&r[2]) && Filter::NONE.accepts(&r[3]));
        let checks = records(start, &[("a1a8", 10), ("e8d7", 10)]);
        assert!(!f.accepts(&checks[1]), "in check");
        assert!(
            Filter {
                skip_in_check: false,
                ..f
            }
            .accepts(&checks[1])
        );
        let early = records(movegen::STARTING_FEN, &[("e2e4", 10)]);
        assert!(!f.accepts(&early[0]), "before ply 16");
        assert!(
            Filter {
                min_game_ply: 0,
                ..f
            }
            .accepts(&early[0])
        );
    }
}
