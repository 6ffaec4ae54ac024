//! SAN round trips: every legal move of many positions, and of the positions one and two
//! moves on, written in SAN and read back is the same move; no two moves of a position share
//! a text; the check and mate marks say what the move does.

use movegen::Position;

use crate::util::{Rng, all_fens, chess960_start_fen, pos, random_chess960_back_rank};

/// Checks every legal move of `position`, and recurses `depth` plies further.
fn check_tree(position: &Position, depth: u32, checked: &mut u64) {
    let moves = position.legal_moves();
    let mut texts: Vec<String> = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let san = position.san(mv);
        assert_eq!(
            position.parse_san(&san),
            Ok(mv),
            "{san} in {}",
            position.fen()
        );
        let mut after = position.clone();
        after.play(mv);
        let mark = match (after.in_check(), after.has_legal_moves()) {
            (false, _) => None,
            (true, true) => Some('+'),
            (true, false) => Some('#'),
        };
        let last = san.chars().last();
        assert_eq!(
            last.filter(|c| matches!(c, '+' | '#')),
            mark,
            "{san} in {}",
            position.fen()
        );
        // The bare text (no mark) reads back too, as PGN readers meet it.
        let bare = san.trim_end_matches(['+', '#']);
        assert_eq!(position.parse_san(bare), Ok(mv), "{bare}");
        texts.push(san);
        *checked += 1;
        if depth > 0 {
            check_tree(&after, depth - 1, checked);
        }
    }
    let count = texts.len();
    texts.sort();
    texts.dedup();
    assert_eq!(
        texts.len(),
        count,
        "two moves share a text in {}",
        position.fen()
    );
}

#[test]
fn every_move_of_the_test_positions_round_trips() {
    let mut checked = 0;
    for (fen, _) in all_fens() {
        check_tree(&pos(fen), 2, &mut checked);
    }
    assert!(checked > 200_000, "{checked} moves");
}

#[test]
fn random_games_round_trip_to_the_end() {
    let mut rng = Rng::new(0x5A4E);
    let mut checked = 0;
    for game in 0..40 {
        let mut position = if game % 2 == 0 {
            Position::startpos()
        } else {
            let rank = random_chess960_back_rank(&mut rng);
            pos(&chess960_start_fen(rank, game % 4 == 1))
        };
        for _ in 0..200 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            check_tree(&position, 0, &mut checked);
            let mv = moves[rng.below(moves.len())];
            position.play(mv);
        }
    }
    assert!(checked > 50_000, "{checked} moves");
}
