//! What the engine prints, as a GUI reads it: perft as it counts, the final `info` line,
//! a root without legal moves, `UCI_ShowWDL` and `Debug Log File`.

use std::time::{Duration, Instant};

use crate::engine_harness::{Engine, bestmove_of, first_pv_move};

/// A perft divide line, `<move>: <count>`.
fn divide_count(line: &str) -> Option<u64> {
    let (mv, count) = line.split_once(": ")?;
    let square = |s: &str| s.len() == 2 && s.as_bytes()[1].is_ascii_digit();
    (mv.len() >= 4 && square(&mv[..2]) && square(&mv[2..4]))
        .then(|| count.parse().ok())
        .flatten()
}

#[test]
fn a_stopped_perft_prints_what_it_counted_and_says_it_is_incomplete() {
    let mut e = Engine::start();
    e.send("go perft 7");
    // Root moves come as they are counted, long before the total.
    let first = e.read_until(|l| divide_count(l).is_some());
    assert_eq!(first.len(), 1, "{first:#?}");
    e.send("stop");
    let stopped = Instant::now();
    let mut lines = e.read_until(|l| l.starts_with("Mnps: "));
    assert!(
        stopped.elapsed() < Duration::from_secs(10),
        "the stop took {:?}",
        stopped.elapsed()
    );
    lines.insert(0, first[0].clone());
    let counts: Vec<u64> = lines.iter().filter_map(|l| divide_count(l)).collect();
    assert!(!counts.is_empty() && counts.len() < 20, "{lines:#?}");
    let total = format!(
        "Nodes searched: {} (incomplete: {} of 20 root moves counted)",
        counts.iter().sum::<u64>(),
        counts.len()
    );
    assert!(lines.contains(&total), "{lines:#?}");
    // The engine goes on: a complete perft has the plain total.
    e.send("go perft 3");
    let lines = e.read_until(|l| l.starts_with("Mnps: "));
    assert!(
        lines.iter().any(|l| l == "Nodes searched: 8902"),
        "{lines:#?}"
    );
    assert_eq!(lines.iter().filter_map(|l| divide_count(l)).count(), 20);
}

#[test]
fn quit_ends_a_perft_at_once() {
    let mut e = Engine::start();
    e.send("go perft 8");
    e.sync();
    e.send("quit");
    let lines = e.read_until(|l| l.starts_with("Nodes searched: "));
    assert!(
        lines.last().unwrap().contains("(incomplete: "),
        "{lines:#?}"
    );
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(true));
}

/// An `info` line without what changes as the search goes on (nodes, speed, time, table fill).
fn content(line: &str) -> String {
    let mut words = line.split_whitespace();
    let mut kept = Vec::new();
    while let Some(word) = words.next() {
        if matches!(word, "nodes" | "nps" | "time" | "hashfull" | "tbhits") {
            words.next();
        } else {
            kept.push(word);
        }
    }
    kept.join(" ")
}

#[test]
fn each_info_line_is_printed_once() {
    let mut e = Engine::start();
    for go in ["go depth 8", "go movetime 300", "go nodes 20000"] {
        e.send("position startpos moves e2e4");
        e.send(go);
        let lines = e.wait_bestmove();
        let scored: Vec<String> = lines
            .iter()
            .filter(|l| l.contains(" score "))
            .map(|l| content(l))
            .collect();
        assert!(!scored.is_empty(), "{go}: {lines:#?}");
        for (i, line) in scored.iter().enumerate() {
            assert!(!scored[i + 1..].contains(line), "{go}: {line} twice");
        }
        // Stopped inside an iteration or not, the last line is the move played.
        let last = lines
            .iter()
            .rev()
            .find(|l| l.contains(" pv "))
            .expect("a pv");
        let best = bestmove_of(lines.last().expect("bestmove"));
        assert_eq!(first_pv_move(last), Some(best), "{go}: {lines:#?}");
    }
}

#[test]
fn a_mated_or_stalemated_root_says_so_before_bestmove_none() {
    let mut e = Engine::start();
    for (fen, info) in [
        (
            "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1",
            "info depth 0 score mate 0",
        ),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "info depth 0 score cp 0"),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 5");
        let lines = e.wait_bestmove();
        assert_eq!(lines, [info, "bestmove (none)"], "{fen}");
    }
}

