//! The network through the protocol: `UseNNUE` and `EvalFile`, what a bad file reports, the
//! `eval` line, and `bench` with the network (the default) and with `hce`.

use crate::engine_harness::{Engine, bestmove_of};
use movegen::Position;

/// Plays a depth-limited search from the start position after 1.e4 and checks the move.
fn plays_a_legal_move(e: &mut Engine) {
    e.send("position startpos moves e2e4");
    e.send("go depth 6");
    let best = bestmove_of(e.wait_bestmove().last().expect("bestmove")).to_string();
    let mut pos = Position::startpos();
    pos.play(pos.parse_uci_move("e2e4", false).expect("legal"));
    assert!(pos.parse_uci_move(&best, false).is_ok(), "bestmove {best}");
}

#[test]
fn options_are_listed_with_the_network_as_default() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.read_until(|l| l == "uciok");
    for option in [
        "option name UseNNUE type check default true",
        "option name EvalFile type string default <default>",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option} in {lines:#?}");
    }
}

#[test]
fn missing_and_corrupt_eval_files_are_refused_and_the_engine_keeps_playing() {
    let corrupt = std::env::temp_dir().join(format!("tsubame-uci-{}.nnue", std::process::id()));
    // The right magic and version, then garbage: refused by the header checks.
    let mut bytes = b"TSBNNUE\n".to_vec();
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&[7; 100]);
    std::fs::write(&corrupt, &bytes).expect("temp file");
    let mut e = Engine::start();
    for (file, reason) in [
        ("/nonexistent/tsubame.nnue", "cannot read it"),
        (corrupt.to_str().expect("UTF-8 path"), "architecture"),
    ] {
        e.send(&format!("setoption name EvalFile value {file}"));
        let lines = e.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string EvalFile")
                && l.contains(reason)
                && l.ends_with("the network in use is kept")),
            "{file}: {lines:#?}"
        );
        plays_a_legal_move(&mut e);
    }
    let _ = std::fs::remove_file(&corrupt);
}

#[test]
fn eval_shows_the_network_score_beside_the_hand_crafted_one() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    e.send("eval");
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("Final evaluation:")),
        "{lines:#?}"
    );
    let nnue = lines
        .iter()
        .find(|l| l.starts_with("NNUE evaluation:"))
        .expect("an NNUE line");
    assert!(
        nnue.contains("(White's view)") && nnue.contains("side to move"),
        "{nnue}"
    );
    assert!(nnue.ends_with("(in use)"), "the default evaluation: {nnue}");
    e.send("setoption name UseNNUE value false");
    e.send("eval");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("NNUE evaluation:") && l.contains("not in use")),
        "{lines:#?}"
    );
}

/// The last line's node count of `tsubame bench ARGS`.
fn bench_nodes(args: &[&str]) -> u64 {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tsubame"))
        .arg("bench")
        .args(args)
        .output()
        .expect("run bench");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let last = text.lines().last().expect("output");
    last.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("node count")
}

#[test]
fn bench_benches_the_network_by_default_and_hce_the_hand_crafted_evaluation() {
    let default = bench_nodes(&["6"]);
    assert!(default > 1000);
    assert_eq!(default, bench_nodes(&["6"]), "bench changed between runs");
    assert_eq!(
        default,
        bench_nodes(&["6", "nnue"]),
        "the default is the network"
    );
    let hce = bench_nodes(&["6", "hce"]);
    assert_eq!(
        hce,
        bench_nodes(&["hce", "6"]),
        "bench hce changed between runs"
    );
    assert_ne!(default, hce, "bench hce still used the network");
}

