//! `Searcher`: a worker's view of one search (the worker, the shared table and flags, its
//! place in the pool, the clock on the main thread), the node-count check and draws.

use std::time::Instant;

use movegen::Position;
use nnue::Backend;
use timeman::TimeManager;
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::params::SearchParams;
use crate::smp::link::SmpLink;
use crate::smp::pool_state::PoolState;
use crate::tablebase::SearchTablebases;
use crate::worker::Worker;

/// How often (in nodes) the clock and the stop flag are looked at: about every millisecond.
const CHECK_INTERVAL: u64 = 1024;

/// The check interval for a search with `node_limit`: [`CHECK_INTERVAL`], or for small limits
/// (a weak skill level's 64 nodes, `go nodes 500`) a power of two near a sixteenth of the
/// limit, so that the limit is kept to within a few percent rather than overshot by up to a
/// thousand nodes.
fn check_interval(node_limit: Option<u64>) -> u64 {
    node_limit.map_or(CHECK_INTERVAL, |limit| {
        let share = (limit / 16).max(1);
        (1 << share.ilog2()).min(CHECK_INTERVAL)
    })
}

/// What only the main thread has: the clock.
#[derive(Debug)]
pub(crate) struct MainThread {
    pub tm: TimeManager,
    /// Time limits apply only after the first iteration, so there is always a move to play.
    pub time_checks_enabled: bool,
    ponderhit_seen: bool,
}

impl MainThread {
    pub fn new(tm: TimeManager) -> MainThread {
        MainThread {
            tm,
            time_checks_enabled: false,
            ponderhit_seen: false,
        }
    }
}

/// One thread's view of one search: its [`Worker`] with the shared state lent to it.
#[derive(Debug)]
pub(crate) struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub control: &'a SearchControl,
    /// This thread's place in the parallel search: all the search sees of it.
    pub smp: SmpLink<'a>,
    /// The clock, on the main thread only.
    pub main: Option<MainThread>,
    pub start: Instant,
    pub worker: &'a mut Worker,
    /// The worker's parameters, at hand.
    pub params: SearchParams,
    pub nodes: u64,
    pub seldepth: usize,
    /// Set once the search must unwind; every result computed after it is discarded.
    pub stopped: bool,
    /// Tablebase probing, shared by the search's threads; `None` outside a search's drive
    /// (unit tests), which then probes nothing.
    pub tb: Option<&'a SearchTablebases>,
    /// The instruction set the network runs on (chosen once per search).
    pub backend: Backend,
    /// The node-count check runs when `nodes & check_mask == 0`.
    check_mask: u64,
}

impl<'a> Searcher<'a> {
    /// Thread `index` of `pool` searching with `worker`; `main` on the main thread only.
    pub fn new(
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        pool: &'a PoolState,
        index: usize,
        main: Option<MainThread>,
        worker: &'a mut Worker,
    ) -> Searcher<'a> {
        let check_mask = check_interval(main.as_ref().and_then(|m| m.tm.node_limit())) - 1;
        Searcher {
            tt,
            control,
            check_mask,
            smp: SmpLink::new(pool, index),
            main,
            start: Instant::now(),
            params: worker.params,
            worker,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            tb: None,
            backend: Backend::best(),
        }
    }

    /// Counts a node and, every `CHECK_INTERVAL` nodes, looks at the stop flag and the clock.
    #[inline]
    pub fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes & self.check_mask == 0 {
            self.check_limits();
        }
    }

    /// Sets `stopped` if a stop was requested or a limit is reached. Only the main thread
    /// looks at the clock (the others have none); it tells the others through the pool's
    /// `abort` flag.
    pub fn check_limits(&mut self) {
        self.smp.publish_nodes(self.nodes);
        if self.control.stop_requested() || self.smp.abort_requested() {
            self.stopped = true;
            return;
        }
        if self.main.is_none() {
            return;
        }
        let (nodes, elapsed) = (self.total_nodes(), self.start.elapsed());
        let Some(main) = &mut self.main else {
            return;
        };
        if !main.ponderhit_seen && self.control.ponderhit_received() {
            main.ponderhit_seen = true;
            main.tm.on_ponderhit();
        }
        if main.time_checks_enabled && main.tm.should_stop_now(elapsed, nodes) {
            self.stopped = true;
            self.smp.request_abort();
        }
    }

    /// Nodes of all threads: this thread's exact count plus the others' last published ones.
    pub fn total_nodes(&self) -> u64 {
        self.smp.total_nodes(self.nodes)
    }

    /// Whether this thread must unwind: the search is stopping, or a split point above it had
    /// a cutoff. Results computed after this turns true are discarded.
    #[inline]
    pub fn aborted(&self) -> bool {
        self.stopped || self.smp.should_stop()
    }

    /// Whether the current position (the last key), the node at `ply`, repeats an earlier one
    /// since the last irreversible move and the last null move: a cycle through a passed move
    /// is no repetition a game could have. One repetition inside the search is scored as a
    /// draw: if it was good to repeat once, it is good to repeat again.
    pub fn is_repetition(&self, pos: &Position, ply: usize) -> bool {
        let keys = &self.worker.keys;
        let n = keys.len();
        let limit = (pos.halfmove_clock() as usize)
            .min(n.saturating_sub(1))
            .min(self.worker.stack[ply].plies_from_null);
        let key = pos.key();
        (4..=limit).step_by(2).any(|back| keys[n - 1 - back] == key)
    }

    /// Draw by repetition, the fifty-move rule or insufficient material at the node at `ply`.
    /// A fifty-move count that ends in checkmate is not a draw.
    pub fn is_draw(&self, pos: &Position, ply: usize) -> bool {
        (pos.halfmove_clock() >= 100 && (!pos.in_check() || pos.has_legal_moves()))
            || pos.is_insufficient_material()
            || self.is_repetition(pos, ply)
    }
}

