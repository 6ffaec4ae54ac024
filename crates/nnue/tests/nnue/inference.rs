//! Inference: every backend gives the same numbers, and the incremental update gives the numbers
//! of a full refresh.

use crate::common::{random_bucketed_params, random_games, random_params};
use movegen::MoveKind;
use nnue::format::QuantisedParams;
use nnue::{Accumulator, Backend, HIDDEN, Network, Nnue};

fn random_network(seed: u64) -> Network {
    Network::from_bytes(&random_params(seed).encode()).expect("random network within limits")
}

fn random_bucketed_network(seed: u64, buckets: usize) -> Network {
    Network::from_bytes(&random_bucketed_params(seed, buckets).encode())
        .expect("random network within limits")
}

#[test]
fn simd_backends_match_scalar_on_thousands_of_positions() {
    let backends = Backend::available();
    eprintln!(
        "backends: {:?}",
        backends.iter().map(|b| b.name()).collect::<Vec<_>>()
    );
    let nets = [
        random_network(1),
        random_bucketed_network(3, 8),
        Network::embedded().clone(),
    ];
    for net in nets {
        let scalar = Nnue::with_backend(&net, Backend::SCALAR);
        let mut positions = 0;
        let mut heads = vec![0; net.buckets().count()];
        random_games(7, 40, 120, |_, _, pos| {
            heads[net.buckets().of(pos)] += 1;
            let mut expected = Accumulator::default();
            scalar.refresh(&mut expected, pos);
            let want = scalar.evaluate(&expected, pos);
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
                assert_eq!(nnue.evaluate(&acc, pos), want, "{}", backend.name());
            }
            positions += 1;
        });
        assert!(positions > 3000, "{positions}");
        // The games reach most heads of a bucketed network, the endgame's included.
        let used = heads.iter().filter(|&&n| n > 0).count();
        assert!(used >= heads.len().min(5), "heads used: {heads:?}");
    }
}

/// The one-head network made of `params`' feature layer and its head `bucket`.
fn single_head(params: &QuantisedParams, bucket: usize) -> Network {
    let head = &params.out_weights[bucket * 2 * HIDDEN..][..2 * HIDDEN];
    let single = QuantisedParams {
        out_weights: head.to_vec(),
        out_bias: vec![params.out_bias[bucket]],
        ..params.clone()
    };
    Network::from_bytes(&single.encode()).expect("within limits")
}

#[test]
fn a_bucketed_network_evaluates_with_the_head_of_the_piece_count() {
    let params = random_bucketed_params(8, 8);
    let net = Network::from_bytes(&params.encode()).expect("within limits");
    let heads: Vec<Network> = (0..8).map(|b| single_head(&params, b)).collect();
    let nnue = Nnue::new(&net);
    let mut seen = [false; 8];
    let mut differs = 0;
    random_games(21, 30, 160, |_, _, pos| {
        let pieces = pos.occupied().count() as usize;
        // The rule of the format: 8 heads, one per 4 pieces.
        let bucket = (pieces - 2) / 4;
        seen[bucket] = true;
        let got = nnue.evaluate_position(pos);
        assert_eq!(
            got,
            Nnue::new(&heads[bucket]).evaluate_position(pos),
            "{pieces} pieces, {}",
            pos.fen()
        );
        // The heads differ, so the test would see a wrong head.
        let other = (bucket + 1) % 8;
        if got != Nnue::new(&heads[other]).evaluate_position(pos) {
            differs += 1;
        }
    });
    assert!(seen.iter().filter(|&&s| s).count() >= 5, "{seen:?}");
    assert!(differs > 1000, "{differs}");
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
