//! SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
//! OOPSLA 2014): a 64-bit state advanced by a constant, each output a mix of the state.
//!
//! One small generator for everything in the workspace that needs reproducible randomness
//! (openings in data generation, initial weights and shuffles in the trainer, inputs in the soak
//! tests), so a run can be replayed from its seed without a dependency.

/// The increment of the state: 2^64 divided by the golden ratio, odd.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// One SplitMix64 output for input `x`: a well-mixed 64-bit hash of it.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A stream started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The stream for item `index` of a run seeded with `seed`: each game (or each opening) has
    /// a stream of its own, so it does not depend on which thread produces it.
    pub fn for_item(seed: u64, index: u64) -> Rng {
        let mut base = Rng(seed);
        let mixed = base.next_u64() ^ index.wrapping_mul(GOLDEN).rotate_left(17);
        let mut rng = Rng(mixed);
        rng.next_u64();
        rng
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let output = mix(self.0);
        self.0 = self.0.wrapping_add(GOLDEN);
        output
    }

    /// A number in `0..n` (`n` > 0), by Lemire's multiply-shift ("Fast random integer
    /// generation in an interval", 2019; the bias is below 2^-32 for the small `n` used here).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        debug_assert!(lo <= hi);
        lo + ((u128::from(self.next_u64()) * u128::from(hi - lo + 1)) >> 64) as u64
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.range(0, 99) < percent
    }

    /// One item of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Uniform in `0.0..1.0` (53 random bits, all an `f64` holds).
    pub fn fraction(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `-bound..bound`.
    pub fn symmetric(&mut self, bound: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        (2.0 * unit - 1.0) * bound
    }

    /// Shuffles `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            // The modulo (not `below`) keeps the trainer's shuffles, and so its networks,
            // identical to those of earlier versions.
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_below_one_and_spread_over_it() {
        let mut rng = Rng::new(5);
        let draws: Vec<f64> = (0..10_000).map(|_| rng.fraction()).collect();
        assert!(draws.iter().all(|&x| (0.0..1.0).contains(&x)));
        let below_a_tenth = draws.iter().filter(|&&x| x < 0.1).count();
        assert!((800..1200).contains(&below_a_tenth), "{below_a_tenth}");
    }

    #[test]
    fn matches_the_reference_splitmix64_outputs() {
        // The first outputs of SplitMix64 from state 1234567, as printed by the reference C
        // implementation (Vigna, https://prng.di.unimi.it/splitmix64.c).
        let mut rng = Rng::new(1_234_567);
        let expected = [
            6_457_827_717_110_365_317,
            3_203_168_211_198_807_973,
            9_817_491_932_198_370_423,
            4_593_380_528_125_082_431,
            16_408_922_859_458_223_821,
        ];
        for want in expected {
            assert_eq!(rng.next_u64(), want);
        }
    }

    #[test]
    fn streams_are_reproducible_and_distinct() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_item(7, 3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(
            Rng::for_item(7, 3).next_u64(),
            Rng::for_item(7, 4).next_u64()
        );
        assert_ne!(
            Rng::for_item(7, 3).next_u64(),
            Rng::for_item(8, 3).next_u64()
        );
    }

    #[test]
    fn below_and_range_stay_in_range_and_cover_it() {
        let mut rng = Rng::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        for _ in 0..1000 {
            let x = rng.range(3, 5);
            assert!((3..=5).contains(&x));
        }
        assert!((0..1000).all(|_| !rng.chance(0)));
        assert!((0..1000).all(|_| rng.chance(100)));
    }

    #[test]
    fn symmetric_and_shuffle() {
        let mut rng = Rng::new(9);
        assert!((0..1000).all(|_| rng.symmetric(0.5).abs() <= 0.5));
        let mut items: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
