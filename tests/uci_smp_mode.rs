//! `SMP Mode` through the binary: with every parallel mode and several threads, each `go`
//! gets exactly one legal `bestmove`, `stop` is honoured, and a mode can change between games.

use std::time::Duration;

use crate::engine_harness::{self, Engine, bestmove_of};

const MODES: [&str; 3] = ["Lazy SMP", "Sequential", "Split Points"];

fn assert_legal(bestmove: &str) {
    engine_harness::assert_legal(movegen::STARTING_FEN, &[], bestmove, false);
}

#[test]
fn every_mode_answers_each_go_with_one_legal_bestmove() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 3");
    for mode in MODES {
        e.send(&format!("setoption name SMP Mode value {mode}"));
        e.send("ucinewgame");
        e.send("position startpos");
        e.send("go depth 8");
        let lines = e.wait_bestmove();
        assert_legal(bestmove_of(lines.last().expect("a bestmove")));
        e.send("go movetime 150");
        let lines = e.wait_bestmove();
        assert_legal(bestmove_of(lines.last().expect("a bestmove")));
        // An infinite search holds its bestmove until `stop`, then gives exactly one.
        let lines = e.go_infinite_then_stop(Duration::from_millis(150));
        assert_legal(bestmove_of(lines.last().expect("a bestmove")));
        assert_eq!(
            e.next_line(Duration::from_millis(300))
                .filter(|l| l.starts_with("bestmove")),
            None,
            "{mode}: a second bestmove"
        );
    }
}

#[test]
fn lazy_smp_go_racing_stop_gives_exactly_one_bestmove_each() {
    let mut e = Engine::start();
    e.send("setoption name Threads value 4");
    e.send("setoption name SMP Mode value Lazy SMP");
    e.send("position startpos");
    e.assert_one_bestmove_per_racing_go(10);
}