#[test]
fn a_root_without_moves_shows_certain_chances_and_says_so_at_once_when_infinite() {
    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    for (fen, info) in [
        (
            "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1",
            "info depth 0 score mate 0 wdl 0 0 1000",
        ),
        (
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "info depth 0 score cp 0 wdl 0 1000 0",
        ),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 5");
        assert_eq!(e.wait_bestmove(), [info, "bestmove (none)"], "{fen}");
        // `go infinite`: the line at once, `bestmove` only after `stop`.
        e.send("go infinite");
        assert_eq!(e.read_until(|l| l.starts_with("info")), [info], "{fen}");
        assert!(e.sync().is_empty(), "{fen}: {:#?}", e.transcript);
        e.send("stop");
        assert_eq!(e.wait_bestmove(), ["bestmove (none)"], "{fen}");
    }
}

#[test]
fn where_nobody_can_mate_every_line_is_a_certain_draw() {
    let mut e = Engine::start();
    e.send("setoption name UCI_ShowWDL value true");
    for fen in [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
        "8/8/4k3/8/8/3NK3/8/8 w - - 0 1",
        "8/8/4k3/3b4/8/4K3/8/8 b - - 0 1",
        "8/8/2b1k3/8/8/3BK3/8/8 w - - 0 1",
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 6");
        let lines = e.wait_bestmove();
        let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scored.is_empty(), "{fen}: {lines:#?}");
        for line in scored {
            assert_eq!(wdl_of(line), Some([0, 1000, 0]), "{fen}: {line}");
        }
    }
    // Knight against bishop can be mated (with help): the model's chances, not a certainty.
    e.send("position fen 8/8/2b1k3/8/8/3NK3/8/8 w - - 0 1");
    e.send("go depth 6");
    let lines = e.wait_bestmove();
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert_ne!(wdl_of(last), Some([0, 1000, 0]), "{last}");
}

/// The `wdl W D L` of an `info` line, checked to come right after the score and its bound.
fn wdl_of(line: &str) -> Option<[u32; 3]> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "wdl")?;
    let score = words.iter().position(|w| *w == "score")?;
    let bound = usize::from(matches!(words[score + 3], "lowerbound" | "upperbound"));
    assert_eq!(at, score + 3 + bound, "{line}");
    let mut chances = [0; 3];
    for (chance, word) in chances.iter_mut().zip(&words[at + 1..at + 4]) {
        *chance = word.parse().ok()?;
    }
    Some(chances)
}

#[test]
fn show_wdl_adds_chances_that_add_up_to_a_thousand() {
    let mut e = Engine::start();
    e.send("uci");
    let options = e.read_until(|l| l == "uciok");
    assert!(options.contains(&"option name UCI_ShowWDL type check default false".to_owned()));
    e.send("go depth 4");
    let lines = e.wait_bestmove();
    assert!(!lines.iter().any(|l| l.contains(" wdl ")), "{lines:#?}");

    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 8");
    let lines = e.wait_bestmove();
    let scored: Vec<&String> = lines.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty());
    for line in scored {
        let Some([w, d, l]) = wdl_of(line) else {
            panic!("no wdl: {line}")
        };
        assert_eq!(w + d + l, 1000, "{line}");
    }
    // A mate for the side to move is a certain win.
    e.send("position fen 6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1");
    e.send("go depth 6");
    let lines = e.wait_bestmove();
    let last = lines.iter().rev().find(|l| l.contains(" score ")).unwrap();
    assert!(last.contains("score mate 2 wdl 1000 0 0 "), "{last}");
}

