//! The in-search controller: the search owns one [`TimeManager`] per `go` and asks it, after
//! each iteration and from its node-count check, whether to go on.
//!
//! Stopping rules, in the order they are tested after an iteration:
//!
//! 1. `go infinite`: never stop (only `stop` ends the search).
//! 2. `depth N` reached, or `mate N` found (a mate in at most N moves).
//! 3. No time limit (`depth`/`nodes`/`mate` only): continue.
//! 4. Marginal model: a single root move, or every root move but the best proven mated by
//!    the fail-soft root search (a fail-soft search bounds every move it refutes, see
//!    <https://www.chessprogramming.org/Fail-Soft>): stop at once.
//! 5. `movetime`: continue until the maximum (the whole movetime).
//! 6. Clock, classic part (Stockfish 2013): the best-move-change count decays and grows,
//!    `changes = 0.8 * changes + changes_this_iteration`; from depth 5 to 49 the extra time
//!    is `floor(changes * optimum / 1.4)`; `available = optimum + extra`; do not start
//!    another iteration once `elapsed > available * 62 / 100` (integer ms), since the next
//!    one would probably not even finish its first move.
//! 7. Clock, marginal model: instead of 6, from depth 5 stop once the next iteration is not
//!    worth its expected time ([`crate::marginal`]), at the threshold the moves before have
//!    set to keep the game on budget ([`TimeManager::paced`], [`crate::pace`]).
//!
//! Between iterations [`TimeManager::should_stop_now`] stops the search at the maximum (or
//! the node limit). The maximum is never passed by more than the search's polling interval
//! while the search thread runs; for the time it does not run (a loaded machine), a clock's
//! maximum leaves [`CLOCK_RESERVE_MS`] untouched ([`safety_capped`]), and the time between
//! reading `go` and planning is charged to the budget ([`charge_delay`]).
//!
//! Pondering: while a `go ponder` has had no `ponderhit`, time never stops the search. If a
//! time rule fires during the ponder the manager remembers it, and right after
//! [`TimeManager::on_ponderhit`] `should_stop_now` says stop (Stockfish's `stopOnPonderhit`).
//! Elapsed time is always measured from the `go`, not from the `ponderhit`: the ponder
//! search's work counts as thinking already done, and our clock only runs after the
//! ponderhit, so measuring from the `go` can only spend less of our clock than the budget.
//! A ponder that outlived the maximum therefore moves at once after `ponderhit`.

use std::num::NonZeroU64;
use std::time::Duration;

use crate::changes;
use crate::limits::{Clock, Limits};
use crate::marginal::{self, Stability};
use crate::options::{TimeModel, TimeOptions};
use crate::pace::{Pace, Spending};
use crate::plan::{MIN_BUDGET_MS, TimeBudget, plan_clock, plan_movetime};
use crate::root_score::RootScore;

/// Share of the available time after which no new iteration starts, in percent.
const ITERATION_CUTOFF_PERCENT: u64 = 62;
/// The unstable-PV extra time is `changes * optimum / PV_INSTABILITY_DIVISOR`.
const PV_INSTABILITY_DIVISOR: f64 = 1.4;
/// First depth at which the PV instability is used (2013: > 4).
const FIRST_ADJUSTED_DEPTH: u32 = 5;
/// Depth from which the PV instability is no longer updated (2013: < 50).
const LAST_ADJUSTED_DEPTH: u32 = 49;

/// What the root reports after each completed iteration.
#[derive(Debug, Clone, Copy)]
pub struct IterationReport {
    /// The depth just completed (1 for the first iteration).
    pub depth: u32,
    /// How many times the best root move changed during this iteration (0 = stable; a
    /// search that only knows "changed or not" passes 0 or 1).
    pub best_move_changes: u32,
    /// The best move differs from the previous iteration's (false for the first).
    pub best_changed: bool,
    /// The best move's score.
    pub score: RootScore,
    /// Number of legal root moves (after `searchmoves`).
    pub root_moves: usize,
    /// The fail-soft root proved every root move but the best loses to a mate.
    pub others_mated: bool,
}

/// Why the manager asks the search to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    /// `go depth N` reached.
    DepthLimit,
    /// `go mate N`: a mate in at most N moves was found.
    MateFound,
    /// Only one root move: nothing to think about.
    SingleLegalMove,
    /// Every other root move is proven mated (by the fail-soft root's bounds).
    OthersMated,
    /// Past 62% of the available time: another iteration would not finish.
    AvailableTimeUsed,
    /// Marginal model: another iteration is unlikely enough to change the move for its cost.
    NotWorthAnotherIteration,
    /// The maximum time (or `movetime`) is spent.
    MaximumTime,
}

