//! What `go` asks for, and the search limits it means for the side to move.

use std::time::Instant;

use movegen::Color;
use timeman::{Clock, Limits, Millis};

/// Everything `go` can say. Absent keywords are `None`, `false` or empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `searchmoves m1 m2 ...`: restrict the root to these moves (unchecked strings).
    pub searchmoves: Vec<String>,
    /// `ponder`: search in ponder mode until `ponderhit` or `stop`.
    pub ponder: bool,
    /// `wtime`: White's clock.
    pub wtime: Option<Millis>,
    /// `btime`: Black's clock.
    pub btime: Option<Millis>,
    /// `winc`: White's increment per move.
    pub winc: Option<Millis>,
    /// `binc`: Black's increment per move.
    pub binc: Option<Millis>,
    /// `movestogo`: moves until the next time control.
    pub movestogo: Option<u32>,
    /// `depth`: search this many plies only.
    pub depth: Option<u32>,
    /// `nodes`: search this many nodes only.
    pub nodes: Option<u64>,
    /// `mate`: search for a mate in this many moves.
    pub mate: Option<u32>,
    /// `movetime`: search exactly this long (never negative).
    pub movetime: Option<Millis>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `perft`: count leaf nodes to this depth instead of searching (extension).
    pub perft: Option<u32>,
}

impl GoParams {
    /// The limits of a search by `turn` of a `go` read at `received`. A clock for the
    /// opponent alone is reported through `notice` and planned as an empty clock of ours.
    pub fn limits(&self, turn: Color, received: Instant, notice: &dyn Fn(&str)) -> Limits {
        let (time, their_time, inc, (ours, theirs, side)) = if turn == Color::White {
            let names = ("wtime", "btime", "white");
            (self.wtime, self.btime, self.winc, names)
        } else {
            let names = ("btime", "wtime", "black");
            (self.btime, self.wtime, self.binc, names)
        };
        // A clock for the opponent alone means a timed game whose GUI forgot ours: searching
        // without a limit would hang the game, so plan as if our clock were empty.
        let remaining = match (time, their_time) {
            (Some(t), _) => Some(t),
            (None, Some(_)) => {
                notice(&format!(
                    "go: {theirs} given but no {ours} for {side} to move; moving as if {ours} were 0"
                ));
                Some(Millis::ZERO)
            }
            (None, None) => None,
        };
        let clock = remaining.map(|time| {
            Clock::new(
                time,
                inc.map_or(Millis::ZERO, Millis::at_least_zero),
                self.movestogo.unwrap_or(0),
            )
        });
        Limits {
            clock,
            movetime: self.movetime.map(Millis::at_least_zero),
            depth: self.depth,
            nodes: self.nodes,
            mate: self.mate,
            infinite: self.infinite,
            ponder: self.ponder,
            received: Some(received),
        }
    }
}
