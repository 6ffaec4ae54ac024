//! Training data: positions with the search's score and the game's result, grouped by game,
//! reduced once to compact [`Sample`]s so that an epoch touches no chess code.
//!
//! A file format plugs in as a [`RecordReader`]: [`text::TextReader`] reads `FEN | score |
//! result` lines, [`games::GameFileReader`] the game files of `tsubame datagen`.

pub mod games;
pub mod text;

use movegen::{Color, Position};
use nnue::features::placements;

/// A game's result from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Black won.
    BlackWin,
    /// Draw.
    Draw,
    /// White won.
    WhiteWin,
}

impl GameResult {
    /// 0, 0.5 or 1 for White.
    pub fn white_value(self) -> f32 {
        match self {
            GameResult::BlackWin => 0.0,
            GameResult::Draw => 0.5,
            GameResult::WhiteWin => 1.0,
        }
    }
}

/// One position as a reader delivers it.
#[derive(Clone, Debug)]
pub struct Record {
    /// The position.
    pub pos: Position,
    /// The search's score in centipawns, White's view.
    pub score: i16,
    /// The game's result.
    pub result: GameResult,
    /// The game it belongs to: consecutive records of one game share the number.
    pub game: u64,
}

/// Anything that yields records: a data file of some format.
pub trait RecordReader: Iterator<Item = Result<Record, ReadError>> {}
impl<T: Iterator<Item = Result<Record, ReadError>>> RecordReader for T {}

/// A record that could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be read.
    Io(std::io::Error),
    /// A line of a text file is malformed.
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A game file holds something that is not a game.
    Data(datafmt::DataError),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "read error: {e}"),
            ReadError::Line { line, reason } => write!(f, "line {line}: {reason}"),
            ReadError::Data(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// The most pieces on a board.
pub const MAX_PIECES: usize = 32;

/// A position reduced to its inputs from White's view and its labels. 72 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    features: [u16; MAX_PIECES],
    count: u8,
    /// Whether Black is to move.
    black_to_move: bool,
    /// Score in centipawns, White's view.
    score: i16,
    result: GameResult,
}

impl Sample {
    /// The sample of `record`.
    pub fn new(record: &Record) -> Sample {
        let mut features = [0; MAX_PIECES];
        let mut count = 0;
        for p in placements(&record.pos).take(MAX_PIECES) {
            features[count] = p.feature(Color::White).index() as u16;
            count += 1;
        }
        Sample {
            features,
            count: count as u8,
            black_to_move: record.pos.turn() == Color::Black,
            score: record.score,
            result: record.result,
        }
    }

    /// The active inputs from `perspective`'s side.
    pub fn features(&self, perspective: Color) -> impl Iterator<Item = usize> + '_ {
        self.features[..usize::from(self.count)]
            .iter()
            .map(move |&f| match perspective {
                Color::White => usize::from(f),
                // Swap "ours" and "theirs" and mirror the square (the low six bits).
                Color::Black => {
                    let f = usize::from(f);
                    ((f + 384) % 768) ^ 56
                }
            })
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The search score in centipawns for the side to move.
    pub fn score_stm(&self) -> f32 {
        let s = f32::from(self.score);
        if self.black_to_move { -s } else { s }
    }

    /// The result for the side to move: 0, 0.5 or 1.
    pub fn result_stm(&self) -> f32 {
        let r = self.result.white_value();
        if self.black_to_move { 1.0 - r } else { r }
    }
}

/// Training and validation samples, split by game.
#[derive(Debug, Default)]
pub struct Dataset {
    /// Samples to fit.
    pub train: Vec<Sample>,
    /// Samples of held-out games.
    pub validation: Vec<Sample>,
    /// Games seen.
    pub games: u64,
}

impl Dataset {
    /// Adds every record of `reader`, sending whole games to validation when
    /// `hash(game) % 1000 < val_permille`. Stops after `limit` positions.
    pub fn extend(
        &mut self,
        reader: impl RecordReader,
        val_permille: u64,
        seed: u64,
        limit: usize,
    ) -> Result<(), ReadError> {
        let mut last_game = None;
        for record in reader {
            if self.train.len() + self.validation.len() >= limit {
                break;
            }
            let record = record?;
            if last_game != Some(record.game) {
                self.games += 1;
                last_game = Some(record.game);
            }
            let held_out =
                crate::rng::mix(seed ^ self.games.wrapping_mul(0x9e37)) % 1000 < val_permille;
            let sample = Sample::new(&record);
            if held_out {
                self.validation.push(sample);
            } else {
                self.train.push(sample);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nnue::Feature;

    #[test]
    fn black_features_match_the_inference_crate() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        )
        .expect("FEN");
        let record = Record {
            pos: pos.clone(),
            score: 35,
            result: GameResult::WhiteWin,
            game: 0,
        };
        let sample = Sample::new(&record);
        for perspective in Color::ALL {
            let mut ours: Vec<usize> = sample.features(perspective).collect();
            let mut theirs: Vec<usize> = placements(&pos)
                .map(|p| Feature::new(perspective, p.piece, p.square).index())
                .collect();
            ours.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(ours, theirs, "{perspective:?}");
        }
        assert_eq!(sample.score_stm(), -35.0);
        assert_eq!(sample.result_stm(), 0.0);
    }
}
