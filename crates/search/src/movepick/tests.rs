//! The picker against the move generator: every legal move once, in class order, with the
//! class the old one-list picker gave it, on the perft suites' positions and random playouts
//! from them; perft counted through the picker; bogus hash moves and killers left out.

use super::*;
use crate::history::{Mover, PieceTo};
use crate::params::SearchParams;
use movegen::{Color, Piece, Square, perft};
use rng::Rng;

const SUITES: [&str; 3] = [
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../perft-data/standard.epd"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../perft-data/tricky.epd"
    )),
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../perft-data/chess960.epd"
    )),
];

/// Every position of the perft suites.
fn suite_positions() -> Vec<Position> {
    SUITES
        .iter()
        .flat_map(|text| text.lines())
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fen = line.split(';').next().unwrap_or_default().trim();
            Position::from_fen(fen).unwrap_or_else(|e| panic!("suite FEN {fen}: {e}"))
        })
        .collect()
}

/// One of `moves`, or none one time in four (and always when there are none).
fn pick(rng: &mut Rng, moves: &[Move]) -> Option<Move> {
    if moves.is_empty() || rng.below(4) == 0 {
        None
    } else {
        Some(moves[rng.below(moves.len())])
    }
}

/// Everything a picker hands out from its start.
fn drain(picker: &mut MovePicker, pos: &Position, history: &History) -> Vec<Picked> {
    std::iter::from_fn(|| picker.next_move(pos, history, &SearchParams::DEFAULT)).collect()
}

/// The class the one-list picker this one replaced gave `mv`: what the stages must keep.
fn expected_class(pos: &Position, mv: Move, hints: &OrderingHints) -> MoveClass {
    if Some(mv) == hints.tt_move {
        MoveClass::HashMove
    } else if !pos.is_quiet(mv) {
        let good = mv.promotion().is_none_or(|r| r == Role::Queen) && see_ge(pos, mv, 0);
        if good {
            MoveClass::GoodNoisy
        } else {
            MoveClass::BadNoisy
        }
    } else if hints.killers.contains(&Some(mv)) {
        MoveClass::Killer
    } else if Some(mv) == hints.countermove {
        MoveClass::Countermove
    } else {
        MoveClass::Quiet
    }
}

/// The order the picker promises between classes.
fn rank(class: MoveClass) -> u8 {
    match class {
        MoveClass::HashMove => 0,
        MoveClass::GoodNoisy => 1,
        MoveClass::Killer => 2,
        MoveClass::Countermove => 3,
        MoveClass::Quiet => 4,
        MoveClass::BadNoisy => 5,
    }
}

/// Checks one run of a picker over `pos` against `expected` (the moves it must give, in any
/// order): each once, the hash move first when it is among them, classes as the one-list
/// picker gave them and in class order, scores never rising, a quiet move's history with it.
fn check_run(
    pos: &Position,
    picked: &[Picked],
    expected: &[Move],
    hints: &OrderingHints,
    history: &History,
) {
    let fen = pos.fen();
    let mut got: Vec<u16> = picked.iter().map(|p| p.mv.to_raw()).collect();
    let mut want: Vec<u16> = expected.iter().map(|m| m.to_raw()).collect();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want, "moves handed out in {fen} with {hints:?}");
    let tt_legal = hints.tt_move.filter(|mv| expected.contains(mv));
    assert_eq!(
        tt_legal,
        picked
            .iter()
            .find(|p| p.class == MoveClass::HashMove)
            .map(|p| p.mv),
        "hash move in {fen}"
    );
    if let Some(tt) = tt_legal {
        assert_eq!(picked[0].mv, tt, "the hash move comes first in {fen}");
    }
    let effective = OrderingHints {
        tt_move: tt_legal,
        ..*hints
    };
    for p in picked {
        assert_eq!(
            p.class,
            expected_class(pos, p.mv, &effective),
            "{:?} in {fen} with {hints:?}",
            p.mv
        );
        let quiet_history = if pos.is_quiet(p.mv) {
            quiet_history(pos, p.mv, hints, history)
        } else {
            0
        };
        assert_eq!(p.history, quiet_history, "{:?} in {fen}", p.mv);
    }
    assert!(
        picked
            .windows(2)
            .all(|w| rank(w[0].class) <= rank(w[1].class)),
        "classes out of order in {fen}: {picked:?}"
    );
    assert!(
        picked.windows(2).all(|w| w[0].score >= w[1].score),
        "scores rise in {fen}: {picked:?}"
    );
}

