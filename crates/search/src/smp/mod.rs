//! The parallel search: young brothers wait with `ThreadWait` and `ThreadStop`, after Crafty.
//!
//! Words, each for one thing:
//! - **pool**: the search threads, kept from one search to the next. [`crate::ThreadPool`]
//!   owns them (the OS threads and their workers); [`pool_state::PoolState`] is what they
//!   share during a search in this design (what each is assigned to, the idle counts).
//! - **thread**: one of the pool's threads, known by its index; thread 0 is the **main
//!   thread**, the caller's, which runs the root and watches the clock.
//! - **worker** ([`crate::worker::Worker`]): one thread's own state, kept between searches;
//!   a **searcher** ([`crate::searcher::Searcher`]) is a worker with what one search lends it.
//! - **split point** ([`split_point::SplitPoint`]): a node whose remaining moves several
//!   threads search; its **owner** opened it, its **helpers** are the threads assigned to it.
//!
//! The rest of the search reaches this module only through the seam in `crate::parallel`:
//! the pool's `Design::SplitPoints` (a helper's part is `Searcher::thread_wait`, `wait.rs`),
//! and a searcher's `ThreadLink::SplitPoints` holding its [`link::SmpLink`] (`should_stop`,
//! `may_split`), which `Searcher::can_split` asks before `Searcher::split` (`split.rs`).
//! Lazy SMP (`crate::lazy`) is the other design behind the same seam.

pub(crate) mod config;
mod contended;
pub(crate) mod link;
pub(crate) mod pool_state;
mod split;
pub(crate) mod split_point;
pub(crate) mod stats;
mod wait;
