//! Exactly one `bestmove` per `go`, and in time even when the search thread gets no CPU.
//!
//! The search stops itself at its maximum time, but it notices the clock only while it runs:
//! on a loaded machine a CPU-bound thread can wait a long time for its next time slice, and
//! the game is lost on time meanwhile. A watchdog thread that sleeps until the deadline is
//! woken promptly instead (schedulers favour threads that slept), and if the search has not
//! answered by then it sends the best move of the last completed iteration (the move the
//! search itself would play once stopped) and stops the search. If no iteration has completed
//! by then (the search thread got no CPU at all, or is stuck before its first iteration), it
//! sends the fallback move it was given: any legal move beats a loss on time.
//! Whichever of the two comes
//! first writes `bestmove`; the other writes nothing, and no search output follows it.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use movegen::Move;
use search::{ScoreBound, SearchEvent, Wdl, WdlRoot};

use crate::output::Output;

/// How long past the maximum the watchdog waits for the search to answer by itself: the
/// search's own stop needs one node-count check and two lines of output.
pub const WATCHDOG_GRACE: Duration = Duration::from_millis(5);

#[derive(Default)]
struct State {
    /// Best move and expected reply of the last completed iteration.
    latest: Option<(Move, Option<Move>)>,
    /// `bestmove` has been written.
    sent: bool,
    /// The search has returned.
    done: bool,
}

/// The shared answer of one search.
pub struct Reply {
    state: Mutex<State>,
    changed: Condvar,
    output: Arc<dyn Output>,
    chess960: bool,
    /// Played at the deadline when no iteration has completed.
    fallback: Option<Move>,
    /// What the chances come from when `info` lines carry them (`UCI_ShowWDL`).
    wdl: Option<WdlRoot>,
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reply")
            .field("chess960", &self.chess960)
            .finish_non_exhaustive()
    }
}

impl Reply {
    /// A reply that writes to `output`; `fallback` is the move the watchdog plays when the
    /// deadline passes before the first iteration completes (`None`: it waits for one).
    pub fn new(output: Arc<dyn Output>, chess960: bool, fallback: Option<Move>) -> Reply {
        Reply {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            output,
            chess960,
            fallback,
            wdl: None,
        }
    }

