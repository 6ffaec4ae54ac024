//! The EPD perft suites in `perft-data/`, each position to the deepest depth whose count fits a
//! node budget, and perft driven through staged generation (noisy, then quiet) as a move picker
//! does. Every mismatch is collected and reported with its FEN and depth. The suites' positions
//! also check `Position::is_legal`, the one-move test, against the generator.

use movegen::{GenKind, Move, Position, perft};

const STANDARD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../perft-data/standard.epd"
));
const TRICKY: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../perft-data/tricky.epd"
));
const CHESS960: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../perft-data/chess960.epd"
));

/// Node budgets per position: debug builds are tens of times slower, so they go shallower.
const fn budget(release: u64) -> u64 {
    if cfg!(debug_assertions) {
        release / 100
    } else {
        release
    }
}

/// One suite line: the FEN and its (depth, count) pairs.
struct Entry<'a> {
    line: usize,
    fen: &'a str,
    counts: Vec<(u32, u64)>,
}

/// Parses a suite; a malformed line fails the test, since the data would silently shrink.
fn parse_suite(text: &str) -> Vec<Entry<'_>> {
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default().trim();
        let counts: Vec<(u32, u64)> = fields
            .map(|f| {
                let f = f.trim();
                let parsed = f.strip_prefix('D').and_then(|rest| {
                    let (d, n) = rest.split_once(char::is_whitespace)?;
                    Some((d.parse().ok()?, n.trim().parse().ok()?))
                });
                parsed.unwrap_or_else(|| panic!("line {}: bad depth field {f:?}", i + 1))
            })
            .collect();
        assert!(!counts.is_empty(), "line {}: no counts", i + 1);
        entries.push(Entry {
            line: i + 1,
            fen,
            counts,
        });
    }
    entries
}

/// Runs every position of `text` at each depth whose count is within `budget` nodes (depth 1
/// always); returns how many (position, depth) checks ran.
fn run_suite(name: &str, text: &str, budget: u64, min_positions: usize) -> usize {
    let entries = parse_suite(text);
    assert!(
        entries.len() >= min_positions,
        "{name}: only {} positions",
        entries.len()
    );
    let mut failures = Vec::new();
    let mut checks = 0;
    for e in &entries {
        let pos = match Position::from_fen(e.fen) {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{name}:{} {}: FEN rejected: {err}", e.line, e.fen));
                continue;
            }
        };
        for &(depth, expected) in &e.counts {
            if depth > 1 && expected > budget {
                continue;
            }
            checks += 1;
            let got = perft(&pos, depth);
            if got != expected {
                failures.push(format!(
                    "{name}:{} {} depth {depth}: expected {expected}, got {got}",
                    e.line, e.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checks
}

#[test]
fn standard_suite() {
    // Start position to depth 5 (4.9M) and Kiwipete to depth 4 (4.1M) fit; depth 6 does not.
    let checks = run_suite("standard.epd", STANDARD, budget(12_000_000), 6);
    assert!(checks >= 30);
}

#[test]
fn tricky_suite() {
    run_suite("tricky.epd", TRICKY, budget(2_000_000), 120);
}

#[test]
fn chess960_suite() {
    run_suite("chess960.epd", CHESS960, budget(2_000_000), 100);
}

/// Perft through staged generation: noisy moves first, then quiet ones, as the search's move
/// picker asks for them; the leaves are counted from the two stage lists.
fn staged_perft(pos: &Position, depth: u32) -> u64 {
    let noisy = pos.generate_moves(GenKind::Noisy);
    let quiet = pos.generate_moves(GenKind::Quiet);
    if depth <= 1 {
        return if depth == 0 {
            1
        } else {
            (noisy.len() + quiet.len()) as u64
        };
    }
    noisy
        .iter()
        .chain(quiet.iter())
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            assert_eq!(
                child.key(),
                child.compute_key(),
                "after {mv:?} in {}",
                pos.fen()
            );
            staged_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn staged_generation_gives_the_suite_counts() {
    let mut checked = 0;
    for (name, text, positions) in [
        ("standard", STANDARD, 8),
        ("tricky", TRICKY, 12),
        ("960", CHESS960, 6),
    ] {
        for e in parse_suite(text).iter().take(positions) {
            let Ok(pos) = Position::from_fen(e.fen) else {
                panic!("{name}:{} FEN rejected: {}", e.line, e.fen);
            };
            for &(depth, expected) in &e.counts {
                if depth == 1 || expected <= budget(300_000) {
                    assert_eq!(
                        staged_perft(&pos, depth),
                        expected,
                        "{name}:{} {} depth {depth}",
                        e.line,
                        e.fen
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 26 * 2);
}

/// Whether `is_legal` and the generator disagree on `mv` in `pos`, as a failure line.
fn legality_mismatch(pos: &Position, legal: &[bool], mv: Move) -> Option<String> {
    let expected = legal[usize::from(mv.to_raw())];
    (pos.is_legal(mv) != expected).then(|| {
        format!(
            "{mv:?} in {}: is_legal says {}, the generator {expected}",
            pos.fen(),
            !expected
        )
    })
}

/// `is_legal` agrees with the generator on every encodable move (all 2^15 raw values) in every
/// suite position, and in each child and one grandchild of it on the moves of the positions
/// before (the moves a picker tests: a killer from a sibling, a hash move from a position whose
/// key collided).
#[test]
fn is_legal_agrees_with_the_generator_on_every_move() {
    let mut failures = Vec::new();
    let mut checked = 0usize;
    let mut legal = vec![false; 1 << 16];
    let mut check = |pos: &Position, sweep: bool, earlier: &[&Position]| {
        let moves = pos.legal_moves();
        for &mv in &moves {
            legal[usize::from(mv.to_raw())] = true;
        }
        let encodable = (0x8000..=u16::MAX).filter_map(Move::from_raw);
        let tried: Vec<Move> = encodable
            .filter(|_| sweep)
            .chain(moves.iter().copied())
            .chain(earlier.iter().flat_map(|b| b.legal_moves()))
            .collect();
        checked += tried.len();
        failures.extend(
            tried
                .into_iter()
                .filter_map(|mv| legality_mismatch(pos, &legal, mv)),
        );
        failures.truncate(20);
        for &mv in &moves {
            legal[usize::from(mv.to_raw())] = false;
        }
    };
    for (name, text) in [
        ("standard", STANDARD),
        ("tricky", TRICKY),
        ("960", CHESS960),
    ] {
        for e in parse_suite(text) {
            let Ok(pos) = Position::from_fen(e.fen) else {
                panic!("{name}:{} FEN rejected: {}", e.line, e.fen);
            };
            check(&pos, true, &[]);
            for &mv in &pos.legal_moves() {
                let mut child = pos.clone();
                child.play(mv);
                check(&child, false, &[&pos]);
                if let Some(&reply) = child.legal_moves().last() {
                    let mut grandchild = child.clone();
                    grandchild.play(reply);
                    check(&grandchild, false, &[&pos, &child]);
                }
            }
        }
    }
    assert!(checked > 10_000_000, "only {checked} moves checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
