//! Positions along random games stay consistent: incremental key equals the key from scratch,
//! FEN out and in gives the same position, and UCI move text round trips in both modes.

use movegen::{Move, Position};

use crate::util::{Rng, all_fens, pos};

/// Plays `plies` random legal moves from `start`, calling `visit` on each position reached and
/// on the move list of the position before it.
fn random_game(rng: &mut Rng, start: &Position, plies: usize, mut visit: impl FnMut(&Position)) {
    let mut p = start.clone();
    visit(&p);
    for _ in 0..plies {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play(moves[rng.below(moves.len())]);
        visit(&p);
    }
}

#[test]
fn incremental_key_and_fen_round_trip_along_random_games() {
    let mut rng = Rng::new(0x5eed);
    let mut positions = 0;
    for (fen, _) in all_fens() {
        let start = pos(fen);
        for _ in 0..12 {
            random_game(&mut rng, &start, 80, |p| {
                positions += 1;
                assert_eq!(p.key(), p.compute_key(), "{}", p.fen());
                let shredder = Position::from_fen(&p.shredder_fen())
                    .unwrap_or_else(|e| panic!("{} does not parse: {e}", p.shredder_fen()));
                assert_eq!(shredder.key(), p.key(), "{}", p.shredder_fen());
                assert_eq!(shredder.fen(), p.fen());
            });
        }
    }
    assert!(positions > 5_000, "only {positions} positions visited");
}

#[test]
fn every_child_of_every_position_parses_back_equal() {
    let mut rng = Rng::new(99);
    for (fen, chess960) in all_fens() {
        random_game(&mut rng, &pos(fen), 30, |p| {
            for mv in p.legal_moves() {
                let mut child = p.clone();
                child.play(mv);
                let reparsed = pos(&child.shredder_fen());
                if chess960 {
                    // Full equality is blocked by the bug shown in
                    // `revoked_castling_leaves_no_trace`; compare all that is observable.
                    assert_eq!(reparsed.shredder_fen(), child.shredder_fen());
                    assert_eq!(reparsed.key(), child.key(), "{mv:?} from {}", p.fen());
                    assert_eq!(reparsed.checkers(), child.checkers());
                    assert_eq!(reparsed.legal_moves(), child.legal_moves());
                } else {
                    assert_eq!(reparsed, child, "{mv:?} from {}", p.fen());
                }
            }
        });
    }
}

/// Revoked castling rights leave no trace in `Position`'s equality: a Chess960 position whose
/// castling rook moved equals the same position read back from its FEN.
#[test]
fn revoked_castling_leaves_no_trace() {
    let mut p = pos("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1");
    let mv = p.parse_uci_move("b1b2", false);
    p.play(mv.unwrap_or_else(|e| panic!("{e}")));
    assert_eq!(pos(&p.fen()), p);
}

#[test]
fn uci_move_text_round_trips_in_both_modes() {
    let mut rng = Rng::new(4242);
    for (fen, is_960) in all_fens() {
        random_game(&mut rng, &pos(fen), 40, |p| {
            for mv in p.legal_moves() {
                for chess960 in [false, true] {
                    let text = mv.to_uci(chess960).to_string();
                    let parsed = p.parse_uci_move(&text, chess960);
                    if is_960 && !chess960 {
                        // Standard notation is ambiguous in Chess960 (castling `b1c1` may also
                        // be a king step): only ask for a move with the same text.
                        let back = parsed.map(|m| m.to_uci(false).to_string());
                        assert_eq!(back, Ok(text.clone()), "in {}", p.fen());
                    } else {
                        assert_eq!(parsed, Ok(mv), "{text} (960: {chess960}) in {}", p.fen());
                    }
                }
            }
        });
    }
}

#[test]
fn parse_uci_move_rejects_bad_text() {
    let p = Position::startpos();
    for bad in [
        "", "e2", "e2e4q5", "e2e9", "E2E4", "e2e4x", "é2e4", "e2e4 ", "💥💥",
    ] {
        assert!(
            matches!(
                p.parse_uci_move(bad, false),
                Err(movegen::UciMoveError::Malformed(_))
            ),
            "{bad:?}"
        );
    }
    for illegal in ["e2e5", "e1g1", "e7e5", "a1a8", "e2e3q"] {
        assert!(
            matches!(
                p.parse_uci_move(illegal, false),
                Err(movegen::UciMoveError::Illegal(_))
            ),
            "{illegal:?}"
        );
    }
}

#[test]
fn castling_is_understood_in_both_notations() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for chess960 in [false, true] {
        let short = p.parse_uci_move("e1g1", chess960);
        assert_eq!(short, p.parse_uci_move("e1h1", chess960));
        assert!(short.is_ok_and(Move::is_castle));
    }
    // King one step from its rook in Chess960: only king-takes-rook is unambiguous.
    let p = pos("1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1");
    let long = p.parse_uci_move("e1b1", true);
    assert!(long.is_ok_and(Move::is_castle));
}

#[test]
fn is_legal_agrees_with_legal_moves() {
    let mut rng = Rng::new(31337);
    let mut raw = Rng::new(271828);
    for (fen, _) in all_fens() {
        random_game(&mut rng, &pos(fen), 40, |p| {
            let legal = p.legal_moves();
            for _ in 0..300 {
                let Some(mv) = Move::from_raw(raw.next_u64() as u16 | 0x8000) else {
                    panic!("a raw value with the top bit set must decode");
                };
                assert_eq!(p.is_legal(mv), legal.contains(&mv), "{mv:?} in {}", p.fen());
            }
            for &mv in &legal {
                assert!(p.is_legal(mv), "{mv:?} in {}", p.fen());
            }
        });
    }
}

/// `gives_check` says, without playing the move, what playing it shows: along random games
/// from every test position (Chess960 castling, en passant, promotions among them), for
/// every legal move, whether the opponent is in check afterwards.
#[test]
fn gives_check_agrees_with_playing_the_move() {
    let mut rng = Rng::new(0xc4ec);
    let (mut moves, mut checks) = (0, 0);
    for (fen, _) in all_fens() {
        for _ in 0..4 {
            random_game(&mut rng, &pos(fen), 60, |p| {
                for mv in p.legal_moves() {
                    let mut child = p.clone();
                    child.play(mv);
                    assert_eq!(p.gives_check(mv), child.in_check(), "{mv:?} in {}", p.fen());
                    moves += 1;
                    checks += usize::from(child.in_check());
                }
            });
        }
    }
    assert!(
        moves > 100_000 && checks > 2_000,
        "{moves} moves, {checks} checks"
    );
}
