//! The fast attack tables checked against slow, independent references: every blocker subset
//! of every slider mask, random full-board occupancies, leaper spot checks and symmetry, and
//! `between`/`line` against a walk along the board.

use super::*;

/// xorshift64*: a tiny deterministic generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn sq(name: &str) -> Square {
    match name.parse() {
        Ok(s) => s,
        Err(_) => panic!("test square {name} does not parse"),
    }
}

fn set(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

/// Every subset of `mask`, by the carry-rippler trick.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let cur = next?;
        let following = cur.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(cur)
    })
}

#[test]
fn rook_and_bishop_match_reference_for_every_relevant_subset() {
    let mut checked = 0usize;
    for s in Square::ALL {
        for occ in subsets(rook_mask(s).0) {
            let occ = Bitboard(occ);
            assert_eq!(
                rook_attacks(s, occ),
                slider_attacks(Role::Rook, s, occ),
                "rook on {s}, occupancy {:#x}",
                occ.0
            );
            checked += 1;
        }
        for occ in subsets(bishop_mask(s).0) {
            let occ = Bitboard(occ);
            assert_eq!(
                bishop_attacks(s, occ),
                slider_attacks(Role::Bishop, s, occ),
                "bishop on {s}, occupancy {:#x}",
                occ.0
            );
            checked += 1;
        }
    }
    // 102,400 rook and 5,248 bishop blocker patterns in all.
    assert_eq!(checked, 102_400 + 5_248);
}

#[test]
fn sliders_match_reference_for_random_full_occupancies() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for _ in 0..3_000 {
        // Sparse, medium and dense boards, with bits outside the masks and on the slider.
        let occ = match rng.next() % 3 {
            0 => rng.next() & rng.next() & rng.next(),
            1 => rng.next() & rng.next(),
            _ => rng.next() | rng.next(),
        };
        let occ = Bitboard(occ);
        let s = Square::new((rng.next() % 64) as u8);
        let rook = slider_attacks(Role::Rook, s, occ);
        let bishop = slider_attacks(Role::Bishop, s, occ);
        assert_eq!(rook_attacks(s, occ), rook, "rook on {s}, {:#x}", occ.0);
        assert_eq!(
            bishop_attacks(s, occ),
            bishop,
            "bishop on {s}, {:#x}",
            occ.0
        );
        assert_eq!(
            queen_attacks(s, occ),
            rook | bishop,
            "queen on {s}, {:#x}",
            occ.0
        );
        for color in Color::ALL {
            assert_eq!(attacks(color, Role::Rook, s, occ), rook);
            assert_eq!(attacks(color, Role::Bishop, s, occ), bishop);
            assert_eq!(attacks(color, Role::Queen, s, occ), rook | bishop);
            assert_eq!(attacks(color, Role::Knight, s, occ), knight_attacks(s));
            assert_eq!(attacks(color, Role::King, s, occ), king_attacks(s));
            assert_eq!(attacks(color, Role::Pawn, s, occ), pawn_attacks(color, s));
        }
    }
}

#[test]
fn slider_spot_checks() {
    assert_eq!(rook_attacks(sq("a1"), Bitboard::EMPTY).count(), 14);
    assert_eq!(bishop_attacks(sq("d4"), Bitboard::EMPTY).count(), 13);
    assert_eq!(queen_attacks(sq("d4"), Bitboard::EMPTY).count(), 27);
    let occ = set(&["d6", "f4", "d2", "b4"]);
    assert_eq!(
        rook_attacks(sq("d4"), occ),
        set(&["d5", "d6", "e4", "f4", "d3", "d2", "c4", "b4"])
    );
    let occ = set(&["c3", "f6"]);
    assert_eq!(
        bishop_attacks(sq("e5"), occ),
        set(&["f6", "d6", "c7", "b8", "f4", "g3", "h2", "d4", "c3"])
    );
}

#[test]
fn leaper_spot_checks() {
    assert_eq!(knight_attacks(sq("a1")), set(&["b3", "c2"]));
    assert_eq!(knight_attacks(sq("h8")), set(&["g6", "f7"]));
    assert_eq!(
        knight_attacks(sq("d4")),
        set(&["c6", "e6", "f5", "f3", "e2", "c2", "b3", "b5"])
    );
    assert_eq!(king_attacks(sq("a1")), set(&["a2", "b1", "b2"]));
    assert_eq!(king_attacks(sq("e4")).count(), 8);
    assert_eq!(king_attacks(sq("h5")), set(&["h6", "g6", "g5", "g4", "h4"]));
    assert_eq!(pawn_attacks(Color::White, sq("e4")), set(&["d5", "f5"]));
    assert_eq!(pawn_attacks(Color::White, sq("a2")), set(&["b3"]));
    assert_eq!(pawn_attacks(Color::Black, sq("h7")), set(&["g6"]));
    assert_eq!(pawn_attacks(Color::Black, sq("e4")), set(&["d3", "f3"]));
    assert!(pawn_attacks(Color::White, sq("c8")).is_empty());
    assert!(pawn_attacks(Color::Black, sq("c1")).is_empty());
}

