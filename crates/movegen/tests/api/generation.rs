//! Staged generation: noisy and quiet moves partition all legal moves, and each stage holds
//! exactly the moves of its kind.

use movegen::{GenKind, Move, MoveList, Position};

use crate::util::{Rng, all_fens, pos};

fn is_noisy(p: &Position, mv: Move) -> bool {
    p.is_capture(mv) || mv.promotion().is_some()
}

fn check_partition(p: &Position) {
    let all = p.generate_moves(GenKind::All);
    let noisy = p.generate_moves(GenKind::Noisy);
    let quiet = p.generate_moves(GenKind::Quiet);
    assert_eq!(all.as_slice(), p.legal_moves().as_slice(), "{}", p.fen());
    assert_eq!(noisy.len() + quiet.len(), all.len(), "{}", p.fen());
    for mv in &noisy {
        assert!(
            all.contains(mv) && !quiet.contains(mv),
            "{mv:?} in {}",
            p.fen()
        );
        assert!(is_noisy(p, *mv), "{mv:?} generated as noisy in {}", p.fen());
    }
    for mv in &quiet {
        assert!(all.contains(mv), "{mv:?} in {}", p.fen());
        assert!(
            !is_noisy(p, *mv),
            "{mv:?} generated as quiet in {}",
            p.fen()
        );
    }
    assert_eq!(p.has_legal_moves(), !all.is_empty());
}

/// A list reused across positions and kinds holds exactly what a fresh one would: nothing
/// of the previous contents survives.
fn check_reused_list(p: &Position, list: &mut MoveList) {
    for kind in [GenKind::All, GenKind::Noisy, GenKind::Quiet] {
        p.generate_into(kind, list);
        assert_eq!(
            list.as_slice(),
            p.generate_moves(kind).as_slice(),
            "{kind:?} in {}",
            p.fen()
        );
    }
}

#[test]
fn noisy_and_quiet_partition_all_moves_along_random_games() {
    let mut rng = Rng::new(2024);
    let mut reused = MoveList::new();
    for (fen, _) in all_fens() {
        let mut p = pos(fen);
        for _ in 0..150 {
            check_partition(&p);
            check_reused_list(&p, &mut reused);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn checkmate_and_stalemate_have_no_moves_of_any_kind() {
    for fen in [
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let p = pos(fen);
        for kind in [GenKind::All, GenKind::Noisy, GenKind::Quiet] {
            assert!(p.generate_moves(kind).is_empty(), "{kind:?} in {fen}");
        }
    }
}
