//! `bench`: a fixed search over fixed positions, whose node count is the engine's signature.
//!
//! With one thread the count is deterministic: it changes only when the search or the
//! evaluation changes, so commits that change it say the new signature. The last line is
//! `N nodes M nps`, which OpenBench reads. The signature is the embedded network's, the
//! engine's default evaluation; `tsubame bench hce` (or `bench` after
//! `setoption name UseNNUE value false`) benches the hand-crafted evaluation instead, with a
//! signature of its own.

use std::sync::Arc;
use std::time::Instant;

use movegen::Position;
use nnue::Network;
use search::{SearchControl, SearchRequest, Worker};
use timeman::Limits;
use tt::TranspositionTable;

use crate::output::Output;

/// The default bench depth: the whole run takes well under a minute.
pub const DEFAULT_DEPTH: u32 = 11;

/// Hash size of the bench, in MB.
const HASH_MB: usize = 16;

/// Opening, middlegame and endgame positions: well-known test positions, then one of every
/// 25 lines of the project's balanced openings, then endgames.
pub const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/R5K1 w - - 0 20",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1Q3/PPP2PPP/3R1RK1 w - - 0 14",
    "3r1rk1/p4ppp/1qp1b3/2b1N3/8/1P2Q3/PBP2PPP/3R1RK1 b - - 0 19",
    "r1bqkbnr/pp3ppp/2n1p3/2pp4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "rnbqkbnr/pp3pp1/4p2p/2ppP3/8/2N5/PPPPBPPP/R1BQK1NR w KQkq - 0 5",
    "rnbqkb1r/pp2pppp/8/2pn4/3P4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 5",
    "rnbqkb1r/pp1p1ppp/4pn2/8/2Pp4/4PN2/PP3PPP/RNBQKB1R w KQkq - 0 5",
    "rnbqkbnr/pp3ppp/4p3/3p4/3Q4/4PN2/PPP2PPP/RNB1KB1R w KQkq - 0 5",
    "r1bqkb1r/pp1p1ppp/2n1pn2/2P5/8/5NP1/PPP1PP1P/RNBQKB1R w KQkq - 0 5",
    "r1bqkb1r/pp1p1ppp/2n1pn2/2p5/4P3/P1N5/1PPPBPPP/R1BQK1NR w KQkq - 0 5",
    "rnbqkbnr/pp4pp/2p5/3ppp2/2P5/6P1/PPQPPPBP/RNB1K1NR w KQkq - 0 5",
    "rnb1k1nr/pp1pppbp/6p1/q1p5/2P1P3/5N1P/PP1P1PP1/RNBQKB1R w KQkq - 0 5",
    "rnbqk1nr/pppp1ppp/4p3/8/2P5/P4N2/1b1PPPPP/R1BQKB1R w KQkq - 0 5",
    "rnbqk1nr/ppp2ppp/3b4/3pp3/1P6/2P1PN2/P2P1PPP/RNBQKB1R w KQkq - 0 5",
    "r1bqkb1r/ppp1ppp1/2n2n2/7p/2P5/4N3/PP1PPPPP/R1BQKBNR w KQkq - 0 5",
    "r1bqk1nr/ppppb1pp/2n5/4pp2/2P5/2N1PN2/PP1P1PPP/R1BQKB1R w KQkq - 0 5",
    "rnbqkbnr/2p2ppp/p2pp3/1p6/3PP3/2N5/PPP1BPPP/R1BQK1NR w KQkq - 0 5",
    "r1bqkb1r/pppp1ppp/5n2/4n3/2P5/6P1/PP2PP1P/RNBQKBNR w KQkq - 0 5",
    "rnbqkb1r/pp2pp1p/3p1np1/2p5/2P5/2N1PN2/PP1P1PPP/R1BQKB1R w KQkq - 0 5",
    "r1bqkb1r/pp2pppp/2n2n2/2Pp4/2P5/5N2/PP2PPPP/RNBQKB1R w KQkq - 0 5",
    "r1bqkb1r/ppp2ppp/2n2n2/3pp3/2P5/5NP1/PP1PPPBP/RNBQK2R w KQkq - 0 5",
    "rnbqk2r/ppp1ppbp/5np1/3p4/2PP3P/2N5/PP2PPP1/R1BQKBNR w KQkq - 0 5",
    "rnbqkbnr/1p2pppp/p7/3p4/3p4/2P1PN2/PP3PPP/RNBQKB1R w KQkq - 0 5",
    "rnbqk2r/ppp1nppp/3p4/4p3/1bP5/2NP2P1/PP2PP1P/R1BQKBNR w KQkq - 0 5",
    "r1bqkb1r/pp1pnppp/2n5/2p1p3/2P5/2N3PP/PP1PPP2/R1BQKBNR w KQkq - 0 5",
    "r1bqkb1r/pp1ppppp/2n2n2/8/3N4/4P3/PPP2PPP/RNBQKB1R w KQkq - 0 5",
    "r1bqkbnr/1p1p1ppp/p1n1p3/2p5/4P3/2N3P1/PPPPNP1P/R1BQKB1R w KQkq - 0 5",
    "rnbqkbnr/1p1p1p1p/p5p1/2p1p3/4P3/1PN4P/P1PP1PP1/R1BQKBNR w KQkq - 0 5",
    "rnbqkb1r/pp1p1p1p/4pnp1/2p5/2PP4/4P3/PP2BPPP/RNBQK1NR w KQkq - 0 5",
    "rnbqkb1r/p3pppp/1pp2n2/3p4/2P5/2N1PN2/PP1P1PPP/R1BQKB1R w KQkq - 0 5",
    "rnbqk2r/ppp1bppp/4pn2/3p2B1/3P4/5N2/PPPNPPPP/R2QKB1R w KQkq - 0 5",
    "rnbqk2r/pp1p1ppp/4pn2/2p5/1bPP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 0 5",
    "rn1qk1nr/ppp1ppbp/6p1/3p1b2/3P4/P3PN2/1PP2PPP/RNBQKB1R w KQkq - 0 5",
    "r1bqkbnr/pp2pp1p/2np2p1/2p5/2P5/4PNP1/PP1P1P1P/RNBQKB1R w KQkq - 0 5",
    "r1bqk1nr/pp1pppbp/2n3p1/2p5/2P1P3/2N2N2/PP1P1PPP/R1BQKB1R w KQkq - 0 5",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 50",
    "8/5k2/8/3K4/8/8/3P4/8 w - - 0 50",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 40",
    "8/8/8/3k4/8/3K4/3B4/3N4 w - - 0 60",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    "8/6pk/8/8/8/8/1R6/6K1 w - - 0 45",
    "2k5/8/1P6/8/8/8/6p1/4K3 w - - 0 55",
    "r5k1/5ppp/8/8/8/8/5PPP/1R4K1 b - - 0 30",
];

