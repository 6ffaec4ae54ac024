//! The in-search controller's decisions on scripted iteration sequences.
//!
//! Most scripts use 60 s sudden death at ply 0 with `Move Overhead` 0, whose plan is
//! optimum 976 ms, maximum 6118 ms (see classic_values.rs). Elapsed times are given, not
//! measured: no test depends on the machine's speed.

use std::time::{Duration, Instant};

use timeman::plan::MIN_BUDGET_MS;
use timeman::{
    CLOCK_RESERVE_MS, Clock, ForcedReplies, IterationReport, IterationVerdict, Limits, Millis,
    Pace, RootScore, SAFETY_SHARE_PERCENT, SUGGESTED_SPEND_TARGET_PERCENT, Spending, StopReason,
    TimeBudget, TimeManager, TimeModel, TimeOptions, charge_delay,
};

const OPTIMUM: u64 = 976;
const MAXIMUM: u64 = 6118;

/// A clock from plain milliseconds.
fn clock_of(time: i64, inc: i64, moves_to_go: u32) -> Clock {
    Clock::new(Millis(time), Millis(inc), moves_to_go)
}

fn ms(v: u64) -> Duration {
    Duration::from_millis(v)
}

fn options(model: TimeModel) -> TimeOptions {
    TimeOptions {
        move_overhead: Millis::ZERO,
        model,
        ..TimeOptions::default()
    }
}

fn clock_limits() -> Limits {
    Limits {
        clock: Some(Clock::sudden_death(Millis(60_000))),
        ..Limits::default()
    }
}

fn manager(model: TimeModel) -> TimeManager {
    TimeManager::new(&clock_limits(), &options(model), 0)
}

fn report(depth: u32, changes: u32) -> IterationReport {
    IterationReport {
        depth,
        best_move_changes: changes,
        best_changed: changes > 0,
        score: RootScore::Centipawns(30),
        root_moves: 20,
        others_mated: false,
    }
}

const GO_ON: IterationVerdict = IterationVerdict::Continue;

fn stop(reason: StopReason) -> IterationVerdict {
    IterationVerdict::Stop(reason)
}

#[test]
fn budget_matches_the_plan() {
    let tm = manager(TimeModel::Classic);
    let b = tm.budget().expect("a clock gives a budget");
    assert_eq!((b.optimum, b.maximum), (ms(OPTIMUM), ms(MAXIMUM)));
    assert_eq!(tm.available(), Some(ms(OPTIMUM)));
}

#[test]
fn stable_pv_stops_at_62_percent_of_the_optimum() {
    // No best-move change: available = 976, cutoff = 976 * 62 / 100 = 605 (integer ms).
    let mut tm = manager(TimeModel::Classic);
    for depth in 1..=8 {
        assert_eq!(
            tm.on_iteration(&report(depth, 0), ms(50 * u64::from(depth))),
            GO_ON
        );
    }
    assert_eq!(tm.on_iteration(&report(9, 0), ms(605)), GO_ON);
    assert_eq!(
        tm.on_iteration(&report(10, 0), ms(606)),
        stop(StopReason::AvailableTimeUsed)
    );
}

#[test]
fn unstable_pv_extends_and_the_extension_decays() {
    let mut tm = manager(TimeModel::Classic);
    // Changes below depth 5 are counted but give no extra time yet.
    assert_eq!(tm.on_iteration(&report(4, 1), ms(100)), GO_ON);
    assert_eq!(tm.available(), Some(ms(OPTIMUM)));
    // Depth 5: changes = 0.8 * 1 + 2 = 2.8; extra = floor(2.8 * 976 / 1.4) = 1952;
    // available = 2928, cutoff = floor(2928 * 0.62) = 1815.
    assert_eq!(
        tm.on_iteration(&report(5, 2), ms(700)),
        GO_ON,
        "a stable PV would stop here"
    );
    assert_eq!(tm.available(), Some(ms(2928)));
    // Depth 6, stable: changes = 2.24; extra = floor(2.24 * 976 / 1.4) = 1561 (1561.6);
    // available = 2537, cutoff = floor(2537 * 0.62) = 1572.
    assert_eq!(tm.on_iteration(&report(6, 0), ms(1500)), GO_ON);
    assert_eq!(tm.available(), Some(ms(2537)));
    // Depth 7, stable: changes = 1.792; extra = floor(1249.3) = 1249; available 2225, cutoff 1379.
    assert_eq!(
        tm.on_iteration(&report(7, 0), ms(1380)),
        stop(StopReason::AvailableTimeUsed)
    );
}

