//! Tests of movegen's public API: value types, FEN in and out, errors, robustness against bad
//! input, and the consistency of positions along random games.

mod basics;
mod fen_errors;
mod fen_fuzz;
mod fen_repairs;
mod fen_roundtrip;
mod games;
mod generation;
mod limits;
mod perft_suites;
mod san;
mod util;
