//! Tsubame's self-play data generation.
//!
//! Each thread owns a [`Player`]: a single-threaded search with its own small table, stopped
//! by a soft node limit. A game starts from 8 or 9 random legal plies (from the standard
//! position, a book, or Chess960 / double Chess960 back ranks), is played again when the
//! search scores it beyond ±400, and is then played out by the search until the rules end
//! it (mate, stalemate, 50 moves, insufficient material, threefold repetition) or it is
//! adjudicated ([`Rules`]), or, with Syzygy tables, as soon as the tables know its result
//! ([`tablebase_result`]). Every move is stored with the search's score in the
//! [`datafmt`] format, and the game's result in its header.
//!
//! Runs are deterministic for a given seed (whatever the thread count) when they stop after a
//! number of games or positions; see [`run()`].

mod adjudicate;
mod genfens;
mod openings;
mod play;
mod player;
mod run;
pub mod searchlog;
mod tablebase;

pub use adjudicate::{Adjudicator, Rules, Verdict};
pub use genfens::genfens;
pub use openings::{
    BookError, Opening, StartPositions, chess960_back_rank, chess960_position, parse_book,
    random_plies,
};
pub use play::{Ending, OpeningRules, PlayedGame, balanced_opening, game_over, play_game};
pub use player::{Choice, NodeLimits, Player};
pub use rng::Rng;
pub use run::{Config, DatagenError, Progress, Summary, Target, run};
pub use tablebase::tablebase_result;