/// A fresh path in the temporary folder.
fn temp_log(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("tsubame-{name}-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// The log's lines as (direction, text), each time stamp checked and in order; the line the
/// log opens with (`--`, naming the engine) is checked and left out.
fn read_log(path: &std::path::Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).expect("the log file");
    let mut last = String::new();
    let opening = text.lines().next().unwrap_or_default();
    assert!(
        opening.contains(" -- log opened by Tsubame "),
        "{opening:?}"
    );
    text.lines()
        .skip(1)
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let (stamp, mark, rest) = (parts.next(), parts.next(), parts.next());
            let (Some(stamp), Some(mark)) = (stamp, mark) else {
                panic!("bad log line {line:?}")
            };
            // 2026-11-25T22:30:01.123Z: fixed width, so text order is time order.
            assert_eq!(stamp.len(), 24, "{line}");
            assert!(
                stamp.ends_with('Z') && stamp.as_bytes()[10] == b'T',
                "{line}"
            );
            assert!(stamp >= last.as_str(), "time went back: {line}");
            last = stamp.to_owned();
            assert!(mark == ">>" || mark == "<<", "{line}");
            (mark.to_owned(), rest.unwrap_or_default().to_owned())
        })
        .collect()
}

#[test]
fn the_debug_log_holds_every_line_in_order() {
    let path = temp_log("debug-log");
    let mut e = Engine::start();
    e.send("uci");
    e.read_until(|l| l == "uciok");
    assert!(
        std::fs::metadata(&path).is_err(),
        "a log before it was asked for"
    );
    e.send(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    e.send("isready");
    e.send("position startpos");
    e.send("go depth 3");
    let answer = e.read_until(|l| l.starts_with("bestmove"));
    e.send("xyzzy");
    e.send("quit");
    e.read_until(|l| l.starts_with("info string"));
    assert_eq!(e.wait_exit(Duration::from_secs(10)), Some(true));

    let log = read_log(&path);
    let _ = std::fs::remove_file(&path);
    let mut expected = vec![
        (">>", "isready".to_owned()),
        ("<<", "readyok".to_owned()),
        (">>", "position startpos".to_owned()),
        (">>", "go depth 3".to_owned()),
    ];
    // Everything the engine printed after `readyok`: the search's lines and its answer.
    let printed = answer.iter().skip_while(|l| *l != "readyok").skip(1);
    expected.extend(printed.map(|l| ("<<", l.clone())));
    expected.push((">>", "xyzzy".to_owned()));
    expected.push(("<<", "info string unknown command 'xyzzy'".to_owned()));
    expected.push((">>", "quit".to_owned()));
    let log: Vec<(&str, String)> = log.iter().map(|(m, t)| (m.as_str(), t.clone())).collect();
    let info_string = |(_, t): &(&str, String)| t.starts_with("info string");
    // The wording of the notice is not this test's business; its place is.
    assert_eq!(log.len(), expected.len(), "{log:#?}");
    for (got, want) in log.iter().zip(&expected) {
        if info_string(want) {
            assert!(got.0 == "<<" && info_string(got), "{got:?}");
        } else {
            assert_eq!(got, want);
        }
    }
}

/// `/dev/full` opens but takes no byte: the log's first line fails, which is reported at
/// once, and the option goes back to empty.
#[test]
#[cfg(target_os = "linux")]
fn a_log_file_that_refuses_writes_is_reported() {
    let mut e = Engine::start();
    e.send("setoption name Debug Log File value /dev/full");
    let lines = e.sync();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].starts_with("info string Debug Log File /dev/full: ")
            && lines[0].ends_with("no log is written"),
        "{lines:#?}"
    );
    e.send("go depth 1");
    e.wait_bestmove();
}

#[test]
fn a_log_file_that_cannot_be_opened_is_reported_and_empty_closes_the_log() {
    let mut e = Engine::start();
    e.send("setoption name Debug Log File value /nonexistent-folder/tsubame.log");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string Debug Log File")),
        "{lines:#?}"
    );
    let path = temp_log("closed-log");
    e.send(&format!(
        "setoption name Debug Log File value {}",
        path.display()
    ));
    e.sync();
    e.send("setoption name Debug Log File value <empty>");
    e.sync();
    e.send("go depth 2");
    e.wait_bestmove();
    let log = read_log(&path);
    let _ = std::fs::remove_file(&path);
    let texts: Vec<&str> = log.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "isready",
            "readyok",
            "setoption name Debug Log File value <empty>"
        ]
    );
}
