//! The evaluation's judgements of positions and its colour symmetry.

mod common;

mod judgements;
mod symmetry;
