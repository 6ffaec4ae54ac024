//! The one-thread search as a library call (`Worker::search`): what other tools (bench, data
//! generation) rely on, mate scores through a warm hash table, repetitions of the game, the
//! move played when a limit interrupts an iteration and the last line reported for it, and the
//! worker's record of its timed searches.

use movegen::{Move, Position};
use search::{SearchControl, SearchEvent, SearchOutcome, SearchRequest, Worker, mate_in, mated_in};
use timeman::{Clock, Limits, Millis, Pace, SUGGESTED_SPEND_TARGET_PERCENT};
use tt::TranspositionTable;

/// The Two Knights Defence (1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6), White to move: the position of
/// the node-limit tests.
const TWO_KNIGHTS: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

fn request(pos: &Position, depth: u32) -> SearchRequest {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    SearchRequest::new(pos.clone(), limits)
}

fn node_request(pos: &Position, nodes: u64) -> SearchRequest {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    SearchRequest::new(pos.clone(), limits)
}

fn search(worker: &mut Worker, tt: &TranspositionTable, req: &SearchRequest) -> SearchOutcome {
    worker.search(req, tt, &SearchControl::default(), &mut |_| {})
}

fn play(pos: &Position, uci: &str) -> (Position, Move) {
    let mv = pos.parse_uci_move(uci, false).expect("legal move");
    let mut next = pos.clone();
    next.play(mv);
    (next, mv)
}

/// Mate scores are stored relative to the node and read back relative to the new root: the
/// same table, warm from a search of the mate in 2, gives the right distance from each later
/// position of the mating line.
#[test]
fn mate_scores_keep_their_distance_through_the_hash_table() {
    // 1.Rd8+ Re8 2.Rxe8#
    let root = Position::from_fen("6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1").expect("FEN");
    let tt = TranspositionTable::new(4).expect("table");
    let mut worker = Worker::new();
    let first = search(&mut worker, &tt, &request(&root, 8));
    assert_eq!(first.score, mate_in(3));
    let again = search(&mut worker, &tt, &request(&root, 8));
    assert_eq!(
        (again.score, again.best_move),
        (mate_in(3), first.best_move)
    );

    let (checked, _) = play(&root, "d1d8");
    let outcome = search(&mut worker, &tt, &request(&checked, 6));
    assert_eq!(outcome.score, mated_in(2), "black is mated in 2 plies");
    let (blocked, _) = play(&checked, "e2e8");
    let outcome = search(&mut worker, &tt, &request(&blocked, 6));
    assert_eq!(outcome.score, mate_in(1));
    assert_eq!(
        outcome.best_move.map(|m| m.to_uci(false).to_string()),
        Some("d8e8".to_string())
    );
    // And a fresh table agrees with the warm one.
    let fresh = TranspositionTable::new(4).expect("table");
    let outcome = search(&mut Worker::new(), &fresh, &request(&checked, 6));
    assert_eq!(outcome.score, mated_in(2));
}

/// A root move that repeats a position of the game (given as the request's history) is a
/// draw; without that history it is not.
#[test]
fn repeating_a_position_of_the_game_is_a_draw() {
    // After 1.e4 e5 2.Nf3 Nc6; the game went on 3.Ng1 Nb8 4.Nf3, and Nc6 would repeat.
    let start =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
            .expect("FEN");
    let mut keys = vec![start.key()];
    let mut pos = start.clone();
    for uci in ["f3g1", "c6b8", "g1f3"] {
        pos = play(&pos, uci).0;
        keys.push(pos.key());
    }
    keys.pop(); // the history holds the positions before the root
    let (_, repeat) = play(&pos, "b8c6");
    let mut req = request(&pos, 5);
    req.searchmoves = vec![repeat];
    let tt = TranspositionTable::new(4).expect("table");
    let without = search(&mut Worker::new(), &tt, &req);
    req.history = keys;
    let mut tt = tt;
    tt.clear(1);
    let with = search(&mut Worker::new(), &tt, &req);
    assert_eq!(with.best_move, Some(repeat));
    assert_eq!(with.score, 0, "the repetition is a draw");
    assert_ne!(
        without.score, 0,
        "without the game's history it is a normal move"
    );
}

/// One worker searching many positions one after another (as data generation does) gives
/// the same results as a fresh worker for each, once cleared between them.
#[test]
fn a_cleared_worker_searches_like_a_new_one() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let mut reused = Worker::new();
    for fen in fens {
        let pos = Position::from_fen(fen).expect("FEN");
        let mut tt = TranspositionTable::new(4).expect("table");
        reused.clear();
        let a = search(&mut reused, &tt, &request(&pos, 7));
        tt.clear(1);
        let b = search(&mut Worker::new(), &tt, &request(&pos, 7));
        assert_eq!(a, b, "{fen}");
    }
}

