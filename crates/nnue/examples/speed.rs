//! Times the network's two hot operations on every backend this CPU has: an incremental
//! update followed by an evaluation (what the search does per node), and a full refresh.
//! Positions come from fixed pseudo-random games; each figure is the median of 7 runs.
//!
//! `cargo run --release -p nnue --example speed`

use std::hint::black_box;
use std::time::Instant;

use movegen::{Move, Position};
use nnue::{Accumulator, Backend, Delta, Network, Nnue};

/// (position before, its move) along fixed pseudo-random games.
fn positions() -> Vec<(Position, Move)> {
    let mut out = Vec::new();
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..50 {
        let mut pos = Position::startpos();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let mv = moves[(state % moves.len() as u64) as usize];
            out.push((pos.clone(), mv));
            pos.play(mv);
        }
    }
    out
}

fn median_ns(runs: usize, per_run: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_nanos() as f64 / per_run as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

fn main() {
    let net = Network::embedded();
    let cases = positions();
    let deltas: Vec<Delta> = cases
        .iter()
        .filter_map(|(pos, mv)| Delta::of_move(pos, *mv))
        .collect();
    // The position after each move, which a move that turns a view under mirroring refreshes
    // from (apart from the deltas, so that the loop over them reads what it did before).
    let afters: Vec<Position> = cases
        .iter()
        .map(|(pos, mv)| {
            let mut after = pos.clone();
            after.play(*mv);
            after
        })
        .collect();
    println!("{} positions", cases.len());
    for backend in Backend::available() {
        let nnue = Nnue::with_backend(net, backend);
        let parent = {
            let mut acc = Accumulator::default();
            nnue.refresh(&mut acc, &cases[0].0);
            acc
        };
        let update = median_ns(7, deltas.len(), || {
            let mut child = Accumulator::default();
            for ((delta, after), (pos, _)) in deltas.iter().zip(&afters).zip(&cases) {
                nnue.update(&mut child, black_box(&parent), delta, after);
                black_box(nnue.evaluate(&child, pos));
            }
        });
        let refresh = median_ns(7, cases.len(), || {
            for (pos, _) in &cases {
                black_box(nnue.evaluate_position(black_box(pos)));
            }
        });
        println!(
            "{:>7}: update + evaluate {update:7.1} ns, refresh + evaluate {refresh:7.1} ns",
            backend.name()
        );
    }
}
