//! Tsubame's search: iterative deepening with aspiration windows over a fail-soft principal
//! variation search, quiescence with SEE, and the time manager's feedback from the root.
//!
//! The protocol layer keeps a [`ThreadPool`] (one [`Worker`] per search thread, kept between
//! searches), builds a [`SearchRequest`], runs [`ThreadPool::search`] on a thread of its own,
//! and steers it through a shared [`SearchControl`]; results arrive as [`SearchEvent`]s and a
//! final [`SearchOutcome`]. A one-thread search needs no pool: [`Worker::search`] runs one on
//! the calling thread with a table and controls it only borrows. How the pool's threads share
//! the work is its [`ParallelMode`]; what the design measured comes from
//! [`ThreadPool::parallel_stats`].
//!
//! A mate in one found by one thread:
//!
//! ```
//! use movegen::Position;
//! use search::{SearchControl, SearchRequest, Worker, mate_in};
//! use timeman::Limits;
//! use tt::TranspositionTable;
//!
//! // White mates at once with Rd8 (a back-rank mate).
//! let pos = Position::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
//! let request = SearchRequest::new(pos.clone(), Limits { depth: Some(4), ..Limits::default() });
//! let tt = TranspositionTable::new(1).unwrap();
//! let outcome = Worker::new().search(&request, &tt, &SearchControl::default(), &mut |_| {});
//! assert_eq!(outcome.best_move, Some(pos.parse_uci_move("d1d8", false).unwrap()));
//! assert_eq!(outcome.score, mate_in(1)); // mate in one ply
//! ```
//!
//! The modules in layers, each using only those above it:
//! - leaves: `score`, `params`, `see`, `pv`, `history`, `correction`, `movepick`, `control`,
//!   `aspiration`, `stack` (the ply frames), `node` (a move loop's state), `root_move`,
//!   `event`, `strength` (skill levels' move choice), `wdl` (the win-draw-loss model); the
//!   network's accumulators are `nnue`'s (`nnue::AccumulatorStack`, kept by the worker);
//! - `set_aside` (a waiting owner's line), `worker` (one thread's state between searches),
//!   `tablebase`, `shared` (what a search's threads share), `role` (the main thread's clock as
//!   an object), `smp::split_point`, `smp::pool_state`, `smp::link`, `parallel::link` (a
//!   searcher's link to the parallel design), `parallel::root_share` (the root's moves when
//!   shared), `request`;
//! - `searcher` (a worker's view of one search) and the search over it: `alphabeta`,
//!   `pruning`, `quiescence`, `move_loop`, `make_move`, `evaluate`, with the split points' side
//!   in `smp::split` and `smp::wait`;
//! - `root` (the iterations at the root), `lazy` (a Lazy SMP helper's root), `parallel` (the
//!   seam: which design a pool runs), `driver` (one whole search), `thread_pool` (the
//!   threads kept between searches).

mod alphabeta;
mod aspiration;
mod control;
mod correction;
mod driver;
mod evaluate;
mod event;
mod history;
mod lazy;
mod make_move;
mod move_loop;
mod movepick;
mod node;
mod normalise;
mod parallel;
mod params;
mod plain;
mod pruning;
mod pv;
mod quiescence;
mod request;
mod role;
mod root;
mod root_move;
mod score;
mod searcher;
mod see;
mod set_aside;
mod shared;
mod smp;
mod stack;
mod strength;
mod tablebase;
mod thread_pool;
mod wdl;
mod worker;

pub use control::SearchControl;
pub use event::{IterationInfo, ScoreBound, SearchEvent};
pub use history::History;
pub use normalise::{PAWN_SCORE, REFERENCE_MATERIAL, to_centipawns};
pub use parallel::mode::{ParallelMode, UnknownSetting};
pub use parallel::stats::{Measure, ParallelStats};
pub use params::{PARAMS, ParamError, ParamSpec, SearchParams, find_param};
pub use request::{SearchOutcome, SearchRequest};
pub use score::{UciScore, mate_in, mated_in};
pub use strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, Strength};
pub use tablebase::TablebaseConfig;
pub use thread_pool::{MAX_THREADS, ThreadPool};
pub use wdl::{Wdl, WdlRoot, material};
pub use worker::Worker;
