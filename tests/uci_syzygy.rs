//! Syzygy tablebases through the protocol: the options, what setting the path reports, the
//! root filter and in-search probes (`tbhits`), and bad paths and files. Uses the 3- and
//! 4-piece tables in `testdata/syzygy`.

use std::path::{Path, PathBuf};

use crate::engine_harness::{Engine, bestmove_of};

fn tables() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../testdata/syzygy")
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

/// The `tbhits` of the last info line before `bestmove`.
fn last_tbhits(lines: &[String]) -> u64 {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info line");
    let mut words = line.split_whitespace();
    words.find(|w| *w == "tbhits").expect("tbhits field");
    words.next().and_then(|n| n.parse().ok()).expect("a number")
}

/// Runs `go` until a search reports tablebase hits, and returns its lines: the engine reads the
/// table files in the background after `SyzygyPath` is set, and the search's probes get no
/// answer before they are read. The hash is cleared before each try: a search that ran before
/// the files were read leaves entries whose cutoffs would keep the next ones from probing at
/// all. Gives up after a minute (the files are never read).
fn search_with_hits(e: &mut Engine, go: &str) -> Vec<String> {
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        e.send("setoption name Clear Hash");
        e.send(go);
        let lines = e.wait_bestmove();
        if last_tbhits(&lines) > 0 || std::time::Instant::now() > give_up {
            return lines;
        }
    }
}

fn set_path(e: &mut Engine, value: &str) -> Vec<String> {
    e.send(&format!("setoption name SyzygyPath value {value}"));
    e.sync()
}

#[test]
fn options_are_listed_as_other_engines_name_them() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    for expected in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
        "option name Syzygy50MoveRule type check default true",
    ] {
        assert!(lines.iter().any(|l| l == expected), "missing: {expected}");
    }
}

#[test]
fn with_tables_the_only_winning_move_is_played_even_at_depth_one() {
    // KPvK: only Kg6 wins; a one-ply search pushes the pawn (e6 draws).
    let fen = "6k1/8/8/4P2K/8/8/8/8 w - - 0 1";
    let mut e = Engine::start();
    let report = set_path(&mut e, &tables());
    assert!(
        report
            .iter()
            .any(|l| l == "info string Found 35 WDL and 35 DTZ tablebase files (up to 4-man)"),
        "{report:?}"
    );
    e.send(&format!("position fen {fen}"));
    e.send("go depth 1");
    let lines = e.wait_bestmove();
    assert_eq!(bestmove_of(lines.last().unwrap()), "h5g6");
    assert!(last_tbhits(&lines) >= 1);
    // Switched off: no probe at all.
    set_path(&mut e, "<empty>");
    e.send("go depth 1");
    let lines = e.wait_bestmove();
    assert_eq!(last_tbhits(&lines), 0);
}

#[test]
fn the_search_probes_positions_reached_by_captures() {
    // Five pieces (no table) where captures lead into 4-piece tables.
    let mut e = Engine::start();
    set_path(&mut e, &tables());
    e.send("position fen 8/8/3k4/8/3r4/8/3QK3/7R w - - 0 1");
    let lines = search_with_hits(&mut e, "go depth 6");
    assert!(last_tbhits(&lines) > 0, "{:?}", lines.last());
}

/// A temporary folder, removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn bad_paths_and_files_are_reported_and_the_engine_keeps_playing() {
    let mut e = Engine::start();
    let report = set_path(&mut e, "/no/such/tsubame/tables");
    assert!(
        report.iter().any(|l| l.contains("no such folder")),
        "{report:?}"
    );
    // A folder with a truncated copy of a table.
    // Under the build folder: on Windows the system's temporary folder is often on another
    // drive, which the prober cannot name.
    let dir = TempDir(
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("uci-tb-{}", std::process::id())),
    );
    std::fs::create_dir_all(&dir.0).unwrap();
    let bytes = std::fs::read(Path::new(&tables()).join("KRvK.rtbw")).unwrap();
    std::fs::write(dir.0.join("KRvK.rtbw"), &bytes[..bytes.len() / 2]).unwrap();
    let report = set_path(&mut e, dir.0.to_str().unwrap());
    assert!(
        report.iter().any(|l| l.starts_with("info string")
            && l.contains("KRvK.rtbw")
            && l.contains("incomplete")),
        "{report:?}"
    );
    e.send("position fen 8/8/8/4k3/8/8/3R4/3K4 w - - 0 1");
    e.send("go depth 4");
    let lines = e.wait_bestmove();
    assert_eq!(
        last_tbhits(&lines),
        0,
        "nothing is probed from a bad folder"
    );
}

#[test]
fn changing_the_path_during_a_search_waits_for_stop_then_loads_the_new_tables() {
    let mut e = Engine::start();
    set_path(&mut e, &tables());
    e.send("position fen 8/8/3k4/8/3r4/8/3QK3/7R w - - 0 1");
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(200));
    e.send(&format!("setoption name SyzygyPath value {}", tables()));
    // The tables the search uses stay until it ends, and only `stop` ends `go infinite`.
    let before = e.sync();
    assert!(
        !before
            .iter()
            .any(|l| l.starts_with("bestmove") || l.starts_with("info string Found")),
        "{before:#?}"
    );
    e.send("stop");
    let lines = e.read_until(|l| l.starts_with("info string Found"));
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:#?}"
    );
    let lines = search_with_hits(&mut e, "go depth 4");
    assert!(last_tbhits(&lines) > 0);
}