/// A history with random scores for the quiet moves and captures of `pos`, so that the
/// order within a class means something.
fn random_history(rng: &mut Rng, pos: &Position, continuations: &Continuations) -> History {
    let mut history = History::default();
    for &mv in &pos.legal_moves() {
        let Some(piece) = pos.piece_at(mv.from()) else {
            continue;
        };
        let bonus = rng.below(4000) as i32 - 2000;
        if pos.is_quiet(mv) {
            history.update_quiet(Mover::of(pos), piece, mv, continuations, (bonus, bonus));
        } else if let Some(victim) = pos.captured_role(mv) {
            history.update_capture(piece, mv.to(), victim, bonus * 4);
        }
    }
    history
}

/// On every suite position and along random playouts from each, with random hints (the hash
/// move, killers and countermove drawn from this position's moves, the previous position's,
/// or bogus raw moves) and random history: the full picker gives every legal move once, the
/// noisy picker every capture and promotion once, both in class order.
#[test]
fn every_legal_move_comes_out_once_in_class_order() {
    let mut rng = Rng::new(0x14);
    let (mut positions, mut in_check, mut none_legal, mut bogus) = (0, 0, 0, 0);
    for start in suite_positions() {
        let mut pos = start;
        let mut previous = pos.legal_moves();
        for _ in 0..6 {
            let legal = pos.legal_moves();
            let mut nearby: Vec<Move> = legal.iter().chain(previous.iter()).copied().collect();
            for _ in 0..4 {
                nearby.extend(Move::from_raw(rng.next_u64() as u16 | 0x8000));
            }
            let continuations = [
                pos.piece_at(Square::new(rng.below(64) as u8))
                    .map(|piece| PieceTo {
                        piece,
                        to: Square::new(rng.below(64) as u8),
                    }),
                None,
                None,
            ];
            let hints = OrderingHints {
                tt_move: pick(&mut rng, &nearby),
                killers: [pick(&mut rng, &nearby), pick(&mut rng, &nearby)],
                countermove: pick(&mut rng, &nearby),
                continuations,
                threats: Mover::of(&pos).threats,
            };
            bogus += usize::from(hints.tt_move.is_some_and(|mv| !legal.contains(&mv)));
            let history = random_history(&mut rng, &pos, &continuations);

            let mut picker = MovePicker::new(&hints);
            let picked = drain(&mut picker, &pos, &history);
            check_run(&pos, &picked, &legal, &hints, &history);
            assert!(
                picker
                    .next_move(&pos, &history, &SearchParams::DEFAULT)
                    .is_none(),
                "stays done"
            );

            let noisy = pos.generate_moves(GenKind::Noisy);
            let noisy_hints = OrderingHints {
                tt_move: hints.tt_move,
                ..OrderingHints::default()
            };
            picker.start_noisy(hints.tt_move);
            let picked = drain(&mut picker, &pos, &history);
            check_run(&pos, &picked, &noisy, &noisy_hints, &history);

            positions += 1;
            in_check += usize::from(pos.in_check());
            none_legal += usize::from(legal.is_empty());
            if legal.is_empty() {
                break;
            }
            pos.play(legal[rng.below(legal.len())]);
            previous = legal;
        }
    }
    assert!(positions > 2000, "{positions} positions");
    assert!(in_check > 100, "{in_check} positions in check");
    assert!(none_legal > 5, "{none_legal} mates and stalemates");
    assert!(bogus > 500, "{bogus} illegal hash moves");
}

/// Perft counted through the picker, as a search walks the tree: at each node the hash move
/// is the first move of the sibling searched before it and the killers are its siblings'
/// moves (often illegal here), and the counts still match the generator's.
#[test]
fn perft_through_the_picker_matches_the_generator() {
    fn walk(pos: &Position, depth: u32, ply: usize, memory: &mut [OrderingHints]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut picker = MovePicker::new(&memory[ply]);
        let history = History::default();
        let mut nodes = 0;
        let mut first = None;
        while let Some(picked) = picker.next_move(pos, &history, &SearchParams::DEFAULT) {
            first.get_or_insert(picked.mv);
            let mut child = pos.clone();
            child.play(picked.mv);
            nodes += walk(&child, depth - 1, ply + 1, memory);
            let hints = &mut memory[ply];
            hints.killers = [Some(picked.mv), hints.killers[0]];
            hints.countermove = hints.killers[1];
        }
        memory[ply].tt_move = first;
        nodes
    }
    let mut checked = 0;
    let positions = suite_positions();
    for pos in positions.iter().step_by(7) {
        let mut memory = [OrderingHints::default(); 4];
        let depth = if pos.legal_moves().len() > 30 { 2 } else { 3 };
        assert_eq!(
            walk(pos, depth, 0, &mut memory),
            perft(pos, depth),
            "{}",
            pos.fen()
        );
        checked += 1;
    }
    assert!(checked > 40 && checked == positions.len().div_ceil(7));
}

