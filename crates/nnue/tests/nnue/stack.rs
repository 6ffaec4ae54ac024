//! The accumulator stack: along random lines, with moves, null moves and evaluations at some
//! nodes only, every lazily updated accumulator equals a full refresh.

use crate::common::{
    HIDDEN, Rng, STARTS, random_king_bucket_params, random_mirrored_params, random_params,
};
use movegen::{Move, MoveKind, Position};
use nnue::{Accumulator, AccumulatorStack, Backend, Delta, KingLayout, Mirroring, Network, Nnue};

/// Plies of the deepest line the tests walk, plus one.
const PLIES: usize = 16;

/// Kinds of steps taken along the walks.
#[derive(Default, Debug)]
struct Seen {
    castles: u32,
    en_passants: u32,
    promotions: u32,
    captures: u32,
    nulls: u32,
    /// King moves across the d and e files.
    crossings: u32,
    evaluations: u32,
}

/// The accumulator of `pos` from scratch.
fn fresh(nnue: &Nnue<'_>, pos: &Position) -> Accumulator {
    let mut acc = Accumulator::default();
    nnue.refresh(&mut acc, pos);
    acc
}

/// A walk over random lines: the stack under test and what it has seen.
struct Walk<'a, 'n> {
    stack: &'a mut AccumulatorStack,
    nnue: &'a Nnue<'n>,
    rng: Rng,
    seen: Seen,
}

impl Walk<'_, '_> {
    /// A uniform draw below `n`.
    fn below(&mut self, n: usize) -> usize {
        (self.rng.next() % n as u64) as usize
    }

    /// Walks two random children of `pos`, the node at `ply`, to `depth` plies (a move, now
    /// and then a null move), checking about half the nodes: the lazy update must catch up
    /// over several plies, and siblings reuse slots.
    fn from(&mut self, pos: &Position, ply: usize, depth: u32, after_null: bool) {
        if self.below(2) == 0 {
            let (stack, nnue) = (&mut *self.stack, self.nnue);
            assert_eq!(
                stack.current(nnue, ply, pos),
                fresh(nnue, pos),
                "{}",
                pos.fen()
            );
            assert_eq!(stack.evaluate(nnue, ply, pos), nnue.evaluate_position(pos));
            self.seen.evaluations += 1;
        }
        let moves = pos.legal_moves();
        if depth == 0 || moves.is_empty() {
            return;
        }
        for _ in 0..2 {
            let mut child = pos.clone();
            if self.below(8) == 0 && !pos.in_check() && !after_null {
                self.seen.nulls += 1;
                child.play_null();
                self.stack.pass(ply);
                self.from(&child, ply + 1, depth - 1, true);
                continue;
            }
            // Special moves are rare among legal moves: take one when there is one, half the
            // time.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| mv.kind() != MoveKind::Normal || pos.piece_at(mv.to()).is_some())
                .collect();
            let mv = if !special.is_empty() && self.below(2) == 0 {
                special[self.below(special.len())]
            } else {
                moves[self.below(moves.len())]
            };
            let seen = &mut self.seen;
            match mv.kind() {
                MoveKind::Castle => seen.castles += 1,
                MoveKind::EnPassant => seen.en_passants += 1,
                _ if mv.promotion().is_some() => seen.promotions += 1,
                _ if pos.piece_at(mv.to()).is_some() => seen.captures += 1,
                _ => {}
            }
            if Delta::of_move(pos, mv)
                .and_then(|d| d.king_crossing())
                .is_some()
            {
                seen.crossings += 1;
            }
            self.stack.play(ply, pos, mv);
            child.play(mv);
            self.from(&child, ply + 1, depth - 1, false);
        }
    }
}

/// Along random lines from positions full of special moves, on every backend, the lazily
/// updated accumulator equals a fresh refresh at every checked ply: for the embedded
/// network, a random one and random mirrored ones (whose halves are refreshed at king moves
/// across the d and e files, some of them several plies above the node evaluated).
#[test]
fn updated_accumulators_equal_a_refresh_along_random_lines() {
    let random = Network::from_bytes(&random_params(4).encode()).expect("within limits");
    let mirrored =
        Network::from_bytes(&random_mirrored_params(5, HIDDEN).encode()).expect("within limits");
    let wide_mirrored =
        Network::from_bytes(&random_mirrored_params(6, 1024).encode()).expect("within limits");
    let two = random_king_bucket_params(7, HIDDEN, &KingLayout::TWO);
    let two = Network::from_bytes(&two.encode()).expect("within limits");
    let four = random_king_bucket_params(8, 512, &KingLayout::FOUR);
    let four = Network::from_bytes(&four.encode()).expect("within limits");
    for net in [
        Network::embedded(),
        &random,
        &mirrored,
        &wide_mirrored,
        &two,
        &four,
    ] {
        for backend in Backend::available() {
            let nnue = Nnue::with_backend(net, backend);
            let mut stack = AccumulatorStack::new(PLIES);
            let mut walk = Walk {
                stack: &mut stack,
                nnue: &nnue,
                rng: Rng(15),
                seen: Seen::default(),
            };
            for fen in STARTS {
                let pos = Position::from_fen(fen).expect("FEN");
                walk.stack.refresh(&nnue, 0, &pos);
                for _ in 0..3 {
                    walk.from(&pos, 0, 8, false);
                }
            }
            let seen = walk.seen;
            for (kind, count) in [
                ("castles", seen.castles),
                ("en passant captures", seen.en_passants),
                ("promotions", seen.promotions),
                ("captures", seen.captures),
                ("null moves", seen.nulls),
            ] {
                assert!(count > 20, "too few {kind} to test them: {seen:?}");
            }
            assert!(seen.evaluations > 5_000, "{seen:?}");
            if net.architecture().mirroring == Mirroring::Horizontal {
                assert!(seen.crossings > 20, "too few king crossings: {seen:?}");
            }
        }
    }
}

/// A line refreshed at a later ply starts there; saved slots put back restore the line they
/// were taken from, pending updates included.
#[test]
fn a_saved_line_survives_another_line_started_over_it() {
    let nnue = Nnue::new(Network::embedded());
    let start = Position::startpos();
    let mut line = vec![start.clone()];
    let mut stack = AccumulatorStack::new(PLIES);
    stack.refresh(&nnue, 0, &start);
    for (ply, uci) in ["d2d4", "d7d5", "c2c4"].into_iter().enumerate() {
        let mv = line[ply].parse_uci_move(uci, false).expect("legal");
        stack.play(ply, &line[ply], mv);
        let mut next = line[ply].clone();
        next.play(mv);
        line.push(next);
    }
    // Ply 1 up to date, plies 2 and 3 still pending when saved.
    assert_eq!(stack.current(&nnue, 1, &line[1]), fresh(&nnue, &line[1]));
    let mut saved = Vec::new();
    stack.save(1, 3, &mut saved);
    assert_eq!(saved.len(), 3);

    let mut other = start.clone();
    for uci in ["e2e4", "e7e5"] {
        other.play(other.parse_uci_move(uci, false).expect("legal"));
    }
    stack.refresh(&nnue, 2, &other);
    let mv = other.parse_uci_move("g1f3", false).expect("legal");
    stack.play(2, &other, mv);
    let mut after = other.clone();
    after.play(mv);
    assert_eq!(stack.current(&nnue, 3, &after), fresh(&nnue, &after));

    stack.restore(1, &saved);
    for (ply, pos) in line.iter().enumerate() {
        assert_eq!(
            stack.current(&nnue, ply, pos),
            fresh(&nnue, pos),
            "ply {ply}"
        );
    }
}
