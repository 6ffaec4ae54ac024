//! Value types: `Square` parsing and display, `Bitboard` set operations, `Move` packing, and
//! the sizes the rest of the engine relies on.

use std::mem::size_of;

use movegen::{Bitboard, Color, File, Move, MoveKind, Position, Rank, Role, Square};

use crate::util::{Rng, pos, sq};

#[test]
fn sizes() {
    assert_eq!(size_of::<Move>(), 2);
    assert_eq!(size_of::<Option<Move>>(), 2);
    assert_eq!(size_of::<Bitboard>(), 8);
    assert_eq!(size_of::<Square>(), 1);
    assert_eq!(size_of::<Option<Square>>(), 1);
}

#[test]
fn every_square_displays_and_parses_back() {
    for (i, s) in Square::ALL.into_iter().enumerate() {
        assert_eq!(s.index(), i);
        let text = s.to_string();
        assert_eq!(text.len(), 2);
        assert_eq!(text.parse::<Square>(), Ok(s));
        assert_eq!(Square::from_coords(s.file(), s.rank()), s);
        assert_eq!(s.flip_rank().flip_rank(), s);
        assert_eq!(s.relative_to(Color::White), s);
        assert_eq!(s.relative_to(Color::Black), s.flip_rank());
    }
    assert_eq!(Square::E4.to_string(), "e4");
    assert_eq!(sq("h8"), Square::H8);
    assert_eq!(Square::A1.file(), File::A);
    assert_eq!(Square::C7.rank(), Rank::Seventh);
    assert_eq!(Square::E2.forward(Color::White), Square::E3);
    assert_eq!(Square::E7.forward(Color::Black), Square::E6);
    assert_eq!(Square::B1.offset(-1, 2), Some(Square::A3));
    assert_eq!(Square::B1.offset(-2, 1), None);
    assert_eq!(Square::H8.offset(0, 1), None);
}

#[test]
fn bad_square_text_is_rejected() {
    for bad in [
        "", "e", "e9", "e0", "i1", "E4", "e44", "4e", " e4", "é4", "e♞", "aa", "11",
    ] {
        assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed as a square");
    }
}

#[test]
fn bitboard_set_operations() {
    let a = Bitboard::from(Square::A1) | Square::C3 | Square::H8;
    assert_eq!(a.count(), 3);
    assert!(a.contains(Square::C3) && !a.contains(Square::C4));
    assert!(a.any() && !a.is_empty() && a.more_than_one());
    assert_eq!(a.first(), Some(Square::A1));
    assert_eq!(a.single(), None);
    assert_eq!(Bitboard::from(Square::D5).single(), Some(Square::D5));
    assert!(!Bitboard::from(Square::D5).more_than_one());
    assert_eq!(Bitboard::EMPTY.first(), None);
    assert_eq!(Bitboard::EMPTY.single(), None);
    assert_eq!(Bitboard::FULL.count(), 64);
    assert_eq!(!Bitboard::EMPTY, Bitboard::FULL);
    assert_eq!(a.with(Square::B2).without(Square::A1).count(), 3);
    assert_eq!(a & Square::C3, Bitboard::from(Square::C3));
    assert_eq!(a ^ Square::C3, a.without(Square::C3));
    assert_eq!((a & !a), Bitboard::EMPTY);
    let squares: Vec<Square> = a.collect();
    assert_eq!(squares, vec![Square::A1, Square::C3, Square::H8]);
    assert_eq!(a.len(), 3);
    let mut b = Bitboard::EMPTY;
    b |= Square::E4;
    b ^= Square::E4;
    b |= Bitboard::from(Square::E5);
    b &= Rank::Fifth.bitboard();
    assert_eq!(b, Bitboard::from(Square::E5));
    assert_eq!(Rank::First.bitboard().north(), Rank::Second.bitboard());
    assert_eq!(Rank::Eighth.bitboard().north(), Bitboard::EMPTY);
    assert_eq!(Rank::First.bitboard().south(), Bitboard::EMPTY);
    // Sideways shifts drop the edge file instead of wrapping onto the next rank.
    assert_eq!(File::B.bitboard().west(), File::A.bitboard());
    assert_eq!(File::A.bitboard().west(), Bitboard::EMPTY);
    assert_eq!(File::G.bitboard().east(), File::H.bitboard());
    assert_eq!(File::H.bitboard().east(), Bitboard::EMPTY);
    assert_eq!(
        Bitboard::from(Square::H4).west(),
        Bitboard::from(Square::G4)
    );
    assert_eq!(File::C.bitboard().count(), 8);
    assert!(format!("{:?}", a).contains(" X"));
}

