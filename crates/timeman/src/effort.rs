//! Effort divergence: how far the root's node distribution is from "one move is clearly best".
//!
//! dlshogi (Tadao Yamaoka, "KL情報量を利用した時間制御", time control by KL divergence,
//! <https://tadaoyamaoka.hatenablog.com/entry/2022/01/31/232645>) multiplies its base time by `N * KL`, the Kullback-Leibler divergence
//! between the policy network's move probabilities and the search's visit counts, clipped
//! to 0.5x..4x: the more the search disagrees with first intuition, the more the position
//! needs thinking. An alpha-beta searcher has no policy, so the expected distribution here
//! is the shape of an easy position: the best move takes [`EXPECTED_BEST_SHARE`] of the
//! root's nodes and the rest is spread evenly. With `p` the observed node shares,
//!
//! ```text
//! q_best = EXPECTED_BEST_SHARE,  q_other = (1 - EXPECTED_BEST_SHARE) / (n - 1)
//! D      = sum over moves with p_i > 0 of p_i * ln(p_i / q_i)        (KL(p || q), nats)
//! factor = clamp(D / REFERENCE_DIVERGENCE, 0.5, 4.0)
//! ```
//!
//! D grows as effort leaves the best move, and grows fastest when it piles up on one rival
//! (the search cannot refute it cheaply): that is where a second more raises the chance of
//! the right move most, and time pays most where it does that. An effort of 95% or more on the best move
//! gives D near 0 and the floor 0.5x. `REFERENCE_DIVERGENCE` puts 1.0x at 50% on the best
//! move with the rest even: `0.5 ln(0.5/0.95) + 0.5 ln(0.5/0.05) = 0.8304`. That is the share
//! Tsubame's search typically gives its best move (measured on opening positions at 300 ms a
//! move: 0.3 to 0.9, median near 0.5); calibrated at 70%, the factor sat near 3x on ordinary
//! moves and a 10+0.1 game was lost on time.
//!
//! The expected distribution favours the best move strongly, so D is not symmetric: a best
//! move with 100% of the nodes gives `ln(1 / 0.95) = 0.05`, still at the floor.

/// Share of the root's nodes the best move takes in an easy position.
pub const EXPECTED_BEST_SHARE: f64 = 0.95;
/// Divergence (nats) that maps to a factor of 1.0 (dlshogi's `N` is its inverse).
pub const REFERENCE_DIVERGENCE: f64 = 0.8304;
/// Smallest factor (dlshogi's clip).
pub const MIN_FACTOR: f64 = 0.5;
/// Largest factor (dlshogi's clip).
pub const MAX_FACTOR: f64 = 4.0;

/// `KL(p || q)` in nats as described in the module docs, or `None` when it means nothing:
/// fewer than two root moves, no nodes, or `best` out of range.
#[must_use]
pub fn divergence(root_nodes: &[u64], best: usize) -> Option<f64> {
    let moves = root_nodes.len();
    if moves < 2 || best >= moves {
        return None;
    }
    let total: u64 = root_nodes
        .iter()
        .fold(0u64, |sum, &n| sum.saturating_add(n));
    if total == 0 {
        return None;
    }
    let total = total as f64;
    let q_other = (1.0 - EXPECTED_BEST_SHARE) / (moves - 1) as f64;
    let mut kl = 0.0;
    for (i, &nodes) in root_nodes.iter().enumerate() {
        if nodes == 0 {
            // 0 * ln 0 = 0 by continuity.
            continue;
        }
        let p = nodes as f64 / total;
        let q = if i == best {
            EXPECTED_BEST_SHARE
        } else {
            q_other
        };
        kl += p * (p / q).ln();
    }
    Some(kl.max(0.0))
}

/// The time factor from the divergence, clipped to `MIN_FACTOR..=MAX_FACTOR`; 1.0 when
/// [`divergence`] has nothing to say.
#[must_use]
pub fn factor(root_nodes: &[u64], best: usize) -> f64 {
    divergence(root_nodes, best).map_or(1.0, |d| {
        (d / REFERENCE_DIVERGENCE).clamp(MIN_FACTOR, MAX_FACTOR)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` root moves: the best gets `best_share` of 1e6 nodes, the rest split evenly.
    fn even_rest(n: usize, best_share: f64) -> Vec<u64> {
        let total = 1_000_000.0;
        let best = (total * best_share) as u64;
        let other = ((total - best as f64) / (n - 1) as f64) as u64;
        let mut v = vec![other; n];
        v[0] = best;
        v
    }

    #[test]
    fn easy_positions_get_the_floor() {
        assert_eq!(factor(&even_rest(30, 1.0), 0), MIN_FACTOR);
        assert_eq!(factor(&even_rest(30, 0.97), 0), MIN_FACTOR);
        assert_eq!(factor(&even_rest(30, 0.95), 0), MIN_FACTOR);
    }

    #[test]
    fn spread_effort_gets_more_time() {
        // p = (0.3, 0.7 even): D = 0.3 ln(0.3/0.95) + 0.7 ln(0.7/0.05) = -0.3458 + 1.8473 = 1.5015.
        let f30 = factor(&even_rest(30, 0.3), 0);
        assert!((f30 - 1.5015 / 0.8304).abs() < 0.01, "{f30}");
        let f50 = factor(&even_rest(30, 0.5), 0);
        assert!((f50 - 1.0).abs() < 0.01, "{f50}");
        assert!(f30 > f50, "{f30} {f50}");
        // Independent of the number of moves when the rest is even.
        let f50_small = factor(&even_rest(5, 0.5), 0);
        assert!((f50 - f50_small).abs() < 0.01);
    }

    #[test]
    fn one_rival_absorbing_effort_hits_the_ceiling() {
        let mut v = vec![1_000u64; 30];
        v[0] = 100_000;
        v[7] = 900_000;
        assert_eq!(factor(&v, 0), MAX_FACTOR);
    }

    #[test]
    fn meaningless_inputs_give_one() {
        assert_eq!(factor(&[], 0), 1.0);
        assert_eq!(factor(&[5], 0), 1.0);
        assert_eq!(factor(&[0, 0, 0], 1), 1.0);
        assert_eq!(factor(&[5, 6], 2), 1.0);
        assert_eq!(
            divergence(&[u64::MAX, u64::MAX], 0).map(f64::is_finite),
            Some(true)
        );
    }
}
