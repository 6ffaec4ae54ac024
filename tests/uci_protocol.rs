//! The UCI protocol as a GUI sees it: one test per behaviour, driving the real binary.

use std::time::Duration;

use crate::engine_harness::{Engine, assert_legal, bestmove_of, first_pv_move};
use movegen::Position;

const START: &str = movegen::STARTING_FEN;

#[test]
fn silent_until_uci_then_identifies_and_lists_options() {
    let mut e = Engine::start();
    assert_eq!(
        e.next_line(Duration::from_millis(300)),
        None,
        "printed before uci"
    );
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name Tsubame"));
    for name in [
        "Hash",
        "Threads",
        "Clear Hash",
        "Large Pages",
        "Ponder",
        "MultiPV",
        "UCI_Chess960",
        "Move Overhead",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))),
            "option {name} missing"
        );
    }
}

#[test]
fn plays_a_legal_move_and_last_pv_starts_with_it() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 6");
    let lines = e.wait_bestmove();
    let best = bestmove_of(lines.last().unwrap()).to_string();
    assert_legal(START, &["e2e4", "e7e5", "g1f3"], &best, false);
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.contains(" pv "))
        .expect("an info line with a pv");
    assert_eq!(first_pv_move(last_info), Some(best.as_str()));
    assert!(
        last_info.contains(" score "),
        "final info line carries the score"
    );
    assert!(!lines.iter().any(|l| l.contains("score mate 0")));
}

#[test]
fn isready_is_answered_during_a_search_and_infinite_waits_for_stop() {
    let mut e = Engine::start();
    e.send("position startpos");
    let lines = e.go_infinite_then_stop(Duration::from_millis(200));
    assert_legal(START, &[], bestmove_of(lines.last().unwrap()), false);
}

#[test]
fn infinite_on_a_forced_mate_still_waits_for_stop() {
    let mut e = Engine::start();
    // Mate in one: the search finishes at once, but `go infinite` must hold the bestmove.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    let lines = e.sync();
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    let lines = e.wait_bestmove();
    assert_eq!(bestmove_of(lines.last().unwrap()), "d1d8");
}

#[test]
fn ponder_waits_for_ponderhit_then_moves() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(1500));
    let lines = e.sync();
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "bestmove while pondering"
    );
    e.send("ponderhit");
    let lines = e.wait_bestmove();
    assert_legal(START, &["e2e4"], bestmove_of(lines.last().unwrap()), false);
}

#[test]
fn stop_without_a_search_and_repeated_stops_send_nothing() {
    let mut e = Engine::start();
    e.send("stop");
    e.send("ponderhit");
    let lines = e.sync();
    assert!(lines.is_empty(), "unexpected output {lines:?}");
}

#[test]
fn go_racing_stop_gives_exactly_one_bestmove_each() {
    let mut e = Engine::start();
    e.send("position startpos");
    // 21 searches are started: 21 bestmoves, no more.
    e.assert_one_bestmove_per_racing_go(20);
}

#[test]
fn checkmate_and_stalemate_at_the_root_answer_bestmove_none() {
    let mut e = Engine::start();
    e.send("position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1");
    e.send("go depth 5");
    assert_eq!(e.wait_bestmove().last().unwrap(), "bestmove (none)");
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go movetime 100");
    assert_eq!(e.wait_bestmove().last().unwrap(), "bestmove (none)");
}

#[test]
fn finds_mate_in_two_with_a_mate_score() {
    let mut e = Engine::start();
    // 1.Rd8+ Re8 2.Rxe8#.
    e.send("position fen 6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1");
    e.send("go depth 6");
    let lines = e.wait_bestmove();
    let last_info = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last_info.contains("score mate 2"), "{last_info}");
}

