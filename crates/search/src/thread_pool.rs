//! The thread pool: the search threads and their workers, kept from one search to the next.
//!
//! Thread 0 is the main thread: its worker is kept here and it runs on the caller's thread
//! (the one that calls [`ThreadPool::search`]), with the time manager. Threads 1.. are helpers
//! started with the pool: each owns its worker and blocks on its message channel between
//! searches, so a pool that is not searching takes no CPU. A search sends every helper the
//! shared table and flags; each helper then sits in `ThreadWait` until the main thread ends the
//! search, drops what it was lent, and reports back before `search` returns.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use nnue::Network;
use tt::TranspositionTable;

use crate::control::SearchControl;
use crate::crew::Crew;
use crate::params::SearchParams;
use crate::tablebase::SearchTablebases;
use crate::worker::Worker;
use crate::{SearchEvent, SearchOutcome, SearchRequest};

/// The most search threads a pool has.
pub const MAX_THREADS: usize = 256;

/// Stack size of a helper thread: each ply keeps a position and a move list on the stack.
const HELPER_STACK: usize = 16 << 20;

/// The shared state of one search, lent to every helper.
#[derive(Debug)]
struct Job {
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    params: SearchParams,
    /// The network every thread evaluates with (`None`: the hand-crafted evaluation).
    network: Option<Arc<Network>>,
    /// Tablebase probing for this search (the root already ranked).
    tb: Arc<SearchTablebases>,
}

/// What a helper is asked to do.
#[derive(Debug)]
enum Message {
    /// Take part in a search, then report on the `done` channel.
    Search(Arc<Job>),
    /// Forget what earlier searches taught the worker (`ucinewgame`).
    Clear,
}

/// A helper thread, seen from the pool: where to send it work, and its handle.
#[derive(Debug)]
struct Helper {
    jobs: Sender<Message>,
    handle: JoinHandle<()>,
}

/// The search threads, each with a [`Worker`] that lives as long as the pool.
#[derive(Debug)]
pub struct ThreadPool {
    main: Worker,
    /// Threads 1..; `None` where the system refused a thread (it is then never booked).
    helpers: Vec<Option<Helper>>,
    crew: Arc<Crew>,
    /// Each helper sends its index here when it has finished its part of a search.
    done: Receiver<usize>,
    done_sender: Sender<usize>,
}

impl Default for ThreadPool {
    fn default() -> ThreadPool {
        ThreadPool::new(1)
    }
}

impl ThreadPool {
    /// A pool of `threads` search threads (clamped to `1..=MAX_THREADS`); the helpers start now
    /// and wait for work.
    pub fn new(threads: usize) -> ThreadPool {
        let (done_sender, done) = channel();
        let mut pool = ThreadPool {
            main: Worker::new(),
            helpers: Vec::new(),
            crew: Arc::new(Crew::new(1)),
            done,
            done_sender,
        };
        pool.set_threads(threads);
        pool
    }

    /// How many threads search, the caller's included.
    pub fn threads(&self) -> usize {
        self.crew.len()
    }

    /// Changes the number of threads (the UCI option `Threads`). The helpers are replaced by
    /// fresh ones with empty workers; the main thread's worker is kept.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        self.stop_helpers();
        self.crew = Arc::new(Crew::new(threads));
        self.helpers = (1..threads).map(|index| self.spawn(index)).collect();
    }

    /// Forgets what earlier searches taught every worker (`ucinewgame`).
    pub fn clear(&mut self) {
        self.main.clear();
        for helper in self.helpers.iter().flatten() {
            // A helper whose thread has died takes no further part; nothing to clear.
            let _ = helper.jobs.send(Message::Clear);
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
    /// thread this is [`Worker::search`] on the main worker. Returns after every helper has
    /// finished and let go of `tt` and `control`.
    pub fn search(
        &mut self,
        request: &SearchRequest,
        tt: &Arc<TranspositionTable>,
        control: &Arc<SearchControl>,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> SearchOutcome {
        let params = self.main.params;
        let network = self.main.network.clone();
        let (helpers, crew, done) = (&self.helpers, &*self.crew, &self.done);
        let mut team = |phase: Phase| match phase {
            Phase::Start(tb) => {
                // Reports left over from a search that ended in a panic must not count now.
                while done.try_recv().is_ok() {}
                let job = Arc::new(Job {
                    tt: Arc::clone(tt),
                    control: Arc::clone(control),
                    params,
                    network: network.clone(),
                    tb,
                });
                let mut started = 0;
                for (i, helper) in helpers.iter().enumerate() {
                    let sent = helper
                        .as_ref()
                        .is_some_and(|h| h.jobs.send(Message::Search(Arc::clone(&job))).is_ok());
                    if sent {
                        started += 1;
                    } else {
                        // Never booked: it looks busy for the whole search.
                        crew.slots[i + 1].lock().searching = true;
                    }
                }
                started
            }
            Phase::Join(started) => {
                for _ in 0..started {
                    // A helper reports even when it unwinds from a panic (its guard sends), so
                    // this returns once all have let go of the job.
                    if done.recv().is_err() {
                        break;
                    }
                }
                0
            }
        };
        crate::drive(
            request,
            tt,
            control,
            crew,
            &mut self.main,
            on_event,
            &mut team,
        )
    }

    /// Starts helper `index`, or gives `None` if the system refuses a thread.
    fn spawn(&self, index: usize) -> Option<Helper> {
        let (jobs, inbox) = channel();
        let crew = Arc::clone(&self.crew);
        let done = self.done_sender.clone();
        let handle = std::thread::Builder::new()
            .name(format!("search-{index}"))
            .stack_size(HELPER_STACK)
            .spawn(move || helper_loop(index, &crew, &inbox, &done))
            .ok()?;
        Some(Helper { jobs, handle })
    }

    /// Ends every helper thread and waits for it.
    fn stop_helpers(&mut self) {
        for helper in self.helpers.drain(..).flatten() {
            drop(helper.jobs); // the helper's `recv` fails: it returns
            let _ = helper.handle.join();
        }
    }
}

impl Drop for ThreadPool {
    fn drop(&mut self) {
        self.stop_helpers();
    }
}

/// What [`crate::drive`] asks of the helpers: to start with the search's tablebase probing
/// (giving how many did), and, once the search is over, to be waited for.
pub(crate) enum Phase {
    Start(Arc<SearchTablebases>),
    Join(usize),
}

/// Holds a helper's job; when dropped (also by a panic) it lets go of the job first, then
/// reports the helper's part of the search as done.
struct DoneGuard<'a> {
    index: usize,
    done: &'a Sender<usize>,
    job: Option<Arc<Job>>,
}

impl Drop for DoneGuard<'_> {
    fn drop(&mut self) {
        self.job = None;
        let _ = self.done.send(self.index);
    }
}

/// A helper thread's life: one worker, jobs until the pool lets go of the channel.
fn helper_loop(index: usize, crew: &Crew, inbox: &Receiver<Message>, done: &Sender<usize>) {
    crew.register(index);
    let mut worker = Worker::new();
    while let Ok(message) = inbox.recv() {
        match message {
            Message::Clear => worker.clear(),
            Message::Search(job) => {
                let guard = DoneGuard {
                    index,
                    done,
                    job: Some(job),
                };
                if let Some(job) = &guard.job {
                    worker.set_params(job.params);
                    worker.set_network(job.network.clone());
                    let mut searcher = worker.searcher(&job.tt, &job.control, crew, index, None);
                    searcher.tb = Some(&job.tb);
                    searcher.thread_wait(None);
                }
            }
        }
    }
}
