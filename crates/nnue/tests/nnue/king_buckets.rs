//! King input buckets: a bucketed network reads the weights of its own king's bucket, keeps
//! its accumulators equal to a refresh through king moves between buckets (rebuilding those
//! halves through the refresh cache), and its cache follows the network it is used with.

use crate::common::{
    HIDDEN, assert_updates_match_refresh, random_games, random_king_bucket_params,
};
use movegen::{Color, Position};
use nnue::format::QuantisedParams;
use nnue::{
    Accumulator, Architecture, Backend, Delta, INPUTS, KingBuckets, KingLayout, Network, Nnue,
    RefreshCache,
};

fn network(params: &QuantisedParams) -> Network {
    Network::from_bytes(&params.encode()).expect("random network within limits")
}

/// The network of `params` without king buckets: bucket `bucket`'s weights only.
fn one_bucket(params: &QuantisedParams, bucket: usize) -> QuantisedParams {
    let rows = INPUTS * params.arch.hidden;
    QuantisedParams {
        arch: Architecture {
            king_buckets: KingBuckets::NONE,
            ..params.arch
        },
        ft_weights: params.ft_weights[bucket * rows..][..rows].to_vec(),
        ..params.clone()
    }
}

/// Each side's half is the half the plain mirrored network made of its king's bucket's
/// weights computes: the feature is `bucket × 768 +` the usual one, the bucket that of the
/// side's own king as it sees it (ranks 1, 2, 3-4, 5-8 of its own side, files e to h).
#[test]
fn each_half_reads_the_weights_of_its_own_kings_bucket() {
    let layout = &KingLayout::FOUR;
    let params = random_king_bucket_params(41, HIDDEN, layout);
    let net = network(&params);
    let nnue = Nnue::new(&net);
    let plain: Vec<Network> = (0..4).map(|b| network(&one_bucket(&params, b))).collect();
    let mut seen = [0; 4];
    random_games(42, 30, 120, |_, _, pos| {
        let mut acc = Accumulator::default();
        nnue.refresh(&mut acc, pos);
        for side in Color::ALL {
            let king = pos.king(side);
            let rank = king.relative_to(side).rank().index();
            let bucket = [0, 1, 2, 2, 3, 3, 3, 3][rank];
            assert_eq!(acc.view(side).bucket(), bucket, "{}", pos.fen());
            seen[bucket] += 1;
            let mut reference = Accumulator::default();
            Nnue::new(&plain[bucket]).refresh(&mut reference, pos);
            assert_eq!(acc.half(side), reference.half(side), "{}", pos.fen());
            // Another bucket's weights give another half: the test can tell them apart.
            let mut other = Accumulator::default();
            Nnue::new(&plain[(bucket + 1) % 4]).refresh(&mut other, pos);
            assert_ne!(acc.half(side), other.half(side), "{}", pos.fen());
        }
    });
    assert!(seen.iter().all(|&n| n > 100), "kings per bucket: {seen:?}");
}

/// Along random games, for 2 and 4 buckets, two widths and every backend, every update equals
/// a refresh, and every half whose king changed bucket (or side) is rebuilt through the cache
/// equal to a refresh.
#[test]
fn bucketed_updates_match_full_refresh_through_king_moves_between_buckets() {
    for layout in [&KingLayout::TWO, &KingLayout::FOUR] {
        for hidden in [HIDDEN, 512] {
            let net = network(&random_king_bucket_params(43, hidden, layout));
            for backend in Backend::available() {
                let nnue = Nnue::with_backend(&net, backend);
                let (mut bucket_changes, mut crossings) = (0, 0);
                let rebuilt = assert_updates_match_refresh(&nnue, 44, |before, mv| {
                    let delta = Delta::of_move(before, mv).expect("a legal move");
                    let Some((side, from, to)) = delta.king_move() else {
                        return;
                    };
                    let (a, b) = (net.view(side, from), net.view(side, to));
                    if a.orientation() != b.orientation() {
                        crossings += 1;
                    } else if a.bucket() != b.bucket() {
                        bucket_changes += 1;
                    }
                    assert_eq!(nnue.turns_view(&delta, side), a != b);
                });
                let name = layout.name();
                assert!(
                    bucket_changes > 50,
                    "{name}: {bucket_changes} bucket changes"
                );
                assert!(crossings > 50, "{name}: {crossings} crossings");
                assert_eq!(rebuilt, bucket_changes + crossings, "{name}");
            }
        }
    }
}

/// A cache used with another network empties itself first: its entries are the first
/// network's sums, and the second's rebuild must not start from them.
#[test]
fn the_refresh_cache_follows_the_network_it_is_used_with() {
    let a = network(&random_king_bucket_params(45, HIDDEN, &KingLayout::FOUR));
    let b = network(&random_king_bucket_params(46, HIDDEN, &KingLayout::FOUR));
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("FEN");
    let mut cache = RefreshCache::new();
    for net in [&a, &b, &a] {
        let nnue = Nnue::new(net);
        let mut fresh = Accumulator::default();
        nnue.refresh(&mut fresh, &pos);
        for side in Color::ALL {
            let mut cached = Accumulator::default();
            cache.refresh_half(&nnue, &mut cached, &pos, side);
            assert_eq!(cached.half(side), fresh.half(side));
        }
    }
    // A copy of a network is the same weights: its cache entries stay good.
    let copy = a.clone();
    let nnue = Nnue::new(&copy);
    let mut fresh = Accumulator::default();
    nnue.refresh(&mut fresh, &pos);
    let mut cached = Accumulator::default();
    cache.refresh_half(&nnue, &mut cached, &pos, Color::White);
    assert_eq!(cached.half(Color::White), fresh.half(Color::White));
    cache.clear();
    cache.refresh_half(&nnue, &mut cached, &pos, Color::Black);
    assert_eq!(cached.half(Color::Black), fresh.half(Color::Black));
}
