//! Robustness: thousands of mutated and random FEN strings, non-ASCII included, must each give
//! `Ok` or `Err` and never panic; whatever is accepted must format and generate consistently.

use movegen::Position;

use crate::util::{Rng, all_fens};

/// Characters the mutations draw from: FEN alphabet, digits out of range, separators and
/// multi-byte characters that would break byte slicing.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '0', '1', '2', '7', '8', '9', '/',
    ' ', '-', 'w', 'a', 'e', 'h', 'A', 'H', 'x', '\t', '\0', 'é', '♞', '💥', '\u{200b}',
];

fn mutate(rng: &mut Rng, fen: &str) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let c = ALPHABET[rng.below(ALPHABET.len())];
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 => chars.insert(at, c),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            2 if at < chars.len() => chars[at] = c,
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

fn garbage(rng: &mut Rng) -> String {
    (0..rng.below(80))
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

/// Parsing never panics; an accepted position formats to a FEN that parses back to itself and
/// can generate and play its moves.
fn check(text: &str) -> bool {
    let Ok(p) = Position::from_fen(text) else {
        return false;
    };
    let again = Position::from_fen(&p.fen())
        .unwrap_or_else(|e| panic!("fen() of accepted {text:?} does not parse: {e}"));
    assert_eq!(again, p, "from {text:?}");
    assert_eq!(p.key(), p.compute_key(), "from {text:?}");
    for mv in p.legal_moves() {
        let mut child = p.clone();
        child.play(mv);
        assert_eq!(child.key(), child.compute_key(), "{mv:?} from {text:?}");
    }
    true
}

#[test]
fn mutated_and_random_fens_never_panic() {
    let mut rng = Rng::new(0x00c0_ffee);
    let bases: Vec<&str> = all_fens().map(|(f, _)| f).collect();
    let mut accepted = 0;
    let mut rejected = 0;
    for i in 0..4_000 {
        let text = if i % 4 == 0 {
            garbage(&mut rng)
        } else {
            let base = bases[rng.below(bases.len())];
            mutate(&mut rng, base)
        };
        if check(&text) {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    // Both outcomes must occur, or the mutations test nothing.
    assert!(
        accepted > 100 && rejected > 100,
        "{accepted} accepted, {rejected} rejected"
    );
}

#[test]
fn pathological_inputs_are_rejected_without_panic() {
    let long = "8/".repeat(10_000);
    for text in [
        "\u{0}",
        "💥💥💥💥",
        "/ / / /",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999999 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkqKQkqé - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - é6 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - e 0 1",
        long.as_str(),
    ] {
        // Only the huge clock is valid (it saturates); everything else must be an error.
        let result = Position::from_fen(text);
        assert_eq!(
            result.is_ok(),
            text.contains("99999"),
            "{text:?}: {result:?}"
        );
    }
}
