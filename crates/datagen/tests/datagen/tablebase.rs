//! Games ended on the Syzygy tables the repository carries (`testdata/syzygy`, 3 and 4 pieces):
//! the verdict is exact (the fifty-move counter is respected), and a run that has the tables
//! ends its endgames with their result.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use datafmt::{GameReader, GameResult};
use datagen::{
    Config, Ending, NodeLimits, OpeningRules, Rules, StartPositions, Target, tablebase_result,
};
use movegen::Position;
use syzygy::Tablebases;

fn repo_tables() -> Tablebases {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/syzygy");
    let (tables, report) = syzygy::load(path.to_str().expect("utf-8 path"));
    let tables = tables.unwrap_or_else(|| panic!("no tables: {:?}", report.messages()));
    tables.read_all_now();
    tables
}

fn fen(text: &str) -> Position {
    Position::from_fen(text).unwrap()
}

/// One test: the prober holds one set of tables per process.
#[test]
fn games_end_with_the_tables_result() {
    let tables = repo_tables();

    // Verdicts on single positions.
    let queen_up = "4k3/8/8/8/8/8/8/3QK3";
    assert_eq!(
        tablebase_result(&tables, &fen(&format!("{queen_up} w - - 0 1"))),
        Some(GameResult::WhiteWin)
    );
    assert_eq!(
        tablebase_result(&tables, &fen(&format!("{queen_up} b - - 0 1"))),
        Some(GameResult::WhiteWin)
    );
    // A win with the counter running may still be drawn by the fifty-move rule: play on.
    assert_eq!(
        tablebase_result(&tables, &fen(&format!("{queen_up} w - - 30 40"))),
        None
    );
    // A draw is a draw on any counter.
    let rooks = "8/8/4k3/8/8/3K4/r7/7R w - - 30 40";
    assert_eq!(
        tablebase_result(&tables, &fen(rooks)),
        Some(GameResult::Draw)
    );
    // Five pieces: not in the tables.
    let five = "4k3/8/8/8/8/8/rP6/R3K3 w - - 0 1";
    assert_eq!(tablebase_result(&tables, &fen(five)), None);

    // A run from five-piece endings: the first capture enters the tables and ends the game.
    let book = [
        "8/8/4k3/8/2r5/8/3RP3/4K3 w - - 0 1",
        "8/5k2/8/3p4/8/2Q5/8/4K2q w - - 0 1",
        "8/8/3k4/3p4/3P4/3K4/7N/8 w - - 0 1",
        "6k1/5p2/8/8/8/8/5P2/4B1K1 w - - 0 1",
    ];
    let starts: Vec<Position> = book.iter().map(|f| fen(f)).collect();
    let config = |tablebases: Option<Arc<Tablebases>>| Config {
        threads: 1,
        nodes: NodeLimits::soft(400),
        hash_mb: 1,
        seed: 7,
        target: Target::Games(8),
        openings: OpeningRules {
            starts: StartPositions::Book(starts.clone()),
            min_plies: 2,
            max_plies: 3,
            max_score: 2000,
        },
        rules: Rules::default(),
        progress_every: Duration::from_secs(3600),
        network: None,
        tablebases,
    };
    let tables = Arc::new(tables);
    let mut bytes = Vec::new();
    let summary = datagen::run(&config(Some(tables.clone())), &mut bytes, &mut |_| {}).unwrap();
    let by_tables = summary.endings[Ending::ALL
        .iter()
        .position(|&e| e == Ending::Tablebase)
        .unwrap()];
    assert!(by_tables >= 4, "{summary:?}");
    for game in GameReader::new(&bytes[..]) {
        let game = game.unwrap();
        let mut position = game.start.clone();
        for &(mv, _) in &game.moves {
            position.play(mv);
        }
        // Wherever a game ended, the tables' exact verdict (if they have one) is its result:
        // either the tables ended it, or the rules ended it in a position they agree with.
        if let Some(result) = tablebase_result(&tables, &position) {
            assert_eq!(result, game.result, "{}", position.fen());
        }
        // No earlier position of the game had an exact verdict: the game stopped at the first.
        let mut earlier = game.start.clone();
        for &(mv, _) in &game.moves {
            assert_eq!(
                tablebase_result(&tables, &earlier),
                None,
                "{}",
                earlier.fen()
            );
            earlier.play(mv);
        }
    }

    // Without the tables the same games go on past that point.
    let mut plain = Vec::new();
    let without = datagen::run(&config(None), &mut plain, &mut |_| {}).unwrap();
    assert_eq!(
        without.endings[Ending::ALL
            .iter()
            .position(|&e| e == Ending::Tablebase)
            .unwrap()],
        0
    );
    assert!(
        without.progress.positions > summary.progress.positions,
        "{without:?} {summary:?}"
    );
}
