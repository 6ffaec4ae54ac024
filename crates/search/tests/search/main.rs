//! The search as other crates call it: one thread as a library call, the split-point search
//! under stress, and the other parallel designs. One test executable, so that it is linked once.

mod common;

mod one_thread;
mod parallel_modes;
mod smp;
