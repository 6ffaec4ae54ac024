//! What the thread-pool tests share: a request from a FEN, and a search on a thread of its
//! own that fails the test instead of hanging.

use std::sync::Arc;
use std::sync::mpsc::channel;
use std::thread;
use std::time::Duration;

use movegen::Position;
use search::{SearchControl, SearchOutcome, SearchRequest, ThreadPool};
use timeman::Limits;
use tt::TranspositionTable;

/// A search of `fen` within `limits`.
pub fn request(fen: &str, limits: Limits) -> SearchRequest {
    SearchRequest::new(Position::from_fen(fen).expect("test FEN"), limits)
}

/// Runs a search with `pool` on its own thread, stopping it after `stop_after` if given, and
/// hands the pool back with the outcome; fails the test instead of hanging if the search does
/// not come back, or if a helper keeps the table after it.
pub fn run_with(
    mut pool: ThreadPool,
    req: SearchRequest,
    stop_after: Option<Duration>,
) -> (ThreadPool, SearchOutcome) {
    let control = Arc::new(SearchControl::default());
    let (tx, rx) = channel();
    let c = Arc::clone(&control);
    thread::spawn(move || {
        let tt = Arc::new(TranspositionTable::new(16).expect("table"));
        let outcome = pool.search(&req, &tt, &c, &mut |_| {});
        assert_eq!(Arc::strong_count(&tt), 1, "a helper kept the table");
        let _ = tx.send((pool, outcome));
    });
    if let Some(delay) = stop_after {
        thread::sleep(delay);
        control.request_stop();
    }
    rx.recv_timeout(Duration::from_secs(60))
        .expect("the search hung (no result within 60 s)")
}
