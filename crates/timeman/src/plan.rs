//! Planning before the search: the clock model of Stockfish 2013, as pure functions.
//!
//! For each hypothetical number of moves to go `h = 1 ..= min(movestogo, MoveHorizon)`
//! (`MoveHorizon` when no movestogo) the model computes the time that would be left for
//! them,
//!
//! ```text
//! hyp(h) = max(0, time + inc * (h - 1) - EmergencyBaseTime - EmergencyMoveTime * min(h, EmergencyMoveHorizon))
//! ```
//!
//! and from it an optimum and a maximum, `MinimumThinkingTime + remaining(hyp(h), h)`, where
//!
//! ```text
//! this  = MoveImportance[ply] * SlowMover / 100            (a real number)
//! other = sum of MoveImportance[ply + 2i] for i in 1..h    (an integer)
//! ratio1 = R * this / (R * this + other)
//! ratio2 = (this + S * other) / (this + other)
//! remaining = floor(hyp(h) * min(ratio1, ratio2))
//! ```
//!
//! with `R = 1, S = 0` for the optimum and `R = MaxRatio = 7, S = StealRatio = 0.33` for
//! the maximum. Optimum and maximum start at `time` and keep the minimum over all `h`;
//! with `Ponder` on the optimum grows by a quarter (integer division), and finally the
//! optimum is capped at the maximum. Because everything starts at `time`, neither can
//! exceed the clock.
//!
//! Tsubame adds two things around the model, never inside it: `Move Overhead` is taken
//! off the clock first (`time = max(0, clock - overhead)`), and a budget is never shorter
//! than [`MIN_BUDGET_MS`], so a clock at or under the overhead still yields a move at once
//! rather than a zero-length search. A `movetime` loses the overhead too, but never more than
//! half of itself ([`plan_movetime`]).

use std::num::NonZeroU32;
use std::time::Duration;

use crate::importance::move_importance;
use crate::limits::Clock;
use crate::millis::Millis;
use crate::options::TimeOptions;

/// Plan at most this many moves ahead (the 2013 `MoveHorizon`).
pub const MOVE_HORIZON: u32 = 50;
/// How far the maximum may step over the optimum share (the 2013 `MaxRatio`).
pub const MAX_RATIO: f64 = 7.0;
/// The maximum never takes more than this share of the time left for the remaining moves
/// (the 2013 `StealRatio`).
pub const STEAL_RATIO: f64 = 0.33;
/// The shortest budget ever handed out (ms): enough to finish a depth-1 search.
pub const MIN_BUDGET_MS: u64 = 1;

/// How long one move may think.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeBudget {
    /// The normal target: the search aims to finish around here.
    pub optimum: Duration,
    /// The hard limit: the search stops here whatever happens (fail low, unstable PV).
    pub maximum: Duration,
}

/// Optimum and maximum of the 2013 model, exactly as Stockfish 4 computes them: no overhead,
/// no floor. `time` is the clock the model sees; `ponder` is the Ponder option.
#[must_use]
pub fn classic_ms(
    time: Millis,
    increment: Millis,
    moves_to_go: Option<NonZeroU32>,
    game_ply: u32,
    ponder: bool,
    opts: &TimeOptions,
) -> (Millis, Millis) {
    let time_ms = time.0;
    let inc = increment.at_least_zero().0;
    let base = opts.emergency_base_time.0;
    let per_move = opts.emergency_move_time.0;
    let min_think = opts.minimum_thinking_time.0;
    let horizon = moves_to_go.map_or(MOVE_HORIZON, |m| m.get().min(MOVE_HORIZON));

    // `this` is fixed; `other(h)` grows by one table entry per hypothesis, so it is kept as a
    // running integer sum (the same exact value Stockfish 4's inner loop adds up).
    let this = f64::from(move_importance(game_ply)) * f64::from(opts.slow_mover) / 100.0;
    let mut other: u64 = 0;
    let mut optimum = time_ms;
    let mut maximum = time_ms;
    for h in 1..=horizon {
        if h > 1 {
            other += u64::from(move_importance(game_ply.saturating_add(2 * (h - 1))));
        }
        let emergency_moves = i64::from(h.min(opts.emergency_move_horizon));
        let hyp = time_ms
            .saturating_add(inc.saturating_mul(i64::from(h - 1)))
            .saturating_sub(base)
            .saturating_sub(per_move.saturating_mul(emergency_moves))
            .max(0);
        // At most 49 entries of at most 7780: exact in f64.
        let other = other as f64;
        let t1 = min_think.saturating_add(remaining(hyp, this, other, 1.0, 0.0));
        let t2 = min_think.saturating_add(remaining(hyp, this, other, MAX_RATIO, STEAL_RATIO));
        optimum = optimum.min(t1);
        maximum = maximum.min(t2);
    }
    if ponder {
        optimum += optimum / 4;
    }
    (Millis(optimum.min(maximum)), Millis(maximum))
}

