//! Tsubame's network trainer: reads self-play positions, fits the float twin of the engine's
//! `(K × 768 → H) × 2 → N` SCReLU network with AdamW on CPU threads (king buckets with a
//! factoriser), and writes network files the
//! `nnue` crate loads. The quantised network is checked against the float one through the
//! engine's own inference code, so the trainer and the engine cannot drift apart.

pub mod checkpoint;
pub mod data;
pub mod model;
pub mod optim;
pub mod scale;
pub mod train;
