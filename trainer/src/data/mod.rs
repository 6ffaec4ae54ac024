//! Training data: positions with the search's score and the game's result, grouped by game,
//! reduced once to compact [`Sample`]s so that an epoch touches no chess code.
//!
//! A file format plugs in as a [`RecordReader`]: [`text::TextReader`] reads `FEN | score |
//! result` lines, [`games::GameFileReader`] the game files of `tsubame datagen`.

pub mod games;
pub mod text;

use movegen::{Color, Piece, Position, Role, Square};
use nnue::Feature;
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
    /// Whether no castling right is left, so that the board mirrored a <-> h is as good a
    /// position, with the same score and result.
    mirrorable: bool,
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
            mirrorable: record.pos.castling().rights().is_empty(),
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

    /// The file of `color`'s king, 0 for the a-file: what turns that side's view under
    /// horizontal input mirroring. 4 (the e-file, a view as it stands) on a board without that
    /// king, which no legal position is.
    pub fn king_file(&self, color: Color) -> usize {
        let king = Piece::new(color, Role::King);
        let on_a1 = Feature::new(Color::White, king, Square::A1).index();
        self.features[..usize::from(self.count)]
            .iter()
            .map(|&f| usize::from(f))
            // The square is a feature's low six bits; the file their low three.
            .find(|&f| f & !63 == on_a1)
            .map_or(4, |f| f & 7)
    }

    /// The square of `color`'s king as `color` sees it (mirrored top to bottom for Black),
    /// `0` for a1: what picks that side's king bucket. `None` on a board without that king,
    /// which no legal position is.
    pub fn king_square(&self, color: Color) -> Option<usize> {
        // Our own king is role 5 (the sixth block of 64) among "our" pieces.
        let own_king = Role::King.index() * 64;
        self.features(color)
            .find(|&f| f & !63 == own_king)
            .map(|f| f & 63)
    }

    /// Whether the position has no castling rights: chess is symmetric under swapping the
    /// a- and h-files except for castling, so such a position can also be trained mirrored.
    pub fn can_mirror(&self) -> bool {
        self.mirrorable
    }

    /// The same position with the files mirrored (a <-> h) and the same labels. Only
    /// meaningful when [`Sample::can_mirror`].
    pub fn mirrored(&self) -> Sample {
        let mut mirrored = *self;
        // The square is the low six bits of a feature; the file is its low three.
        for f in &mut mirrored.features[..usize::from(self.count)] {
            *f ^= 7;
        }
        mirrored
    }

    /// The board, side to move and whether castling rights are left; labels left out.
    fn board_key(&self) -> ([u16; MAX_PIECES], bool, bool) {
        (self.features, self.black_to_move, self.mirrorable)
    }

    /// The number of pieces on the board, kings included (what picks the output head).
    pub fn pieces(&self) -> usize {
        usize::from(self.count)
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

    /// The same sample with its search score multiplied by `k` (rounded to a centipawn,
    /// kept within the score's range).
    pub fn with_score_scaled(&self, k: f32) -> Sample {
        let score = (f32::from(self.score) * k)
            .round()
            .clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
        Sample { score, ..*self }
    }

    /// The result for the side to move: 0, 0.5 or 1.
    pub fn result_stm(&self) -> f32 {
        let r = self.result.white_value();
        if self.black_to_move { 1.0 - r } else { r }
    }
}