#[test]
fn never_past_the_maximum() {
    // Best move changes every iteration: the available time runs far beyond the maximum,
    // but the node-count check and the iteration check both stop at 6118 ms.
    let mut tm = manager(TimeModel::Classic);
    let mut stopped = false;
    for depth in 1..=20 {
        // Below depth 5 no extra time exists yet, so those iterations stay early.
        let elapsed = ms(if depth < 5 { 50 } else { 400 } * u64::from(depth));
        let verdict = tm.on_iteration(&report(depth, 5), elapsed);
        if elapsed < ms(MAXIMUM) {
            assert_eq!(verdict, GO_ON, "depth {depth}");
        } else {
            assert_eq!(verdict, stop(StopReason::MaximumTime), "depth {depth}");
            stopped = true;
            break;
        }
    }
    assert!(stopped, "depth 16 at 6400 ms is past the maximum");
    assert!(tm.available().is_some_and(|a| a > ms(MAXIMUM)));
    assert!(!tm.should_stop_now(ms(MAXIMUM - 1), 0));
    assert!(tm.should_stop_now(ms(MAXIMUM), 0));
    assert!(tm.should_stop_now(ms(MAXIMUM * 10), 0));
}

#[test]
fn single_legal_move_is_played_at_once() {
    let single = IterationReport {
        root_moves: 1,
        ..report(1, 0)
    };
    let mut tm = manager(TimeModel::Marginal);
    assert_eq!(
        tm.on_iteration(&single, ms(0)),
        stop(StopReason::SingleLegalMove)
    );
    // The classic model has no such rule.
    let mut tm = manager(TimeModel::Classic);
    assert_eq!(tm.on_iteration(&single, ms(0)), GO_ON);
    // Nor has the marginal model with the switch off.
    let opts = TimeOptions {
        forced_replies: ForcedReplies {
            single_move: false,
            ..ForcedReplies::default()
        },
        ..options(TimeModel::Marginal)
    };
    let mut tm = TimeManager::new(&clock_limits(), &opts, 0);
    assert_eq!(tm.on_iteration(&single, ms(0)), GO_ON);
    // It also holds under movetime: the only move needs no thought.
    let limits = Limits {
        movetime: Some(Millis(5000)),
        ..Limits::default()
    };
    let mut tm = TimeManager::new(&limits, &options(TimeModel::Marginal), 0);
    assert_eq!(
        tm.on_iteration(&single, ms(0)),
        stop(StopReason::SingleLegalMove)
    );
}

#[test]
fn mated_alternatives_stop_the_search() {
    let mut tm = manager(TimeModel::Marginal);
    assert_eq!(tm.on_iteration(&report(1, 0), ms(1)), GO_ON);
    assert_eq!(tm.on_iteration(&report(2, 0), ms(2)), GO_ON);
    let proven = IterationReport {
        others_mated: true,
        ..report(3, 0)
    };
    assert_eq!(
        tm.on_iteration(&proven, ms(3)),
        stop(StopReason::OthersMated)
    );
    let mut tm = manager(TimeModel::Classic);
    assert_eq!(tm.on_iteration(&proven, ms(3)), GO_ON);
}

#[test]
fn pondering_defers_time_stops_until_ponderhit() {
    let limits = Limits {
        ponder: true,
        ..clock_limits()
    };
    let mut tm = TimeManager::new(&limits, &options(TimeModel::Classic), 0);
    // go ponder gets the +25% optimum: 976 + 244 = 1220.
    assert_eq!(tm.budget().map(|b| b.optimum), Some(ms(1220)));
    // Past the 62% cutoff (756) and even past the maximum: keep pondering.
    assert_eq!(tm.on_iteration(&report(10, 0), ms(800)), GO_ON);
    assert!(!tm.should_stop_now(ms(MAXIMUM + 1000), 0));
    assert_eq!(tm.on_iteration(&report(11, 0), ms(MAXIMUM + 1000)), GO_ON);
    // ponderhit: the time rule already fired, so stop at once.
    tm.on_ponderhit();
    assert!(tm.should_stop_now(ms(MAXIMUM + 1001), 0));

    // A short ponder: after ponderhit the budget still counts from the go.
    let mut tm = TimeManager::new(&limits, &options(TimeModel::Classic), 0);
    assert_eq!(tm.on_iteration(&report(3, 0), ms(100)), GO_ON);
    tm.on_ponderhit();
    assert!(!tm.should_stop_now(ms(200), 0));
    assert_eq!(
        tm.on_iteration(&report(4, 0), ms(757)),
        stop(StopReason::AvailableTimeUsed)
    );
}

