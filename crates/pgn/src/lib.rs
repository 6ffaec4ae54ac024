//! Portable Game Notation: reading the games of a PGN file and writing annotated ones, as the
//! PGN standard (Steven J. Edwards, 1994) describes them, with moves in SAN
//! ([`movegen::Position::san`]).
//!
//! Reading ([`read_games`]) keeps what an analysis needs: the tags, the main line's moves and
//! the result. Comments, variations, NAGs and `%` escape lines are read past; a game's
//! `FEN` tag (with or without `SetUp`) gives its start. Writing ([`write_game`]) gives the
//! export format: the tags, then the movetext in lines under 80 columns, with each move's NAG,
//! comment and alternative line.
//!
//! ```
//! use pgn::{read_games, write_game, AnnotatedMove};
//!
//! let games = read_games("[White \"A\"]\n\n1. e4 {good} e5 (1... c5) 2. Nf3 1-0\n");
//! let (start, moves) = games[0].replay().unwrap();
//! assert_eq!(moves.len(), 3);
//! let annotated: Vec<AnnotatedMove> = moves.iter().map(|&mv| AnnotatedMove::plain(mv)).collect();
//! let text = write_game(&games[0].tags, &start, &annotated, &games[0].result, None);
//! assert!(text.ends_with("1. e4 e5 2. Nf3 1-0\n"));
//! ```

mod read;
mod write;

pub use read::{PgnError, PgnGame, read_games};
pub use write::{AnnotatedMove, write_game};