/// The manager's answer after an iteration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IterationVerdict {
    /// Start the next iteration.
    Continue,
    /// Do not start another iteration. While pondering (before `ponderhit`), the search
    /// must still hold its `bestmove` until `ponderhit` or `stop`, as UCI requires.
    Stop(StopReason),
}

/// Which kind of limit bounds the search's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `go infinite`: only `stop` ends the search.
    Infinite,
    /// No time limit at all (`depth`, `nodes`, `mate` only).
    Untimed,
    /// `go movetime`.
    MoveTime,
    /// A clock: the 2013 plan, then the 2013 rules or the marginal model's.
    Clock,
}

/// The time controller of one search. Built at `go`, owned by the search's main thread.
#[derive(Debug, Clone)]
pub struct TimeManager {
    mode: Mode,
    budget: TimeBudget,
    options: TimeOptions,
    depth_limit: Option<u32>,
    node_limit: Option<u64>,
    mate_limit: Option<u32>,
    /// `go ponder` and no `ponderhit` yet.
    pondering: bool,
    /// A time rule fired while pondering: stop right after `ponderhit`.
    stop_on_ponderhit: bool,
    /// Decayed count of best-move changes.
    best_move_changes: f64,
    /// The 2013 unstable-PV extra time (ms).
    unstable_extra_ms: i64,
    /// The marginal model's view of the iterations so far.
    stability: Stability,
    /// The marginal model's verdict on the last iteration: worth another one.
    worth_continuing: bool,
    /// The factor on the marginal model's threshold that keeps the game on budget.
    threshold_scale: f64,
    /// The search began as `go ponder`: its time is not all the clock's.
    began_pondering: bool,
    /// `nodestime`: the clock's time is counted in nodes, this many to the millisecond.
    nodes_per_ms: Option<NonZeroU64>,
}

impl TimeManager {
    /// Plans the move: `limits` from `go`, the current options, and the game ply of the root
    /// position (0 = the first move of the game, counting both sides' moves).
    #[must_use]
    pub fn new(limits: &Limits, options: &TimeOptions, game_ply: u32) -> Self {
        let ponder_bonus = options.ponder || limits.ponder;
        let (mode, budget) = if limits.infinite {
            (Mode::Infinite, unlimited())
        } else if let Some(movetime) = limits.movetime {
            (Mode::MoveTime, plan_movetime(movetime, options))
        } else if let Some(clock) = &limits.clock {
            (
                Mode::Clock,
                safety_capped(
                    plan_clock(clock, game_ply, ponder_bonus, options),
                    clock,
                    options,
                ),
            )
        } else {
            (Mode::Untimed, unlimited())
        };
        // `nodestime` counts a clock's time in nodes (a movetime stays real time).
        let nodes_per_ms =
            NonZeroU64::new(options.nodes_per_ms.into()).filter(|_| mode == Mode::Clock);
        // Whatever passed since the `go` was read is already gone from the GUI's clock (not
        // from a clock counted in nodes: no node was searched meanwhile).
        let budget = match (mode, limits.received) {
            (Mode::MoveTime | Mode::Clock, Some(received)) if nodes_per_ms.is_none() => {
                charge_delay(budget, received.elapsed())
            }
            _ => budget,
        };
        Self {
            mode,
            budget,
            options: *options,
            depth_limit: limits.depth,
            node_limit: limits.nodes,
            mate_limit: limits.mate,
            pondering: limits.ponder,
            stop_on_ponderhit: false,
            best_move_changes: 0.0,
            unstable_extra_ms: 0,
            stability: Stability::default(),
            worth_continuing: true,
            threshold_scale: 1.0,
            began_pondering: limits.ponder,
            nodes_per_ms,
        }
    }

    /// Whether this search's time is counted in nodes (`nodestime` with a clock).
    #[must_use]
    pub fn counts_nodes(&self) -> bool {
        self.nodes_per_ms.is_some()
    }

    /// The search's time as the clock rules read it: `elapsed`, the real time since the `go`,
    /// or with `nodestime` the `nodes` searched so far as milliseconds (`nodes / nodestime`).
    #[must_use]
    pub fn clock_time(&self, elapsed: Duration, nodes: u64) -> Duration {
        match self.nodes_per_ms {
            Some(per_ms) => Duration::from_millis(nodes / per_ms),
            None => elapsed,
        }
    }

    /// Scales the marginal model's threshold by what `pace` has learnt from the moves before,
    /// so the moves spend `TM Spend Target` of their optima in total ([`crate::pace`]).
    #[must_use]
    pub fn paced(mut self, pace: &Pace) -> Self {
        self.threshold_scale = pace.threshold_scale(self.spend_target());
        self
    }

