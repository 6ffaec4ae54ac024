//! Rough evaluation speed: positions from short random playouts, evaluated repeatedly.
//! Run with `cargo run --release -p eval --example eval_speed [rounds]`; prints ns per
//! evaluation (cycling through all positions, then each position repeated) and the trace of the
//! last position.

use std::hint::black_box;
use std::time::Instant;

use movegen::Position;

fn main() {
    let mut positions = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..64 {
        let mut p = Position::startpos();
        for _ in 0..40 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(moves[(seed % moves.len() as u64) as usize]);
            positions.push(p.clone());
        }
    }
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for p in &positions {
            sum += i64::from(eval::evaluate(black_box(p)));
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64;
    println!(
        "{} positions x {rounds}: {ns:.1} ns/eval (checksum {sum})",
        positions.len()
    );
    // The same position several times in a row: attack tables stay in cache, as they mostly
    // do between neighbouring nodes of a search.
    let start = Instant::now();
    for p in &positions {
        for _ in 0..rounds {
            sum += i64::from(eval::evaluate(black_box(p)));
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / (rounds * positions.len()) as f64;
    println!("warm caches: {ns:.1} ns/eval (checksum {sum})");
    if let Some(p) = positions.last() {
        println!("{}\n{}", p.fen(), eval::trace(p));
    }
}