impl Worker {
    /// A view of this worker for one search, as thread `index` of `pool`; `tm` on the main
    /// thread only.
    pub(crate) fn searcher<'a>(
        &'a mut self,
        tt: &'a TranspositionTable,
        control: &'a SearchControl,
        pool: &'a PoolState,
        index: usize,
        tm: Option<TimeManager>,
    ) -> Searcher<'a> {
        Searcher::new(tt, control, pool, index, tm.map(MainThread::new), self)
    }

    /// Runs `f` on this worker's searcher as the unit tests set it up: thread 0 of one, a
    /// fresh 1 MiB table (`searcher.tt`), no time manager, no stop.
    #[cfg(test)]
    pub(crate) fn with_test_searcher<R>(&mut self, f: impl FnOnce(&mut Searcher<'_>) -> R) -> R {
        let tt = TranspositionTable::new(1).expect("table");
        let (control, pool) = (SearchControl::default(), PoolState::new(1));
        f(&mut self.searcher(&tt, &control, &pool, 0, None))
    }
}

/// Runs `f` with a fresh test searcher (as [`Worker::with_test_searcher`] sets it up) whose
/// game so far is `pos` alone.
#[cfg(test)]
pub(crate) fn searching_from<R>(pos: &Position, f: impl FnOnce(&mut Searcher<'_>) -> R) -> R {
    let mut worker = Worker::new();
    worker.keys.push(pos.key());
    worker.with_test_searcher(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_node_limits_are_checked_more_often() {
        assert_eq!(check_interval(None), CHECK_INTERVAL);
        assert_eq!(check_interval(Some(10_000_000)), CHECK_INTERVAL);
        assert_eq!(check_interval(Some(16_384)), CHECK_INTERVAL);
        assert_eq!(check_interval(Some(16_383)), 512);
        assert_eq!(check_interval(Some(500)), 16);
        assert_eq!(check_interval(Some(64)), 4);
        assert_eq!(check_interval(Some(1)), 1);
        assert_eq!(check_interval(Some(0)), 1);
    }

    /// The keys of the start position and of each position after `moves`, and the last one.
    fn line(moves: &[&str]) -> (Vec<u64>, Position) {
        let mut pos = Position::startpos();
        let mut keys = vec![pos.key()];
        for uci in moves {
            let mv = pos.parse_uci_move(uci, false).expect("legal");
            pos.play(mv);
            keys.push(pos.key());
        }
        (keys, pos)
    }

    fn is_repetition(keys: Vec<u64>, pos: &Position) -> bool {
        let mut worker = Worker::new();
        worker.keys = keys;
        worker.stack[0].plies_from_null = usize::MAX;
        worker.with_test_searcher(|searcher| searcher.is_repetition(pos, 0))
    }

    #[test]
    fn a_position_seen_four_plies_ago_repeats() {
        let (keys, pos) = line(&["g1f3", "g8f6", "f3g1", "f6g8"]);
        assert_eq!(pos.key(), keys[0]);
        assert!(is_repetition(keys.clone(), &pos));
        // With the same side to move but not the same position, nothing repeats.
        let (keys, pos) = line(&["g1f3", "g8f6", "f3g1", "f6g8", "b1c3"]);
        assert!(!is_repetition(keys, &pos));
    }

    /// Only positions since the last irreversible move (the fifty-move counter) can repeat:
    /// a key further back is not looked at.
    #[test]
    fn repetitions_are_looked_for_since_the_last_irreversible_move_only() {
        let (keys, _) = line(&["g1f3", "g8f6", "f3g1", "f6g8"]);
        let reset = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 3")
            .expect("FEN");
        assert_eq!(reset.key(), keys[0]);
        assert!(!is_repetition(keys, &reset));
    }

    /// Plays `line` (UCI moves, `None` for a null move) from `pos` at `ply` through the
    /// search's own make-move path, and reports whether the last position is a repetition.
    fn repeats_after(
        s: &mut Searcher<'_>,
        pos: &Position,
        ply: usize,
        line: &[Option<&str>],
    ) -> bool {
        let Some((first, rest)) = line.split_first() else {
            return s.is_repetition(pos, ply);
        };
        match first {
            Some(uci) => {
                let mv = pos.parse_uci_move(uci, false).expect("legal");
                s.with_move(pos, mv, ply, |s, child| {
                    repeats_after(s, child, ply + 1, rest)
                })
            }
            None => s.with_null(pos, ply, |s, child| repeats_after(s, child, ply + 1, rest)),
        }
    }

    /// A cycle through a null move is no repetition; one after the null move is.
    #[test]
    fn repetitions_do_not_reach_back_across_a_null_move() {
        let mut worker = Worker::new();
        let start = Position::startpos();
        worker.keys.push(start.key());
        worker.stack[0].plies_from_null = usize::MAX;
        worker.with_test_searcher(|s| {
            // 1.Nf3 (pass) 2.Ng1 (pass): the start position again, but only through two passes.
            let through = [Some("g1f3"), None, Some("f3g1"), None];
            assert!(!repeats_after(s, &start, 0, &through));
            // The same without the passes is a repetition (the control case).
            let real = [Some("g1f3"), Some("g8f6"), Some("f3g1"), Some("f6g8")];
            assert!(repeats_after(s, &start, 0, &real));
            // A pass, then four real moves that come back: a repetition after the null move.
            let after = [
                Some("e2e4"),
                None,
                Some("g1f3"),
                Some("g8f6"),
                Some("f3g1"),
                Some("f6g8"),
            ];
            assert!(repeats_after(s, &start, 0, &after));
            assert_eq!(s.worker.keys, [start.key()], "every move taken back");
        });
    }
}
