//! Inference: every backend gives the same numbers, and the incremental update gives the numbers
//! of a full refresh.

use crate::common::{
    HIDDEN, assert_updates_match_refresh, random_bucketed_params, random_games, random_params,
};
use movegen::{MoveKind, Position};
use nnue::format::QuantisedParams;
use nnue::{Accumulator, Backend, Network, Nnue};

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
        arch: nnue::Architecture::plain(HIDDEN, nnue::OutputBuckets::ONE),
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
        assert_updates_match_refresh(&nnue, 11, |_, mv| kinds[mv.kind() as usize] += 1);
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

/// `fen` with the square `at` emptied.
fn without(fen: &str, at: movegen::Square) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    let mut board = [[' '; 8]; 8];
    for (r, rank) in fields[0].split('/').enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    board[7 - r][file] = c;
                    file += 1;
                }
            }
        }
    }
    board[at.rank().index()][at.file().index()] = ' ';
    let ranks: Vec<String> = (0..8)
        .rev()
        .map(|r| {
            let mut text = String::new();
            let mut empty = 0;
            for c in board[r] {
                if c == ' ' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    fields[0] = ranks.join("/");
    // Rights whose rook was taken away would be refused; none are needed here.
    fields[2] = "-".to_owned();
    fields.join(" ")
}

/// Each piece's value is the evaluation less that of the board without it: checked against a
/// full evaluation of every such board the FEN rules accept.
#[test]
fn piece_values_are_what_each_piece_adds() {
    let nnue = Nnue::new(Network::embedded());
    for fen in [
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w - - 0 8",
        "8/5k2/8/3K4/8/8/3P4/8 b - - 0 50",
    ] {
        let pos = Position::from_fen(fen).expect("FEN");
        let whole = nnue.evaluate_position(&pos);
        let values = nnue.piece_values(&pos);
        let kings = 2;
        assert_eq!(values.len(), pos.occupied().count() as usize - kings);
        let mut checked = 0;
        for (placement, value) in values {
            let Ok(rest) = Position::from_fen(&without(&pos.fen(), placement.square)) else {
                continue;
            };
            assert_eq!(
                value,
                whole - nnue.evaluate_position(&rest),
                "{placement:?}"
            );
            checked += 1;
        }
        assert!(checked > 0, "{fen}");
    }
}
