//! The game files `tsubame datagen` writes (the viriformat layout, read by the `datafmt`
//! crate): each game is replayed and every position that passes a [`Filter`] becomes a
//! [`Record`], numbered by its game so that the validation split keeps games whole.
//!
//! A generator may be appending to the file while it is read: a last game cut short is not an
//! error, reading stops before it ([`GameFileReader::truncated_at`] says where).

use std::collections::VecDeque;
use std::io::Read;

use datafmt::{DataError, Filter, GameReader};

use super::{GameResult, ReadError, Record};

/// What a [`GameFileReader`] has read so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameFileCounts {
    /// Whole games read.
    pub games: u64,
    /// Positions in those games.
    pub positions: u64,
    /// Positions the filter kept.
    pub kept: u64,
}

/// Reads records from a game file.
#[derive(Debug)]
pub struct GameFileReader<R> {
    games: GameReader<R>,
    filter: Filter,
    next_game: u64,
    pending: VecDeque<Record>,
    counts: GameFileCounts,
    truncated_at: Option<u64>,
}

impl<R: Read> GameFileReader<R> {
    /// A reader over `input` keeping what `filter` accepts; its games are numbered from 0,
    /// every game counted whether or not the filter keeps a position of it.
    pub fn new(input: R, filter: Filter) -> GameFileReader<R> {
        GameFileReader {
            games: GameReader::new(input),
            filter,
            next_game: 0,
            pending: VecDeque::new(),
            counts: GameFileCounts::default(),
            truncated_at: None,
        }
    }

    /// Games and positions read and kept so far.
    pub fn counts(&self) -> GameFileCounts {
        self.counts
    }

    /// The byte where an unfinished last game starts, if the data ended inside one.
    pub fn truncated_at(&self) -> Option<u64> {
        self.truncated_at
    }

    /// Reads games until one leaves a position or the data ends.
    fn refill(&mut self) -> Result<(), DataError> {
        while self.pending.is_empty() {
            let game = match self.games.read_game() {
                Ok(Some(game)) => game,
                Ok(None) => return Ok(()),
                // Only the last game can be cut short: the data ended inside it.
                Err(DataError::Truncated { offset }) => {
                    self.truncated_at = Some(offset);
                    return Ok(());
                }
                Err(e) => return Err(e),
            };
            let number = self.next_game;
            self.next_game += 1;
            self.counts.games += 1;
            self.counts.positions += game.moves.len() as u64;
            let result = match game.result {
                datafmt::GameResult::WhiteWin => GameResult::WhiteWin,
                datafmt::GameResult::Draw => GameResult::Draw,
                datafmt::GameResult::BlackWin => GameResult::BlackWin,
            };
            for record in game.positions().filter(|r| self.filter.accepts(r)) {
                self.pending.push_back(Record {
                    pos: record.position,
                    score: record.score.white(),
                    result,
                    game: number,
                });
            }
            self.counts.kept += self.pending.len() as u64;
        }
        Ok(())
    }
}