/// A hash move, killer or countermove that is not legal here is left out: a move of a
/// pinned piece, a move of an empty square, the opponent's move, a king into check, castling
/// through an attacked square.
#[test]
fn illegal_hints_are_left_out() {
    // The e2 knight is pinned by the e8 rook; f1 is attacked by the f8 rook.
    let pos = Position::from_fen("4rrk1/8/8/8/8/8/4N3/4K2R w K - 0 1").expect("FEN");
    let other = Position::from_fen("4rrk1/8/8/8/8/8/3PN3/4K2R b K - 0 1").expect("FEN");
    let legal_elsewhere = |text| {
        let start = Position::from_fen("4k3/8/8/8/8/8/3PN3/4K2R w K - 0 1").expect("FEN");
        start.parse_uci_move(text, false).expect("legal there")
    };
    let bogus = [
        legal_elsewhere("e2c3"),
        legal_elsewhere("d2d4"),
        other.parse_uci_move("e8e2", false).expect("legal there"),
        legal_elsewhere("e1f1"),
        legal_elsewhere("e1g1"),
    ];
    let history = History::default();
    for (i, &mv) in bogus.iter().enumerate() {
        assert!(!pos.is_legal(mv), "{mv:?}");
        let hints = OrderingHints {
            tt_move: Some(mv),
            killers: [Some(bogus[(i + 1) % 5]), Some(bogus[(i + 2) % 5])],
            countermove: Some(bogus[(i + 3) % 5]),
            ..OrderingHints::default()
        };
        let picked = drain(&mut MovePicker::new(&hints), &pos, &history);
        check_run(&pos, &picked, &pos.legal_moves(), &hints, &history);
        assert!(
            picked
                .iter()
                .all(|p| p.class == MoveClass::Quiet || !pos.is_quiet(p.mv))
        );
    }
}

/// In check, the full picker gives every evasion and nothing else: the hash move, the
/// capture, the killer, the rest; the noisy picker gives the capturing evasion only.
#[test]
fn in_check_the_picker_gives_the_evasions() {
    // The queen on e4 checks: Qxe4 takes it, Qe3, Qe2 and Be2 block, the king steps aside.
    let pos = Position::from_fen("4k3/8/8/8/4q3/3Q4/8/4KB2 w - - 0 1").expect("FEN");
    let legal = pos.legal_moves();
    assert!(pos.in_check() && legal.len() < 10);
    let tt = pos.parse_uci_move("f1e2", false).expect("legal");
    let hints = OrderingHints {
        tt_move: Some(tt),
        killers: [pos.parse_uci_move("d3e3", false).ok(), None],
        ..OrderingHints::default()
    };
    let history = History::default();
    let picked = drain(&mut MovePicker::new(&hints), &pos, &history);
    check_run(&pos, &picked, &legal, &hints, &history);
    assert_eq!(picked[0].mv, tt);
    assert_eq!(
        picked[1].mv,
        pos.parse_uci_move("d3e4", false).expect("legal")
    );
    assert_eq!(picked[2].class, MoveClass::Killer);
    let mut picker = MovePicker::empty();
    picker.start_noisy(None);
    let noisy: Vec<_> = drain(&mut picker, &pos, &history)
        .iter()
        .map(|p| p.mv)
        .collect();
    assert_eq!(noisy, [picked[1].mv]);
}

/// Once the search skips quiet moves, the picker gives no more of them (killers,
/// countermove, quiets) except the checks, which the search never prunes, and still the
/// losing captures.
#[test]
fn skipped_quiets_leave_only_the_checks() {
    // Nxd5 loses the knight to Rxd5; Qxg5 wins one; Qh5+, Qe4+, Qh8+ and Qa4+ are quiet
    // checks.
    let pos = Position::from_fen("3rk3/1P6/8/3p2n1/7Q/2N5/8/4K3 w - - 0 1").expect("FEN");
    let mv = |text| pos.parse_uci_move(text, false).expect("legal");
    let hints = OrderingHints {
        killers: [Some(mv("c3e4")), Some(mv("h4h5"))],
        ..OrderingHints::default()
    };
    let history = History::default();
    let mut picker = MovePicker::new(&hints);
    let (mut picked, mut after_skip) = (Vec::new(), Vec::new());
    while let Some(p) = picker.next_move(&pos, &history, &SearchParams::DEFAULT) {
        if picked.iter().any(|q: &Picked| q.class == MoveClass::Killer) {
            after_skip.push(p.mv);
        }
        picked.push(p);
        if p.class == MoveClass::Killer && after_skip.is_empty() {
            picker.skip_quiets_except_checks();
        }
    }
    let first_killer = picked.iter().find(|p| p.class == MoveClass::Killer);
    assert_eq!(first_killer.map(|p| p.mv), Some(mv("c3e4")));
    let quiet_checks: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| pos.is_quiet(m) && pos.gives_check(m))
        .collect();
    assert!(quiet_checks.len() >= 3 && quiet_checks.contains(&mv("h4h5")));
    // After the skip: every quiet check (the second killer among them), then the losing
    // captures and under-promotions, and nothing else.
    let quiet_after: Vec<Move> = after_skip
        .iter()
        .copied()
        .filter(|&m| pos.is_quiet(m))
        .collect();
    let mut sorted = quiet_after.clone();
    sorted.sort_by_key(|m| format!("{m:?}"));
    let mut expected = quiet_checks.clone();
    expected.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(sorted, expected);
    assert!(after_skip.contains(&mv("c3d5")));
    assert!(after_skip.contains(&mv("b7b8n")));
    assert_eq!(picked.last().map(|p| p.class), Some(MoveClass::BadNoisy));
}

