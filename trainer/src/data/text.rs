//! The text format `FEN | score | result`: one position a line, score in centipawns from
//! White's view, result 1.0 / 0.5 / 0.0 for White. Lines of one game come together and in
//! order; a game ends where the result changes or the move number does not increase.

use std::io::BufRead;

use movegen::Position;

use super::{GameResult, ReadError, Record};

/// Reads records from the text format.
#[derive(Debug)]
pub struct TextReader<R> {
    input: R,
    line: usize,
    buffer: String,
    game: u64,
    last: Option<(u32, GameResult)>,
}

impl<R: BufRead> TextReader<R> {
    /// A reader over `input`; its games are numbered from 0.
    pub fn new(input: R) -> TextReader<R> {
        TextReader {
            input,
            line: 0,
            buffer: String::new(),
            game: 0,
            last: None,
        }
    }

    fn parse(&mut self) -> Result<Record, ReadError> {
        let error = |reason: String| ReadError::Line {
            line: self.line,
            reason,
        };
        let mut fields = self.buffer.trim_end().split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(error("expected `FEN | score | result`".into()));
        };
        let pos = Position::from_fen(fen).map_err(|e| error(format!("bad FEN: {e}")))?;
        let score = score
            .parse::<i16>()
            .map_err(|_| error(format!("bad score `{score}`")))?;
        let result = match result {
            "1.0" | "1" => GameResult::WhiteWin,
            "0.5" => GameResult::Draw,
            "0.0" | "0" => GameResult::BlackWin,
            other => return Err(error(format!("bad result `{other}`"))),
        };
        let ply = pos.game_ply();
        if let Some((last_ply, last_result)) = self.last
            && (ply <= last_ply || result != last_result)
        {
            self.game += 1;
        }
        self.last = Some((ply, result));
        Ok(Record {
            pos,
            score,
            result,
            game: self.game,
        })
    }
}

impl<R: BufRead> Iterator for TextReader<R> {
    type Item = Result<Record, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buffer.clear();
            match self.input.read_line(&mut self.buffer) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(ReadError::Io(e))),
            }
            self.line += 1;
            if !self.buffer.trim().is_empty() {
                return Some(self.parse());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_split_where_the_ply_falls_or_the_result_changes() {
        let text = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 20 | 1.0
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 15 | 1.0

rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1 | 10 | 1.0
rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2 | 0 | 0.5
";
        let records: Vec<Record> = TextReader::new(text.as_bytes())
            .collect::<Result<_, _>>()
            .expect("valid");
        let games: Vec<u64> = records.iter().map(|r| r.game).collect();
        assert_eq!(games, [0, 0, 1, 2]);
        assert_eq!(records[3].result, GameResult::Draw);
        assert_eq!(records[1].score, 15);
    }

    #[test]
    fn malformed_lines_name_the_line_and_the_problem() {
        let text = "8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 0.5\n8/8/8/8/8/8/8/K6k w - - 0 1 | x | 0.5\n";
        let results: Vec<_> = TextReader::new(text.as_bytes()).collect();
        assert!(results[0].is_ok());
        match &results[1] {
            Err(ReadError::Line { line: 2, reason }) => {
                assert!(reason.contains("score"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        let bad_result = TextReader::new("8/8/8/8/8/8/8/K6k w - - 0 1 | 0 | 2\n".as_bytes()).next();
        assert!(matches!(
            bad_result,
            Some(Err(ReadError::Line { line: 1, .. }))
        ));
    }
}
