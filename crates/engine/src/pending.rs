//! The `go`s (and perfts) read and not yet ended, in the order they were read, and what `stop`,
//! `ponderhit` and the end of input do to them.
//!
//! Each one has its own [`SearchControl`] from the moment it is read, so a `stop` can reach a
//! search that waits in line behind another: it then starts already stopped and answers at
//! once. The rules (docs/uci.md states them for users):
//!
//! - `stop` ends every search that only `stop` can end (`go infinite`, `go ponder` before its
//!   `ponderhit`), the running one and those waiting in line; nothing else would ever end them.
//!   Without such a search it ends the first one still going: the running search, or the next
//!   in line when the running one has already stopped or finished.
//! - `ponderhit` reaches the first search still pondering.
//! - At the end of input, every search that only `stop` can end is stopped.

use std::collections::VecDeque;
use std::sync::Arc;

use search::SearchControl;

use crate::go::GoParams;

/// One `go` or perft, from when it is read until its work has ended.
#[derive(Debug)]
struct Ticket {
    control: Arc<SearchControl>,
    /// `go infinite` or `go ponder`: only `stop` (or `ponderhit`) ends it.
    until_stop: bool,
    /// `go ponder`.
    ponder: bool,
    /// Its work has started (it is the running one).
    started: bool,
}

impl Ticket {
    fn new(until_stop: bool, ponder: bool) -> Ticket {
        Ticket {
            control: Arc::new(SearchControl::default()),
            until_stop,
            ponder,
            started: false,
        }
    }

    /// Whether it still waits for `stop` (a ponder search no longer does after `ponderhit`).
    fn waits_for_stop(&self) -> bool {
        self.until_stop
            && !self.control.stop_requested()
            && !(self.ponder && self.control.ponderhit_received())
    }
}

/// The work read and not yet ended, oldest first: at most the first has started.
#[derive(Debug, Default)]
pub(crate) struct Pending {
    tickets: VecDeque<Ticket>,
}

impl Pending {
    /// A `go` was read; its work starts later, with [`Pending::start_next`].
    pub(crate) fn read_go(&mut self, params: &GoParams) {
        let search = params.perft.is_none();
        let until_stop = search && (params.infinite || params.ponder);
        self.tickets
            .push_back(Ticket::new(until_stop, search && params.ponder));
    }

    /// A perft (or anything else that `stop` ends early) was read.
    pub(crate) fn read_perft(&mut self) {
        self.tickets.push_back(Ticket::new(false, false));
    }

    /// The work read first and not yet started starts now: its control. Work that was never
    /// announced (a library caller's `go`) gets a ticket of its own.
    pub(crate) fn start_next(&mut self) -> Arc<SearchControl> {
        if !self.tickets.iter().any(|t| !t.started) {
            self.tickets.push_back(Ticket::new(false, false));
        }
        let ticket = self
            .tickets
            .iter_mut()
            .find(|t| !t.started)
            .expect("a ticket was just added");
        ticket.started = true;
        Arc::clone(&ticket.control)
    }

    /// The running work has ended (or never ran): forget it.
    pub(crate) fn end_started(&mut self) {
        if self.tickets.front().is_some_and(|t| t.started) {
            self.tickets.pop_front();
        }
    }

    /// `stop`, as the module documentation says.
    pub(crate) fn stop(&self) {
        let mut any = false;
        for ticket in self.tickets.iter().filter(|t| t.waits_for_stop()) {
            ticket.control.request_stop();
            any = true;
        }
        if !any {
            let going = self.tickets.iter().find(|t| !t.control.stop_requested());
            if let Some(ticket) = going {
                ticket.control.request_stop();
            }
        }
    }

    /// `ponderhit`: the first search still pondering goes on as a normal search.
    pub(crate) fn ponderhit(&self) {
        let pondering = self.tickets.iter().find(|t| t.ponder && t.waits_for_stop());
        if let Some(ticket) = pondering {
            ticket.control.ponderhit();
        }
    }