#[test]
fn bad_input_is_reported_and_the_engine_keeps_working() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    for bad in [
        "xyzzy",
        "setoption name Hash value banana",
        "setoption name NoSuchOption value 1",
        "setoption name Hash value 999999999999999999999",
        "debug maybe",
        "",
        "     ",
    ] {
        e.send(bad);
    }
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count()
            >= 4,
        "{lines:#?}"
    );
    // Nothing above touched the position.
    e.send("d");
    let board = e.sync();
    assert!(
        board.iter().any(|l| l.contains("4P3")),
        "position lost: {board:#?}"
    );
    e.send("go depth 3");
    let lines = e.wait_bestmove();
    assert_legal(START, &["e2e4"], bestmove_of(lines.last().unwrap()), false);
}

#[test]
fn unreachable_material_is_refused_and_perft_prints_nodes_searched() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    // 26 white pieces: once accepted, and its 261 moves overflowed a 256-move list.
    e.send("position fen 1QQQQQQQ/Q6Q/Q6Q/Q6Q/n3Q2Q/Q6Q/1Q4RB/1KQQQQBk w - - 0 1");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("26 pieces")),
        "{lines:#?}"
    );
    // The refused FEN left no position to count, not the one before it.
    e.send("go perft 2");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string go perft: no position")),
        "{lines:#?}"
    );
    // Black to move after e2e4: 20 moves, 600 nodes at depth 2; the count comes in
    // Stockfish's form, followed by the time and speed.
    e.send("position startpos moves e2e4");
    e.send("go perft 2");
    let lines = e.read_until(|l| l.starts_with("Mnps: "));
    let tail: Vec<&str> = lines
        .iter()
        .rev()
        .take(3)
        .rev()
        .map(String::as_str)
        .collect();
    assert_eq!(tail.len(), 3, "{lines:#?}");
    assert_eq!(tail[0], "Nodes searched: 600", "{lines:#?}");
    // Milliseconds, or microseconds for a count under one (with no rate made up from it).
    assert!(
        tail[1].starts_with("Time: ") && (tail[1].ends_with(" ms") || tail[1].ends_with(" µs")),
        "{lines:#?}"
    );
    assert!(
        tail[1].ends_with(" ms") || tail[2].starts_with("Mnps: - "),
        "{lines:#?}"
    );
    let is_divide_line = |l: &&String| {
        l.split_once(": ")
            .is_some_and(|(mv, _)| mv.len() == 4 && mv.as_bytes()[1].is_ascii_digit())
    };
    assert_eq!(
        lines.iter().filter(is_divide_line).count(),
        20,
        "{lines:#?}"
    );
}

#[test]
fn an_illegal_move_in_the_list_leaves_no_position_as_a_refused_fen_does() {
    let mut e = Engine::start();
    for line in [
        "position startpos moves e2e4 e7e5 e1e3 g1f3",
        "position startpos moves e2e4 e7e5 g1f3 zz",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        e.send("position startpos moves d2d4");
        e.send(line);
        let lines = e.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string")
                && l.contains("no position until the next `position` command")),
            "{line}: {lines:#?}"
        );
        // Not a move of the position before the bad move (White to move after e2e4 e7e5),
        // nor of the one before the line: no move at all, and the reason.
        e.send("go depth 2");
        let lines = e.wait_bestmove();
        assert_eq!(lines.last().unwrap(), "bestmove 0000", "{line}");
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info string go: no position")),
            "{line}: {lines:#?}"
        );
    }
    // The next `position` is used again.
    e.send("position startpos moves e2e4");
    e.send("go depth 2");
    let lines = e.wait_bestmove();
    assert_legal(START, &["e2e4"], bestmove_of(lines.last().unwrap()), false);
}

#[test]
fn invalid_utf8_and_long_lines_do_not_break_the_engine() {
    let mut e = Engine::start();
    e.send_bytes(b"go \xff\xfe depth 1\n");
    e.send(&"a".repeat(200_000));
    let lines = e.sync();
    assert!(lines.iter().any(|l| l.contains("UTF-8")));
    e.send("go depth 1");
    e.wait_bestmove();
}

