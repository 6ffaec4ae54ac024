//! Self-play at a real time control with every iteration of every search recorded: the data a
//! stopping rule is fitted to (how often the best move still changes after a given share of
//! the planned time).
//!
//! Both sides play with the given evaluation (the UCI command passes the embedded network, the
//! engine's own) and the normal time manager on their own clock (wall time, with
//! increment), each with its own table and histories as two engines in a match would. The
//! openings and the adjudication are those of the data generator ([`balanced_opening`],
//! [`Adjudicator`]). A side whose clock runs out loses, and the game ends there.
//!
//! Each completed iteration becomes one [`IterationRow`]; the rows of a search are handed
//! over when it ends, so each row also knows the move finally played and the search's total
//! time. The search's public events carry no per-move node counts, so the best move's node
//! share and the best-move-change count within an iteration are not recorded.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use movegen::{Move, Position};
use nnue::Network;
use search::{ScoreBound, SearchControl, SearchEvent, SearchRequest, UciScore, Worker};
use timeman::{Clock, Limits, Millis, TimeManager, TimeOptions};
use tt::{TranspositionTable, TtError};

use crate::adjudicate::{Adjudicator, Rules};
use crate::play::{OpeningRules, balanced_opening, game_over};
use crate::player::{NodeLimits, Player};
use rng::Rng;

/// A base time plus increment, in ms, optionally repeating every so many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's clock at the start, and the time added after each period.
    pub base_ms: i64,
    /// Added to the mover's clock after each move.
    pub increment_ms: i64,
    /// Moves per period (`40` in 40 moves in 20 s), 0 for one period, the whole game.
    pub moves_per_period: u32,
}

impl TimeControl {
    /// Moves the side still has to make in the current period, after `made` moves (the
    /// `movestogo` a GUI sends), 0 when the control does not repeat.
    #[must_use]
    pub fn moves_to_go(&self, made: u32) -> u32 {
        match self.moves_per_period {
            0 => 0,
            period => period - made % period,
        }
    }

    /// The side's clock after its move number `made` (from 1) took `spent_ms` from `clock_ms`:
    /// less the time, plus the increment, plus the base again at the end of a period. `None`
    /// when the time ran out.
    #[must_use]
    pub fn clock_after(&self, clock_ms: i64, spent_ms: i64, made: u32) -> Option<i64> {
        let left = clock_ms - spent_ms;
        if left < 0 {
            return None;
        }
        let refill = self.moves_per_period > 0 && made % self.moves_per_period == 0;
        Some(left + self.increment_ms + if refill { self.base_ms } else { 0 })
    }
}

/// One completed iteration of one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationRow {
    /// Game number, from 1.
    pub game: u64,
    /// The root's game ply (0 = White's first move).
    pub ply: u32,
    /// The mover's clock when the search started, ms.
    pub clock_ms: i64,
    /// The planned optimum and maximum for this search, ms.
    pub optimum_ms: u64,
    /// See `optimum_ms`.
    pub maximum_ms: u64,
    /// The iteration's depth and selective depth.
    pub depth: u32,
    /// See `depth`.
    pub seldepth: u32,
    /// Time since the search started when the iteration completed, ms.
    pub elapsed_ms: u64,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// The iteration's score: centipawns, or `M<n>` / `M-<n>` for mates.
    pub score: String,
    /// The iteration's best move (UCI).
    pub best: String,
    /// The move finally played by this search (UCI).
    pub played: String,
    /// The search's whole time, `go` to `bestmove`, ms.
    pub total_ms: u64,
    /// Nodes searched so far under the iteration's best move, every iteration together.
    pub best_nodes: u64,
}

/// The log's header line (tab-separated column names).
pub const HEADER: &str = "game\tply\tclock_ms\toptimum_ms\tmaximum_ms\tdepth\tseldepth\telapsed_ms\tnodes\tscore\tbest\tplayed\ttotal_ms\tbest_nodes";

impl IterationRow {
    /// The row as one tab-separated line, columns in [`HEADER`]'s order.
    #[must_use]
    pub fn to_tsv(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.ply,
            self.clock_ms,
            self.optimum_ms,
            self.maximum_ms,
            self.depth,
            self.seldepth,
            self.elapsed_ms,
            self.nodes,
            self.score,
            self.best,
            self.played,
            self.total_ms,
            self.best_nodes
        )
    }
}

/// How a logged game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoggedEnding {
    /// By the rules or by adjudication.
    Played,
    /// A side's clock ran out (its search overran the clock).
    TimeLoss,
    /// `stop` was set, or no opening was found.
    Abandoned,
}

/// How both sides of a logged game play.
#[derive(Clone, Debug)]
pub struct LogSetup {
    /// The clock each side plays on.
    pub tc: TimeControl,
    /// Each side's own table, MiB.
    pub hash_mb: usize,
    /// The evaluation (`None`: the hand-crafted one).
    pub network: Option<Arc<Network>>,
    /// The time manager's options, as `setoption` would set them (another `Time Model`
    /// logs searches that stop where that model stops them).
    pub time_options: TimeOptions,
}

