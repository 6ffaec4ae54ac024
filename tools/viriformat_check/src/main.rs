//! Reads a data file with both the viriformat crate and datafmt and compares every position's
//! FEN, score and result. Exits non-zero on the first difference.

use std::io::BufReader;
use std::process::ExitCode;

use datafmt::{GameReader, GameResult};
use viriformat::dataformat::{Game as ViriGame, WDL};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: viriformat-check FILE [max games]");
        return ExitCode::from(2);
    };
    let limit = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(usize::MAX);
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut theirs = BufReader::new(&bytes[..]);
    let (mut games, mut positions) = (0u64, 0u64);
    for game in GameReader::new(&bytes[..]).take(limit) {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                eprintln!("datafmt: {e}");
                return ExitCode::FAILURE;
            }
        };
        let viri = match ViriGame::deserialise_from(&mut theirs, Vec::new()) {
            Ok(viri) => viri,
            Err(e) => {
                eprintln!("viriformat, game {games}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let expected = match game.result {
            GameResult::WhiteWin => WDL::Win,
            GameResult::Draw => WDL::Draw,
            GameResult::BlackWin => WDL::Loss,
        };
        if viri.outcome() != expected {
            eprintln!(
                "game {games}: result {:?} against {:?}",
                viri.outcome(),
                expected
            );
            return ExitCode::FAILURE;
        }
        let mut theirs_positions = Vec::new();
        viri.visit_positions(|board, eval| theirs_positions.push((board.to_string(), eval)));
        let ours: Vec<_> = game.positions().collect();
        if ours.len() != theirs_positions.len() {
            eprintln!(
                "game {games}: {} positions against {}",
                ours.len(),
                theirs_positions.len()
            );
            return ExitCode::FAILURE;
        }
        for (record, (fen, eval)) in ours.iter().zip(&theirs_positions) {
            if record.position.fen() != *fen || i32::from(record.score.white()) != *eval {
                eprintln!(
                    "game {games} ply {}: ours {} ({}), theirs {fen} ({eval})",
                    record.ply,
                    record.position.fen(),
                    record.score.white()
                );
                return ExitCode::FAILURE;
            }
            positions += 1;
        }
        games += 1;
    }
    println!("{games} games, {positions} positions: identical in viriformat and datafmt");
    ExitCode::SUCCESS
}
