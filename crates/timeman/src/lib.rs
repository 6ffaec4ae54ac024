//! Time allocation for Tsubame: numbers in, deadlines out.
//!
//! The crate knows nothing of chess positions. Before a search, [`TimeManager::new`] turns
//! the `go` limits, the options and the game ply into a [`TimeBudget`] (optimum and
//! maximum) with Stockfish's 2013 model ([`plan`]); during the search the same object
//! decides, after each iteration ([`TimeManager::on_iteration`]) and from the node-count
//! check ([`TimeManager::should_stop_now`]), whether to go on.
//!
//! Models, chosen by [`TimeOptions::model`] (the engine's `Time Model` option): [`TimeModel::Classic`] is the 2013 model
//! exactly; [`TimeModel::Marginal`], the default, plans the same optimum and maximum but
//! replaces the 62% rule and its unstable-PV extra time with a stopping rule fitted to
//! Tsubame's own search logs ([`marginal`]), optionally with its threshold kept on budget by
//! the spending of the moves before ([`pace`]), and moves at once with a single legal move or
//! when every other move is proven mated (each behind its own switch, [`ForcedReplies`]).
//!
//! The 2013 model is Stockfish 4's `src/timeman.cpp`
//! (<https://github.com/official-stockfish/Stockfish/blob/sf_4/src/timeman.cpp>): its
//! MoveImportance table, emergency reserve and `Slow Mover`, and its search-time rules.
//!
//! ```
//! use std::time::Duration;
//! use timeman::{Clock, Limits, Millis, TimeManager, TimeOptions};
//!
//! let limits = Limits { clock: Some(Clock::new(Millis(60_000), Millis::ZERO, 0)), ..Limits::default() };
//! let tm = TimeManager::new(&limits, &TimeOptions::default(), 0);
//! let budget = tm.budget().unwrap();
//! assert!(budget.optimum <= budget.maximum);
//! assert!(!tm.should_stop_now(Duration::ZERO, 0));
//! ```

#![deny(missing_docs)]

mod changes;
mod importance;
mod limits;
mod manager;
pub mod marginal;
mod millis;
mod options;
pub mod pace;
pub mod plan;
mod root_score;

pub use importance::move_importance;
pub use limits::{Clock, Limits};
pub use manager::{
    CLOCK_RESERVE_MS, IterationReport, IterationVerdict, SAFETY_SHARE_PERCENT, StopReason,
    TimeManager, charge_delay,
};
pub use millis::Millis;
pub use options::{ForcedReplies, SUGGESTED_SPEND_TARGET_PERCENT, TimeModel, TimeOptions};
pub use pace::{Pace, Spending};
pub use plan::TimeBudget;
pub use root_score::RootScore;
