//! `Searcher`: a worker's view of one search (the worker, what the search's threads share,
//! its role and its link to the parallel design), the node-count check and draws.

use movegen::Position;
use nnue::Backend;

use crate::parallel::link::ThreadLink;
use crate::params::SearchParams;
use crate::role::ThreadRole;
use crate::shared::SharedState;
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

/// One thread's view of one search: its [`Worker`] with the shared state lent to it.
#[derive(Debug)]
pub(crate) struct Searcher<'a> {
    /// What every thread of the search shares.
    pub shared: SharedState<'a>,
    /// This thread's index among the search's threads; 0 is the main thread.
    pub index: usize,
    /// The main thread's clock, or a helper's nothing.
    pub role: ThreadRole,
    /// This thread's place in the parallel design: all the search sees of it.
    pub parallel: ThreadLink<'a>,
    pub worker: &'a mut Worker,
    /// The worker's parameters, at hand.
    pub params: SearchParams,
    pub nodes: u64,
    pub seldepth: usize,
    /// Set once the search must unwind; every result computed after it is discarded.
    pub stopped: bool,
    /// The instruction set the network runs on (chosen once per search).
    pub backend: Backend,
    /// The node-count check runs when `nodes & check_mask == 0`.
    check_mask: u64,
    /// In the crate's tests, the search without its selectivity (see `plain.rs`).
    #[cfg(test)]
    pub plain: Plain,
}

/// How a test searcher searches (`plain.rs`).
#[cfg(test)]
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Plain {
    /// Plain alpha-beta with quiescence: no selectivity at all.
    pub on: bool,
    /// With `on`: the table is not read for cutoffs (it is still written).
    pub no_table: bool,
}

impl<'a> Searcher<'a> {
    /// Thread `index` of the search sharing `shared`, in `role`, linked to the parallel
    /// design by `parallel`, searching with `worker`.
    pub fn new(
        shared: SharedState<'a>,
        index: usize,
        role: ThreadRole,
        parallel: ThreadLink<'a>,
        worker: &'a mut Worker,
    ) -> Searcher<'a> {
        Searcher {
            shared,
            index,
            check_mask: check_interval(role.node_limit()) - 1,
            role,
            parallel,
            params: worker.params,
            worker,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            backend: Backend::best(),
            #[cfg(test)]
            plain: Plain::default(),
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

    /// Sets `stopped` if a stop was requested or a limit is reached. Only the main thread's
    /// role looks at the clock (a helper's has none); it tells the others through the shared
    /// stop flag.
    pub fn check_limits(&mut self) {
        self.publish_nodes();
        let shared = self.shared;
        if shared.control.stop_requested() || shared.threads.abort_requested() {
            self.stopped = true;
            return;
        }
        let (index, own) = (self.index, self.nodes);
        let progress = || (shared.start.elapsed(), shared.threads.total(index, own));
        if self.role.out_of_time(shared.control, progress) {
            self.stopped = true;
            shared.threads.request_abort();
        }
    }

    /// Publishes this thread's node count for the others.
    pub fn publish_nodes(&self) {
        self.shared.threads.publish(self.index, self.nodes);
    }

    /// Nodes of all threads: this thread's exact count plus the others' last published ones.
    pub fn total_nodes(&self) -> u64 {
        self.shared.threads.total(self.index, self.nodes)
    }

    /// Whether this thread must unwind: the search is stopping, or the parallel design says
    /// its work is useless (a split point above it had a cutoff). Results computed after this
    /// turns true are discarded.
    #[inline]
    pub fn aborted(&self) -> bool {
        self.stopped || self.parallel.should_stop()
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
            || self.selective() && self.is_repetition(pos, ply)
    }
}

impl Worker {
    /// A view of this worker for one search, as thread `index` sharing `shared` in `role`,
    /// linked to the parallel design by `parallel`.
    pub(crate) fn searcher<'a>(
        &'a mut self,
        shared: SharedState<'a>,
        index: usize,
        role: ThreadRole,
        parallel: ThreadLink<'a>,
    ) -> Searcher<'a> {
        Searcher::new(shared, index, role, parallel, self)
    }

    /// Runs `f` on this worker's searcher as the unit tests set it up: thread 0 of one with a
    /// helper's role (no clock), a fresh 1 MiB table (`searcher.shared.tt`), no stop.
    #[cfg(test)]
    pub(crate) fn with_test_searcher<R>(&mut self, f: impl FnOnce(&mut Searcher<'_>) -> R) -> R {
        use crate::shared::test_support::TestShared;
        let parts = TestShared::new(1);
        f(&mut self.searcher(
            parts.shared(),
            0,
            ThreadRole::Helper,
            ThreadLink::Independent,
        ))
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
        worker.start_line(keys);
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
        worker.start_line([start.key()]);
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