/// A stable 64-bit key for a set's file name: the network format's FNV-1a hash, mixed.
fn file_key(file: &str) -> u64 {
    rng::mix(nnue::format::checksum(file.as_bytes(), 0))
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
    /// `hash(file, game) % 1000 < val_permille`. Stops after `limit` positions.
    ///
    /// `file` names the set (its file name, without folders) and `reader` numbers the games
    /// of that file from 0, every game counted whether or not the filter keeps a position of it.
    /// A set's held-out games are then the same in every run, whatever other files are listed,
    /// in whatever order, and with whatever filter: a network trained on one list can be read
    /// back on another without having trained on its held-out games.
    pub fn extend(
        &mut self,
        reader: impl RecordReader,
        file: &str,
        val_permille: u64,
        seed: u64,
        limit: usize,
    ) -> Result<(), ReadError> {
        let key = file_key(file);
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
                rng::mix(seed ^ key ^ record.game.wrapping_mul(0x9e37)) % 1000 < val_permille;
            let sample = Sample::new(&record);
            if held_out {
                self.validation.push(sample);
            } else {
                self.train.push(sample);
            }
        }
        Ok(())
    }

    /// Adds a file-mirrored copy of every training sample without castling rights (the
    /// validation samples stay as they are, so that losses remain comparable). Returns how
    /// many were added.
    pub fn add_mirrored_copies(&mut self) -> usize {
        let before = self.train.len();
        for i in 0..before {
            if self.train[i].can_mirror() {
                let mirrored = self.train[i].mirrored();
                self.train.push(mirrored);
            }
        }
        self.train.len() - before
    }

    /// Multiplies every training sample's search score by `k`; the validation samples stay as
    /// they are, so that losses remain comparable.
    pub fn scale_train_scores(&mut self, k: f32) {
        for sample in &mut self.train {
            *sample = sample.with_score_scaled(k);
        }
    }

    /// Keeps only the first training sample of each position (same pieces on the same
    /// squares, same side to move, castling rights or none); returns how many were dropped.
    pub fn dedup_train(&mut self) -> usize {
        let mut seen = std::collections::HashSet::with_capacity(self.train.len());
        let before = self.train.len();
        self.train.retain(|s| seen.insert(s.board_key()));
        before - self.train.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nnue::Feature;

    /// `games` one-position games (the same position, so the move number never increases and
    /// each line is a game), the scores `first`, `first + 1`, ... telling them apart.
    fn one_line_games(first: i32, games: i32) -> String {
        (first..first + games)
            .map(|s| format!("4k3/8/8/8/8/8/8/4K2R w K - 0 1 | {s} | 0.5\n"))
            .collect()
    }

    /// Reads `lines` as the file `name`, half of its games held out.
    fn read(data: &mut Dataset, lines: &str, name: &str) {
        let reader = text::TextReader::new(lines.as_bytes());
        data.extend(reader, name, 500, 7, usize::MAX)
            .expect("reads");
    }

    #[test]
    fn a_sets_held_out_games_do_not_depend_on_the_files_before_it() {
        let set = one_line_games(1000, 200);
        let mut alone = Dataset::default();
        read(&mut alone, &set, "b.txt");
        let mut after_another = Dataset::default();
        read(&mut after_another, &one_line_games(0, 37), "a.txt");
        let before = after_another.validation.len();
        read(&mut after_another, &set, "b.txt");
        let held_out: Vec<i16> = alone.validation.iter().map(|s| s.score).collect();
        let held_out_after: Vec<i16> = after_another.validation[before..]
            .iter()
            .map(|s| s.score)
            .collect();
        assert!(
            !held_out.is_empty() && held_out.len() < 200,
            "{}",
            held_out.len()
        );
        assert_eq!(held_out, held_out_after);
    }

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

    fn sample_of(fen: &str) -> Sample {
        Sample::new(&Record {
            pos: Position::from_fen(fen).expect("FEN"),
            score: -120,
            result: GameResult::Draw,
            game: 0,
        })
    }

    #[test]
    fn scaled_scores_round_and_stay_in_range_and_only_training_samples_are_scaled() {
        let sample = sample_of("8/5k2/8/3p4/3P4/8/5K2/8 b - - 0 50");
        let scaled = sample.with_score_scaled(0.826);
        // −120 × 0.826 = −99.12, White's view; Black to move sees +99.
        assert_eq!(scaled.score_stm(), 99.0);
        assert_eq!(scaled.result_stm(), sample.result_stm());
        assert!(
            scaled
                .features(Color::White)
                .eq(sample.features(Color::White))
        );
        let big = Sample {
            score: i16::MAX,
            ..sample
        };
        assert_eq!(big.with_score_scaled(2.0).score_stm(), -f32::from(i16::MAX));

        let mut data = Dataset {
            train: vec![sample; 3],
            validation: vec![sample; 2],
            games: 1,
        };
        data.scale_train_scores(0.5);
        assert!(data.train.iter().all(|s| s.score_stm() == 60.0));
        assert!(data.validation.iter().all(|s| s.score_stm() == 120.0));
    }

    /// `fen` with the files mirrored (a <-> h): each rank read backwards, the en passant
    /// square's file mirrored. Only for FENs without castling rights.
    fn mirror_fen(fen: &str) -> String {
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields[2], "-", "castling rights do not mirror");
        let board: Vec<String> = fields[0]
            .split('/')
            .map(|rank| rank.chars().rev().collect())
            .collect();
        let ep = match fields[3].as_bytes() {
            [file, rank] => format!("{}{}", (b'h' - (file - b'a')) as char, *rank as char),
            _ => "-".to_string(),
        };
        format!(
            "{} {} - {} {} {}",
            board.join("/"),
            fields[1],
            ep,
            fields[4],
            fields[5]
        )
    }

    fn sorted_features(sample: &Sample, perspective: Color) -> Vec<usize> {
        let mut f: Vec<usize> = sample.features(perspective).collect();
        f.sort_unstable();
        f
    }

    #[test]
    fn mirrored_features_are_those_of_the_mirrored_board() {
        let fens = [
            "r4rk1/1pq2ppp/p1n1bn2/4p3/4P3/1NN1B3/PPPQ1PPP/3R1RK1 w - - 4 15",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
            "2r3k1/5pp1/7p/3Pp3/8/6P1/5PBP/2R3K1 w - e6 0 30",
        ];
        for fen in fens {
            let sample = sample_of(fen);
            assert!(sample.can_mirror(), "{fen}");
            let mirrored = sample.mirrored();
            let expected = sample_of(&mirror_fen(fen));
            assert_ne!(mirrored, sample, "{fen}: a mirrored board differs");
            for perspective in Color::ALL {
                assert_eq!(
                    sorted_features(&mirrored, perspective),
                    sorted_features(&expected, perspective),
                    "{fen}, {perspective:?}"
                );
            }
            assert_eq!(mirrored.score_stm(), sample.score_stm());
            assert_eq!(mirrored.result_stm(), sample.result_stm());
            assert_eq!(
                mirrored.mirrored(),
                sample,
                "mirroring twice is the identity"
            );
        }
        assert!(!sample_of(movegen::STARTING_FEN).can_mirror());
        assert!(!sample_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1").can_mirror());
    }

    #[test]
    fn mirrored_copies_go_to_training_only_and_duplicates_are_dropped() {
        let mirrorable = sample_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        let castling = sample_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let mut data = Dataset {
            train: vec![mirrorable, castling, mirrorable],
            validation: vec![mirrorable],
            games: 2,
        };
        assert_eq!(data.dedup_train(), 1);
        assert_eq!(data.train, [mirrorable, castling]);
        assert_eq!(data.add_mirrored_copies(), 1);
        assert_eq!(data.train, [mirrorable, castling, mirrorable.mirrored()]);
        assert_eq!(data.validation, [mirrorable]);
    }
}
