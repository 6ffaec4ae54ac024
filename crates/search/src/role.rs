//! `ThreadRole`: what only the main thread does (the clock, `ponderhit`, the time manager's
//! verdict after each iteration), as an object; every other thread has the helper's role,
//! which does none of it (after Stockfish's `SearchManager` and its null implementation for
//! helper threads). The search asks the role and never tests which thread it runs on.

use std::time::Duration;

use timeman::{IterationReport, IterationVerdict, Spending, TimeManager};

use crate::control::SearchControl;

/// What only the main thread has: the clock.
#[derive(Debug)]
pub(crate) struct MainThread {
    tm: TimeManager,
    /// Time limits apply only after the first iteration, so there is always a move to play.
    time_checks_enabled: bool,
    ponderhit_seen: bool,
}

/// A thread's role in a search.
#[derive(Debug)]
pub(crate) enum ThreadRole {
    /// The main thread: it runs the root that is played, watches the clock and ends the
    /// search for everyone.
    Main(MainThread),
    /// Any other thread: it only searches.
    Helper,
}

impl ThreadRole {
    /// The main thread's role, with the search's time manager.
    pub fn main(tm: TimeManager) -> ThreadRole {
        ThreadRole::Main(MainThread {
            tm,
            time_checks_enabled: false,
            ponderhit_seen: false,
        })
    }

    /// The node limit this thread keeps (only the main thread keeps one).
    pub fn node_limit(&self) -> Option<u64> {
        match self {
            ThreadRole::Main(main) => main.tm.node_limit(),
            ThreadRole::Helper => None,
        }
    }

    /// Looks at the clock: whether the search must stop now, `progress` giving the time
    /// since it started and the nodes of all threads (asked only on the main thread, so a
    /// helper's check reads nothing). Passes a `ponderhit` on to the time manager first.
    pub fn out_of_time(
        &mut self,
        control: &SearchControl,
        progress: impl FnOnce() -> (Duration, u64),
    ) -> bool {
        let ThreadRole::Main(main) = self else {
            return false;
        };
        if !main.ponderhit_seen && control.ponderhit_received() {
            main.ponderhit_seen = true;
            main.tm.on_ponderhit();
        }
        main.time_checks_enabled && {
            let (elapsed, nodes) = progress();
            main.tm.should_stop_now(elapsed, nodes)
        }
    }

    /// An iteration has completed: from now on the clock may stop the search.
    pub fn enable_time_checks(&mut self) {
        if let ThreadRole::Main(main) = self {
            main.time_checks_enabled = true;
        }
    }

    /// The time manager's verdict on a completed iteration (a helper always continues).
    pub fn on_iteration(
        &mut self,
        report: &IterationReport,
        elapsed: Duration,
        nodes: u64,
    ) -> IterationVerdict {
        match self {
            ThreadRole::Main(main) => {
                let clock_time = main.tm.clock_time(elapsed, nodes);
                main.tm.on_iteration(report, clock_time)
            }
            ThreadRole::Helper => IterationVerdict::Continue,
        }
    }

    /// How a timed search spent against its plan, for the pace of later ones.
    pub fn spending(&self, elapsed: Duration) -> Option<Spending> {
        match self {
            ThreadRole::Main(main) => main.tm.spending(elapsed),
            ThreadRole::Helper => None,
        }
    }
}
