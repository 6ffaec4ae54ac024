//! The classic (2013) model against values worked out by hand from Stockfish's 2013
//! `timeman.cpp` (<https://github.com/official-stockfish/Stockfish/blob/sf_4/src/timeman.cpp>).
//!
//! Notation: `hyp(h) = time + inc*(h-1) - 60 - 30*min(h, 40)` (default emergency options),
//! `this = MoveImportance[ply] * 70 / 100`, `other(h) = sum MoveImportance[ply + 2i], i < h`,
//! optimum `20 + floor(hyp * this / (this + other))`, maximum
//! `20 + floor(hyp * min(7 this / (7 this + other), (this + 0.33 other) / (this + other)))`,
//! each the minimum over `h = 1 ..= min(movestogo, 50)` and over `time` itself. The comments
//! name the `h` where the minimum is reached. Sums of table entries were added up from
//! `data/move_importance.txt` (ply 512 and later use entry 511, which is 1).

use std::num::NonZeroU32;
use std::time::Duration;

use timeman::plan::{classic_ms, plan_clock, plan_movetime};
use timeman::{Clock, Millis, TimeOptions};

/// Options with `Move Overhead` 0, so the pure model is visible through `plan_clock` too.
fn no_overhead() -> TimeOptions {
    TimeOptions {
        move_overhead: Millis::ZERO,
        ..TimeOptions::default()
    }
}

/// Checks the pure model and the same numbers through `plan_clock` (overhead 0).
fn check(time: i64, inc: i64, mtg: u32, ply: u32, ponder: bool, optimum: i64, maximum: i64) {
    let opts = no_overhead();
    let (time, inc) = (Millis(time), Millis(inc));
    let got = classic_ms(time, inc, NonZeroU32::new(mtg), ply, ponder, &opts);
    assert_eq!(
        got,
        (Millis(optimum), Millis(maximum)),
        "time {time:?} inc {inc:?} mtg {mtg} ply {ply}"
    );
    let budget = plan_clock(&Clock::new(time, inc, mtg), ply, ponder, &opts);
    let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
    assert_eq!(
        (ms(budget.optimum), ms(budget.maximum)),
        (optimum.max(1), maximum.max(1))
    );
}

// ---- sudden death: 60 s, no increment, no movestogo; h = 50 binds for every ply ----

#[test]
fn sudden_death_ply_0() {
    // hyp(50) = 60000 - 60 - 30*40 = 58740; this = 7780*0.7 = 5446; other = 329055
    // opt: 5446 / 334501 = 0.016281 -> 20 + floor(58740 * 0.016281) = 20 + 956 = 976
    // max: min(38122 / 367177 = 0.103825, (5446 + 108588.15) / 334501 = 0.340908)
    //      -> 20 + floor(58740 * 0.103825) = 20 + 6098 = 6118
    check(60_000, 0, 0, 0, false, 976, 6118);
}

#[test]
fn sudden_death_ply_30() {
    // this = 7757*0.7 = 5429.9; other = 255757
    // opt: 5429.9 / 261186.9 = 0.020789 -> 20 + floor(58740 * 0.020789) = 20 + 1221 = 1241
    // max: 7*5429.9 / (38009.3 + 255757) = 0.129386 -> 20 + 7600 = 7620
    check(60_000, 0, 0, 30, false, 1241, 7620);
}

#[test]
fn sudden_death_ply_100() {
    // this = 3765*0.7 = 2635.5; other = 80608
    // opt: 2635.5 / 83243.5 = 0.031660 -> 20 + floor(58740 * 0.031660) = 20 + 1859 = 1879
    // max: 18448.5 / 99056.5 = 0.186242 -> 20 + 10939 = 10959
    check(60_000, 0, 0, 100, false, 1879, 10959);
}

#[test]
fn sudden_death_ply_300() {
    // this = 105*0.7 = 73.5; other = 2230
    // opt: 73.5 / 2303.5 = 0.031908 -> 20 + floor(58740 * 0.031908) = 20 + 1874 = 1894
    // max: 514.5 / 2744.5 = 0.187466 -> 20 + 11011 = 11031
    check(60_000, 0, 0, 300, false, 1894, 11031);
}

#[test]
fn sudden_death_ply_600() {
    // Past the table: every entry is MoveImportance[511] = 1, so this = 0.7, other = 49.
    // opt: 0.7 / 49.7 = 0.014085 -> 20 + floor(58740 * 0.014085) = 20 + 827 = 847
    // max: 4.9 / 53.9 = 1/11 = 0.090909 -> 20 + floor(5340) = 5359... exactly:
    //      58740 * 4.9 / 53.9 = 5339.99.. (floating point just under 5340) -> 20 + 5339 = 5359
    check(60_000, 0, 0, 600, false, 847, 5359);
}

// ---- x moves in y: movestogo given, no increment ----

