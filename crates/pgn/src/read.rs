//! Reading PGN: games out of a text, and their moves replayed from the start position.

use std::fmt;

use movegen::{Move, Position, SanError};

/// One game as the file has it: tags in their order, the main line in SAN, the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// `[Name "Value"]` pairs, in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written (move numbers, NAGs and comments left out).
    pub sans: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (also when the movetext has no result).
    pub result: String,
}

/// Why a game's moves could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The `FEN` tag is no position.
    BadFen(String),
    /// A move of the main line is not legal (or not SAN) where it stands; `index` counts from
    /// 0, and the moves before it were legal.
    BadMove {
        /// Its index in the main line.
        index: usize,
        /// What is wrong with it.
        error: SanError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadFen(why) => write!(f, "the FEN tag is no position: {why}"),
            PgnError::BadMove { index, error } => write!(f, "ply {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for PgnError {}

impl PgnGame {
    /// The value of the tag `name` (case-sensitive, as PGN's tags are), if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The start position: the `FEN` tag's, else the standard start.
    ///
    /// # Errors
    /// When the `FEN` tag is no position.
    pub fn start(&self) -> Result<Position, PgnError> {
        match self.tag("FEN") {
            Some(fen) => Position::from_fen(fen).map_err(|e| PgnError::BadFen(e.to_string())),
            None => Ok(Position::startpos()),
        }
    }

    /// The start position and the main line's moves.
    ///
    /// # Errors
    /// A bad `FEN` tag, or the first move that is not legal where it stands.
    pub fn replay(&self) -> Result<(Position, Vec<Move>), PgnError> {
        let start = self.start()?;
        let mut position = start.clone();
        let mut moves = Vec::with_capacity(self.sans.len());
        for (index, san) in self.sans.iter().enumerate() {
            let mv = position
                .parse_san(san)
                .map_err(|error| PgnError::BadMove { index, error })?;
            position.play(mv);
            moves.push(mv);
        }
        Ok((start, moves))
    }

    /// The moves that are legal from the start, up to the first that is not, and the error
    /// that stopped them (`None` when the whole line was played).
    pub fn replay_legal_prefix(&self) -> Result<(Position, Vec<Move>, Option<PgnError>), PgnError> {
        let start = self.start()?;
        let mut position = start.clone();
        let mut moves = Vec::with_capacity(self.sans.len());
        for (index, san) in self.sans.iter().enumerate() {
            match position.parse_san(san) {
                Ok(mv) => {
                    position.play(mv);
                    moves.push(mv);
                }
                Err(error) => return Ok((start, moves, Some(PgnError::BadMove { index, error }))),
            }
        }
        Ok((start, moves, None))
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.sans.is_empty()
    }
}

/// Whether `token` is a game result.
fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// The games of a PGN text, in order. Reading never fails: what is not a tag, a move, a move
/// number or a result is read past; a game without a result ends at the next tag section.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut reader = Reader::default();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if line_start && c == '%' {
            // An escape line: skipped whole.
            i = skip_to_line_end(&chars, i);
            continue;
        }
        line_start = c == '\n';
        match c {
            '[' if reader.depth == 0 => {
                let (end, tag) = read_tag(&chars, i + 1);
                i = end;
                if let Some(tag) = tag {
                    reader.tag(tag);
                }
            }
            '{' => {
                i = chars[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .map_or(chars.len(), |p| i + p + 1);
            }
            ';' => i = skip_to_line_end(&chars, i),
            '(' => {
                reader.depth += 1;
                i += 1;
            }
            ')' => {
                reader.depth = reader.depth.saturating_sub(1);
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            _ => {
                let end = chars[i..]
                    .iter()
                    .position(|&c| c.is_whitespace() || "[]{}();".contains(c))
                    .map_or(chars.len(), |p| i + p);
                let token: String = chars[i..end].iter().collect();
                i = end.max(i + 1);
                if reader.depth == 0 {
                    reader.token(&token);
                }
            }
        }
    }
    reader.finish()
}

fn skip_to_line_end(chars: &[char], from: usize) -> usize {
    chars[from..]
        .iter()
        .position(|&c| c == '\n')
        .map_or(chars.len(), |p| from + p)
}

/// Reads a tag's inside from `from` (just after `[`): its end (after `]`) and the pair.
fn read_tag(chars: &[char], from: usize) -> (usize, Option<(String, String)>) {
    let mut i = from;
    while i < chars.len() && chars[i].is_whitespace() {
        i += 1;
    }
    let name_start = i;
    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    let name: String = chars[name_start..i].iter().collect();
    while i < chars.len() && chars[i] != '"' && chars[i] != ']' {
        i += 1;
    }
    let mut value = String::new();
    if i < chars.len() && chars[i] == '"' {
        i += 1;
        while i < chars.len() && chars[i] != '"' {
            if chars[i] == '\\' && i + 1 < chars.len() {
                i += 1;
            }
            value.push(chars[i]);
            i += 1;
        }
    }
    while i < chars.len() && chars[i] != ']' {
        i += 1;
    }
    let tag = (!name.is_empty()).then_some((name, value));
    (i + 1, tag)
}

/// The games read so far and the one being read.
#[derive(Default)]
struct Reader {
    games: Vec<PgnGame>,
    current: PgnGame,
    /// Nesting of variations: tokens inside one are not the main line.
    depth: usize,
}

impl Reader {
    fn tag(&mut self, tag: (String, String)) {
        // Tags after movetext start the next game (its predecessor had no result).
        if !self.current.sans.is_empty() {
            self.end_game("*");
        }
        self.current.tags.push(tag);
    }

    fn token(&mut self, token: &str) {
        if is_result(token) {
            self.end_game(token);
            return;
        }
        if token.starts_with('$') {
            return;
        }
        // A move number (`12.`, `12...`), possibly glued to its move (`12.e4`).
        let san = token.trim_start_matches(|c: char| c.is_ascii_digit());
        let san = if san.len() < token.len() && san.starts_with('.') {
            san.trim_start_matches('.')
        } else if san.is_empty() {
            ""
        } else {
            token
        };
        if !san.is_empty() {
            self.current.sans.push(san.to_owned());
        }
    }

    fn end_game(&mut self, result: &str) {
        let mut game = std::mem::take(&mut self.current);
        game.result = result.to_owned();
        self.games.push(game);
        self.depth = 0;
    }

    fn finish(mut self) -> Vec<PgnGame> {
        if !self.current.is_empty() {
            self.end_game("*");
        }
        self.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO_GAMES: &str = r#"[Event "Test \"quoted\""]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 {a comment (with parentheses)} 2. Nf3 $1 Nc6 (2... d6 3. d4 (3. Bc4)) 3.Bb5!
; a line comment 4. Qh5
a6 1-0

% an escape line 9. Qxf7
[Event "Second"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 *
"#;

    #[test]
    fn tags_moves_and_results_are_read_past_the_rest() {
        let games = read_games(TWO_GAMES);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Event"), Some("Test \"quoted\""));
        assert_eq!(games[0].sans, ["e4", "e5", "Nf3", "Nc6", "Bb5!", "a6"]);
        assert_eq!(games[0].result, "1-0");
        assert_eq!(games[1].tag("Event"), Some("Second"));
        assert_eq!(games[1].sans, ["e4", "Kd7"]);
        assert_eq!(games[1].result, "*");
        let (start, moves) = games[1].replay().unwrap();
        assert_eq!(start.fen(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        assert_eq!(moves.len(), 2);
    }

    #[test]
    fn a_game_without_result_ends_at_the_next_tags() {
        let games = read_games("[White \"A\"]\n1. d4 d5\n[White \"C\"]\n1. c4 1/2-1/2");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, "*");
        assert_eq!(games[0].sans, ["d4", "d5"]);
        assert_eq!(games[1].result, "1/2-1/2");
        assert!(read_games("").is_empty());
        assert!(read_games("  \n% nothing\n").is_empty());
    }

    #[test]
    fn an_illegal_move_is_reported_with_its_ply() {
        let games = read_games("1. e4 e5 2. Ke3 Nc6 *");
        let err = games[0].replay().unwrap_err();
        assert!(matches!(err, PgnError::BadMove { index: 2, .. }), "{err}");
        let (_, legal, error) = games[0].replay_legal_prefix().unwrap();
        assert_eq!(legal.len(), 2);
        assert!(error.is_some());
        let bad_fen = read_games("[FEN \"not a fen\"]\n1. e4 *");
        assert!(matches!(bad_fen[0].replay(), Err(PgnError::BadFen(_))));
    }
}
