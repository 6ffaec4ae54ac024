//! `ThreadPool`: the search threads and their workers, kept from one search to the next.
//!
//! Thread 0 is the main thread: its worker is kept here and it runs on the caller's thread
//! (the one that calls [`ThreadPool::search`]), with the time manager. Threads 1.. are started
//! with the pool (and again when `Threads` changes): each owns its worker and blocks on its
//! message channel between searches, so a pool that is not searching takes no CPU. A search
//! lends every thread the shared table and flags; each then sits in `ThreadWait` (helping at
//! the split points it is assigned to) until the main thread ends the search, lets go of what
//! it was lent, and reports back before `search` returns.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use nnue::Network;
use tt::TranspositionTable;

use super::config::SplitConfig;
use super::pool_state::PoolState;
use crate::control::SearchControl;
use crate::driver::{OtherThreads, drive};
use crate::event::SearchEvent;
use crate::params::SearchParams;
use crate::request::{SearchOutcome, SearchRequest};
use crate::tablebase::SearchTablebases;
use crate::worker::Worker;

/// The most search threads a pool has.
pub const MAX_THREADS: usize = 256;

/// Stack size of a pool thread: each ply keeps a position and a move list on the stack.
const THREAD_STACK: usize = 16 << 20;

/// What one search lends every thread of the pool.
#[derive(Debug)]
struct Lent {
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    params: SearchParams,
    /// The network every thread evaluates with (`None`: the hand-crafted evaluation).
    network: Option<Arc<Network>>,
    /// Tablebase probing for this search (the root already ranked).
    tb: Arc<SearchTablebases>,
}

/// What a pool thread is asked to do.
#[derive(Debug)]
enum Message {
    /// Take part in a search, then report on the `done` channel.
    Search(Arc<Lent>),
    /// Forget what earlier searches taught the worker (`ucinewgame`).
    Clear,
}

/// A thread of the pool other than the main one: where to send it messages, and its handle.
#[derive(Debug)]
struct PoolThread {
    inbox: Sender<Message>,
    handle: JoinHandle<()>,
}

/// The search threads, each with a [`Worker`] that lives as long as the pool.
#[derive(Debug)]
pub struct ThreadPool {
    main: Worker,
    /// Threads 1..; `None` where the system refused a thread (it is then never assigned).
    threads: Vec<Option<PoolThread>>,
    state: Arc<PoolState>,
    /// When the threads split and how many share a split point, if not the limits for the
    /// number of threads ([`SplitConfig::for_threads`]).
    config: Option<SplitConfig>,
    /// Each pool thread sends its index here when it has finished its part of a search.
    done: Receiver<usize>,
    done_sender: Sender<usize>,
}

impl Default for ThreadPool {
    fn default() -> ThreadPool {
        ThreadPool::new(1)
    }
}

impl ThreadPool {
    /// A pool of `threads` search threads (clamped to `1..=MAX_THREADS`); threads 1.. start
    /// now and wait for work.
    pub fn new(threads: usize) -> ThreadPool {
        let (done_sender, done) = channel();
        let mut pool = ThreadPool {
            main: Worker::new(),
            threads: Vec::new(),
            state: Arc::new(PoolState::new(1)),
            config: None,
            done,
            done_sender,
        };
        pool.set_threads(threads);
        pool
    }

    /// How many threads search, the caller's included.
    pub fn threads(&self) -> usize {
        self.state.len()
    }