    /// What this search spent against its plan, for [`Pace::record`], given the time from
    /// `go` to its end. `None` when the pace does not apply: no clock, the Classic model, a
    /// fixed threshold, or a search begun as a ponder (its clock started only at `ponderhit`).
    #[must_use]
    pub fn spending(&self, elapsed: Duration) -> Option<Spending> {
        let target = self.spend_target();
        let applies = self.mode == Mode::Clock
            && !self.counts_nodes()
            && self.options.model == TimeModel::Marginal
            && target > 0.0
            && !self.began_pondering;
        applies.then_some(Spending {
            spent: elapsed,
            optimum: self.budget.optimum,
            threshold_scale: self.threshold_scale,
            target,
        })
    }

    /// `TM Spend Target` in optima a move.
    fn spend_target(&self) -> f64 {
        f64::from(self.options.spend_target_percent) / 100.0
    }

    /// The most nodes the search may take (`go nodes`, a skill level's limit), if any.
    #[must_use]
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// The planned optimum and maximum in real time, or `None` when real time does not limit
    /// this search (`infinite`, only `depth`/`nodes`/`mate`, or a clock counted in nodes).
    #[must_use]
    pub fn budget(&self) -> Option<TimeBudget> {
        let timed = matches!(self.mode, Mode::MoveTime | Mode::Clock) && !self.counts_nodes();
        timed.then_some(self.budget)
    }

    /// The current available time: after it is 62% used no new iteration starts. `None`
    /// when time does not limit the search.
    #[must_use]
    pub fn available(&self) -> Option<Duration> {
        match self.mode {
            Mode::Clock => Some(Duration::from_millis(ms_u64(self.available_ms()))),
            Mode::MoveTime => Some(self.budget.maximum),
            Mode::Infinite | Mode::Untimed => None,
        }
    }

    /// The GUI sent `ponderhit`: from now on the clock budget applies, still measured from
    /// the `go` (see the module docs).
    pub fn on_ponderhit(&mut self) {
        self.pondering = false;
    }

    /// Called from the search's periodic node-count check. `elapsed` is the time since the
    /// `go`, `nodes` the nodes searched so far by all threads. Cheap: no allocation.
    #[must_use]
    pub fn should_stop_now(&self, elapsed: Duration, nodes: u64) -> bool {
        let elapsed = self.clock_time(elapsed, nodes);
        if self.mode == Mode::Infinite {
            return false;
        }
        if self.node_limit.is_some_and(|limit| nodes >= limit) {
            return true;
        }
        if self.pondering || self.mode == Mode::Untimed {
            return false;
        }
        self.stop_on_ponderhit || elapsed >= self.budget.maximum
    }

    /// Called once per completed iteration with the root's report and the time since `go` as
    /// [`TimeManager::clock_time`] gives it (in nodes with `nodestime`).
    pub fn on_iteration(
        &mut self,
        report: &IterationReport,
        elapsed: Duration,
    ) -> IterationVerdict {
        match self.mode {
            Mode::Infinite => return IterationVerdict::Continue,
            Mode::Untimed | Mode::MoveTime | Mode::Clock => {}
        }
        if self.depth_limit.is_some_and(|limit| report.depth >= limit) {
            return IterationVerdict::Stop(StopReason::DepthLimit);
        }
        if let (Some(limit), RootScore::Mate(n)) = (self.mate_limit, report.score) {
            if n > 0 && n.unsigned_abs() <= limit {
                return IterationVerdict::Stop(StopReason::MateFound);
            }
        }
        if self.mode == Mode::Untimed {
            return IterationVerdict::Continue;
        }
        if let Some(reason) = self.forced_reply(report) {
            return IterationVerdict::Stop(reason);
        }
        if self.mode == Mode::Clock {
            self.update_clock_state(report, elapsed);
        }
        let elapsed_ms = elapsed.as_millis();
        let marginal = self.options.model == TimeModel::Marginal;
        let verdict = if elapsed >= self.budget.maximum {
            Some(StopReason::MaximumTime)
        } else if self.mode == Mode::Clock && marginal {
            (!self.worth_continuing).then_some(StopReason::NotWorthAnotherIteration)
        } else if self.mode == Mode::Clock
            && elapsed_ms
                > u128::from(ms_u64(self.available_ms())) * u128::from(ITERATION_CUTOFF_PERCENT)
                    / 100
        {
            Some(StopReason::AvailableTimeUsed)
        } else {
            None
        };
        match verdict {
            Some(_) if self.pondering => {
                self.stop_on_ponderhit = true;
                IterationVerdict::Continue
            }
            Some(reason) => IterationVerdict::Stop(reason),
            None => IterationVerdict::Continue,
        }
    }

