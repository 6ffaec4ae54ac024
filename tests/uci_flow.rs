//! The order commands take effect in: one search at a time, each `go` its own complete search
//! and one `bestmove`; commands held behind a running search without blocking `stop`; the end
//! of input letting finite work finish.

use std::time::Duration;

use crate::engine_harness::{Engine, assert_legal, bestmove_of};

const START: &str = movegen::STARTING_FEN;

fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("bestmove")).collect()
}

/// Every line the engine prints until it exits (after its input was closed).
fn until_exit(e: &mut Engine) -> Vec<String> {
    let mut lines = Vec::new();
    while let Some(line) = e.next_line(Duration::from_secs(60)) {
        lines.push(line);
    }
    assert_eq!(
        e.wait_exit(Duration::from_secs(20)),
        Some(true),
        "{lines:#?}"
    );
    lines
}

#[test]
fn a_go_sent_during_a_search_waits_for_it_and_gets_its_own_search() {
    let mut e = Engine::start();
    // All at once, as a script pipes them: the second `position` must not touch the first
    // search, and the second `go` must not cut it short.
    e.send_bytes(b"position startpos\ngo depth 10\nposition startpos moves e2e4\ngo depth 10\nd\n");
    let first = e.wait_bestmove();
    assert!(
        first.iter().any(|l| l.starts_with("info depth 10 ")),
        "{first:#?}"
    );
    assert_legal(START, &[], bestmove_of(first.last().unwrap()), false);
    let second = e.wait_bestmove();
    assert!(
        second.iter().any(|l| l.starts_with("info depth 10 ")),
        "{second:#?}"
    );
    assert_legal(START, &["e2e4"], bestmove_of(second.last().unwrap()), false);
    // `d` came after the second `position`: it shows it, Black to move.
    let board = e.sync();
    assert!(
        board
            .iter()
            .any(|l| l.starts_with("Fen: ") && l.contains(" b KQkq")),
        "{board:#?}"
    );
    assert!(bestmoves(&board).is_empty(), "{board:#?}");
}

#[test]
fn options_and_new_games_during_go_infinite_wait_for_stop() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4");
    e.send("go infinite");
    e.send("setoption name Clear Hash");
    e.send("setoption name Hash value 8");
    e.send("setoption name Threads value 2");
    e.send("ucinewgame");
    // Answered at once, though the commands above wait for the search.
    let before = e.sync();
    std::thread::sleep(Duration::from_millis(300));
    let mut before = [before, e.sync()].concat();
    assert!(
        bestmoves(&before).is_empty(),
        "bestmove before stop: {before:#?}"
    );
    e.send("stop");
    let answer = e.wait_bestmove();
    assert_legal(START, &["d2d4"], bestmove_of(answer.last().unwrap()), false);
    // The held commands ran after the answer, in order: the new game's starting position.
    e.send("d");
    before = e.sync();
    assert!(
        before
            .iter()
            .any(|l| l.starts_with("Fen: ") && l.contains(" w KQkq")),
        "{before:#?}"
    );
    assert!(
        bestmoves(&before).is_empty(),
        "a second bestmove: {before:#?}"
    );
    e.send("go depth 3");
    assert_legal(
        START,
        &[],
        bestmove_of(e.wait_bestmove().last().unwrap()),
        false,
    );
}

#[test]
fn stop_reaches_a_search_behind_held_commands() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.send("ucinewgame");
    e.send("position startpos moves e2e4");
    e.send("go infinite");
    // The first search and the one waiting behind it both wait for a `stop`; one `stop` ends
    // them both (nothing else could end the first one).
    e.send("stop");
    let first = e.wait_bestmove();
    assert_legal(START, &[], bestmove_of(first.last().unwrap()), false);
    let second = e.wait_bestmove();
    assert_legal(START, &["e2e4"], bestmove_of(second.last().unwrap()), false);
    assert!(bestmoves(&e.sync()).is_empty());
}

#[test]
fn stop_ends_the_running_search_not_the_one_in_line() {
    let mut e = Engine::start();
    e.send("go depth 60");
    e.send("position startpos moves e2e4");
    e.send("go depth 6");
    e.send("stop");
    let first = e.wait_bestmove();
    assert_legal(START, &[], bestmove_of(first.last().unwrap()), false);
    let second = e.wait_bestmove();
    assert!(
        second.iter().any(|l| l.starts_with("info depth 6 ")),
        "{second:#?}"
    );
    assert_legal(START, &["e2e4"], bestmove_of(second.last().unwrap()), false);
}

#[test]
fn ponderhit_reaches_a_ponder_search_in_line() {
    let mut e = Engine::start();
    e.send("go depth 7");
    e.send("position startpos moves e2e4");
    e.send("go ponder movetime 100");
    e.send("ponderhit");
    e.wait_bestmove();
    // After its ponderhit the search ends by its own time, without a `stop`.
    let second = e.wait_bestmove();
    assert_legal(START, &["e2e4"], bestmove_of(second.last().unwrap()), false);
}

#[test]
fn end_of_input_lets_a_perft_finish() {
    let mut e = Engine::start();
    e.send_bytes(b"position startpos\ngo perft 4\n");
    e.close_stdin();
    let lines = until_exit(&mut e);
    assert!(
        lines.iter().any(|l| l == "Nodes searched: 197281"),
        "{lines:#?}"
    );
}

#[test]
fn end_of_input_lets_finite_searches_finish_and_stops_infinite_ones() {
    let mut e = Engine::start();
    e.send_bytes(
        b"position startpos\ngo depth 12\ngo infinite\nposition startpos moves e2e4\ngo depth 8\n",
    );
    e.close_stdin();
    let lines = until_exit(&mut e);
    let answers = bestmoves(&lines);
    assert_eq!(answers.len(), 3, "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 12 ")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 8 ")),
        "{lines:#?}"
    );
    assert_legal(START, &[], bestmove_of(answers[0]), false);
    assert_legal(START, &[], bestmove_of(answers[1]), false);
    assert_legal(START, &["e2e4"], bestmove_of(answers[2]), false);
}

#[test]
fn end_of_input_during_go_infinite_answers_then_exits() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.close_stdin();
    let lines = until_exit(&mut e);
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:#?}");
}

#[test]
fn quit_answers_every_go_read_at_once_in_its_own_position() {
    let mut e = Engine::start();
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    // All at once, as a script pipes them: nothing after `go infinite` has run when `quit`
    // comes, and the two deep searches would take minutes each.
    e.send_bytes(
        format!(
            "go infinite\nbench 12\nposition fen {kiwipete}\ngo depth 60\n\
             position startpos moves e2e4\ngo nodes 1000000000\nquit\n"
        )
        .as_bytes(),
    );
    let lines = until_exit(&mut e);
    // The running search and both held ones answer, each in the position sent before it;
    // the held bench (no `go` to answer, and not stoppable) is dropped.
    let answers = bestmoves(&lines);
    assert_eq!(answers.len(), 3, "{lines:#?}");
    assert_legal(START, &[], bestmove_of(answers[0]), false);
    assert_legal(kiwipete, &[], bestmove_of(answers[1]), false);
    assert_legal(START, &["e2e4"], bestmove_of(answers[2]), false);
    assert!(
        !lines.iter().any(|l| l.starts_with("Nodes searched")),
        "{lines:#?}"
    );
}

#[test]
fn quit_stops_a_held_perft_at_once() {
    let mut e = Engine::start();
    e.send_bytes(b"go infinite\ngo perft 9\nquit\n");
    let lines = until_exit(&mut e);
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:#?}");
}