#[test]
fn bitboard_iteration_matches_bits_for_random_sets() {
    let mut rng = Rng::new(7);
    for _ in 0..500 {
        let bits = rng.next_u64() & rng.next_u64();
        let bb = Bitboard(bits);
        let rebuilt: Bitboard = bb.collect();
        assert_eq!(rebuilt, bb);
        assert_eq!(bb.count(), bits.count_ones());
        assert_eq!(bb.more_than_one(), bits.count_ones() > 1);
        assert_eq!(
            bb.first().map(Square::index),
            (bits != 0).then(|| bits.trailing_zeros() as usize)
        );
    }
}

const KINDS: [MoveKind; 8] = [
    MoveKind::Normal,
    MoveKind::DoublePush,
    MoveKind::Castle,
    MoveKind::EnPassant,
    MoveKind::PromoteKnight,
    MoveKind::PromoteBishop,
    MoveKind::PromoteRook,
    MoveKind::PromoteQueen,
];

#[test]
fn move_packing_round_trips_every_combination() {
    for from in Square::ALL {
        for to in Square::ALL {
            for kind in KINDS {
                let mv = Move::new(from, to, kind);
                assert_eq!((mv.from(), mv.to(), mv.kind()), (from, to, kind));
                assert_ne!(mv.to_raw(), 0);
                assert_eq!(Move::from_raw(mv.to_raw()), Some(mv));
                assert_eq!(mv.is_castle(), kind == MoveKind::Castle);
                assert_eq!(mv.is_en_passant(), kind == MoveKind::EnPassant);
            }
        }
    }
}

#[test]
fn from_raw_rejects_values_no_move_produces() {
    assert_eq!(Move::from_raw(0), None);
    // Without the always-set top bit no raw value is a move.
    for raw in [1u16, 0x0fff, 0x7fff, 0x1234] {
        assert_eq!(Move::from_raw(raw), None, "{raw:#x}");
    }
}

#[test]
fn move_promotion_roles_and_uci_text() {
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mv = Move::new(Square::E7, Square::E8, MoveKind::promotion(role));
        assert_eq!(mv.promotion(), Some(role));
        assert_eq!(mv.to_uci(false).to_string(), format!("e7e8{}", role.char()));
    }
    assert_eq!(
        Move::new(Square::E2, Square::E4, MoveKind::DoublePush).promotion(),
        None
    );
    let short = Move::new(Square::E1, Square::H1, MoveKind::Castle);
    assert_eq!(short.to_uci(false).to_string(), "e1g1");
    assert_eq!(short.to_uci(true).to_string(), "e1h1");
    let long = Move::new(Square::E8, Square::A8, MoveKind::Castle);
    assert_eq!(long.to_uci(false).to_string(), "e8c8");
    assert_eq!(long.to_uci(true).to_string(), "e8a8");
    assert_eq!(
        (long.castle_king_target(), long.castle_rook_target()),
        (Square::C8, Square::D8)
    );
}

#[test]
fn position_accessors_on_the_start_position() {
    let p = Position::startpos();
    assert_eq!(p, pos(movegen::STARTING_FEN));
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.king(Color::Black), Square::E8);
    assert_eq!(p.occupied().count(), 32);
    assert_eq!(p.pieces(Color::White, Role::Pawn), Rank::Second.bitboard());
    assert_eq!(p.legal_moves().len(), 20);
    assert!(!p.in_check() && p.ep_square().is_none());
    assert_eq!(
        (p.halfmove_clock(), p.fullmove_number(), p.game_ply()),
        (0, 1, 0)
    );
    assert_eq!(p.key(), p.compute_key());
}
