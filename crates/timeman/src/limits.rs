//! What `go` asked for, in plain numbers.

use std::num::NonZeroU32;
use std::time::Instant;

use crate::millis::Millis;

/// The side to move's clock as the GUI reports it in `go`.
///
/// The four clock kinds of the 2013 model are the four combinations of `increment == 0`
/// or not and `moves_to_go` absent or not: sudden death, x moves in y, base + increment,
/// and x moves in y + increment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// `wtime`/`btime`. May be zero or negative: some GUIs send what is left after an
    /// overrun, and we still have to move.
    pub remaining: Millis,
    /// `winc`/`binc`; negative values are read as 0.
    pub increment: Millis,
    /// `movestogo`; `None` when absent (or sent as 0) means the rest of the game.
    pub moves_to_go: Option<NonZeroU32>,
}

impl Clock {
    /// A clock with no increment and no moves-to-go (sudden death).
    #[must_use]
    pub const fn sudden_death(remaining: Millis) -> Self {
        Self {
            remaining,
            increment: Millis::ZERO,
            moves_to_go: None,
        }
    }

    /// Builds a clock from the raw `go` numbers, reading `movestogo 0` as "not given".
    #[must_use]
    pub fn new(remaining: Millis, increment: Millis, moves_to_go: u32) -> Self {
        Self {
            remaining,
            increment,
            moves_to_go: NonZeroU32::new(moves_to_go),
        }
    }
}

/// The limits of one `go` command that concern when to stop.
///
/// Several may be set at once; the search stops at the first one reached. A clock given
/// together with `depth` or `nodes` is still obeyed (Stockfish 2013 ignored it, which can
/// lose on time). `movetime` replaces the clock when both are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// `wtime/btime/winc/binc/movestogo` for the side to move, if the GUI sent a clock.
    pub clock: Option<Clock>,
    /// `movetime`: think this long, minus `Move Overhead`.
    pub movetime: Option<Millis>,
    /// `depth`: do not start an iteration deeper than this.
    pub depth: Option<u32>,
    /// `nodes`: stop once this many nodes are searched.
    pub nodes: Option<u64>,
    /// `mate`: stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// `infinite`: never stop on our own; only `stop` ends the search.
    pub infinite: bool,
    /// `go ponder`: thinking on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// When the `go` was read. The GUI's clock runs from the moment it wrote `go`, so the time
    /// between reading the line and the search's first node (thread hand-offs, a descheduled
    /// process) is charged to this move's budget. `None`: the search starts the clock itself.
    pub received: Option<Instant>,
}
