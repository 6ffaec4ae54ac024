//! What a running search reports: `info` lines and the move being searched.

use std::time::Duration;

use movegen::Move;

use crate::score::UciScore;

/// How a reported score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreBound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One line of search output, reported as a UCI `info` line.
#[derive(Clone, Debug)]
pub struct IterationInfo {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second, ... (MultiPV).
    pub multipv: usize,
    /// Score from the side to move's point of view.
    pub score: UciScore,
    /// Whether the score is exact or a bound.
    pub bound: ScoreBound,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes searched so far under the line's first move, every iteration together.
    pub move_nodes: u64,
    /// Time since `go`.
    pub elapsed: Duration,
    /// Hash table fill, permille.
    pub hashfull: usize,
    /// Positions the tablebases answered so far.
    pub tbhits: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Something the search reports while it runs.
#[derive(Clone, Debug)]
pub enum SearchEvent<'a> {
    /// A finished iteration line, an aspiration failure, or the final line before `bestmove`.
    Info(&'a IterationInfo),
    /// The root move being searched now (reported after the first second).
    CurrMove {
        /// The iteration's depth.
        depth: u32,
        /// The move.
        mv: Move,
        /// Its 1-based position in the root move list.
        number: usize,
    },
}
