//! The search as other crates call it: one thread as a library call, and the parallel search
//! under stress. One test executable, so that it is linked once.

mod one_thread;
mod smp;