/// A notice that quotes bad input escapes its control characters: a NUL or an ESC on the
/// GUI's line could cut the line short or drive a terminal.
#[test]
fn control_characters_in_bad_input_are_escaped_in_notices() {
    let mut e = Engine::start();
    e.send_bytes(b"xy\x00z\x1b[2J\n");
    e.send_bytes(b"setoption name Move Overhead value 1\x07\n");
    let lines = e.sync();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(lines[0].contains("xy\\0z\\u{1b}[2J"), "{lines:#?}");
    assert!(lines[1].contains("1\\u{7}"), "{lines:#?}");
    for line in &lines {
        assert!(line.starts_with("info string "), "{line:?}");
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
}

#[test]
fn quit_during_a_search_exits_at_once() {
    let mut e = Engine::start();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    // `quit` must end a running `go infinite`: without a stop the process would never exit.
    assert_eq!(e.wait_exit(Duration::from_secs(20)), Some(true));
}

#[test]
fn chess960_castling_is_king_takes_rook_both_ways() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    // Castling is the only way for White to avoid losing the rook... just check the notation:
    // after the GUI sends king-takes-rook castling, the position must have the king on g1.
    let fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";
    e.send(&format!("position fen {fen} moves b1e1"));
    e.send("d");
    let board = e.sync();
    assert!(
        board
            .iter()
            .any(|l| l.starts_with("Fen: rk2r3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b")),
        "{board:#?}"
    );
    e.send("go depth 4");
    let lines = e.wait_bestmove();
    let mut pos = Position::from_fen(fen).unwrap();
    let mv = pos.parse_uci_move("b1e1", true).unwrap();
    pos.play(mv);
    assert!(
        pos.parse_uci_move(bestmove_of(lines.last().unwrap()), true)
            .is_ok()
    );
}

#[test]
fn clamped_option_values_are_reported() {
    let mut e = Engine::start();
    e.send("setoption name multipv value 1000");
    e.send("setoption name move overhead value -5");
    let lines = e.sync();
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string"))
            .count(),
        2,
        "{lines:#?}"
    );
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("go depth 5");
    let lines = e.wait_bestmove();
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.contains("depth 5 ") && l.contains(&format!("multipv {k} ")))
        );
    }
}

#[test]
fn go_nodes_and_movetime_return_quickly_with_legal_moves() {
    let mut e = Engine::start();
    e.send("go nodes 5000");
    assert_legal(
        START,
        &[],
        bestmove_of(e.wait_bestmove().last().unwrap()),
        false,
    );
    e.send("go movetime 200");
    assert_legal(
        START,
        &[],
        bestmove_of(e.wait_bestmove().last().unwrap()),
        false,
    );
    e.send("go wtime 50 btime 50");
    assert_legal(
        START,
        &[],
        bestmove_of(e.wait_bestmove().last().unwrap()),
        false,
    );
    e.send("go wtime -100 btime 1000");
    assert_legal(
        START,
        &[],
        bestmove_of(e.wait_bestmove().last().unwrap()),
        false,
    );
}

#[test]
fn a_clock_for_the_other_side_only_still_gives_a_move_on_its_own() {
    // Black to move and only White's clock: without a clock of its own the engine must not
    // search until `stop` (no stop is sent; a hang fails the harness's read timeout).
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("go wtime 100000 winc 1000");
    let lines = e.wait_bestmove();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains("no btime")),
        "{lines:#?}"
    );
    assert_legal(START, &["e2e4"], bestmove_of(lines.last().unwrap()), false);
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.send("go depth 4 searchmoves a2a3 h2h3");
    let best = bestmove_of(e.wait_bestmove().last().unwrap()).to_string();
    assert!(best == "a2a3" || best == "h2h3", "{best}");
}

#[test]
fn repetition_in_the_game_history_is_scored_as_a_draw() {
    let mut e = Engine::start();
    // White is a queen down but can repeat with perpetual check: Qe8+ Kh7 Qh5+ Kg8 ...
    e.send(
        "position fen 6k1/6p1/5p2/7Q/1r6/q7/5PPP/6K1 w - - 0 1 moves h5e8 g8h7 e8h5 h7g8 h5e8 g8h7",
    );
    e.send("go depth 8");
    let lines = e.wait_bestmove();
    let last_info = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last_info.contains("score cp 0"), "{last_info}");
}