    /// Changes the number of threads (the UCI option `Threads`). Threads 1.. are replaced by
    /// fresh ones with empty workers; the main thread's worker is kept.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        self.stop_threads();
        let config = self
            .config
            .unwrap_or_else(|| SplitConfig::for_threads(threads));
        self.state = Arc::new(PoolState::with_config(threads, config));
        self.threads = (1..threads).map(|index| self.spawn(index)).collect();
    }

    /// Splits by `config` from the next search on. The threads are started afresh (their
    /// workers empty), as for a change of `Threads`.
    pub fn set_split_config(&mut self, config: SplitConfig) {
        self.config = Some(config);
        self.set_threads(self.threads());
    }

    /// Forgets what earlier searches taught every worker (`ucinewgame`).
    pub fn clear(&mut self) {
        self.main.clear();
        for thread in self.threads.iter().flatten() {
            // A thread that has died takes no further part; nothing to clear.
            let _ = thread.inbox.send(Message::Clear);
        }
    }

    /// The main thread's worker.
    pub fn main_worker(&self) -> &Worker {
        &self.main
    }

    /// Searches with `params` from the next search on (every thread).
    pub fn set_params(&mut self, params: SearchParams) {
        self.main.set_params(params);
    }

    /// Evaluates with `network` from the next search on (every thread shares it), or with the
    /// hand-crafted evaluation for `None`.
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.main.set_network(network);
    }

    /// Searches with every thread of the pool; the calling thread is the main thread. With one
    /// thread this is [`Worker::search`] on the main worker. Returns after every other thread
    /// has finished and let go of `tt` and `control`.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        tt: &Arc<TranspositionTable>,
        control: &Arc<SearchControl>,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> SearchOutcome {
        let mut others = Others {
            threads: &self.threads,
            state: &self.state,
            done: &self.done,
            tt,
            control,
            params: self.main.params,
            network: self.main.network.clone(),
        };
        drive(
            request,
            tt,
            control,
            &self.state,
            &mut self.main,
            on_event,
            &mut others,
        )
    }

    /// Starts thread `index`, or gives `None` if the system refuses a thread.
    fn spawn(&self, index: usize) -> Option<PoolThread> {
        let (inbox, messages) = channel();
        let state = Arc::clone(&self.state);
        let done = self.done_sender.clone();
        let handle = std::thread::Builder::new()
            .name(format!("search-{index}"))
            .stack_size(THREAD_STACK)
            .spawn(move || thread_loop(index, &state, &messages, &done))
            .ok()?;
        Some(PoolThread { inbox, handle })
    }

    /// Ends every thread but the main one and waits for it.
    fn stop_threads(&mut self) {
        for thread in self.threads.drain(..).flatten() {
            drop(thread.inbox); // the thread's `recv` fails: it returns
            let _ = thread.handle.join();
        }
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.stop_threads();
    }
}

/// Threads 1.. of a pool, as one search's driver starts and joins them.
struct Others<'p> {
    threads: &'p [Option<PoolThread>],
    state: &'p PoolState,
    done: &'p Receiver<usize>,
    tt: &'p Arc<TranspositionTable>,
    control: &'p Arc<SearchControl>,
    params: SearchParams,
    network: Option<Arc<Network>>,
}

impl OtherThreads for Others<'_> {
    fn start(&mut self, tb: Arc<SearchTablebases>) -> usize {
        // Reports left over from a search that ended in a panic must not count now.
        while self.done.try_recv().is_ok() {}
        let lent = Arc::new(Lent {
            tt: Arc::clone(self.tt),
            control: Arc::clone(self.control),
            params: self.params,
            network: self.network.clone(),
            tb,
        });
        let mut started = 0;
        for (i, thread) in self.threads.iter().enumerate() {
            let sent = thread
                .as_ref()
                .is_some_and(|t| t.inbox.send(Message::Search(Arc::clone(&lent))).is_ok());
            if sent {
                started += 1;
            } else {
                // Never assigned: it looks busy for the whole search.
                self.state.slots[i + 1].lock().searching = true;
            }
        }
        started
    }

    fn join(&mut self, started: usize) {
        for _ in 0..started {
            // A thread reports even when it unwinds from a panic (its guard sends), so this
            // returns once all have let go of what was lent.
            if self.done.recv().is_err() {
                break;
            }
        }
    }
}

/// Holds what a search lent a thread; when dropped (also by a panic) it lets go of it first,
/// then reports the thread's part of the search as done.
struct DoneGuard<'a> {
    index: usize,
    done: &'a Sender<usize>,
    lent: Option<Arc<Lent>>,
}

impl Drop for DoneGuard<'_> {
    fn drop(&mut self) {
        self.lent = None;
        let _ = self.done.send(self.index);
    }
}

/// The life of pool thread `index`: one worker, searches until the pool lets go of the
/// channel.
fn thread_loop(
    index: usize,
    state: &PoolState,
    messages: &Receiver<Message>,
    done: &Sender<usize>,
) {
    state.register(index);
    let mut worker = Worker::new();
    while let Ok(message) = messages.recv() {
        match message {
            Message::Clear => worker.clear(),
            Message::Search(lent) => {
                let guard = DoneGuard {
                    index,
                    done,
                    lent: Some(lent),
                };
                if let Some(lent) = &guard.lent {
                    worker.set_params(lent.params);
                    worker.set_network(lent.network.clone());
                    let mut searcher = worker.searcher(&lent.tt, &lent.control, state, index, None);
                    searcher.tb = Some(&lent.tb);
                    searcher.thread_wait(None);
                }
            }
        }
    }
}