    /// End of input: every search that only `stop` ends is stopped.
    pub(crate) fn end_of_input(&self) {
        for ticket in self.tickets.iter().filter(|t| t.waits_for_stop()) {
            ticket.control.request_stop();
        }
    }

    /// Stops the running work only.
    pub(crate) fn stop_running(&self) {
        if let Some(ticket) = self.tickets.front().filter(|t| t.started) {
            ticket.control.request_stop();
        }
    }

    /// `quit`: stops everything.
    pub(crate) fn stop_all(&self) {
        for ticket in &self.tickets {
            ticket.control.request_stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(words: &str) -> GoParams {
        GoParams {
            infinite: words.contains("infinite"),
            ponder: words.contains("ponder"),
            depth: words.contains("depth").then_some(10),
            ..GoParams::default()
        }
    }

    /// The controls of `words`' gos, all read, the first started.
    fn read(words: &[&str]) -> (Pending, Vec<Arc<SearchControl>>) {
        let mut pending = Pending::default();
        for w in words {
            pending.read_go(&go(w));
        }
        let controls = pending.tickets.iter().map(|t| Arc::clone(&t.control));
        let controls = controls.collect();
        pending.start_next();
        (pending, controls)
    }

    fn stopped(controls: &[Arc<SearchControl>]) -> Vec<bool> {
        controls.iter().map(|c| c.stop_requested()).collect()
    }

    #[test]
    fn stop_reaches_every_search_only_stop_can_end() {
        let (pending, controls) = read(&["depth", "infinite", "depth", "ponder"]);
        pending.stop();
        assert_eq!(stopped(&controls), [false, true, false, true]);
    }

    #[test]
    fn without_such_a_search_stop_ends_the_first_still_going() {
        let (pending, controls) = read(&["depth", "depth"]);
        pending.stop();
        assert_eq!(stopped(&controls), [true, false]);
        // The running one is stopping already: the next stop is for the one in line.
        pending.stop();
        assert_eq!(stopped(&controls), [true, true]);
    }

    #[test]
    fn racing_infinite_searches_each_get_their_stop() {
        let mut pending = Pending::default();
        pending.read_go(&go("infinite"));
        let first = pending.start_next();
        pending.stop();
        pending.read_go(&go("infinite"));
        pending.stop();
        assert!(first.stop_requested());
        pending.end_started();
        assert!(pending.start_next().stop_requested());
    }

    #[test]
    fn ponderhit_turns_the_first_ponder_search_into_a_normal_one() {
        let (pending, controls) = read(&["depth", "ponder", "ponder"]);
        pending.ponderhit();
        let hit: Vec<bool> = controls.iter().map(|c| c.ponderhit_received()).collect();
        assert_eq!(hit, [false, true, false]);
        // After its ponderhit that search waits for no stop: `stop` ends the other ponder.
        pending.stop();
        assert_eq!(stopped(&controls), [false, false, true]);
    }

    #[test]
    fn end_of_input_stops_only_what_would_never_end() {
        let (pending, controls) = read(&["depth", "infinite", "depth"]);
        pending.end_of_input();
        assert_eq!(stopped(&controls), [false, true, false]);
        pending.stop_running();
        assert_eq!(stopped(&controls), [true, true, false]);
        pending.stop_all();
        assert_eq!(stopped(&controls), [true, true, true]);
    }

    #[test]
    fn work_starts_in_the_order_read_and_unannounced_work_gets_a_ticket() {
        let mut pending = Pending::default();
        pending.read_perft();
        pending.read_go(&go("infinite"));
        let perft = pending.start_next();
        assert!(!pending.tickets[1].started);
        pending.end_started();
        let search = pending.start_next();
        assert!(!Arc::ptr_eq(&perft, &search));
        pending.end_started();
        assert!(pending.tickets.is_empty());
        let _ = pending.start_next();
        assert_eq!(pending.tickets.len(), 1);
        pending.end_started();
        pending.end_started();
        assert!(pending.tickets.is_empty());
    }
}