#[test]
fn moves_to_go_40_ply_0() {
    // h runs 1..=40; h = 40 binds: hyp = 60000 - 60 - 30*40 = 58740; other = 282874
    // opt: 5446 / 288320 = 0.018889 -> 20 + floor(58740 * 0.018889) = 20 + 1109 = 1129
    // max: 38122 / 320996 = 0.118762 -> 20 + 6976 = 6996
    check(60_000, 0, 40, 0, false, 1129, 6996);
}

#[test]
fn moves_to_go_40_ply_100() {
    // h = 40: other = 73550; opt: 2635.5 / 76185.5 = 0.034593 -> 20 + 2032 = 2052
    // max: 18448.5 / 91998.5 = 0.200530 -> 20 + 11779 = 11799
    check(60_000, 0, 40, 100, false, 2052, 11799);
}

#[test]
fn moves_to_go_1_uses_everything_but_the_emergency_reserve() {
    // Only h = 1: hyp = 5000 - 60 - 30 = 4910, other = 0 so both ratios are 1:
    // opt = max = 20 + 4910 = 4930 (below time = 5000).
    check(5_000, 0, 1, 30, false, 4930, 4930);
}

#[test]
fn moves_to_go_2_ply_30() {
    // h = 2 binds: hyp = 5000 - 60 - 60 = 4880; this = 5429.9; other = MoveImportance[32] = 7743
    // opt: 5429.9 / 13172.9 = 0.412202 -> 20 + floor(2011.5) = 2031
    // max: min(38009.3 / 45752.3 = 0.830763, (5429.9 + 2555.19) / 13172.9 = 0.606176)
    //      -> 20 + floor(4880 * 0.606176) = 20 + 2958 = 2978
    check(5_000, 0, 2, 30, false, 2031, 2978);
}

#[test]
fn moves_to_go_2_ply_300() {
    // h = 2: hyp = 120000 - 120 = 119880; this = 73.5; other = MoveImportance[302] = 97
    // opt: 73.5 / 170.5 = 0.431085 -> 20 + 51678 = 51698
    // max: min(514.5 / 611.5 = 0.841374, (73.5 + 32.01) / 170.5 = 0.618827) -> 20 + 74184 = 74204
    check(120_000, 0, 2, 300, false, 51698, 74204);
}

// ---- base + increment ----

#[test]
fn increment_ply_0() {
    // h = 50 binds: hyp = 60000 + 1000*49 - 60 - 1200 = 107740; other = 329055 (as above)
    // opt: 20 + floor(107740 * 0.016281) = 20 + 1754 = 1774
    // max: 20 + floor(107740 * 0.103825) = 20 + 11186 = 11206
    check(60_000, 1000, 0, 0, false, 1774, 11206);
}

#[test]
fn increment_ply_100_binds_below_the_horizon() {
    // With an increment the smallest value is no longer at h = 50.
    // opt, h = 42: hyp = 60000 + 41000 - 60 - 1200 = 99740; other = 75165
    //      2635.5 / 77800.5 = 0.033875 -> 20 + floor(3378.7) = 3398
    // max, h = 38: hyp = 60000 + 37000 - 60 - 1140 = 95800; other = 71797
    //      18448.5 / 90245.5 = 0.204426 -> 20 + floor(19583.98) = 19603
    check(60_000, 1000, 0, 100, false, 3398, 19603);
}

#[test]
fn increment_ply_600() {
    // h = 50: hyp = 10000 + 4900 - 1260 = 13640; this = 0.7; other = 49
    // opt: 20 + floor(13640 * 0.014085) = 20 + 192 = 212; max: 20 + floor(13640 / 11) = 1259
    check(10_000, 100, 0, 600, false, 212, 1259);
}

#[test]
fn bullet_increment_ply_30() {
    // 1 s + 0.01 s. opt, h = 39: hyp = 1000 + 380 - 60 - 1170 = 150; other = 226621
    //      5429.9 / 232050.9 = 0.023400 -> 20 + floor(3.51) = 23
    // max, h = 40: hyp = 1000 + 390 - 60 - 1200 = 130; other = 229828
    //      38009.3 / 267837.3 = 0.141912 -> 20 + floor(18.45) = 38
    check(1_000, 10, 0, 30, false, 23, 38);
}

// ---- x moves in y + increment ----

#[test]
fn moves_to_go_40_with_increment_ply_30() {
    // h = 40: hyp = 120000 + 39000 - 60 - 1200 = 157740; other = 229828
    // opt: 5429.9 / 235257.9 = 0.023081 -> 20 + floor(3640.8) = 3660
    // max: 0.141912 -> 20 + floor(22385.2) = 22405
    check(120_000, 1000, 40, 30, false, 3660, 22405);
}

#[test]
fn moves_to_go_2_with_increment_ply_0() {
    // h = 2: hyp = 3000 + 500 - 60 - 60 = 3380; this = 5446; other = 7780
    // opt: 5446 / 13226 = 0.411765 -> 20 + floor(1391.8) = 1411
    // max: min(38122 / 45902 = 0.830508, (5446 + 2567.4) / 13226 = 0.605882) -> 20 + 2047 = 2067
    check(3_000, 500, 2, 0, false, 1411, 2067);
}