/// One side's engine state.
struct Side {
    tt: TranspositionTable,
    worker: Worker,
    control: SearchControl,
    clock_ms: i64,
    /// Moves made so far.
    moves_made: u32,
}

/// Plays game number `game` with both sides set up as `setup` says, and hands every search's
/// rows to `sink`.
///
/// # Errors
/// When a table cannot be allocated.
pub fn play_logged_game(
    game: u64,
    setup: &LogSetup,
    rng: &mut Rng,
    stop: &AtomicBool,
    sink: &mut dyn FnMut(&[IterationRow]),
) -> Result<LoggedEnding, TtError> {
    let mut checker = Player::new(1, NodeLimits::soft(5000))?;
    let Some((opening, _)) = balanced_opening(&mut checker, &OpeningRules::default(), rng) else {
        return Ok(LoggedEnding::Abandoned);
    };
    let new_side = || -> Result<Side, TtError> {
        let mut worker = Worker::new();
        worker.set_network(setup.network.clone());
        Ok(Side {
            tt: TranspositionTable::new(setup.hash_mb)?,
            worker,
            control: SearchControl::default(),
            clock_ms: setup.tc.base_ms,
            moves_made: 0,
        })
    };
    let mut sides = [new_side()?, new_side()?];
    let (mut position, mut keys) = (opening.position, opening.keys);
    let mut adjudicator = Adjudicator::new(Rules::default());
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(LoggedEnding::Abandoned);
        }
        if game_over(&position, &keys).is_some() {
            return Ok(LoggedEnding::Played);
        }
        let side = &mut sides[position.turn() as usize];
        let Some((mv, score, rows)) = logged_search(game, setup, side, &position, &keys) else {
            return Ok(LoggedEnding::Played);
        };
        sink(&rows);
        let spent = rows.first().map_or(0, |r| r.total_ms);
        side.moves_made += 1;
        let spent = i64::try_from(spent).unwrap_or(i64::MAX);
        let Some(clock) = setup.tc.clock_after(side.clock_ms, spent, side.moves_made) else {
            return Ok(LoggedEnding::TimeLoss);
        };
        side.clock_ms = clock;
        let white_score = if position.turn() == movegen::Color::White {
            score
        } else {
            -score
        };
        keys.push(position.key());
        position.play(mv);
        if adjudicator.record(white_score).is_some() {
            return Ok(LoggedEnding::Played);
        }
    }
}

/// One timed search of `position` by `side`: the move, its score and the iteration rows.
fn logged_search(
    game: u64,
    setup: &LogSetup,
    side: &mut Side,
    position: &Position,
    keys: &[u64],
) -> Option<(Move, i32, Vec<IterationRow>)> {
    let tc = setup.tc;
    let clock = Clock::new(
        Millis(side.clock_ms),
        Millis(tc.increment_ms),
        tc.moves_to_go(side.moves_made),
    );
    let options = setup.time_options;
    let ply = position.game_ply();
    let received = Instant::now();
    let plain = Limits {
        clock: Some(clock),
        ..Limits::default()
    };
    // The plan the search makes (without the few µs between here and its start).
    let budget = TimeManager::new(&plain, &options, ply).budget()?;
    let request = SearchRequest {
        position: position.clone(),
        history: keys.to_vec(),
        limits: Limits {
            received: Some(received),
            ..plain
        },
        time_options: options,
        searchmoves: Vec::new(),
        multipv: 1,
        tablebases: None,
        strength: search::Strength::FULL,
        seed: 0,
    };
    let mut rows: Vec<IterationRow> = Vec::new();
    let mut on_event = |event: SearchEvent<'_>| {
        let SearchEvent::Info(info) = event else {
            return;
        };
        // Completed iterations report one exact line each; the final line repeats the last
        // completed depth and is skipped.
        if info.bound != ScoreBound::Exact || info.multipv != 1 {
            return;
        }
        if rows.last().is_some_and(|r| r.depth >= info.depth) {
            return;
        }
        rows.push(IterationRow {
            game,
            ply,
            clock_ms: clock.remaining.0,
            optimum_ms: millis(budget.optimum),
            maximum_ms: millis(budget.maximum),
            depth: info.depth,
            seldepth: info.seldepth,
            elapsed_ms: millis(info.elapsed),
            nodes: info.nodes,
            score: score_text(info.score),
            best: info
                .pv
                .first()
                .map_or_else(String::new, |m| m.to_uci(false).to_string()),
            played: String::new(),
            total_ms: 0,
            best_nodes: info.move_nodes,
        });
    };
    side.control.reset();
    let outcome = side
        .worker
        .search(&request, &side.tt, &side.control, &mut on_event);
    let total_ms = millis(received.elapsed());
    let mv = outcome.best_move?;
    let played = mv.to_uci(false).to_string();
    for row in &mut rows {
        row.played.clone_from(&played);
        row.total_ms = total_ms;
    }
    Some((mv, outcome.score, rows))
}