#[test]
fn movetime_uses_the_whole_time() {
    let limits = Limits {
        movetime: Some(Millis(1000)),
        ..Limits::default()
    };
    let mut tm = TimeManager::new(&limits, &TimeOptions::default(), 0);
    // 1000 - 30 ms overhead = 970 ms; no 62% rule.
    assert_eq!(tm.on_iteration(&report(10, 0), ms(900)), GO_ON);
    assert!(!tm.should_stop_now(ms(969), 0));
    assert!(tm.should_stop_now(ms(970), 0));
    assert_eq!(
        tm.on_iteration(&report(11, 0), ms(970)),
        stop(StopReason::MaximumTime)
    );
}

/// `nodestime`: the clock's plan is the same, but its milliseconds are counted in nodes,
/// `nodes_per_ms` to one; real time no longer stops the search.
#[test]
fn nodestime_counts_a_clocks_time_in_nodes() {
    let per_ms = 250;
    let nodes_options = TimeOptions {
        nodes_per_ms: per_ms,
        ..options(TimeModel::Classic)
    };
    let mut tm = TimeManager::new(&clock_limits(), &nodes_options, 0);
    assert!(tm.counts_nodes());
    // No real-time budget: the watchdog and the root's table wait have nothing to go by.
    assert_eq!(tm.budget(), None);
    let hour = Duration::from_secs(3600);
    assert!(!tm.should_stop_now(hour, MAXIMUM * u64::from(per_ms) - 1));
    assert!(tm.should_stop_now(Duration::ZERO, MAXIMUM * u64::from(per_ms)));
    assert_eq!(tm.clock_time(hour, 10 * u64::from(per_ms)), ms(10));
    // The iteration rules read the same node time: past 62% of the optimum, as in real time.
    let used = tm.clock_time(hour, 606 * u64::from(per_ms));
    assert_eq!(
        tm.on_iteration(&report(5, 0), used),
        stop(StopReason::AvailableTimeUsed)
    );
    // A movetime stays real time, and without `nodestime` nothing changes.
    let movetime = Limits {
        movetime: Some(Millis(1000)),
        ..Limits::default()
    };
    let tm = TimeManager::new(&movetime, &nodes_options, 0);
    assert!(!tm.counts_nodes());
    assert_eq!(tm.clock_time(ms(5), 1_000_000), ms(5));
    assert!(!manager(TimeModel::Classic).counts_nodes());
}

#[test]
fn infinite_never_stops() {
    let limits = Limits {
        infinite: true,
        depth: Some(3),
        nodes: Some(10),
        ..clock_limits()
    };
    let mut tm = TimeManager::new(&limits, &TimeOptions::default(), 0);
    assert_eq!(tm.budget(), None);
    let single = IterationReport {
        root_moves: 1,
        ..report(5, 0)
    };
    assert_eq!(tm.on_iteration(&single, ms(1_000_000)), GO_ON);
    assert!(!tm.should_stop_now(ms(1_000_000), 1_000_000));
}

#[test]
fn depth_nodes_and_mate_limits() {
    let limits = Limits {
        depth: Some(6),
        nodes: Some(50_000),
        mate: Some(3),
        ..Limits::default()
    };
    let mut tm = TimeManager::new(&limits, &TimeOptions::default(), 0);
    assert_eq!(tm.budget(), None);
    assert_eq!(
        tm.on_iteration(&report(5, 0), ms(1_000_000)),
        GO_ON,
        "no time limit"
    );
    assert!(!tm.should_stop_now(ms(1_000_000), 49_999));
    assert!(tm.should_stop_now(ms(0), 50_000));
    let mate4 = IterationReport {
        score: RootScore::Mate(4),
        ..report(3, 0)
    };
    assert_eq!(tm.on_iteration(&mate4, ms(0)), GO_ON);
    let mated = IterationReport {
        score: RootScore::Mate(-2),
        ..report(3, 0)
    };
    assert_eq!(tm.on_iteration(&mated, ms(0)), GO_ON);
    let mate3 = IterationReport {
        score: RootScore::Mate(3),
        ..report(4, 0)
    };
    assert_eq!(tm.on_iteration(&mate3, ms(0)), stop(StopReason::MateFound));
    assert_eq!(
        tm.on_iteration(&report(6, 0), ms(0)),
        stop(StopReason::DepthLimit)
    );
}