/// Stockfish 4's `remaining<T>()` (`timeman.cpp`): this move's share of `hyp_ms`, given this
/// move's weight `this` and the summed weight `other` of the moves still to come.
fn remaining(hyp_ms: i64, this: f64, other: f64, max_ratio: f64, steal_ratio: f64) -> i64 {
    let ratio1 = (max_ratio * this) / (max_ratio * this + other);
    let ratio2 = (this + steal_ratio * other) / (this + other);
    let share = ratio1.min(ratio2);
    // Both weights zero would give 0/0; the table has no zero, but stay safe.
    if share.is_nan() {
        return 0;
    }
    // `as` saturates for huge values, which the clamped inputs never reach.
    (hyp_ms as f64 * share).floor() as i64
}

/// The budget for a clock: `Move Overhead` off, the 2013 model, then the 1 ms floor.
///
/// `ponder` is the UCI `Ponder` option (or a `go ponder`): +25% optimum.
/// Guarantees `MIN_BUDGET_MS <= optimum <= maximum <= max(clock - overhead, MIN_BUDGET_MS)`.
#[must_use]
pub fn plan_clock(clock: &Clock, game_ply: u32, ponder: bool, opts: &TimeOptions) -> TimeBudget {
    let usable = usable_ms(clock.remaining, opts.move_overhead);
    let (optimum, maximum) = classic_ms(
        usable,
        clock.increment,
        clock.moves_to_go,
        game_ply,
        ponder,
        opts,
    );
    TimeBudget {
        optimum: floored(optimum),
        maximum: floored(maximum),
    }
}

/// The share of a `movetime` that `Move Overhead` may take at most: the rest is always
/// searched.
pub const MOVETIME_OVERHEAD_SHARE: (i64, i64) = (1, 2);

/// The budget for `go movetime`: the whole movetime less `Move Overhead` (1 ms at least),
/// as both optimum and maximum. The GUI chose the time, so the search uses all of it. The
/// overhead takes at most half of it ([`MOVETIME_OVERHEAD_SHARE`]): the GUI asked for this
/// much thought, and an overhead set for a slow link (`Move Overhead 5000`) would otherwise
/// turn every fixed-time search into a 1 ms one. A movetime a GUI sends is not a clock that
/// runs out, so keeping half of it cannot lose a game on time.
#[must_use]
pub fn plan_movetime(movetime: Millis, opts: &TimeOptions) -> TimeBudget {
    let movetime = movetime.at_least_zero().0;
    let (share, of) = MOVETIME_OVERHEAD_SHARE;
    let overhead = opts.move_overhead.0.clamp(0, movetime / of * share);
    let budget = floored(Millis(movetime - overhead));
    TimeBudget {
        optimum: budget,
        maximum: budget,
    }
}

/// The clock the model plans with: what is left after `Move Overhead`, never negative.
#[must_use]
pub fn usable_ms(remaining: Millis, overhead: Millis) -> Millis {
    Millis(remaining.0.saturating_sub(overhead.0)).at_least_zero()
}

/// Milliseconds to a duration, raised to the floor.
fn floored(ms: Millis) -> Duration {
    let ms = u64::try_from(ms.0).unwrap_or(0).max(MIN_BUDGET_MS);
    Duration::from_millis(ms)
}