#[test]
fn leaper_tables_are_symmetric_and_have_the_known_totals() {
    let mut knights = 0;
    let mut kings = 0;
    for a in Square::ALL {
        knights += knight_attacks(a).count();
        kings += king_attacks(a).count();
        for b in Square::ALL {
            assert_eq!(knight_attacks(a).contains(b), knight_attacks(b).contains(a));
            assert_eq!(king_attacks(a).contains(b), king_attacks(b).contains(a));
            // A white pawn on a attacks b exactly when a black pawn on b attacks a.
            assert_eq!(
                pawn_attacks(Color::White, a).contains(b),
                pawn_attacks(Color::Black, b).contains(a)
            );
        }
        assert!(!knight_attacks(a).contains(a) && !king_attacks(a).contains(a));
    }
    assert_eq!(knights, 336);
    assert_eq!(kings, 420);
}

#[test]
fn pawn_attacks_of_a_set_are_the_union_of_each_pawns() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..2_000 {
        // Sparse random sets, edge files and back ranks included, so a wrap would show.
        let pawns = Bitboard(rng.next() & rng.next());
        for color in [Color::White, Color::Black] {
            let one_by_one = pawns
                .into_iter()
                .fold(Bitboard::EMPTY, |acc, s| acc | pawn_attacks(color, s));
            assert_eq!(
                pawn_attacks_of_set(color, pawns),
                one_by_one,
                "{color:?} pawns {:#x}",
                pawns.0
            );
        }
    }
    assert_eq!(
        pawn_attacks_of_set(Color::White, set(&["a2", "h2", "e4"])),
        set(&["b3", "g3", "d5", "f5"])
    );
}

/// The step from `a` towards `b` if they share a rank, file or diagonal.
fn direction(a: Square, b: Square) -> Option<(i8, i8)> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    let aligned = a != b && (df == 0 || dr == 0 || df.abs() == dr.abs());
    aligned.then_some((df.signum(), dr.signum()))
}

#[test]
fn between_and_line_match_a_walk_along_the_board() {
    for a in Square::ALL {
        for b in Square::ALL {
            let (expect_between, expect_line) = match direction(a, b) {
                None => (Bitboard::EMPTY, Bitboard::EMPTY),
                Some((df, dr)) => {
                    let mut between = Bitboard::EMPTY;
                    let mut cur = a;
                    while let Some(next) = cur.offset(df, dr) {
                        if next == b {
                            break;
                        }
                        between |= next;
                        cur = next;
                    }
                    let mut line = Bitboard::from(a);
                    for (sf, sr) in [(df, dr), (-df, -dr)] {
                        let mut cur = a;
                        while let Some(next) = cur.offset(sf, sr) {
                            line |= next;
                            cur = next;
                        }
                    }
                    (between, line)
                }
            };
            assert_eq!(between(a, b), expect_between, "between {a} and {b}");
            assert_eq!(line(a, b), expect_line, "line through {a} and {b}");
            assert_eq!(between(a, b), between(b, a));
            assert_eq!(line(a, b), line(b, a));
        }
    }
}

#[test]
fn between_line_and_aligned_spot_checks() {
    assert_eq!(between(sq("a1"), sq("a4")), set(&["a2", "a3"]));
    assert_eq!(between(sq("b2"), sq("e5")), set(&["c3", "d4"]));
    assert!(between(sq("e4"), sq("e5")).is_empty());
    assert!(between(sq("a1"), sq("b3")).is_empty());
    assert_eq!(line(sq("c1"), sq("h6")).count(), 6);
    assert_eq!(line(sq("a1"), sq("c3")), line(sq("g7"), sq("h8")));
    assert!(aligned(sq("a1"), sq("c3"), sq("h8")));
    assert!(!aligned(sq("a1"), sq("c3"), sq("h7")));
    assert!(!aligned(sq("a1"), sq("b3"), sq("c5")));
}
