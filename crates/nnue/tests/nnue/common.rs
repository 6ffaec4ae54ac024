//! Helpers shared by the integration tests: a small deterministic generator, random networks
//! within the file's ranges, and random games.

use movegen::{Color, Position, STARTING_FEN};
use nnue::format::{OUTPUT_WEIGHT_LIMIT, QuantisedParams};
use nnue::{Architecture, INPUTS, KingLayout, Mirroring, OutputBuckets};

/// The eighth network's width: the tests' networks have it unless they say otherwise.
pub const HIDDEN: usize = 256;

/// SplitMix64 (Steele, Lea, Flood 2014): enough randomness for tests, no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo + 1) as u64) as i32
    }
}

/// Random parameters with one output bucket, as large as the file checks allow, so every
/// clamp and product is hit.
pub fn random_params(seed: u64) -> QuantisedParams {
    random_bucketed_params(seed, 1)
}

/// Random parameters with `buckets` output heads, each with weights of its own.
pub fn random_bucketed_params(seed: u64, buckets: usize) -> QuantisedParams {
    let buckets = OutputBuckets::new(buckets).expect("a bucket count in range");
    random_arch_params(seed, Architecture::plain(HIDDEN, buckets))
}

/// Random parameters of a network of width `hidden` with 8 output heads and horizontal
/// mirroring.
pub fn random_mirrored_params(seed: u64, hidden: usize) -> QuantisedParams {
    let buckets = OutputBuckets::new(8).expect("in range");
    let arch = Architecture {
        mirroring: Mirroring::Horizontal,
        ..Architecture::plain(hidden, buckets)
    };
    random_arch_params(seed, arch)
}

/// Random parameters of a network of width `hidden` with 8 output heads, horizontal mirroring
/// and the king buckets of `layout`.
pub fn random_king_bucket_params(seed: u64, hidden: usize, layout: &KingLayout) -> QuantisedParams {
    let arch = Architecture {
        mirroring: Mirroring::Horizontal,
        king_buckets: layout.header(),
        ..Architecture::plain(hidden, OutputBuckets::new(8).expect("in range"))
    };
    random_arch_params(seed, arch)
}

/// Random parameters of architecture `arch` (each king bucket with weights of its own).
pub fn random_arch_params(seed: u64, arch: Architecture) -> QuantisedParams {
    let mut rng = Rng(seed);
    let limit = i32::from(OUTPUT_WEIGHT_LIMIT);
    let (hidden, buckets) = (arch.hidden, arch.output_buckets.count());
    let rows = arch.king_buckets.count() as usize * INPUTS;
    QuantisedParams {
        arch,
        ft_weights: (0..rows * hidden)
            .map(|_| rng.range(-900, 900) as i16)
            .collect(),
        ft_bias: (0..hidden).map(|_| rng.range(-3000, 3000) as i16).collect(),
        out_weights: (0..buckets * 2 * hidden)
            .map(|_| rng.range(-limit, limit - 1) as i16)
            .collect(),
        out_bias: (0..buckets).map(|_| rng.range(-100_000, 100_000)).collect(),
    }
}

/// Positions to start random games from: the start position and a few with castling
/// (Chess960 too), en passant and promotions close at hand.
pub const STARTS: &[&str] = &[
    STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9",
];

/// Calls `visit(before, move, after)` along `games` random games of up to `plies` plies.
pub fn random_games(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Position, movegen::Move, &Position),
) {
    let mut rng = Rng(seed);
    for game in 0..games {
        let mut pos = Position::from_fen(STARTS[game % STARTS.len()]).expect("test FEN");
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(rng.next() % moves.len() as u64) as usize];
            let mut next = pos.clone();
            next.play(mv);
            visit(&pos, mv, &next);
            pos = next;
        }
    }
}

/// Along 60 random games of up to 160 plies (from `seed`), updates each move's accumulator
/// incrementally from its parent's with `nnue` and asserts it equals a full refresh of the
/// position after the move; where the move changes a side's view (a king move across the d
/// and e files under mirroring, or into another king bucket), also rebuilds that half through
/// a [`RefreshCache`] kept along all the games and asserts it equals the refresh too. Then
/// calls `visit(before, move)`. Returns the number of halves rebuilt through the cache.
pub fn assert_updates_match_refresh(
    nnue: &nnue::Nnue<'_>,
    seed: u64,
    mut visit: impl FnMut(&Position, movegen::Move),
) -> usize {
    use nnue::{Accumulator, Delta, RefreshCache};
    let mut parent = Accumulator::default();
    let mut cache = RefreshCache::new();
    let mut rebuilt = 0;
    let mut last_key = None;
    random_games(seed, 60, 160, |before, mv, after| {
        // A new game starts from a fresh refresh.
        if last_key != Some(before.key()) {
            nnue.refresh(&mut parent, before);
        }
        let mut child = Accumulator::default();
        assert!(nnue.update_for_move(&mut child, &parent, before, mv));
        let mut fresh = Accumulator::default();
        nnue.refresh(&mut fresh, after);
        let backend = nnue.backend().name();
        assert_eq!(child, fresh, "{backend} after {mv:?} in {}", before.fen());
        let delta = Delta::of_move(before, mv).expect("a legal move");
        for perspective in Color::ALL {
            if nnue.turns_view(&delta, perspective) {
                // Start from the parent's half: the cache must overwrite it.
                let mut cached = parent;
                cache.refresh_half(nnue, &mut cached, after, perspective);
                assert_eq!(
                    cached.half(perspective),
                    fresh.half(perspective),
                    "{backend}, cached, after {mv:?} in {}",
                    before.fen()
                );
                assert_eq!(cached.view(perspective), fresh.view(perspective));
                rebuilt += 1;
            }
        }
        visit(before, mv);
        parent = child;
        last_key = Some(after.key());
    });
    rebuilt
}
