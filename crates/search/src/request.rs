//! What a search is asked (`SearchRequest`) and what it answers (`SearchOutcome`).

use movegen::{Move, Position};
use timeman::{Limits, TimeOptions};

use crate::strength::Strength;
use crate::tablebase::TablebaseConfig;

/// Everything one `go` asks for.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    /// The position to search.
    pub position: Position,
    /// Keys of the game's positions before `position`, oldest first (for repetitions).
    pub history: Vec<u64>,
    /// When to stop.
    pub limits: Limits,
    /// The time manager's options.
    pub time_options: TimeOptions,
    /// Restrict the root to these moves (`go searchmoves`); empty means all.
    pub searchmoves: Vec<Move>,
    /// How many best lines to report.
    pub multipv: usize,
    /// Syzygy tablebases to probe, if any.
    pub tablebases: Option<TablebaseConfig>,
    /// How strongly to play (`Skill Level`, `UCI_LimitStrength`): below full strength the
    /// search is node-limited and the move is chosen among several lines.
    pub strength: Strength,
    /// Seeds the random part of that choice (unused at full strength).
    pub seed: u64,
}

impl SearchRequest {
    /// A search of `position` within `limits`: no game history, the default time options,
    /// every move, one line. Change fields for the rest.
    pub fn new(position: Position, limits: Limits) -> SearchRequest {
        SearchRequest {
            position,
            history: Vec::new(),
            limits,
            time_options: TimeOptions::default(),
            searchmoves: Vec::new(),
            multipv: 1,
            tablebases: None,
            strength: Strength::FULL,
            seed: 0,
        }
    }
}

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The move to play; `None` when the root has no legal move (mate or stalemate).
    pub best_move: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<Move>,
    /// The best move's score (side to move's view).
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
}
