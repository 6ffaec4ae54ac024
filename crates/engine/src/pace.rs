//! A human pace below full strength: the move of a timed game waits for a natural share of the
//! clock instead of coming at once.
//!
//! A weaker level searches a few thousand nodes, so its move is ready after a few
//! milliseconds; against a person in a GUI an answer that fast feels wrong. With `Human Pace`
//! on (the default), a search below full strength (`Skill Level` under 20 or
//! `UCI_LimitStrength`) under a clock (`wtime`/`btime`, nothing else bounding it) answers once
//! the time the time manager plans for the move at full strength (its optimum, counted from
//! reading `go`) has passed. The pause only waits: the move was chosen before it, so the
//! level's strength, calibrated without it, stays the same. `stop`, `quit` and a new `go`
//! end it at once, and the move is played.
//!
//! No pause for a fixed `movetime`, `depth`, `nodes` or `mate` (the GUI asked for exactly
//! that), for `infinite` and `ponder` (they already wait for the GUI), or with only one legal
//! move (a person plays a forced move quickly too).

use std::thread;
use std::time::{Duration, Instant};

use search::{SearchControl, SearchRequest};
use timeman::{Limits, TimeManager};

/// How often the pause looks for `stop`: short enough that its answer feels immediate.
const STOP_POLL: Duration = Duration::from_millis(2);

/// When the answer to `request` (a `go` read at `received`, at `game_ply`) may be written:
/// `None` when it needs no pause (full strength, no clock, or a limit the GUI fixed).
pub(crate) fn answer_not_before(
    request: &SearchRequest,
    game_ply: u32,
    received: Instant,
) -> Option<Instant> {
    let limits = &request.limits;
    let fixed = limits.movetime.is_some()
        || limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.mate.is_some();
    if request.strength.is_full()
        || limits.clock.is_none()
        || fixed
        || limits.infinite
        || limits.ponder
        || request.position.legal_moves().len() <= 1
    {
        return None;
    }
    let plain = Limits {
        received: None,
        ..*limits
    };
    let budget = TimeManager::new(&plain, &request.time_options, game_ply).budget()?;
    received.checked_add(budget.optimum)
}

/// Waits until `until` or until a stop is requested, whichever comes first.
pub(crate) fn pause(until: Instant, control: &SearchControl) {
    while !control.stop_requested() {
        let now = Instant::now();
        if now >= until {
            return;
        }
        thread::sleep((until - now).min(STOP_POLL));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;
    use search::Strength;
    use timeman::{Clock, Millis};

    fn request(strength: Strength, limits: Limits) -> SearchRequest {
        let mut request = SearchRequest::new(Position::startpos(), limits);
        request.strength = strength;
        request
    }

    fn clock(ms: i64) -> Limits {
        Limits {
            clock: Some(Clock::new(Millis(ms), Millis::ZERO, 0)),
            ..Limits::default()
        }
    }

    #[test]
    fn only_a_limited_level_under_a_clock_waits() {
        let now = Instant::now();
        let weak = Strength::from_elo(1320);
        let until = answer_not_before(&request(weak, clock(60_000)), 0, now)
            .expect("a pause for a weak level with a minute on the clock");
        assert!(
            until > now + Duration::from_millis(100),
            "{:?}",
            until - now
        );
        assert!(until < now + Duration::from_secs(60));
        assert_eq!(
            answer_not_before(&request(Strength::FULL, clock(60_000)), 0, now),
            None
        );
        let fixed = [
            Limits {
                movetime: Some(Millis(100)),
                ..clock(60_000)
            },
            Limits {
                depth: Some(5),
                ..clock(60_000)
            },
            Limits {
                nodes: Some(1000),
                ..clock(60_000)
            },
            Limits {
                ponder: true,
                ..clock(60_000)
            },
            Limits {
                depth: Some(5),
                ..Limits::default()
            },
        ];
        for limits in fixed {
            assert_eq!(
                answer_not_before(&request(weak, limits), 0, now),
                None,
                "{limits:?}"
            );
        }
    }

    #[test]
    fn a_forced_move_does_not_wait() {
        // The rook takes the g-file: Black's only move is Kh7.
        let pos = Position::from_fen("7k/8/8/8/8/8/8/K5R1 b - - 0 1").unwrap();
        assert_eq!(pos.legal_moves().len(), 1);
        let mut forced = SearchRequest::new(pos, clock(60_000));
        forced.strength = Strength::from_elo(1320);
        assert_eq!(answer_not_before(&forced, 0, Instant::now()), None);
    }

    #[test]
    fn a_stop_ends_the_pause() {
        let control = SearchControl::default();
        control.request_stop();
        let far = Instant::now() + Duration::from_secs(3600);
        // Returns at once: a stop that came before the pause is not missed.
        pause(far, &control);
        assert!(control.stop_requested());
    }
}
