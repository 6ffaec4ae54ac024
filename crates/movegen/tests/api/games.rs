//! Positions along random games stay consistent: incremental key equals the key from scratch,
//! FEN out and in gives the same position, and UCI move text round trips in both modes.

use movegen::{Color, Move, Position, Square};

use crate::util::{Rng, all_fens, chess960_start_fen, pos, random_chess960_back_rank};

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
    for (fen, _) in all_fens() {
        random_game(&mut rng, &pos(fen), 40, |p| {
            for mv in p.legal_moves() {
                for chess960 in [false, true] {
                    let text = mv.to_uci(chess960).to_string();
                    let parsed = p.parse_uci_move(&text, chess960);
                    assert_eq!(parsed, Ok(mv), "{text} (960: {chess960}) in {}", p.fen());
                }
            }
        });
    }
}

/// Every legal move of random Chess960 games, written in either mode, is read back as itself in
/// either mode, and no castling is written as a null move (`c1c1`) with `UCI_Chess960` off.
#[test]
fn chess960_moves_round_trip_in_both_modes() {
    let mut rng = Rng::new(960);
    let (mut castlings, mut king_takes_rook) = (0, 0);
    for game in 0..300 {
        let rank = random_chess960_back_rank(&mut rng);
        let start = pos(&chess960_start_fen(rank, game % 2 == 0));
        random_game(&mut rng, &start, 24, |p| {
            for mv in p.legal_moves() {
                for written in [false, true] {
                    let text = mv.to_uci(written).to_string();
                    assert_ne!(text[0..2], text[2..4], "{mv:?} in {}", p.fen());
                    for read in [false, true] {
                        let parsed = p.parse_uci_move(&text, read);
                        assert_eq!(parsed, Ok(mv), "{text} in {}", p.fen());
                    }
                }
                if mv.is_castle() {
                    castlings += 1;
                    let standard = mv.to_uci(false).to_string();
                    if standard == mv.to_uci(true).to_string() {
                        king_takes_rook += 1;
                    }
                }
            }
        });
    }
    assert!(
        castlings > 500 && king_takes_rook > 100,
        "{castlings} castlings, {king_takes_rook} written king-takes-rook in standard mode"
    );
}

/// Castling in the forms GUIs send outside Chess960 mode: Stockfish's king destination
/// (`c1c1` when the king stays put) and king-takes-rook; a plain king step wins a shared text.
#[test]
fn castling_is_read_in_the_king_destination_form_too() {
    let p = pos("1rk1bqrn/pppppppp/8/8/8/8/PPPPPPPP/1RK1BQRN w GBgb - 0 1");
    let long = p.parse_uci_move("c1b1", false).expect("king takes rook");
    assert!(long.is_castle());
    assert_eq!(p.parse_uci_move("c1c1", false), Ok(long));
    assert_eq!(p.parse_uci_move("c1c1", true), Ok(long));
    assert_eq!(long.to_uci(false).to_string(), "c1b1");
    // King on b1, queen-side rook on a1: `b1c1` is the king's step, not the castling.
    let p = pos("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
    let step = p.parse_uci_move("b1c1", false).expect("a king step");
    assert!(!step.is_castle());
    assert!(p.parse_uci_move("b1a1", false).is_ok_and(|m| m.is_castle()));
}

#[test]
fn promotion_letters_are_read_in_either_case() {
    let p = pos("8/P6k/8/8/8/8/8/K7 w - - 0 1");
    for (lower, upper) in [("a7a8q", "a7a8Q"), ("a7a8n", "a7a8N"), ("a7a8r", "a7a8R")] {
        let mv = p.parse_uci_move(upper, false);
        assert_eq!(mv, p.parse_uci_move(lower, false), "{upper}");
        assert_eq!(
            mv.map(|m| m.to_uci(false).to_string()),
            Ok(lower.to_owned())
        );
    }
    for bad in ["a7a8K", "a7a8P", "A7a8q", "a7A8q"] {
        assert!(p.parse_uci_move(bad, false).is_err(), "{bad}");
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

/// `attacks_by` holds exactly the squares `is_attacked` finds attacked, for both sides, along
/// random games from every test position.
#[test]
fn attacks_by_agrees_with_is_attacked() {
    let mut rng = Rng::new(0xa77a);
    let mut attacked = 0;
    for (fen, _) in all_fens() {
        for _ in 0..4 {
            random_game(&mut rng, &pos(fen), 60, |p| {
                for by in [Color::White, Color::Black] {
                    let set = p.attacks_by(by);
                    for sq in Square::ALL {
                        let expected = p.is_attacked(sq, by, p.occupied());
                        assert_eq!(set.contains(sq), expected, "{sq} by {by:?} in {}", p.fen());
                    }
                    attacked += set.count();
                }
            });
        }
    }
    assert!(attacked > 10_000, "only {attacked} attacked squares seen");
}
