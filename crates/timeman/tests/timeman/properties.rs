//! Properties of the clock plan over a wide grid of inputs (plain loops, a few thousand
//! cases, milliseconds to run).

use std::time::Duration;

use timeman::plan::{MIN_BUDGET_MS, plan_clock, usable_ms};
use timeman::{
    CLOCK_RESERVE_MS, Clock, Limits, Millis, SAFETY_SHARE_PERCENT, TimeManager, TimeOptions,
};

/// A clock from plain milliseconds.
fn clock_of(time: i64, inc: i64, moves_to_go: u32) -> Clock {
    Clock::new(Millis(time), Millis(inc), moves_to_go)
}

const CLOCKS: [i64; 16] = [
    -1000, 0, 1, 29, 30, 31, 50, 100, 250, 1000, 3000, 10_000, 60_000, 300_000, 5_400_000,
    86_400_000,
];
const INCREMENTS: [i64; 6] = [-5, 0, 10, 100, 2000, 30_000];
const MOVES_TO_GO: [u32; 7] = [0, 1, 2, 3, 10, 40, 120];
const PLIES: [u32; 8] = [0, 1, 30, 99, 100, 300, 511, 600];

/// Option sets: the defaults, a zero overhead, and extreme but legal values.
fn option_sets() -> Vec<TimeOptions> {
    let default = TimeOptions::default();
    vec![
        default,
        TimeOptions {
            move_overhead: Millis::ZERO,
            ..default
        },
        TimeOptions {
            slow_mover: 1000,
            minimum_thinking_time: Millis(5000),
            ..default
        },
        TimeOptions {
            slow_mover: 10,
            emergency_move_horizon: 0,
            emergency_base_time: Millis::ZERO,
            emergency_move_time: Millis::ZERO,
            minimum_thinking_time: Millis::ZERO,
            move_overhead: Millis(5000),
            ..default
        },
        TimeOptions {
            ponder: true,
            ..default
        },
    ]
}

/// Runs `f` on every grid point with its options.
fn for_grid(mut f: impl FnMut(&TimeOptions, Clock, u32)) {
    for opts in option_sets() {
        for &time in &CLOCKS {
            for &inc in &INCREMENTS {
                for &mtg in &MOVES_TO_GO {
                    for &ply in &PLIES {
                        f(&opts, clock_of(time, inc, mtg), ply);
                    }
                }
            }
        }
    }
}

#[test]
fn optimum_le_maximum_le_usable_clock() {
    let mut cases = 0;
    for_grid(|opts, clock, ply| {
        let b = plan_clock(&clock, ply, opts.ponder, opts);
        let usable = u64::try_from(usable_ms(clock.remaining, opts.move_overhead).0).unwrap_or(0);
        let cap = Duration::from_millis(usable.max(MIN_BUDGET_MS));
        assert!(
            b.optimum >= Duration::from_millis(MIN_BUDGET_MS),
            "{clock:?} ply {ply}"
        );
        assert!(b.optimum <= b.maximum, "{clock:?} ply {ply} {b:?}");
        assert!(b.maximum <= cap, "{clock:?} ply {ply} {b:?} cap {cap:?}");
        cases += 1;
    });
    assert_eq!(cases, 5 * 16 * 6 * 7 * 8);
}

#[test]
fn never_beyond_the_clock_when_there_is_one() {
    // Whenever the clock exceeds the overhead, the whole budget fits in what is left after it.
    for_grid(|opts, clock, ply| {
        let b = plan_clock(&clock, ply, opts.ponder, opts);
        let overhead = opts.move_overhead.0;
        if clock.remaining.0 > overhead {
            let spent = i64::try_from(b.maximum.as_millis()).unwrap_or(i64::MAX);
            assert!(spent + overhead <= clock.remaining.0, "{clock:?} {b:?}");
        }
    });
}

#[test]
fn the_manager_keeps_the_reserve_on_every_clock() {
    // Through the manager (plan plus safety cap): the maximum never takes more than half the
    // usable clock nor eats into the fixed reserve, unless the 1 ms floor does.
    for_grid(|opts, clock, ply| {
        let limits = Limits {
            clock: Some(clock),
            ..Limits::default()
        };
        let b = TimeManager::new(&limits, opts, ply)
            .budget()
            .expect("a clock budget");
        let usable = u64::try_from(usable_ms(clock.remaining, opts.move_overhead).0).unwrap_or(0);
        let cap = (usable * SAFETY_SHARE_PERCENT / 100)
            .min(usable.saturating_sub(CLOCK_RESERVE_MS))
            .max(MIN_BUDGET_MS);
        assert!(b.optimum <= b.maximum, "{clock:?} ply {ply} {b:?}");
        assert!(
            b.maximum <= Duration::from_millis(cap),
            "{clock:?} ply {ply} {b:?}"
        );
        if usable >= 2 * CLOCK_RESERVE_MS {
            let left = usable - u64::try_from(b.maximum.as_millis()).unwrap_or(u64::MAX);
            assert!(left >= CLOCK_RESERVE_MS, "{clock:?} ply {ply} {b:?}");
        }
    });
}

#[test]
fn monotone_in_remaining_time() {
    // More time on the clock never gives a shorter optimum or maximum, all else equal.
    for opts in option_sets() {
        for &inc in &INCREMENTS {
            for &mtg in &MOVES_TO_GO {
                for &ply in &PLIES {
                    let mut previous = None;
                    for &time in &CLOCKS {
                        let b = plan_clock(&clock_of(time, inc, mtg), ply, opts.ponder, &opts);
                        if let Some(p) = previous {
                            let p: timeman::TimeBudget = p;
                            assert!(
                                b.optimum >= p.optimum,
                                "time {time} inc {inc} mtg {mtg} ply {ply}"
                            );
                            assert!(
                                b.maximum >= p.maximum,
                                "time {time} inc {inc} mtg {mtg} ply {ply}"
                            );
                        }
                        previous = Some(b);
                    }
                }
            }
        }
    }
}

#[test]
fn monotone_in_increment_and_fine_steps() {
    // Finer steps around the small clocks, where the emergency terms switch on and off.
    let opts = TimeOptions::default();
    for ply in [0, 60, 200] {
        for inc in [0, 10, 100] {
            let mut previous = plan_clock(&clock_of(-50, inc, 0), ply, false, &opts);
            for time in (-49..3000).step_by(7) {
                let b = plan_clock(&clock_of(time, inc, 0), ply, false, &opts);
                assert!(
                    b.optimum >= previous.optimum && b.maximum >= previous.maximum,
                    "{time}"
                );
                previous = b;
            }
        }
        for time in [500, 5000, 60_000] {
            let mut previous = plan_clock(&clock_of(time, 0, 0), ply, false, &opts);
            for inc in [1, 10, 100, 1000] {
                let b = plan_clock(&clock_of(time, inc, 0), ply, false, &opts);
                assert!(
                    b.optimum >= previous.optimum && b.maximum >= previous.maximum,
                    "{inc}"
                );
                previous = b;
            }
        }
    }
}

#[test]
fn more_moves_to_go_never_gives_more_time() {
    // A longer horizon adds hypotheses to the minimum, so it can only lower the budget.
    let opts = TimeOptions::default();
    for &time in &CLOCKS {
        for &ply in &PLIES {
            let mut previous = plan_clock(&clock_of(time, 0, 1), ply, false, &opts);
            for mtg in 2..60 {
                let b = plan_clock(&clock_of(time, 0, mtg), ply, false, &opts);
                assert!(b.optimum <= previous.optimum && b.maximum <= previous.maximum);
                previous = b;
            }
        }
    }
}
