//! The options Stockfish's users expect: `nodestime`, `UCI_AnalyseMode`, the largest `Hash`
//! and `MultiPV`.

use crate::engine_harness::{Engine, assert_legal, bestmove_of};

const START: &str = movegen::STARTING_FEN;

/// The node count of the last `info` line with one.
fn last_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut words = l.split_whitespace();
            words.find(|w| *w == "nodes")?;
            words.next()?.parse().ok()
        })
        .expect("an info line with nodes")
}

/// One clock search from a fresh game with `nodestime` set: its lines.
fn clock_search_counted_in_nodes(e: &mut Engine, nodes_per_ms: u32) -> Vec<String> {
    e.send(&format!("setoption name nodestime value {nodes_per_ms}"));
    e.send("ucinewgame");
    e.send("position startpos moves e2e4");
    e.send("go wtime 4000 btime 4000");
    e.wait_bestmove()
}

/// With `nodestime`, a clock's time is counted in nodes: the same search on the same clock
/// searches the same nodes and plays the same move, however busy the machine, and a clock
/// of 4 s at 100 nodes to the millisecond never spends more than half of its 400,000 nodes.
#[test]
fn nodestime_makes_a_timed_search_count_nodes() {
    let mut e = Engine::start();
    let first = clock_search_counted_in_nodes(&mut e, 100);
    let second = clock_search_counted_in_nodes(&mut e, 100);
    let nodes = last_nodes(&first);
    assert_eq!(nodes, last_nodes(&second), "{first:#?}\n{second:#?}");
    assert_eq!(first.last(), second.last());
    // The maximum is at most half the clock (2000 ms): 200,000 nodes, past which the search
    // stops at its next node check (every 1,024 nodes or so).
    assert!(nodes > 0 && nodes <= 200_000 + 4096, "{nodes}");
    assert_legal(START, &["e2e4"], bestmove_of(first.last().unwrap()), false);
    // Ten times the nodes to the millisecond: a longer search.
    let more = clock_search_counted_in_nodes(&mut e, 1000);
    assert!(last_nodes(&more) > nodes, "{more:#?}");
}

/// `UCI_AnalyseMode` is accepted and changes nothing: the same depth search gives the same
/// nodes and move either way.
#[test]
fn analyse_mode_is_accepted_and_changes_nothing() {
    let mut e = Engine::start();
    let search = |e: &mut Engine, analyse: bool| {
        e.send(&format!("setoption name UCI_AnalyseMode value {analyse}"));
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 6");
        e.wait_bestmove()
    };
    let playing = search(&mut e, false);
    let analysing = search(&mut e, true);
    assert!(
        !analysing.iter().any(|l| l.starts_with("info string")),
        "{analysing:#?}"
    );
    assert_eq!(last_nodes(&playing), last_nodes(&analysing));
    assert_eq!(playing.last(), analysing.last());
}

/// `Hash` goes up to 33554432 MiB (32 TiB), as Stockfish's: a size the machine cannot give is
/// refused with an `info string` and the table in use is kept, never an abort. (Linux checks
/// the available memory first, Windows commits memory when it is allocated; elsewhere an
/// allocator that overcommits may grant the size, so it is not asked there.)
#[test]
#[cfg(any(target_os = "linux", target_os = "windows"))]
fn the_largest_hash_is_refused_where_the_memory_is_not_there() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(
        lines.contains(&"option name Hash type spin default 16 min 1 max 33554432".to_owned()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"option name MultiPV type spin default 1 min 1 max 500".to_owned()),
        "{lines:#?}"
    );
    e.send("position startpos moves d2d4");
    e.send("setoption name Hash value 33554432");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string")
            && l.contains("33554432 MiB")
            && l.ends_with("the hash table has 16 MiB")),
        "{lines:#?}"
    );
    e.send("go depth 5");
    let best = bestmove_of(e.wait_bestmove().last().unwrap()).to_string();
    assert_legal(START, &["d2d4"], &best, false);
}

/// `MultiPV 500` is taken as it is, and reports every legal move (20 at the start).
#[test]
fn multipv_500_reports_every_move() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 500");
    let lines = e.sync();
    assert!(lines.is_empty(), "{lines:#?}");
    e.send("position startpos");
    e.send("go depth 2");
    let lines = e.wait_bestmove();
    assert!(
        lines.iter().any(|l| l.contains(" multipv 20 ")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains(" multipv 21 ")));
}