#[test]
fn clock_still_applies_with_a_depth_limit() {
    let limits = Limits {
        depth: Some(30),
        ..clock_limits()
    };
    let mut tm = TimeManager::new(&limits, &options(TimeModel::Classic), 0);
    assert_eq!(
        tm.on_iteration(&report(10, 0), ms(606)),
        stop(StopReason::AvailableTimeUsed)
    );
    assert!(tm.should_stop_now(ms(MAXIMUM), 0));
}

#[test]
fn tiny_clock_moves_quickly() {
    // 20 ms on the clock, 30 ms overhead: 1 ms budget, stop right after depth 1.
    let limits = Limits {
        clock: Some(Clock::sudden_death(Millis(20))),
        ..Limits::default()
    };
    let mut tm = TimeManager::new(&limits, &TimeOptions::default(), 80);
    assert_eq!(tm.budget().map(|b| b.maximum), Some(ms(1)));
    assert!(!tm.should_stop_now(ms(0), 0));
    assert!(tm.should_stop_now(ms(1), 0));
    assert_eq!(
        tm.on_iteration(&report(1, 0), ms(1)),
        stop(StopReason::MaximumTime)
    );
}

#[test]
fn small_clock_with_big_increment_keeps_the_reserve() {
    // 530 ms left, 100 ms increment, 30 ms overhead: usable 500 ms. The 2013 maximum would
    // take most of it; half of it is 250 ms, but the fixed reserve leaves 500 - 300 = 200 ms.
    let limits = Limits {
        clock: Some(clock_of(530, 100, 0)),
        ..Limits::default()
    };
    for model in [TimeModel::Classic, TimeModel::Marginal] {
        let options = TimeOptions {
            model,
            ..TimeOptions::default()
        };
        let tm = TimeManager::new(&limits, &options, 60);
        let budget = tm.budget().expect("a clock budget");
        assert_eq!(budget.maximum, ms(500 - CLOCK_RESERVE_MS), "{model:?}");
        assert!(budget.optimum <= budget.maximum);
        assert!(tm.should_stop_now(ms(500 - CLOCK_RESERVE_MS), 0));
    }
}

/// The budget of the default options for `clock` at `ply`.
fn default_budget(clock: Clock, ply: u32) -> TimeBudget {
    let limits = Limits {
        clock: Some(clock),
        ..Limits::default()
    };
    let tm = TimeManager::new(&limits, &TimeOptions::default(), ply);
    tm.budget().expect("a clock budget")
}

#[test]
fn larger_clocks_keep_half_in_reserve() {
    // 1030 ms left, 1000 ms increment: usable 1000 ms; half of it (500 ms) binds before the
    // fixed reserve (1000 - 300 = 700 ms) does.
    let budget = default_budget(clock_of(1030, 1000, 0), 60);
    assert_eq!(budget.maximum, ms(1000 * SAFETY_SHARE_PERCENT / 100));
}

#[test]
fn clock_under_the_reserve_moves_at_once() {
    // 150 ms usable is all reserve: the budget is the 1 ms floor, so the search stops right
    // after its first iteration and the increment refills the clock.
    let budget = default_budget(clock_of(180, 50, 0), 90);
    assert_eq!(budget.maximum, ms(MIN_BUDGET_MS));
    assert_eq!(budget.optimum, ms(MIN_BUDGET_MS));
}

#[test]
fn charge_delay_takes_the_delay_off_both_limits() {
    let budget = TimeBudget {
        optimum: ms(100),
        maximum: ms(300),
    };
    let charged = charge_delay(budget, ms(40));
    assert_eq!((charged.optimum, charged.maximum), (ms(60), ms(260)));
    let late = charge_delay(budget, ms(500));
    let floor = ms(MIN_BUDGET_MS);
    assert_eq!((late.optimum, late.maximum), (floor, floor));
    assert_eq!(charge_delay(budget, Duration::ZERO), budget);
}

