//! Whole runs: the same seed gives the same bytes, whatever the thread count, and the bytes
//! read back as legal games.

use std::time::Duration;

use datafmt::{Game, GameReader};
use datagen::{Config, NodeLimits, OpeningRules, Rules, StartPositions, Summary, Target};

fn config(threads: usize, seed: u64, target: Target) -> Config {
    Config {
        threads,
        nodes: NodeLimits::soft(300),
        hash_mb: 1,
        seed,
        target,
        openings: OpeningRules::default(),
        rules: Rules::default(),
        progress_every: Duration::from_secs(3600),
        network: None,
        tablebases: None,
    }
}

fn generate(config: &Config) -> (Vec<u8>, Summary) {
    let mut out = Vec::new();
    let summary = datagen::run(config, &mut out, &mut |_| {}).unwrap();
    (out, summary)
}

fn read(bytes: &[u8]) -> Vec<Game> {
    GameReader::new(bytes).collect::<Result<_, _>>().unwrap()
}

#[test]
fn same_seed_same_bytes_whatever_the_threads() {
    let (one, summary) = generate(&config(1, 42, Target::Games(3)));
    let (again, _) = generate(&config(1, 42, Target::Games(3)));
    let (two, _) = generate(&config(2, 42, Target::Games(3)));
    assert_eq!(one, again);
    assert_eq!(one, two);
    let (other_seed, _) = generate(&config(1, 43, Target::Games(3)));
    assert_ne!(one, other_seed);

    let games = read(&one);
    assert_eq!(games.len(), 3);
    assert_eq!(summary.progress.games, 3);
    let positions: usize = games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(summary.progress.positions, positions as u64);
    assert_eq!(summary.bytes, one.len() as u64);
    assert_eq!(summary.endings.iter().sum::<u64>(), 3);
    assert_eq!(summary.progress.results.iter().sum::<u64>(), 3);
    // Most moves search past the 300-node soft limit (mates found early stop sooner).
    assert!(
        summary.nodes > summary.progress.positions * 200,
        "{summary:?}"
    );
    for game in &games {
        assert!(!game.moves.is_empty());
        // Openings are 8 or 9 random plies from the start position.
        let ply = game.start.game_ply();
        assert!((8..=9).contains(&ply), "opening of {ply} plies");
    }
}

/// A run to a number of positions writes the first games of the same seed, up to the first
/// that reaches the number.
#[test]
fn a_position_target_writes_a_prefix_of_the_games() {
    let (games, _) = generate(&config(2, 7, Target::Games(4)));
    let games = read(&games);
    let first_two: usize = games[..2].iter().map(|g| g.moves.len()).sum();
    let (bytes, summary) = generate(&config(2, 7, Target::Positions(first_two as u64 - 1)));
    assert_eq!(read(&bytes), games[..2]);
    assert_eq!(summary.progress.positions, first_two as u64);
}

#[test]
fn chess960_runs_make_legal_games() {
    let mut cfg = config(1, 5, Target::Games(2));
    cfg.openings.starts = StartPositions::DoubleChess960;
    let (bytes, _) = generate(&cfg);
    let games = read(&bytes);
    assert_eq!(games.len(), 2);
    // Double Chess960 back ranks rarely match the standard one.
    assert!(games.iter().any(|g| g.start.piece_at(movegen::Square::B1)
        != Some(movegen::Piece::new(
            movegen::Color::White,
            movegen::Role::Knight
        ))
        || g.start.piece_at(movegen::Square::G1)
            != Some(movegen::Piece::new(
                movegen::Color::White,
                movegen::Role::Knight
            ))));
}

/// Players with the embedded network: the same seed still gives the same bytes whatever the
/// threads, legal games, and other games than the hand-crafted evaluation plays.
#[test]
fn network_runs_repeat_themselves_and_differ_from_hand_crafted_ones() {
    let with_network = |threads| Config {
        network: Some(nnue::Network::embedded_shared()),
        ..config(threads, 11, Target::Games(2))
    };
    let (one, summary) = generate(&with_network(1));
    let (two, _) = generate(&with_network(2));
    assert_eq!(one, two);
    assert_eq!(read(&one).len(), 2);
    assert_eq!(summary.progress.games, 2);
    let (hand_crafted, _) = generate(&config(1, 11, Target::Games(2)));
    assert_ne!(one, hand_crafted, "the network was not used");
}
