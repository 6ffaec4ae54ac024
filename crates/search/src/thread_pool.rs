//! `ThreadPool`: the search threads and their workers, kept from one search to the next.
//!
//! Thread 0 is the main thread: its worker is kept here and it runs on the caller's thread
//! (the one that calls [`ThreadPool::search`]), with the time manager. Threads 1.. are started
//! with the pool (and again when `Threads` or the parallel design changes): each owns its
//! worker and blocks on its message channel between searches, so a pool that is not
//! searching takes no CPU. A search lends every thread what the threads share; each then does
//! its design's part (waits to help at split points, or searches the root on its own) until
//! the main thread ends the search, lets go of what it was lent, and reports back before
//! `search` returns.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Instant;

use nnue::Network;
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::driver::{OtherThreads, drive};
use crate::event::SearchEvent;
use crate::lazy::LazyJob;
use crate::parallel::Design;
use crate::parallel::mode::{ParallelMode, UnknownSetting};
use crate::parallel::stats::ParallelStats;
use crate::params::SearchParams;
use crate::request::{SearchOutcome, SearchRequest};
use crate::role::ThreadRole;
use crate::shared::{SharedState, ThreadCounters};
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
    /// When the search's clock started.
    start: Instant,
    /// The root, for threads that search it on their own.
    job: LazyJob,
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
    /// Node counts and the stop flag, shared by every thread.
    counters: Arc<ThreadCounters>,
    /// How the threads share the work, and what that keeps between searches.
    design: Design,
    mode: ParallelMode,
    /// The design's settings changed from its defaults for the number of threads.
    settings: Vec<(String, i64)>,
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
            counters: Arc::new(ThreadCounters::new(1)),
            design: Design::Sequential,
            mode: ParallelMode::default(),
            settings: Vec::new(),
            done,
            done_sender,
        };
        pool.set_threads(threads);
        pool
    }

    /// How many threads search, the caller's included.
    pub fn threads(&self) -> usize {
        self.counters.len()
    }

    /// Changes the number of threads (the UCI option `Threads`). Threads 1.. are replaced by
    /// fresh ones with empty workers; the main thread's worker is kept.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        self.stop_threads();
        // Settings were checked when they were given, and a mode takes the same ones for any
        // number of threads.
        self.design = Design::new(self.mode, threads, &self.settings)
            .unwrap_or_else(|_| Design::new(self.mode, threads, &[]).expect("defaults"));
        self.counters = Arc::new(ThreadCounters::new(threads));
        self.threads = (1..threads).map(|index| self.spawn(index)).collect();
    }

    /// How the threads share the work.
    pub fn parallel_mode(&self) -> ParallelMode {
        self.mode
    }

    /// Shares the work by `mode` from the next search on (the UCI option `SMP Mode`), with
    /// its defaults. The threads are started afresh (their workers empty), as for a change of
    /// `Threads`.
    pub fn set_parallel_mode(&mut self, mode: ParallelMode) {
        self.mode = mode;
        self.settings.clear();
        self.set_threads(self.threads());
    }

    /// Changes one of the design's settings from the next search on (`smp-bench`'s variants:
    /// for split points, `min_depth`, `max_helpers`, `late_join`, `cut_node_splits`,
    /// `owner_helps_below`, `idle_park_micros`). The threads are started afresh.
    pub fn set_parallel_setting(&mut self, name: &str, value: i64) -> Result<(), UnknownSetting> {
        let mut settings = self.settings.clone();
        settings.push((name.to_owned(), value));
        Design::new(self.mode, self.threads(), &settings)?;
        self.settings = settings;
        self.set_threads(self.threads());
        Ok(())
    }

    /// The design and its settings, in words.
    pub fn describe_parallel(&self) -> String {
        self.design.describe()
    }

    /// What the design measured during the last search (split points and the like; nothing
    /// for a design that keeps no statistics).
    pub fn parallel_stats(&self) -> ParallelStats {
        self.design.stats()
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
            design: &self.design,
            done: &self.done,
            tt,
            control,
            params: self.main.params,
            network: self.main.network.clone(),
        };
        let design = (&self.design, &*self.counters);
        drive(
            request,
            tt,
            control,
            design,
            &mut self.main,
            on_event,
            &mut others,
        )
    }

    /// Starts thread `index`, or gives `None` if the system refuses a thread.
    fn spawn(&self, index: usize) -> Option<PoolThread> {
        let (inbox, messages) = channel();
        let design = self.design.clone();
        let counters = Arc::clone(&self.counters);
        let done = self.done_sender.clone();
        let handle = std::thread::Builder::new()
            .name(format!("search-{index}"))
            .stack_size(THREAD_STACK)
            .spawn(move || thread_loop(index, (&design, &counters), &messages, &done))
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
    design: &'p Design,
    done: &'p Receiver<usize>,
    tt: &'p Arc<TranspositionTable>,
    control: &'p Arc<SearchControl>,
    params: SearchParams,
    network: Option<Arc<Network>>,
}

impl OtherThreads for Others<'_> {
    fn start(
        &mut self,
        tb: Arc<SearchTablebases>,
        start: Instant,
        job: &dyn Fn() -> LazyJob,
    ) -> usize {
        if self.threads.is_empty() {
            return 0;
        }
        // Reports left over from a search that ended in a panic must not count now.
        while self.done.try_recv().is_ok() {}
        let lent = Arc::new(Lent {
            tt: Arc::clone(self.tt),
            control: Arc::clone(self.control),
            params: self.params,
            network: self.network.clone(),
            tb,
            start,
            job: job(),
        });
        let mut started = 0;
        for (i, thread) in self.threads.iter().enumerate() {
            let sent = thread
                .as_ref()
                .is_some_and(|t| t.inbox.send(Message::Search(Arc::clone(&lent))).is_ok());
            if sent {
                started += 1;
            } else {
                self.design.absent(i + 1);
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
    (design, counters): (&Design, &ThreadCounters),
    messages: &Receiver<Message>,
    done: &Sender<usize>,
) {
    design.register(index);
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
                    let shared = SharedState::new(
                        &lent.tt,
                        &lent.control,
                        Some(&lent.tb),
                        counters,
                        lent.start,
                    );
                    let link = design.link(index);
                    let mut searcher = worker.searcher(shared, index, ThreadRole::Helper, link);
                    design.help(&mut searcher, &lent.job);
                }
            }
        }
    }
}
