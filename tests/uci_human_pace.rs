//! `Human Pace` through the binary: below full strength a game's move waits for the time full
//! strength would plan for it; `stop` and `quit` end the wait at once, with the move; with the
//! option off the move comes as soon as it is chosen.
//!
//! The clock is an hour, so that the pause (the time manager's optimum, over a minute) is far
//! longer than any of the bounds below, which only have to hold on a loaded machine.

use std::thread;
use std::time::Duration;

use crate::engine_harness::{Engine, assert_legal, bestmove_of};

/// An hour on each clock: a pause of a minute or more.
const LONG_GAME: &str = "go wtime 3600000 btime 3600000";

/// How long an answer may take once nothing holds it back: generous for a loaded machine,
/// still far below the pause.
const PROMPT: Duration = Duration::from_secs(20);

/// An engine at `UCI_Elo` 1320 with `Human Pace` on or off, after 1. e4.
fn weakest(pace: bool) -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.send("setoption name UCI_LimitStrength value true");
    e.send("setoption name UCI_Elo value 1320");
    e.send(&format!("setoption name Human Pace value {pace}"));
    e.send("position startpos moves e2e4");
    e.sync();
    e
}

/// Reads lines until `bestmove` or `PROMPT` passes; the `bestmove` line if it came.
fn bestmove_within_prompt(e: &mut Engine) -> Option<String> {
    let deadline = std::time::Instant::now() + PROMPT;
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let line = e.next_line(left)?;
        if line.starts_with("bestmove") {
            return Some(line);
        }
    }
}

#[test]
fn with_the_pace_off_a_weak_move_comes_at_once() {
    let mut e = weakest(false);
    e.send(LONG_GAME);
    let best = bestmove_within_prompt(&mut e).expect("a bestmove without a pause");
    assert_legal(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["e2e4"],
        bestmove_of(&best),
        false,
    );
}

#[test]
fn with_the_pace_on_the_move_waits_until_stop() {
    let mut e = weakest(true);
    e.send(LONG_GAME);
    // The level's search takes milliseconds; its move is held back.
    thread::sleep(Duration::from_millis(500));
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before the pause ended: {before:#?}"
    );
    e.send("stop");
    let best = bestmove_within_prompt(&mut e).expect("stop answers during the pause");
    assert_legal(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["e2e4"],
        bestmove_of(&best),
        false,
    );
    // Exactly one answer: nothing more comes after the pause's end.
    let after = e.sync();
    assert!(
        !after.iter().any(|l| l.starts_with("bestmove")),
        "{after:#?}"
    );
}

#[test]
fn quit_during_the_pause_answers_and_exits() {
    let mut e = weakest(true);
    e.send(LONG_GAME);
    thread::sleep(Duration::from_millis(200));
    e.send("quit");
    assert_eq!(e.wait_exit(PROMPT), Some(true), "quit during the pause");
    assert!(
        bestmove_within_prompt(&mut e).is_some(),
        "the move is played"
    );
}

#[test]
fn fixed_limits_are_not_paced() {
    let mut e = weakest(true);
    // A clock with a depth limit: the GUI fixed the search, so no pause.
    e.send("go wtime 3600000 btime 3600000 depth 30");
    assert!(bestmove_within_prompt(&mut e).is_some());
    e.send("go movetime 50");
    assert!(bestmove_within_prompt(&mut e).is_some());
}
