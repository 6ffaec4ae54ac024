//! Golden-section search (Kiefer, "Sequential minimax search for a maximum", Proceedings of
//! the American Mathematical Society 4, 1953): the minimum of a function of one variable on an
//! interval, from values alone.
//!
//! Each step evaluates the function once and keeps the 0.618 of the bracket that holds the
//! lower of its two inner points, so `steps` steps narrow it to `0.618^steps` of its width
//! (60 steps: about 3 × 10⁻¹³). On a function that falls to one minimum on the interval and
//! rises after it, that minimum is found; on another, one of its local minima.

/// The golden ratio's reciprocal, (√5 − 1) / 2.
const RATIO: f64 = 0.618_033_988_749_894_9;

/// The `x` in `[lo, hi]` where `f` is least, to within the last bracket's width
/// (`(hi − lo) × 0.618^steps`): the middle of that bracket.
///
/// # Panics
/// If `lo > hi` or either is not finite.
pub fn minimise(mut f: impl FnMut(f64) -> f64, lo: f64, hi: f64, steps: u32) -> f64 {
    assert!(
        lo.is_finite() && hi.is_finite() && lo <= hi,
        "not an interval: [{lo}, {hi}]"
    );
    let (mut lo, mut hi) = (lo, hi);
    let mut a = hi - RATIO * (hi - lo);
    let mut b = lo + RATIO * (hi - lo);
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..steps {
        if fa <= fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - RATIO * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + RATIO * (hi - lo);
            fb = f(b);
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_is_the_golden_ratios_reciprocal() {
        assert!((RATIO - (5f64.sqrt() - 1.0) / 2.0).abs() < 1e-15);
    }

    #[test]
    fn a_parabolas_minimum_is_found_anywhere_in_the_interval() {
        // Near its minimum the function differs from its least value by (x − m)², which
        // double precision resolves down to about 10⁻⁸ of x.
        for m in [-3.0, -0.25, 0.0, 1.7, 9.99] {
            let x = minimise(|x| (x - m) * (x - m) + 4.0, -10.0, 10.0, 80);
            assert!((x - m).abs() < 1e-6, "{x} for {m}");
        }
    }

    #[test]
    fn a_minimum_outside_the_interval_gives_its_nearer_end() {
        let x = minimise(|x| (x - 5.0).powi(2), 0.0, 2.0, 60);
        assert!((x - 2.0).abs() < 1e-6, "{x}");
        let x = minimise(|x| (x + 5.0).powi(2), 0.0, 2.0, 60);
        assert!(x.abs() < 1e-6, "{x}");
    }

    #[test]
    fn each_step_costs_one_evaluation() {
        let mut calls = 0;
        minimise(
            |x| {
                calls += 1;
                x.exp() - 2.0 * x
            },
            -1.0,
            3.0,
            30,
        );
        assert_eq!(calls, 32, "two to start, one a step");
    }

    #[test]
    #[should_panic(expected = "not an interval")]
    fn a_reversed_interval_is_refused() {
        minimise(|x| x * x, 1.0, -1.0, 10);
    }
}
