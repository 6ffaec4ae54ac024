//! The commands Stockfish's users expect beside the protocol, through the binary: `d`'s
//! checkers, `flip`, `eval`'s piece values, `export_net` and its round trip through `EvalFile`,
//! `bench` with Stockfish's arguments, `speedtest`, `compiler` and `help`.

use crate::engine_harness::Engine;

/// The lines of `eval` that carry the network's score.
fn nnue_line(lines: &[String]) -> String {
    lines
        .iter()
        .find(|l| l.starts_with("NNUE evaluation: "))
        .cloned()
        .unwrap_or_else(|| panic!("no NNUE line: {lines:#?}"))
}

#[test]
fn d_names_the_checkers() {
    let mut e = Engine::start();
    e.send("position fen 4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1");
    e.send("d");
    let lines = e.sync();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Checkers: a1 b4"),
        "{lines:#?}"
    );
    assert!(lines.iter().any(|l| l.starts_with("Key: ")), "{lines:#?}");
    e.send("position startpos");
    e.send("d");
    let lines = e.sync();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Checkers:"),
        "{lines:#?}"
    );
}

/// `flip` swaps the colours: the other side moves, the network sees the same position from
/// its side (the same score for the side to move), and a search plays a legal move there.
#[test]
fn flip_mirrors_the_position_and_the_evaluation_follows() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 c7c5 g1f3");
    e.send("eval");
    let before = e.sync();
    e.send("flip");
    e.send("d");
    let board = e.sync();
    let fen = "rnbqkb1r/pppp1ppp/5n2/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2";
    assert!(
        board.iter().any(|l| *l == format!("Fen: {fen}")),
        "{board:#?}"
    );
    e.send("eval");
    let after = e.sync();
    let side_to_move = |line: &str| line.split(", ").nth(1).map(str::to_owned);
    assert_eq!(
        side_to_move(&nnue_line(&before)),
        side_to_move(&nnue_line(&after)),
        "{before:#?}\n{after:#?}"
    );
    e.send("go depth 3");
    let lines = e.wait_bestmove();
    let best = crate::engine_harness::bestmove_of(lines.last().unwrap()).to_owned();
    crate::engine_harness::assert_legal(fen, &[], &best, false);
    // Without a position there is nothing to flip.
    e.send("position fen 8/8/8/8/8/8/8/8 w - - 0 1");
    e.sync();
    e.send("flip");
    let lines = e.sync();
    assert!(
        lines.iter().all(|l| l.starts_with("info string")),
        "{lines:#?}"
    );
}

#[test]
fn eval_shows_the_networks_piece_values() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("eval");
    let lines = e.sync();
    let title = lines
        .iter()
        .position(|l| l.starts_with("NNUE derived piece values"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(
        lines[title + 2].starts_with("|   r   |   n   |"),
        "{lines:#?}"
    );
    // Every piece but the kings has a value: 30 of them.
    let values = lines[title..]
        .iter()
        .flat_map(|l| l.split('|'))
        .filter(|cell| cell.trim().parse::<f64>().is_ok())
        .count();
    assert_eq!(values, 30, "{lines:#?}");
}

/// The network written by `export_net` and read back through `EvalFile` evaluates the same.
#[test]
fn an_exported_network_loads_back_and_evaluates_the_same() {
    let path = std::env::temp_dir().join(format!("tsubame-export-{}.nnue", std::process::id()));
    let mut e = Engine::start();
    e.send("position startpos moves d2d4 g8f6 c2c4");
    e.send("eval");
    let embedded = nnue_line(&e.sync());
    e.send(&format!("export_net {}", path.display()));
    let lines = e.sync();
    assert!(
        lines.len() == 1 && lines[0].contains("written to"),
        "{lines:#?}"
    );
    e.send(&format!("setoption name EvalFile value {}", path.display()));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.ends_with("network loaded")),
        "{lines:#?}"
    );
    e.send("eval");
    let loaded = nnue_line(&e.sync());
    let _ = std::fs::remove_file(&path);
    assert_eq!(loaded, embedded);
    e.send("export_net /nonexistent-folder/net.nnue");
    let lines = e.sync();
    assert!(lines[0].contains("cannot write"), "{lines:#?}");
}

/// `bench` with Stockfish's arguments: the current position, a perft, a node limit on two
/// threads; the plain `bench <depth>` keeps its form.
#[test]
fn bench_takes_stockfishs_arguments() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("bench 16 1 3 current perft");
    let lines = e.read_until(|l| l.contains(" nps"));
    // The build first, as on the command line.
    assert!(lines[0].starts_with("Tsubame "), "{lines:#?}");
    assert_eq!(lines[1], "position  1/1: 13160 nodes", "{lines:#?}");
    assert!(
        lines.last().unwrap().starts_with("13160 nodes "),
        "{lines:#?}"
    );
    e.send("bench 16 2 20000 current nodes");
    let lines = e.read_until(|l| l.contains(" nps"));
    let nodes: u64 = lines
        .last()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((20_000..20_000 + 4096).contains(&nodes), "{lines:#?}");
    e.send("bench 2");
    let lines = e.read_until(|l| l.contains(" nps"));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("position ")).count(),
        50
    );
    assert!(!lines.iter().any(|l| l.starts_with("Bench ")), "{lines:#?}");
    e.send("bench 16 1 1 /nonexistent/fens.epd depth");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.contains("cannot read")),
        "{lines:#?}"
    );
}

#[test]
fn speedtest_compiler_and_help_answer() {
    let mut e = Engine::start();
    e.send("speedtest 1");
    let lines = e.read_until(|l| l.starts_with("Nodes/second"));
    assert!(lines[0].starts_with("speedtest: "), "{lines:#?}");
    let rate: u64 = lines
        .last()
        .unwrap()
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(rate > 0, "{lines:#?}");
    e.send("compiler");
    let lines = e.sync();
    assert!(lines[0].starts_with("Tsubame "), "{lines:#?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Compiled by      : rustc ")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Target features  : ")),
        "{lines:#?}"
    );
    e.send("help");
    let lines = e.sync();
    for command in [
        "flip",
        "speedtest",
        "export_net",
        "compiler",
        "bench",
        "eval",
    ] {
        assert!(
            lines.iter().any(|l| l.trim_start().starts_with(command)),
            "{command}: {lines:#?}"
        );
    }
}
