//! Checks shared by the fuzz targets that build positions: a violation panics, which libFuzzer
//! reports as a crash with the input that caused it.

use movegen::Position;

/// Panics unless `pos` reads back from its own FEN and its key is the from-scratch key.
pub fn check_consistent(pos: &Position, origin: &str) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental key differs from the computed one for {origin:?}"
    );
    let fen = pos.fen();
    match Position::from_fen(&fen) {
        Ok(again) => assert_eq!(
            &again, pos,
            "FEN {fen} (from {origin:?}) reads back differently"
        ),
        Err(e) => panic!("FEN {fen} (from {origin:?}) is rejected: {e}"),
    }
}

/// Plays every legal move of `pos`: each must name itself unambiguously in UCI notation and
/// lead to a consistent position. Returns the children.
pub fn play_every_move(pos: &Position) -> Vec<Position> {
    let mut children = Vec::new();
    for mv in pos.legal_moves() {
        // King-takes-rook notation is unambiguous, so it must name exactly this move.
        let uci = mv.to_uci(true).to_string();
        assert_eq!(
            pos.parse_uci_move(&uci, true),
            Ok(mv),
            "move {uci} does not read back in {}",
            pos.fen()
        );
        let mut child = pos.clone();
        child.play(mv);
        check_consistent(&child, &format!("{} after {uci}", pos.fen()));
        children.push(child);
    }
    children
}