/// A search of `position` to `depth`, one line, default time options: the request both
/// benches use.
pub fn fixed_depth_request(position: Position, depth: u32) -> SearchRequest {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    SearchRequest::new(position, limits)
}

/// Searches every position to `depth` (default [`DEFAULT_DEPTH`]) with one thread and a
/// cleared table, evaluating with `network` (`None`: the hand-crafted evaluation), and prints
/// a line per position and the totals to `out`.
pub fn run(depth: Option<u32>, network: Option<Arc<Network>>, out: &dyn Output) {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).clamp(1, 64);
    let mut tt = match TranspositionTable::new(HASH_MB) {
        Ok(tt) => tt,
        Err(e) => {
            out.notice(&format!("bench: {e}"));
            return;
        }
    };
    let control = SearchControl::default();
    let mut worker = Worker::new();
    let evaluation = if network.is_some() {
        "network"
    } else {
        "hand-crafted"
    };
    worker.set_network(network);
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (i, fen) in POSITIONS.iter().enumerate() {
        let Ok(position) = Position::from_fen(fen) else {
            out.notice(&format!("bench: position {} is invalid", i + 1));
            continue;
        };
        tt.clear(1);
        worker.clear();
        let request = fixed_depth_request(position, depth);
        let outcome = worker.search(&request, &tt, &control, &mut |_| {});
        total_nodes += outcome.nodes;
        out.text(&format!(
            "position {:>2}/{}: {} nodes",
            i + 1,
            POSITIONS.len(),
            outcome.nodes
        ));
    }
    let millis = start.elapsed().as_millis().max(1);
    out.text(&format!("Evaluation      : {evaluation}"));
    out.text(&format!("Total time (ms) : {millis}"));
    out.text(&format!("Nodes searched  : {total_nodes}"));
    out.text(&format!(
        "{total_nodes} nodes {} nps",
        u128::from(total_nodes) * 1000 / millis
    ));
}
