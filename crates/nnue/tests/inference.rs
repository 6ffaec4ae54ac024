//! Inference: every backend gives the same numbers, and the incremental update gives the numbers
//! of a full refresh.

mod common;

use common::{random_games, random_params};
use movegen::MoveKind;
use nnue::{Accumulator, Backend, Network, Nnue};

fn random_network(seed: u64) -> Network {
    Network::from_bytes(&random_params(seed).encode()).expect("random network within limits")
}

#[test]
fn simd_backends_match_scalar_on_thousands_of_positions() {
    let backends = Backend::available();
    eprintln!(
        "backends: {:?}",
        backends.iter().map(|b| b.name()).collect::<Vec<_>>()
    );
    for net in [random_network(1), Network::embedded().clone()] {
        let scalar = Nnue::with_backend(&net, Backend::SCALAR);
        let mut positions = 0;
        random_games(7, 40, 120, |_, _, pos| {
            let mut expected = Accumulator::default();
            scalar.refresh(&mut expected, pos);
            let want = scalar.evaluate(&expected, pos.turn());
            for &backend in &backends {
                let nnue = Nnue::with_backend(&net, backend);
                let mut acc = Accumulator::default();
                nnue.refresh(&mut acc, pos);
                assert_eq!(
                    acc,
                    expected,
                    "{} accumulator, {}",
                    backend.name(),
                    pos.fen()
                );
                assert_eq!(nnue.evaluate(&acc, pos.turn()), want, "{}", backend.name());
            }
            positions += 1;
        });
        assert!(positions > 3000, "{positions}");
    }
}

#[test]
fn incremental_updates_match_full_refresh_along_random_games() {
    let net = random_network(2);
    let mut kinds = [0usize; 8];
    for backend in Backend::available() {
        let nnue = Nnue::with_backend(&net, backend);
        let mut parent = Accumulator::default();
        let mut last_key = None;
        random_games(11, 60, 160, |before, mv, after| {
            // A new game starts from a fresh refresh.
            if last_key != Some(before.key()) {
                nnue.refresh(&mut parent, before);
            }
            let mut child = Accumulator::default();
            assert!(nnue.update_for_move(&mut child, &parent, before, mv));
            let mut fresh = Accumulator::default();
            nnue.refresh(&mut fresh, after);
            assert_eq!(
                child,
                fresh,
                "{} after {mv:?} in {}",
                backend.name(),
                before.fen()
            );
            kinds[mv.kind() as usize] += 1;
            parent = child;
            last_key = Some(after.key());
        });
    }
    // The games went through every kind of move.
    for kind in [
        MoveKind::Castle,
        MoveKind::EnPassant,
        MoveKind::PromoteQueen,
        MoveKind::PromoteKnight,
    ] {
        assert!(
            kinds[kind as usize] > 0,
            "no {kind:?} in the random games: {kinds:?}"
        );
    }
}