/// The pace (what timed searches spent against their plan) is recorded by clock searches
/// only, unless `TM Spend Target` is 0 (its default), and kept by `clear`.
#[test]
fn clock_searches_feed_the_pace_and_clear_keeps_it() {
    let pos = Position::startpos();
    let tt = TranspositionTable::new(4).expect("table");
    let mut worker = Worker::new();
    search(&mut worker, &tt, &request(&pos, 4));
    assert_eq!(
        *worker.pace(),
        Pace::default(),
        "a depth search has no plan"
    );
    let mut clock = SearchRequest::new(
        pos,
        Limits {
            clock: Some(Clock::new(Millis(2000), Millis::ZERO, 0)),
            ..Limits::default()
        },
    );
    clock.time_options.spend_target_percent = 0;
    search(&mut worker, &tt, &clock);
    assert_eq!(
        *worker.pace(),
        Pace::default(),
        "TM Spend Target 0 keeps the threshold fixed"
    );
    clock.time_options.spend_target_percent = SUGGESTED_SPEND_TARGET_PERCENT;
    search(&mut worker, &tt, &clock);
    let after_one = *worker.pace();
    assert_ne!(after_one, Pace::default());
    worker.clear();
    assert_eq!(*worker.pace(), after_one);
}

/// A tuner may set any value in a parameter's range: searches with every parameter at the
/// smallest, at the largest and at random values of its range end with a legal move.
#[cfg(feature = "tune")]
#[test]
fn every_value_a_tuner_may_set_searches() {
    use search::{PARAMS, SearchParams};
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "6k1/5ppp/8/8/8/8/4rPPP/3R2K1 w - - 0 1",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut random = |lo: i32, hi: i32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        lo + (state % (hi - lo + 1) as u64) as i32
    };
    let settings: Vec<SearchParams> = (0..6)
        .map(|i| {
            let mut params = SearchParams::default();
            for spec in PARAMS {
                let value = match i {
                    0 => spec.min,
                    1 => spec.max,
                    _ => random(spec.min, spec.max),
                };
                params.set(spec.name, i64::from(value)).expect("a row");
            }
            params
        })
        .collect();
    for params in settings {
        for fen in fens {
            let pos = Position::from_fen(fen).expect("FEN");
            let tt = TranspositionTable::new(4).expect("table");
            let mut worker = Worker::new();
            worker.set_params(params);
            let outcome = search(&mut worker, &tt, &request(&pos, 9));
            let best = outcome.best_move.expect("a move");
            assert!(pos.legal_moves().contains(&best), "{fen}: {params:?}");
        }
    }
}

/// A search stopped by its node limit inside an iteration plays the last completed
/// iteration's move, unless that iteration had already proved another move better. Scanned
/// over node limits, at some limit the interrupted iteration's move is played; in this
/// position the only move that beats the first one there is the deeper search's final
/// choice, so every move played is one of the two fixed-depth searches' choices.
#[test]
fn an_interrupted_iteration_plays_a_move_it_proved_better() {
    let root = Position::from_fen(TWO_KNIGHTS).expect("FEN");
    // Each depth's choice, searched once with fresh tables (as the node-limited searches start).
    let mut choices = std::collections::HashMap::new();
    let mut best_at = |depth: u32| {
        *choices.entry(depth).or_insert_with(|| {
            let tt = TranspositionTable::new(4).expect("table");
            search(&mut Worker::new(), &tt, &request(&root, depth)).best_move
        })
    };
    let mut deeper_move_played = 0;
    for nodes in (300..=9_000).step_by(300) {
        let tt = TranspositionTable::new(4).expect("table");
        let req = node_request(&root, nodes);
        let outcome = search(&mut Worker::new(), &tt, &req);
        let completed = best_at(outcome.depth);
        if outcome.best_move != completed {
            assert_eq!(
                outcome.best_move,
                best_at(outcome.depth + 1),
                "at {nodes} nodes, depth {} completed",
                outcome.depth
            );
            deeper_move_played += 1;
        }
    }
    assert!(deeper_move_played > 0);
}

/// The last line reported before the move is played starts with that move, also when the
/// node limit interrupts an iteration that had proved another move better than the last
/// completed one's (a GUI shows that line as the engine's plan for the move it played).
#[test]
fn the_last_line_reported_starts_with_the_move_played() {
    let root = Position::from_fen(TWO_KNIGHTS).expect("FEN");
    let mut final_line_on_another_move = 0;
    for nodes in (300..=9_000).step_by(300) {
        let tt = TranspositionTable::new(4).expect("table");
        let req = node_request(&root, nodes);
        let mut lines = Vec::new();
        let outcome = Worker::new().search(&req, &tt, &SearchControl::default(), &mut |event| {
            if let SearchEvent::Info(info) = event {
                lines.push((info.depth, info.pv.first().copied()));
            }
        });
        let (last_depth, last_move) = *lines.last().expect("a line reported");
        assert_eq!(last_move, outcome.best_move, "at {nodes} nodes");
        // A final line at the completed depth again, on another move than that iteration's:
        // the interrupted iteration's move, the case the final line is for.
        if let [.., (depth, mv), _] = lines[..]
            && depth == last_depth
            && mv != last_move
        {
            final_line_on_another_move += 1;
        }
    }
    assert!(
        final_line_on_another_move > 0,
        "no search played an interrupted iteration's move"
    );
}