#[test]
fn moves_to_go_1_with_increment_ply_100() {
    // h = 1 only: hyp = 30000 - 60 - 30 = 29910 (the increment counts h - 1 = 0 times)
    check(30_000, 500, 1, 100, false, 29930, 29930);
}

// ---- ponder ----

#[test]
fn ponder_adds_a_quarter_to_the_optimum() {
    // 976 + 976 / 4 = 976 + 244 = 1220, below the maximum 6118.
    check(60_000, 0, 0, 0, true, 1220, 6118);
}

#[test]
fn ponder_bonus_is_capped_by_the_maximum() {
    // 1 s sudden death: every h >= 32 has hyp = 0, so max = 20 + 0 = 20;
    // opt = 20 (h = 30: 20 + floor(40 * 0.024078) = 20), then 20 + 5 = 25 -> capped at 20.
    check(1_000, 0, 0, 0, true, 20, 20);
}

// ---- tiny and zero clocks ----

#[test]
fn tiny_clocks_give_the_minimum_thinking_time() {
    // 70 ms: hyp(1) = 70 - 60 - 30 < 0 -> 0, so t = 20 + 0 = 20 for every h; 20 < 70.
    check(70, 0, 0, 0, false, 20, 20);
    // 200 ms: hyp(5) = 200 - 60 - 150 < 0 -> 0: 20 / 20.
    check(200, 0, 0, 0, false, 20, 20);
    // 15 ms: every t is 20, but both start at time = 15 and only go down: 15 / 15.
    check(15, 0, 0, 0, false, 15, 15);
}

#[test]
fn zero_and_negative_clocks() {
    // The pure model returns time itself (0 or below); the plan floors at 1 ms.
    let opts = no_overhead();
    let zero = Millis::ZERO;
    assert_eq!(classic_ms(zero, zero, None, 0, false, &opts), (zero, zero));
    let (overrun, inc) = (Millis(-500), Millis(100));
    assert_eq!(
        classic_ms(overrun, inc, None, 40, false, &opts),
        (overrun, overrun)
    );
    check(0, 0, 0, 0, false, 0, 0);
    check(-500, 100, 0, 40, false, -500, -500);
}

#[test]
fn overhead_is_subtracted_first() {
    let opts = TimeOptions::default(); // Move Overhead 30 ms
    let ms = |d: Duration| d.as_millis();
    // 60030 - 30 = 60000: same as sudden_death_ply_0.
    let b = plan_clock(&Clock::sudden_death(Millis(60_030)), 0, false, &opts);
    assert_eq!((ms(b.optimum), ms(b.maximum)), (976, 6118));
    // 100 - 30 = 70: same as the 70 ms case.
    let b = plan_clock(&Clock::sudden_death(Millis(100)), 0, false, &opts);
    assert_eq!((ms(b.optimum), ms(b.maximum)), (20, 20));
    // At or under the overhead: move at once, 1 ms, never 0 and never the whole clock.
    for clock in [45, 30, 25, 1, 0, -10] {
        let b = plan_clock(&Clock::sudden_death(Millis(clock)), 0, false, &opts);
        assert_eq!(
            (ms(b.optimum), ms(b.maximum)),
            if clock == 45 { (15, 15) } else { (1, 1) }
        );
    }
}

#[test]
fn movetime_minus_overhead() {
    let opts = TimeOptions::default();
    let b = plan_movetime(Millis(1000), &opts);
    assert_eq!(
        (b.optimum, b.maximum),
        (Duration::from_millis(970), Duration::from_millis(970))
    );
    // The overhead (30 ms) takes at most half of a short movetime.
    let b = plan_movetime(Millis(10), &opts);
    assert_eq!(
        (b.optimum, b.maximum),
        (Duration::from_millis(5), Duration::from_millis(5))
    );
    for (movetime, expected) in [(0, 1), (1, 1), (3, 2), (61, 31)] {
        let b = plan_movetime(Millis(movetime), &opts);
        assert_eq!(b.maximum, Duration::from_millis(expected), "{movetime}");
    }
}

/// An overhead set for a slow link does not eat a fixed move time whole: half of it is
/// still searched.
#[test]
fn a_large_overhead_keeps_half_of_the_movetime() {
    let opts = TimeOptions {
        move_overhead: Millis(5000),
        ..TimeOptions::default()
    };
    let b = plan_movetime(Millis(300), &opts);
    assert_eq!(
        (b.optimum, b.maximum),
        (Duration::from_millis(150), Duration::from_millis(150))
    );
    // A movetime well above the overhead loses all of it, as before.
    let b = plan_movetime(Millis(60_000), &opts);
    assert_eq!(b.maximum, Duration::from_millis(55_000));
}