/// A duration in whole ms.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Centipawns, or `M<n>` for a mate in n moves (negative: being mated).
fn score_text(score: UciScore) -> String {
    match score.mate_moves() {
        Some(n) => format!("M{n}"),
        None => score.0.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-crafted evaluation, a 1 MiB table, the default time options.
    fn setup(tc: TimeControl) -> LogSetup {
        LogSetup {
            tc,
            hash_mb: 1,
            network: None,
            time_options: TimeOptions::default(),
        }
    }

    #[test]
    fn a_game_logs_every_search_with_its_played_move() {
        // A short clock keeps the test quick; what is checked does not depend on the speed
        // (a time loss on a slow machine still ends the game with its searches logged).
        let tc = TimeControl {
            base_ms: 600,
            increment_ms: 10,
            moves_per_period: 0,
        };
        let mut searches: Vec<Vec<IterationRow>> = Vec::new();
        let stop = AtomicBool::new(false);
        let ending = play_logged_game(1, &setup(tc), &mut Rng::new(3), &stop, &mut |rows| {
            searches.push(rows.to_vec());
        })
        .expect("tables");
        assert_ne!(ending, LoggedEnding::Abandoned);
        assert!(!searches.is_empty());
        for rows in &searches {
            let first = rows.first().expect("every search completes depth 1");
            assert_eq!(first.depth, 1);
            for pair in rows.windows(2) {
                assert!(pair[1].depth > pair[0].depth, "{pair:?}");
                assert!(pair[1].elapsed_ms >= pair[0].elapsed_ms, "{pair:?}");
            }
            let last = rows.last().expect("rows");
            assert!(rows.iter().all(|r| r.played == first.played));
            assert!(rows.iter().all(|r| r.optimum_ms <= r.maximum_ms));
            // The best move's effort is part of the search's, and never nothing.
            assert!(
                rows.iter()
                    .all(|r| 0 < r.best_nodes && r.best_nodes <= r.nodes)
            );
            assert_eq!(
                last.to_tsv().split('\t').count(),
                HEADER.split('\t').count()
            );
        }
        // Plies follow one another.
        for pair in searches.windows(2) {
            assert_eq!(pair[1][0].ply, pair[0][0].ply + 1);
        }
    }

    #[test]
    fn the_time_options_reach_the_plan() {
        // One search each (the sink stops the run), from a clock whose plan the options set.
        let first_optimum = |time_options: TimeOptions| {
            let tc = TimeControl {
                base_ms: 4000,
                increment_ms: 0,
                moves_per_period: 0,
            };
            let setup = LogSetup {
                time_options,
                ..setup(tc)
            };
            let stop = AtomicBool::new(false);
            let mut optimum = None;
            play_logged_game(1, &setup, &mut Rng::new(5), &stop, &mut |rows| {
                optimum = optimum.or(rows.first().map(|r| r.optimum_ms));
                stop.store(true, Ordering::Relaxed);
            })
            .expect("tables");
            optimum.expect("one search logged")
        };
        let slow = TimeOptions {
            slow_mover: 200,
            ..TimeOptions::default()
        };
        let (plain, slower) = (first_optimum(TimeOptions::default()), first_optimum(slow));
        assert!(
            slower > plain,
            "Slow Mover 200: {slower} ms, default: {plain} ms"
        );
    }

    #[test]
    fn a_stopped_run_abandons_the_game() {
        let tc = TimeControl {
            base_ms: 1000,
            increment_ms: 10,
            moves_per_period: 0,
        };
        let stop = AtomicBool::new(true);
        let mut calls = 0;
        let ending = play_logged_game(1, &setup(tc), &mut Rng::new(1), &stop, &mut |_| calls += 1);
        assert_eq!(ending, Ok(LoggedEnding::Abandoned));
        assert_eq!(calls, 0);
    }

    #[test]
    fn a_repeating_control_refills_the_clock_after_each_period() {
        let tc = TimeControl {
            base_ms: 20_000,
            increment_ms: 0,
            moves_per_period: 40,
        };
        assert_eq!(
            (tc.moves_to_go(0), tc.moves_to_go(39), tc.moves_to_go(40)),
            (40, 1, 40)
        );
        assert_eq!(tc.clock_after(1_000, 300, 39), Some(700));
        assert_eq!(tc.clock_after(1_000, 300, 40), Some(20_700));
        assert_eq!(tc.clock_after(1_000, 1_001, 40), None);
        let sudden = TimeControl {
            moves_per_period: 0,
            increment_ms: 50,
            ..tc
        };
        assert_eq!(sudden.moves_to_go(40), 0);
        assert_eq!(sudden.clock_after(1_000, 300, 40), Some(750));
    }

    #[test]
    fn mate_scores_are_marked() {
        assert_eq!(score_text(UciScore(search::mate_in(5))), "M3");
        assert_eq!(score_text(UciScore(-35)), "-35");
    }
}