impl<R: Read> Iterator for GameFileReader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Err(e) = self.refill() {
            return Some(Err(ReadError::Data(e)));
        }
        self.pending.pop_front().map(Ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafmt::{Game, Score};
    use movegen::Position;

    /// A game of `moves` (UCI) from `fen`, each scored `10 × ply`.
    fn game(fen: &str, moves: &[&str], result: datafmt::GameResult) -> Game {
        let start = Position::from_fen(fen).expect("FEN");
        let mut pos = start.clone();
        let mut stored = Vec::new();
        for (ply, m) in moves.iter().enumerate() {
            let mv = pos.parse_uci_move(m, false).expect("legal move");
            stored.push((mv, Score::from_white(10 * ply as i16)));
            pos.play(mv);
        }
        Game {
            start,
            result,
            moves: stored,
        }
    }

    fn two_games() -> Vec<u8> {
        let mut bytes = Vec::new();
        game(
            movegen::STARTING_FEN,
            &["e2e4", "e7e5", "g1f3"],
            datafmt::GameResult::WhiteWin,
        )
        .encode_into(&mut bytes);
        // The capture d4e5 and the reply in check are filtered by default.
        game(
            "4k3/8/8/4p3/3P4/8/8/4K2R w - - 0 1",
            &["d4e5", "e8d7", "h1h7", "d7e6"],
            datafmt::GameResult::Draw,
        )
        .encode_into(&mut bytes);
        bytes
    }

    #[test]
    fn positions_come_with_their_game_score_and_result() {
        let bytes = two_games();
        let mut reader = GameFileReader::new(&bytes[..], Filter::NONE);
        let records: Vec<Record> = (&mut reader).collect::<Result<_, _>>().expect("valid");
        let games: Vec<u64> = records.iter().map(|r| r.game).collect();
        assert_eq!(games, [0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(records[1].score, 10);
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(records[1].pos, Position::from_fen(after_e4).expect("FEN"));
        assert_eq!(records[0].result, GameResult::WhiteWin);
        assert_eq!(records[6].result, GameResult::Draw);
        assert_eq!(
            reader.counts(),
            GameFileCounts {
                games: 2,
                positions: 7,
                kept: 7
            }
        );
        assert_eq!(reader.truncated_at(), None);
    }

    #[test]
    fn the_filter_applies_and_its_conditions_can_be_relaxed() {
        let bytes = two_games();
        let no_ply_limit = Filter {
            min_game_ply: 0,
            ..Filter::default()
        };
        let kept = |filter| {
            GameFileReader::new(&bytes[..], filter)
                .map(|r| r.expect("valid").pos.fen())
                .collect::<Vec<_>>()
        };
        // Second game: the capture, then a quiet king move, a check, the king's escape in check.
        let quiet = kept(no_ply_limit);
        assert_eq!(quiet.len(), 3 + 2, "{quiet:?}");
        let with_checks = kept(Filter {
            skip_in_check: false,
            ..no_ply_limit
        });
        assert_eq!(with_checks.len(), 3 + 3);
        assert!(
            kept(Filter::default()).is_empty(),
            "every position is before ply 16"
        );
    }

    #[test]
    fn a_game_the_filter_drops_whole_still_takes_its_number() {
        let mut bytes = Vec::new();
        game(
            movegen::STARTING_FEN,
            &["e2e4", "e7e5"],
            datafmt::GameResult::Draw,
        )
        .encode_into(&mut bytes);
        // From move 30 on, past the default filter's ply limit: its quiet positions are kept.
        game(
            "4k3/8/8/8/8/8/8/4K2R w - - 0 30",
            &["h1h2", "e8d7"],
            datafmt::GameResult::WhiteWin,
        )
        .encode_into(&mut bytes);
        let numbers = |filter| {
            GameFileReader::new(&bytes[..], filter)
                .map(|r| r.expect("valid").game)
                .collect::<Vec<_>>()
        };
        assert_eq!(numbers(Filter::NONE), [0, 0, 1, 1]);
        assert_eq!(numbers(Filter::default()), [1, 1]);
    }

    #[test]
    fn a_game_cut_short_ends_the_data_cleanly() {
        let bytes = two_games();
        let first_game_bytes = 32 + 4 * 3 + 4;
        for cut in [first_game_bytes + 1, first_game_bytes + 32, bytes.len() - 1] {
            let mut reader = GameFileReader::new(&bytes[..cut], Filter::NONE);
            let records: Vec<Record> = (&mut reader).collect::<Result<_, _>>().expect("no error");
            assert_eq!(records.len(), 3, "cut at {cut}");
            assert_eq!(reader.truncated_at(), Some(first_game_bytes as u64));
            assert_eq!(reader.counts().games, 1);
        }
    }

    #[test]
    fn a_defect_is_an_error_not_a_panic() {
        let mut bytes = two_games();
        // The result byte of the first board made invalid.
        bytes[30] = 7;
        let mut reader = GameFileReader::new(&bytes[..], Filter::NONE);
        assert!(matches!(reader.next(), Some(Err(ReadError::Data(_)))));
    }
}
