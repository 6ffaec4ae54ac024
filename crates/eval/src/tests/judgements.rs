//! Relative judgements any sound evaluation makes, plus trace and feature consistency.

use super::common::{FENS, pos};
use crate::{DEFAULT_PARAMS, Term, evaluate, evaluate_with, features, trace};

/// Start position with one side's piece removed (White to move), seen by White.
fn without(fen_board: &str) -> i32 {
    evaluate(&pos(&format!("{fen_board} w - - 0 1")))
}

#[test]
fn bigger_material_edge_scores_higher() {
    let queen_up = without("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    let rook_up = without("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    let knight_up = without("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    let level = without("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert!(queen_up > rook_up, "{queen_up} vs {rook_up}");
    assert!(rook_up > knight_up, "{rook_up} vs {knight_up}");
    assert!(knight_up > level + 200, "{knight_up} vs {level}");
    assert!(level.abs() < 50, "start position {level}");
}

#[test]
fn advanced_passer_is_worth_more() {
    let seventh = evaluate(&pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    let third = evaluate(&pos("4k3/8/8/8/8/P7/8/4K3 w - - 0 1"));
    assert!(seventh > third + 50, "{seventh} vs {third}");
}

#[test]
fn bishop_pair_is_rewarded() {
    let t = trace(&pos("4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1"));
    let [white, black] = t.terms[Term::BishopPair as usize];
    assert!(white.mg() > 0 && white.eg() > 0);
    assert_eq!(black, crate::S::ZERO);
}

#[test]
fn dead_draws_are_zero() {
    assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), 0);
    assert_eq!(evaluate(&pos("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1")), 0);
    assert_eq!(evaluate(&pos("4k3/8/8/2b5/8/8/8/1N2K3 w - - 0 1")), 0);
}

#[test]
fn drawish_endings_are_scaled_down() {
    // Rook against bishop, no pawns: far less than the material difference.
    let rook_v_bishop = evaluate(&pos("8/8/3k4/8/8/3K4/3R4/3b4 w - - 0 1"));
    assert!(rook_v_bishop > 0 && rook_v_bishop < 100, "{rook_v_bishop}");
    // Opposite-coloured bishops a pawn up: less than the same with same-coloured bishops.
    let opposite = evaluate(&pos("8/4k3/8/3B4/5P2/4b1P1/5K2/8 w - - 0 1"));
    let same = evaluate(&pos("8/4k3/8/3B4/5P2/5bP1/5K2/8 w - - 0 1"));
    assert!(opposite < same, "{opposite} vs {same}");
}

#[test]
fn trace_adds_up_to_evaluate() {
    for fen in FENS {
        let p = pos(fen);
        let t = trace(&p);
        assert_eq!(t.value, evaluate(&p), "{fen}");
        assert_eq!(t.recomputed(), t.value, "{fen}");
        let text = t.to_string();
        assert!(text.contains("King safety") && text.contains("Final evaluation"));
    }
}

#[test]
fn features_reproduce_evaluate() {
    let mut flat = DEFAULT_PARAMS.to_vec();
    for fen in FENS {
        let p = pos(fen);
        let f = features(&p);
        assert_eq!(f.evaluate(&DEFAULT_PARAMS), evaluate(&p), "{fen}");
    }
    // With other values too: double every pawn value.
    flat[0] *= 2;
    flat[1] *= 2;
    let doubled = crate::Params::from_slice(&flat).unwrap_or_else(|e| panic!("{e}"));
    for fen in FENS {
        let p = pos(fen);
        let f = features(&p);
        if f.scale == crate::Scale::NORMAL {
            assert_eq!(f.evaluate(&doubled), evaluate_with(&p, &doubled), "{fen}");
        }
    }
}

#[test]
fn evaluation_is_deterministic() {
    for fen in FENS {
        let p = pos(fen);
        let first = evaluate(&p);
        assert!((0..3).all(|_| evaluate(&p) == first), "{fen}");
        assert_eq!(evaluate(&p.clone()), first);
    }
}