    /// Marginal model: the root has only one reasonable move, so thinking is wasted.
    fn forced_reply(&self, report: &IterationReport) -> Option<StopReason> {
        if self.options.model == TimeModel::Classic {
            return None;
        }
        let replies = self.options.forced_replies;
        if replies.single_move && report.root_moves == 1 {
            return Some(StopReason::SingleLegalMove);
        }
        if replies.mated_alternatives && report.root_moves >= 2 && report.others_mated {
            return Some(StopReason::OthersMated);
        }
        None
    }

    /// Updates the PV-instability extra time and the marginal verdict.
    fn update_clock_state(&mut self, report: &IterationReport, elapsed: Duration) {
        self.best_move_changes =
            changes::decayed(self.best_move_changes, f64::from(report.best_move_changes));
        if (FIRST_ADJUSTED_DEPTH..=LAST_ADJUSTED_DEPTH).contains(&report.depth) {
            let optimum = self.budget.optimum.as_millis() as f64;
            self.unstable_extra_ms =
                (self.best_move_changes * optimum / PV_INSTABILITY_DIVISOR) as i64;
        }
        if self.options.model == TimeModel::Marginal {
            // Fed from depth 1 so stability and the score trend have a history at depth 5.
            let features = self.stability.push(report.best_changed, report.score);
            self.worth_continuing = report.depth < marginal::MIN_DEPTH
                || marginal::FITTED.worth_continuing(
                    &features,
                    u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
                    u64::try_from(self.budget.optimum.as_millis()).unwrap_or(u64::MAX),
                    f64::from(self.options.stop_threshold_permille) / 1000.0 * self.threshold_scale,
                );
        }
    }

    /// The available time in ms: the 2013 `optimum + extra` (the marginal model reports it
    /// too; its rule does not use it).
    fn available_ms(&self) -> i64 {
        let optimum = i64::try_from(self.budget.optimum.as_millis()).unwrap_or(i64::MAX);
        optimum.saturating_add(self.unstable_extra_ms)
    }
}

/// The most of the usable clock (after `Move Overhead`) that one move may use.
pub const SAFETY_SHARE_PERCENT: u64 = 50;

/// What the maximum always leaves on the usable clock (ms), however small the clock.
///
/// Why an absolute amount: an overrun does not shrink with the clock. On a loaded machine the
/// engine (and the GUI that reads `bestmove`) can be off the CPU for a hundred ms or more after
/// the deadline, and the node-count check itself runs only when the search thread runs. A share
/// of the clock leaves a few ms once the clock is low, which is where games are lost; a fixed
/// reserve lets the increment refill the clock above it instead (each move then costs little
/// more than its first iteration). Ethereal keeps 300 ms the same way (its `MoveOverhead`,
/// <https://github.com/AndyGrant/Ethereal/blob/master/src/timeman.c>); Stockfish caps the maximum
/// at about 81% of the clock less `Move Overhead`
/// (<https://github.com/official-stockfish/Stockfish/blob/master/src/timeman.cpp>).
pub const CLOCK_RESERVE_MS: u64 = 300;

/// Beyond the 2013 model: the maximum never exceeds a fixed share of the usable clock, nor the
/// usable clock less [`CLOCK_RESERVE_MS`], so a move that overruns (a loaded machine, a slow
/// GUI) still leaves time on the clock. The 2013 maximum can take most of a small clock when
/// the increment is large, and a 10+0.1 game was lost on time that way. The optimum stays at
/// or under the maximum; neither falls under [`MIN_BUDGET_MS`].
#[must_use]
fn safety_capped(budget: TimeBudget, clock: &Clock, options: &TimeOptions) -> TimeBudget {
    let usable = ms_u64(crate::plan::usable_ms(clock.remaining, options.move_overhead).0);
    let cap = (usable * SAFETY_SHARE_PERCENT / 100)
        .min(usable.saturating_sub(CLOCK_RESERVE_MS))
        .max(MIN_BUDGET_MS);
    let maximum = budget.maximum.min(Duration::from_millis(cap));
    TimeBudget {
        optimum: budget.optimum.min(maximum),
        maximum,
    }
}

/// The budget less `delay`, the time that passed between reading `go` and planning: the GUI's
/// clock was already running. Never below [`MIN_BUDGET_MS`], so a late start still yields a
/// move at once rather than a zero-length search.
#[must_use]
pub fn charge_delay(budget: TimeBudget, delay: Duration) -> TimeBudget {
    let floor = Duration::from_millis(MIN_BUDGET_MS);
    let less = |d: Duration| d.saturating_sub(delay).max(floor);
    TimeBudget {
        optimum: less(budget.optimum),
        maximum: less(budget.maximum),
    }
}

/// The budget reported when time does not limit the search.
fn unlimited() -> TimeBudget {
    TimeBudget {
        optimum: Duration::MAX,
        maximum: Duration::MAX,
    }
}

/// Non-negative ms as u64.
fn ms_u64(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0)
}
