//! `cargo run --release -p movegen --example perft -- <depth> [fen]`: perft with timing.

use std::time::Instant;

use movegen::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let fen: Vec<String> = args.collect();
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        match Position::from_fen(&fen.join(" ")) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bad FEN: {e}");
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes {:.3}s {:.1} Mnps",
        secs,
        nodes as f64 / secs / 1e6
    );
}