#[test]
fn bench_is_deterministic_and_ends_with_the_openbench_line() {
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tsubame"))
            .args(["bench", "7"])
            .output()
            .expect("run bench");
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        let last = text.lines().last().expect("output").to_string();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(words.len(), 4, "{last}");
        assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
        words[0].parse::<u64>().expect("node count")
    };
    let first = run();
    assert!(first > 1000);
    assert_eq!(first, run(), "bench node count changed between two runs");
}

#[test]
fn fifty_move_rule_draw_is_scored_zero() {
    let score_of = |e: &mut Engine, fen: &str| {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let lines = e.wait_bestmove();
        lines
            .iter()
            .rev()
            .find(|l| l.contains(" score "))
            .cloned()
            .unwrap_or_default()
    };
    let mut e = Engine::start();
    // King and queen against king, but every move completes fifty moves without a capture or
    // pawn move, and no move mates: a draw.
    let drawn = score_of(&mut e, "8/8/8/4k3/8/8/8/3QK3 w - - 99 80");
    assert!(drawn.contains("score cp 0"), "{drawn}");
    // The same position with a fresh counter is winning.
    let winning = score_of(&mut e, "8/8/8/4k3/8/8/8/3QK3 w - - 0 80");
    assert!(!winning.contains("score cp 0"), "{winning}");
}

/// A `kB` line of a `/proc` file, in MiB (Linux only).
fn proc_mib(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find_map(|l| l.strip_prefix(field))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    Some(kib / 1024)
}

fn engine_mib(e: &Engine, field: &str) -> u64 {
    proc_mib(&format!("/proc/{}/status", e.pid()), field).expect("engine status")
}

#[test]
fn new_games_and_resizes_never_hold_two_tables() {
    const HASH_MIB: u64 = 1024;
    let mut e = Engine::start();
    e.sync();
    let (Some(before), Some(available)) = (
        proc_mib(&format!("/proc/{}/status", e.pid()), "VmRSS:"),
        proc_mib("/proc/meminfo", "MemAvailable:"),
    ) else {
        eprintln!("note: no /proc on this platform; the engine's memory is not checked");
        return;
    };
    if available < 3 * HASH_MIB {
        eprintln!("note: only {available} MiB available; the engine's memory is not checked");
        return;
    }
    e.send(&format!("setoption name Hash value {HASH_MIB}"));
    e.sync();
    // The resize touched every page of the table, so the search will not fault them in.
    let resident = engine_mib(&e, "VmRSS:");
    assert!(
        resident + 32 >= before + HASH_MIB,
        "{resident} MiB resident"
    );
    for _ in 0..3 {
        e.send("ucinewgame");
        e.send("position startpos moves e2e4");
        e.send("go depth 6");
        e.wait_bestmove();
    }
    e.send("setoption name Clear Hash");
    e.send(&format!("setoption name Hash value {}", HASH_MIB - 24));
    e.send("ucinewgame");
    e.sync();
    let peak = engine_mib(&e, "VmHWM:");
    assert!(
        peak <= before + HASH_MIB + 64,
        "peak {peak} MiB for a {HASH_MIB} MiB table, {before} MiB before it"
    );
}

#[test]
fn a_hash_larger_than_the_machine_is_refused_and_the_engine_keeps_playing() {
    let mut e = Engine::start();
    let Some(available) = proc_mib("/proc/meminfo", "MemAvailable:") else {
        eprintln!("note: no /proc/meminfo on this platform; only the allocator refuses");
        return;
    };
    if available > 60_000 {
        eprintln!("note: {available} MiB available, a 65536 MiB table may fit; not checked");
        return;
    }
    e.send("position startpos moves d2d4");
    e.send("setoption name Hash value 65536");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string")
            && l.contains("65536 MiB is more than this machine has available")
            && l.ends_with("the hash table has 16 MiB")),
        "{lines:#?}"
    );
    // Nothing was lost: the position and the old table are still there.
    assert!(engine_mib(&e, "VmHWM:") < 1024);
    e.send("go depth 5");
    let best = bestmove_of(e.wait_bestmove().last().unwrap()).to_string();
    assert_legal(START, &["d2d4"], &best, false);
}