#[test]
fn time_since_go_was_read_is_charged() {
    // A `go` read 200 ms before planning: those 200 ms are already off the GUI's clock. The
    // delay is at least 200 ms (it only grows), so the bound holds on any machine.
    let Some(received) = Instant::now().checked_sub(ms(200)) else {
        return; // a monotonic clock that started less than 200 ms ago cannot say "earlier"
    };
    for limits in [
        Limits {
            clock: Some(clock_of(10_000, 100, 0)),
            ..Limits::default()
        },
        Limits {
            movetime: Some(Millis(1_000)),
            ..Limits::default()
        },
    ] {
        let fresh = TimeManager::new(&limits, &TimeOptions::default(), 20)
            .budget()
            .expect("a budget");
        let late = TimeManager::new(
            &Limits {
                received: Some(received),
                ..limits
            },
            &TimeOptions::default(),
            20,
        )
        .budget()
        .expect("a budget");
        assert!(late.maximum + ms(200) <= fresh.maximum, "{limits:?}");
        assert!(late.optimum + ms(200) <= fresh.optimum, "{limits:?}");
    }
    // Untimed searches have nothing to charge.
    let untimed = Limits {
        depth: Some(5),
        received: Some(received),
        ..Limits::default()
    };
    assert_eq!(
        TimeManager::new(&untimed, &TimeOptions::default(), 0).budget(),
        None
    );
}

/// Feeds iterations 1, 2, ... whose elapsed times grow 1.6 times per iteration from 4 ms, the
/// best move changing where `changes(depth)` says, until the manager stops; returns the depth
/// and elapsed ms of the stop and its reason.
fn marginal_stop(changes: impl Fn(u32) -> u32) -> (u32, u64, StopReason) {
    marginal_stop_at(options(TimeModel::Marginal), changes)
}

/// [`marginal_stop`] with `options`.
fn marginal_stop_at(options: TimeOptions, changes: impl Fn(u32) -> u32) -> (u32, u64, StopReason) {
    let mut tm = TimeManager::new(&clock_limits(), &options, 0);
    let mut elapsed = 4.0f64;
    for depth in 1..60 {
        let verdict = tm.on_iteration(&report(depth, changes(depth)), ms(elapsed as u64));
        if let IterationVerdict::Stop(reason) = verdict {
            return (depth, elapsed as u64, reason);
        }
        elapsed *= 1.6;
    }
    panic!("the marginal model never stopped");
}

#[test]
fn marginal_model_stops_a_settled_move_sooner_than_an_unsettled_one() {
    let (settled_depth, settled_ms, reason) = marginal_stop(|_| 0);
    assert_eq!(reason, StopReason::NotWorthAnotherIteration);
    assert!(settled_depth >= 5, "never before depth 5");
    assert!(settled_ms < MAXIMUM);
    let (unsettled_depth, unsettled_ms, _) = marginal_stop(|depth| depth % 2);
    assert!(
        unsettled_depth > settled_depth && unsettled_ms > settled_ms,
        "settled: depth {settled_depth} at {settled_ms} ms, unsettled: depth {unsettled_depth} at {unsettled_ms} ms"
    );
    // A move that changes at every iteration gets the most time, short of the maximum...
    let (_, always_ms, always_reason) = marginal_stop(|_| 1);
    assert_eq!(always_reason, StopReason::NotWorthAnotherIteration);
    assert!(always_ms >= unsettled_ms && always_ms < MAXIMUM);
    // ...and with the lowest threshold runs into the maximum and no further.
    let eager = TimeOptions {
        stop_threshold_permille: 10,
        ..options(TimeModel::Marginal)
    };
    let (_, eager_ms, eager_reason) = marginal_stop_at(eager, |_| 1);
    assert_eq!(eager_reason, StopReason::MaximumTime);
    assert!(eager_ms >= MAXIMUM && (eager_ms as f64) < MAXIMUM as f64 * 1.6);
}