/// Every class the picker hands out, in the order it promises: hash move, good noisy,
/// killer, countermove, quiet, bad noisy.
#[test]
fn moves_come_with_their_class_in_class_order() {
    // Qxg5 wins a knight, Nxd5 loses it to Rxd5, b8=Q and b8=N promote.
    let pos = Position::from_fen("3rk3/1P6/8/3p2n1/7Q/2N5/8/4K3 w - - 0 1").expect("FEN");
    let mv = |text| pos.parse_uci_move(text, false).expect("legal");
    let hints = OrderingHints {
        tt_move: Some(mv("e1f1")),
        killers: [Some(mv("c3e4")), None],
        countermove: Some(mv("h4h3")),
        ..OrderingHints::default()
    };
    let history = History::default();
    let picked = drain(&mut MovePicker::new(&hints), &pos, &history);
    check_run(&pos, &picked, &pos.legal_moves(), &hints, &history);
    let class_of = |text| {
        let m = mv(text);
        picked.iter().find(|p| p.mv == m).expect("picked").class
    };
    assert_eq!(class_of("e1f1"), MoveClass::HashMove);
    assert_eq!(class_of("h4g5"), MoveClass::GoodNoisy);
    assert_eq!(class_of("b7b8q"), MoveClass::GoodNoisy);
    assert_eq!(class_of("c3e4"), MoveClass::Killer);
    assert_eq!(class_of("h4h3"), MoveClass::Countermove);
    assert_eq!(class_of("c3b5"), MoveClass::Quiet);
    assert_eq!(class_of("c3d5"), MoveClass::BadNoisy);
    assert_eq!(class_of("b7b8n"), MoveClass::BadNoisy);
}

/// Every quiet move comes with its history (butterfly plus continuations) whatever its
/// class, so pruning and reductions need not look it up again; noisy moves with 0. A
/// restarted picker gives the new position's moves only.
#[test]
fn quiet_moves_carry_their_history_whatever_their_class() {
    let pos = Position::from_fen("3rk3/1P6/8/3p2n1/7Q/2N5/8/4K3 w - - 0 1").expect("FEN");
    let mv = |text| pos.parse_uci_move(text, false).expect("legal");
    let knight = pos.piece_at(mv("c3e4").from()).expect("knight");
    let queen = pos.piece_at(mv("h4h3").from()).expect("queen");
    // Black's last move was a rook to d7.
    let earlier = PieceTo {
        piece: Piece {
            color: Color::Black,
            role: Role::Rook,
        },
        to: Square::D7,
    };
    let continuations = [Some(earlier), None, None];
    let mut history = History::default();
    for (piece, text, bonus) in [
        (knight, "c3e4", 700),
        (queen, "h4h3", -300),
        (knight, "c3b5", 1200),
    ] {
        history.update_quiet(
            Mover::of(&pos),
            piece,
            mv(text),
            &continuations,
            (bonus, bonus),
        );
    }
    let hints = OrderingHints {
        killers: [Some(mv("c3e4")), None],
        countermove: Some(mv("h4h3")),
        continuations,
        threats: Mover::of(&pos).threats,
        ..OrderingHints::default()
    };
    let mut picker = MovePicker::empty();
    let startpos = Position::startpos();
    picker.start(&hints);
    for _ in 0..25 {
        picker.next_move(&startpos, &history, &SearchParams::DEFAULT);
    }
    picker.start(&hints);
    let picked = drain(&mut picker, &pos, &history);
    assert_eq!(picked.len(), pos.legal_moves().len());
    let get = |text| *picked.iter().find(|p| p.mv == mv(text)).expect("picked");
    assert_eq!(
        (get("c3e4").class, get("c3e4").history),
        (MoveClass::Killer, 1400)
    );
    assert_eq!(
        (get("h4h3").class, get("h4h3").history),
        (MoveClass::Countermove, -600)
    );
    let quiet = get("c3b5");
    assert_eq!(
        (quiet.class, quiet.history, quiet.score),
        (MoveClass::Quiet, 2400, 2400)
    );
    assert_eq!(get("h4g5").history, 0, "a capture has no quiet history");
    assert_eq!(get("c3a4").history, 0, "a move without a record");
}