    /// Adds win-draw-loss chances to every `info` line with a score, from `root` (see
    /// [`WdlRoot::of`]).
    #[must_use]
    pub fn with_wdl(self, root: WdlRoot) -> Reply {
        Reply {
            wdl: Some(root),
            ..self
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The search's event sink: writes the event unless `bestmove` is out, and remembers the
    /// best line of each completed iteration (an exact first line).
    pub fn on_event(&self, event: &SearchEvent<'_>) {
        let mut state = self.lock();
        if let SearchEvent::Info(info) = event {
            if info.bound == ScoreBound::Exact && info.multipv == 1 {
                if let Some(&best) = info.pv.first() {
                    state.latest = Some((best, info.pv.get(1).copied()));
                    self.changed.notify_all();
                }
            }
        }
        if state.sent {
            return;
        }
        let wdl = match event {
            SearchEvent::Info(info) => self.wdl.map(|root| root.chances(info.score.0)),
            SearchEvent::CurrMove { .. } => None,
        };
        self.output.search_event(event, wdl, self.chess960);
    }

    /// The search returned: writes its `bestmove` unless the watchdog already did.
    pub fn finish(&self, best: Option<Move>, ponder: Option<Move>) {
        self.finish_after(|| {}, best, ponder);
    }

    /// The root has no legal move: says whether it is checkmate or stalemate (a certain loss
    /// or draw, when chances are shown). The search's `bestmove` without a move follows.
    pub fn no_legal_move(&self, checkmated: bool) {
        let wdl = self
            .wdl
            .map(|_| if checkmated { Wdl::LOSS } else { Wdl::DRAW });
        self.output.no_legal_move(checkmated, wdl);
    }

    /// The search failed (a panic: a bug) before it returned: says so, then answers the best
    /// move of its last completed iteration, or the fallback move, unless the watchdog already
    /// answered. A game goes on rather than being lost on time.
    pub fn finish_after_failure(&self) {
        let (best, ponder) = self.best_so_far(&self.lock()).unzip();
        let notice = || {
            self.output.notice(
                "the search failed (a bug, please report it); answering its best move so far",
            );
        };
        self.finish_after(notice, best, ponder.flatten());
    }

    /// What to answer before the search does: its last completed iteration's move and
    /// expected reply, or else the fallback move.
    fn best_so_far(&self, state: &State) -> Option<(Move, Option<Move>)> {
        state.latest.or(self.fallback.map(|mv| (mv, None)))
    }

    /// Writes `first`, then the answer, unless the watchdog already answered.
    fn finish_after(&self, first: impl FnOnce(), best: Option<Move>, ponder: Option<Move>) {
        let mut state = self.lock();
        state.done = true;
        if !state.sent {
            state.sent = true;
            first();
            self.output.best_move(best, ponder, self.chess960);
        }
        self.changed.notify_all();
    }

    /// The watchdog: waits until `deadline` or the search's answer. At the deadline, once an
    /// iteration has completed, writes its move and returns `true`: the caller must stop the
    /// search. Returns `false` when the search answered first.
    pub fn watch(&self, deadline: Instant) -> bool {
        let mut state = self.lock();
        loop {
            if state.done || state.sent {
                return false;
            }
            let now = Instant::now();
            if now >= deadline {
                if let Some((best, ponder)) = self.best_so_far(&state) {
                    state.sent = true;
                    self.output.best_move(Some(best), ponder, self.chess960);
                    return true;
                }
                // No iteration completed and no fallback: wait for one (or the search's answer).
                state = self
                    .changed
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            } else {
                state = self
                    .changed
                    .wait_timeout(state, deadline - now)
                    .unwrap_or_else(PoisonError::into_inner)
                    .0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use movegen::Position;
    use search::{IterationInfo, UciScore};

    /// Keeps every line, the answer as `bestmove <move> [ponder <move>]`.
    #[derive(Default)]
    struct Recorder(Mutex<Vec<String>>);

    impl Output for Recorder {
        fn notice(&self, text: &str) {
            self.text(text);
        }
        fn text(&self, text: &str) {
            self.0.lock().unwrap().push(text.to_owned());
        }
        fn search_event(&self, event: &SearchEvent<'_>, wdl: Option<Wdl>, _: bool) {
            let text = match (event, wdl) {
                (SearchEvent::Info(info), Some(wdl)) => {
                    format!("info depth {} wdl {}", info.depth, wdl.win)
                }
                (SearchEvent::Info(info), None) => format!("info depth {}", info.depth),
                (SearchEvent::CurrMove { .. }, _) => "info currmove".to_owned(),
            };
            self.text(&text);
        }
        fn no_legal_move(&self, checkmated: bool, wdl: Option<Wdl>) {
            let why = if checkmated { "mated" } else { "stalemate" };
            match wdl {
                Some(wdl) => self.text(&format!("{why} wdl {} {}", wdl.win, wdl.draw)),
                None => self.text(why),
            }
        }
        fn best_move(&self, best: Option<Move>, ponder: Option<Move>, chess960: bool) {
            let best = best.map_or("(none)".to_owned(), |m| m.to_uci(chess960).to_string());
            let mut line = format!("bestmove {best}");
            if let Some(ponder) = ponder {
                line += &format!(" ponder {}", ponder.to_uci(chess960));
            }
            self.text(&line);
        }
    }

    fn recorder() -> (Arc<Recorder>, Arc<dyn Output>) {
        let lines = Arc::new(Recorder::default());
        (Arc::clone(&lines), lines)
    }

    fn line(pv: &[&str], bound: ScoreBound) -> IterationInfo {
        let mut pos = Position::startpos();
        let pv = pv
            .iter()
            .map(|m| {
                let mv = pos.parse_uci_move(m, false).unwrap();
                pos.play(mv);
                mv
            })
            .collect();
        IterationInfo {
            depth: 3,
            seldepth: 3,
            multipv: 1,
            score: UciScore(20),
            bound,
            nodes: 100,
            move_nodes: 60,
            elapsed: Duration::ZERO,
            hashfull: 0,
            tbhits: 0,
            pv,
        }
    }

    /// Whether any line written contains `text`.
    fn said(lines: &Recorder, text: &str) -> bool {
        lines.0.lock().unwrap().iter().any(|l| l.contains(text))
    }

    fn bestmoves(lines: &Recorder) -> Vec<String> {
        let lines = lines.0.lock().unwrap();
        lines
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .cloned()
            .collect()
    }

    /// The search completed an iteration whose line is `pv`.
    fn completed(reply: &Reply, pv: &[&str]) {
        reply.on_event(&SearchEvent::Info(&line(pv, ScoreBound::Exact)));
    }

    #[test]
    fn a_late_search_is_answered_by_the_watchdog_once() {
        let (lines, write) = recorder();
        let reply = Reply::new(write, false, None);
        completed(&reply, &["e2e4", "e7e5"]);
        // A bound line is not a completed iteration: it must not become the answer.
        reply.on_event(&SearchEvent::Info(&line(&["d2d4"], ScoreBound::Lower)));
        assert!(reply.watch(Instant::now()));
        // The search's own output after that is dropped, its bestmove too.
        reply.on_event(&SearchEvent::Info(&line(&["d2d4"], ScoreBound::Exact)));
        reply.finish(None, None);
        assert_eq!(bestmoves(&lines), ["bestmove e2e4 ponder e7e5"]);
        assert_eq!(
            lines.0.lock().unwrap().last().unwrap(),
            "bestmove e2e4 ponder e7e5"
        );
    }

    /// A search that fails answers its last completed iteration's move, or without one the
    /// fallback move, once, after saying so; a watchdog that answered first keeps its answer.
    #[test]
    fn a_failed_search_still_answers_once() {
        let (lines, write) = recorder();
        let reply = Reply::new(write, false, None);
        completed(&reply, &["d2d4", "d7d5"]);
        reply.finish_after_failure();
        reply.finish_after_failure();
        assert_eq!(bestmoves(&lines), ["bestmove d2d4 ponder d7d5"]);
        assert!(said(&lines, "search failed"));

        let (lines, write) = recorder();
        let fallback = Position::startpos().parse_uci_move("a2a3", false).ok();
        Reply::new(write, false, fallback).finish_after_failure();
        assert_eq!(bestmoves(&lines), ["bestmove a2a3"]);

        let (lines, write) = recorder();
        let reply = Reply::new(write, false, fallback);
        assert!(reply.watch(Instant::now()));
        reply.finish_after_failure();
        assert_eq!(bestmoves(&lines), ["bestmove a2a3"]);
        assert!(!said(&lines, "search failed"));
    }

    #[test]
    fn a_search_that_answers_first_keeps_its_move() {
        let (lines, write) = recorder();
        let reply = Reply::new(write, false, None);
        reply.on_event(&SearchEvent::Info(&line(&["e2e4"], ScoreBound::Exact)));
        let pos = Position::startpos();
        reply.finish(Some(pos.parse_uci_move("g1f3", false).unwrap()), None);
        assert!(!reply.watch(Instant::now()));
        assert_eq!(bestmoves(&lines), ["bestmove g1f3"]);
    }

    #[test]
    fn the_watchdog_waits_for_a_first_iteration() {
        let (lines, write) = recorder();
        let reply = Arc::new(Reply::new(write, false, None));
        let watcher = {
            let reply = Arc::clone(&reply);
            std::thread::spawn(move || reply.watch(Instant::now()))
        };
        reply.on_event(&SearchEvent::Info(&line(&["c2c4"], ScoreBound::Exact)));
        // The search has not answered, so the watchdog answers once the iteration is in.
        assert!(watcher.join().unwrap());
        reply.finish(None, None);
        assert_eq!(bestmoves(&lines), ["bestmove c2c4"]);
    }

    #[test]
    fn a_search_stuck_before_its_first_iteration_is_answered_with_the_fallback() {
        let (lines, write) = recorder();
        let fallback = Position::startpos().legal_moves().iter().next().copied();
        let reply = Reply::new(write, false, fallback);
        assert!(reply.watch(Instant::now()));
        reply.on_event(&SearchEvent::Info(&line(&["d2d4"], ScoreBound::Exact)));
        reply.finish(None, None);
        let expected = format!("bestmove {}", fallback.unwrap().to_uci(false));
        assert_eq!(bestmoves(&lines), [expected]);
    }

    fn written(lines: &Recorder) -> Vec<String> {
        lines.0.lock().unwrap().clone()
    }

    #[test]
    fn wdl_goes_with_every_scored_line_when_asked() {
        let (lines, write) = recorder();
        let reply = Reply::new(write, false, None).with_wdl(WdlRoot::Material(78));
        reply.on_event(&SearchEvent::Info(&line(&["e2e4"], ScoreBound::Upper)));
        let win = Wdl::from_score(20, 78).win;
        assert_eq!(written(&lines), [format!("info depth 3 wdl {win}")]);
        // Where nobody can mate, a score is a certain draw whatever the model would say.
        let (lines, write) = recorder();
        let reply = Reply::new(write, false, None).with_wdl(WdlRoot::DeadDraw);
        reply.on_event(&SearchEvent::Info(&line(&["e2e4"], ScoreBound::Exact)));
        assert_eq!(written(&lines), ["info depth 3 wdl 0"]);
    }

    #[test]
    fn a_root_without_moves_says_why_with_certain_chances() {
        for (checkmated, why) in [(true, "mated wdl 0 0"), (false, "stalemate wdl 0 1000")] {
            let (lines, write) = recorder();
            let reply = Reply::new(write, false, None).with_wdl(WdlRoot::Material(5));
            reply.no_legal_move(checkmated);
            reply.finish(None, None);
            assert!(!reply.watch(Instant::now()));
            assert_eq!(written(&lines), [why, "bestmove (none)"]);
        }
        let (lines, write) = recorder();
        Reply::new(write, false, None).no_legal_move(true);
        assert_eq!(written(&lines), ["mated"]);
    }
}
