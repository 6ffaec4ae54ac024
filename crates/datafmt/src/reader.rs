//! Streaming reader: games one at a time from any `Read`, each checked move by move.

use std::io::{ErrorKind, Read};

use movegen::Move;

use crate::error::DataError;
use crate::game::{Game, MOVE_BYTES};
use crate::packed::{PACKED_BOARD_BYTES, PackedBoard};
use crate::score::Score;
use crate::wire;

/// More moves than any game the generator plays (it stops games at a few hundred plies);
/// a longer "game" means the file is not in this format, and reading it would only fill memory.
pub const MAX_GAME_MOVES: usize = 10_000;

/// Reads stored games in order. Wrap files in a `BufReader`: the reader asks for 4 bytes at a
/// time.
///
/// As an iterator it yields `Ok(game)` for each game and stops after the first error, since
/// the position of the next game is not known after a defect.
#[derive(Debug)]
pub struct GameReader<R> {
    inner: R,
    offset: u64,
    failed: bool,
}

impl<R: Read> GameReader<R> {
    /// A reader of the games in `inner`, from its current position.
    pub fn new(inner: R) -> GameReader<R> {
        GameReader {
            inner,
            offset: 0,
            failed: false,
        }
    }

    /// Bytes consumed so far: the end of the last game read.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The next game, `Ok(None)` at a clean end of the data.
    pub fn read_game(&mut self) -> Result<Option<Game>, DataError> {
        let start = self.offset;
        let mut board = [0u8; PACKED_BOARD_BYTES];
        match self.fill(&mut board)? {
            0 => return Ok(None),
            PACKED_BOARD_BYTES => {}
            _ => return Err(DataError::Truncated { offset: start }),
        }
        let packed = PackedBoard(board);
        let result = packed.result()?;
        let first = packed.unpack()?;
        let mut position = first.clone();
        let mut moves: Vec<(Move, Score)> = Vec::new();
        loop {
            let mut entry = [0u8; MOVE_BYTES];
            if self.fill(&mut entry)? != MOVE_BYTES {
                return Err(DataError::Truncated { offset: start });
            }
            if entry == [0; MOVE_BYTES] {
                break;
            }
            if moves.len() == MAX_GAME_MOVES {
                return Err(DataError::TooLong { offset: start });
            }
            let raw = u16::from_le_bytes([entry[0], entry[1]]);
            let score = Score::from_white(i16::from_le_bytes([entry[2], entry[3]]));
            let mv = wire::decode(&position, raw).ok_or(DataError::IllegalMove {
                offset: start,
                ply: moves.len(),
                raw,
            })?;
            position.play(mv);
            moves.push((mv, score));
        }
        Ok(Some(Game {
            start: first,
            result,
            moves,
        }))
    }

    /// Reads until `buf` is full or the data ends; returns how many bytes were read.
    fn fill(&mut self, buf: &mut [u8]) -> Result<usize, DataError> {
        let mut filled = 0;
        while filled < buf.len() {
            match self.inner.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(DataError::Io(e)),
            }
        }
        self.offset += filled as u64;
        Ok(filled)
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<Game, DataError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.read_game() {
            Ok(game) => game.map(Ok),
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}