/// A well-formed network file of an architecture this build does not run (a hidden width it
/// has no code for) is refused by name, and the engine keeps its network.
#[test]
fn an_eval_file_of_an_unsupported_architecture_is_refused() {
    use nnue::format::QuantisedParams;
    use nnue::{Architecture, INPUTS, OutputBuckets};
    let hidden = 384;
    let params = QuantisedParams {
        arch: Architecture::plain(hidden, OutputBuckets::ONE),
        ft_weights: vec![0; INPUTS * hidden],
        ft_bias: vec![0; hidden],
        out_weights: vec![0; 2 * hidden],
        out_bias: vec![0],
    };
    let path = std::env::temp_dir().join(format!("tsubame-uci-arch-{}.nnue", std::process::id()));
    std::fs::write(&path, params.encode()).expect("temp file");
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name EvalFile value {}",
        path.to_str().expect("UTF-8 path")
    ));
    let lines = e.sync();
    assert!(
        lines.iter().any(|l| l.starts_with("info string EvalFile")
            && l.contains("not supported by this build: hidden width 384")
            && l.ends_with("the network in use is kept")),
        "{lines:#?}"
    );
    plays_a_legal_move(&mut e);
    let _ = std::fs::remove_file(&path);
}

/// A network with king buckets, weights of a fixed pattern within the file's limits: `layout`
/// over a board seen with `mirroring`.
fn king_bucket_network(layout: &nnue::KingLayout, mirroring: nnue::Mirroring) -> Vec<u8> {
    use nnue::format::QuantisedParams;
    use nnue::{Architecture, INPUTS, OutputBuckets};
    let hidden = 256;
    let heads = OutputBuckets::new(8).expect("in range");
    let arch = Architecture {
        mirroring,
        king_buckets: layout.header(),
        ..Architecture::plain(hidden, heads)
    };
    let rows = layout.count() as usize * INPUTS;
    let pattern = |i: usize, modulus: usize| ((i * 7919) % modulus) as i16 - (modulus / 2) as i16;
    QuantisedParams {
        arch,
        ft_weights: (0..rows * hidden).map(|i| pattern(i, 401)).collect(),
        ft_bias: (0..hidden).map(|i| pattern(i, 2001)).collect(),
        out_weights: (0..8 * 2 * hidden).map(|i| pattern(i, 101)).collect(),
        out_bias: vec![0; 8],
    }
    .encode()
}

/// A network with four king buckets loads and plays, kings walking between buckets in the
/// search; the same weights declared without the mirroring their layout needs are refused
/// with an `info string` that says so, and the engine keeps its network.
#[test]
fn king_bucket_networks_load_and_play_and_a_bad_layout_is_refused() {
    use nnue::{KingLayout, Mirroring};
    let dir = std::env::temp_dir();
    let good = dir.join(format!("tsubame-uci-kb4-{}.nnue", std::process::id()));
    let bad = dir.join(format!("tsubame-uci-kb4-bad-{}.nnue", std::process::id()));
    std::fs::write(
        &good,
        king_bucket_network(&KingLayout::FOUR, Mirroring::Horizontal),
    )
    .expect("temp file");
    std::fs::write(
        &bad,
        king_bucket_network(&KingLayout::FOUR, Mirroring::None),
    )
    .expect("temp file");
    let mut e = Engine::start();
    let set = |e: &mut Engine, path: &std::path::Path| {
        e.send(&format!(
            "setoption name EvalFile value {}",
            path.to_str().expect("UTF-8 path")
        ));
        e.sync()
    };
    let lines = set(&mut e, &good);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string EvalFile") && l.ends_with("network loaded")),
        "{lines:#?}"
    );
    // A king and pawn ending: both kings walk across ranks and the d and e files.
    let fen = "8/5k2/8/3p4/3P4/8/2K5/8 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 12");
    let best = bestmove_of(e.wait_bestmove().last().expect("bestmove")).to_string();
    let pos = Position::from_fen(fen).expect("FEN");
    assert!(pos.parse_uci_move(&best, false).is_ok(), "{best}");
    let lines = set(&mut e, &bad);
    assert!(
        lines.iter().any(|l| l.starts_with("info string EvalFile")
            && l.contains("bad network king buckets")
            && l.contains("needs horizontal mirroring")
            && l.ends_with("the network in use is kept")),
        "{lines:#?}"
    );
    plays_a_legal_move(&mut e);
    for path in [good, bad] {
        let _ = std::fs::remove_file(&path);
    }
}