#[test]
fn marginal_model_never_stops_before_depth_5_nor_passes_the_maximum() {
    let mut tm = manager(TimeModel::Marginal);
    // Early iterations that took long, but not the maximum: still no stop before depth 5.
    for depth in 1..5 {
        assert_eq!(tm.on_iteration(&report(depth, 0), ms(OPTIMUM * 3)), GO_ON);
    }
    assert_eq!(
        tm.on_iteration(&report(5, 0), ms(MAXIMUM)),
        stop(StopReason::MaximumTime)
    );
    assert!(tm.should_stop_now(ms(MAXIMUM), 0));
}

#[test]
fn a_lower_stop_threshold_spends_more_time() {
    let stop_at = |permille: u32| {
        let options = TimeOptions {
            stop_threshold_permille: permille,
            ..options(TimeModel::Marginal)
        };
        settled_stop_ms(TimeManager::new(&clock_limits(), &options, 0))
    };
    assert!(stop_at(40) > stop_at(160));
    assert!(stop_at(160) > stop_at(640));
}

/// Where a settled move stops under `tm`, in ms (iterations as in [`marginal_stop`]).
fn settled_stop_ms(mut tm: TimeManager) -> u64 {
    let mut elapsed = 4.0f64;
    for depth in 1..60 {
        if tm.on_iteration(&report(depth, 0), ms(elapsed as u64)) != GO_ON {
            return elapsed as u64;
        }
        elapsed *= 1.6;
    }
    u64::MAX
}

/// A pace that has seen `moves` moves spend `ratio` optima each at the unscaled threshold.
fn pace_after(ratio: f64, moves: usize) -> Pace {
    let mut pace = Pace::default();
    for _ in 0..moves {
        pace.record(&Spending {
            spent: ms(1000).mul_f64(ratio),
            optimum: ms(1000),
            threshold_scale: 1.0,
            target: f64::from(SUGGESTED_SPEND_TARGET_PERCENT) / 100.0,
        });
    }
    pace
}

/// The marginal model with the pace on at the suggested target.
fn paced_options() -> TimeOptions {
    TimeOptions {
        spend_target_percent: SUGGESTED_SPEND_TARGET_PERCENT,
        ..options(TimeModel::Marginal)
    }
}

#[test]
fn a_game_that_underspends_lowers_the_threshold() {
    let paced_manager = || TimeManager::new(&clock_limits(), &paced_options(), 0);
    let plain = settled_stop_ms(paced_manager());
    let paced = |ratio| settled_stop_ms(paced_manager().paced(&pace_after(ratio, 50)));
    assert_eq!(paced(1.15), plain, "on budget: the threshold stays");
    assert!(
        paced(0.5) > plain,
        "underspent: {} against {plain}",
        paced(0.5)
    );
    assert!(
        paced(2.5) < plain,
        "overspent: {} against {plain}",
        paced(2.5)
    );
    // A fixed threshold (`TM Spend Target` 0) ignores the pace.
    let fixed = TimeOptions {
        spend_target_percent: 0,
        ..paced_options()
    };
    let tm = TimeManager::new(&clock_limits(), &fixed, 0).paced(&pace_after(0.5, 50));
    assert_eq!(settled_stop_ms(tm), plain);
}

#[test]
fn only_clock_searches_of_the_marginal_model_feed_the_pace() {
    let spent = ms(700);
    let options = paced_options();
    let recorded = TimeManager::new(&clock_limits(), &options, 0)
        .paced(&pace_after(0.5, 50))
        .spending(spent)
        .expect("a clock search under the marginal model");
    assert_eq!((recorded.spent, recorded.optimum), (spent, ms(OPTIMUM)));
    assert!(recorded.threshold_scale < 1.0);
    assert!((recorded.target - 1.15).abs() < 1e-12);
    let classic = TimeOptions {
        model: TimeModel::Classic,
        ..options
    };
    assert_eq!(
        TimeManager::new(&clock_limits(), &classic, 0).spending(spent),
        None
    );
    let ponder = Limits {
        ponder: true,
        ..clock_limits()
    };
    assert_eq!(TimeManager::new(&ponder, &options, 0).spending(spent), None);
    let movetime = Limits {
        movetime: Some(Millis(1000)),
        ..Limits::default()
    };
    assert_eq!(
        TimeManager::new(&movetime, &options, 0).spending(spent),
        None
    );
    let fixed = TimeOptions {
        spend_target_percent: 0,
        ..options
    };
    assert_eq!(
        TimeManager::new(&clock_limits(), &fixed, 0).spending(spent),
        None
    );
}
