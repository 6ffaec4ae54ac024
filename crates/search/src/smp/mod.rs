//! The parallel search: young brothers wait with `ThreadWait` and `ThreadStop`, after Crafty.
//!
//! Words, each for one thing:
//! - **pool**: the search threads, kept from one search to the next. [`pool::ThreadPool`]
//!   owns them (the OS threads and their workers); [`pool_state::PoolState`] is what they
//!   share during a search (what each is assigned to, the idle counts, the stop flags).
//! - **thread**: one of the pool's threads, known by its index; thread 0 is the **main
//!   thread**, the caller's, which runs the root and watches the clock.
//! - **worker** ([`crate::worker::Worker`]): one thread's own state, kept between searches;
//!   a **searcher** ([`crate::searcher::Searcher`]) is a worker with what one search lends it.
//! - **split point** ([`split_point::SplitPoint`]): a node whose remaining moves several
//!   threads search; its **owner** opened it, its **helpers** are the threads assigned to it.
//!
//! The sequential search sees all of this through its [`link::SmpLink`] (`should_stop`,
//! `may_split`, the node counts and the stop flag) and two calls, `Searcher::can_split` and
//! `Searcher::split` (`split.rs`); a thread with nothing to search sits in
//! `Searcher::thread_wait` (`wait.rs`). Replacing this module (say, by Lazy SMP) means
//! replacing those.

pub(crate) mod config;
mod contended;
pub(crate) mod link;
pub(crate) mod pool;
pub(crate) mod pool_state;
mod split;
pub(crate) mod split_point;
pub(crate) mod stats;
mod wait;
