//! Self-play on several threads, games written in a fixed order.
//!
//! Game `i` of a run is played from its own random stream (the run's seed and `i`) by a
//! player whose table and histories are cleared first, so it is the same game whichever
//! thread plays it. Threads take the next game number as they become free, and games are
//! written in number order: the output depends on the seed alone.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use nnue::Network;
use syzygy::Tablebases;
use tt::TtError;

use crate::adjudicate::Rules;
use crate::play::{Ending, OpeningRules, PlayedGame, play_game};
use crate::player::{NodeLimits, Player};
use rng::Rng;

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// After this many games.
    Games(u64),
    /// After the first games holding at least this many positions.
    Positions(u64),
    /// After this long; games unfinished then are dropped (not deterministic).
    Time(Duration),
}

/// Everything a run needs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Threads, each with its own single-threaded search.
    pub threads: usize,
    /// Nodes per move.
    pub nodes: NodeLimits,
    /// Each thread's table, MiB.
    pub hash_mb: usize,
    /// The run's seed.
    pub seed: u64,
    /// When to stop.
    pub target: Target,
    /// How openings are made.
    pub openings: OpeningRules,
    /// When games are adjudicated.
    pub rules: Rules,
    /// How often `on_progress` is called.
    pub progress_every: Duration,
    /// The network every player evaluates with; `None`: the hand-crafted evaluation.
    pub network: Option<Arc<Network>>,
    /// Syzygy tables that end a game with their result (read into memory before the run, so
    /// that every probe answers and the games stay fixed by the seed).
    pub tablebases: Option<Arc<Tablebases>>,
}

/// Where a run stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games written.
    pub games: u64,
    /// Positions written (one per ply).
    pub positions: u64,
    /// Games won by White, drawn, won by Black.
    pub results: [u64; 3],
    /// Time since the start.
    pub elapsed: Duration,
    /// The estimated time to the target.
    pub time_left: Option<Duration>,
}

impl Progress {
    /// Positions written per second.
    pub fn positions_per_second(&self) -> f64 {
        self.positions as f64 / self.elapsed.as_secs_f64().max(1e-3)
    }
}

/// What a finished run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The final counts.
    pub progress: Progress,
    /// Games by ending, in [`Ending::ALL`] order.
    pub endings: [u64; Ending::ALL.len()],
    /// Openings the balance search rejected.
    pub rejected_openings: u64,
    /// Bytes written.
    pub bytes: u64,
    /// Nodes searched for the games written.
    pub nodes: u64,
}

/// Why a run failed.
#[derive(Debug)]
pub enum DatagenError {
    /// Writing the output failed (what was written before is whole games).
    Io(std::io::Error),
    /// A thread's table could not be allocated.
    Table(TtError),
    /// No level opening was found in many tries (an unbalanced book?).
    NoOpening,
}

impl fmt::Display for DatagenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenError::Io(e) => write!(f, "writing the output: {e}"),
            DatagenError::Table(e) => write!(f, "hash table: {e}"),
            DatagenError::NoOpening => f.write_str("no balanced opening found in 10,000 tries"),
        }
    }
}

impl std::error::Error for DatagenError {}

/// A thread's report.
enum Message {
    /// Game number `.0`, or `None` if it was dropped at a stop.
    Game(u64, Option<Box<PlayedGame>>),
    Failed(DatagenError),
}

/// Search threads need a deep stack, as the engine's own search threads have.
const STACK_BYTES: usize = 32 << 20;

/// Runs self-play until `config.target`, writing each game with one `write_all` to `out`
/// (pass an unbuffered file opened for appending, so an interrupted run leaves whole games).
pub fn run(
    config: &Config,
    out: &mut dyn Write,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Summary, DatagenError> {
    let next_game = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Message>();
    let start = Instant::now();
    std::thread::scope(|scope| {
        for t in 0..config.threads.max(1) {
            let thread_sender = sender.clone();
            let (next_game, stop) = (&next_game, &stop);
            let spawned = std::thread::Builder::new()
                .name(format!("datagen-{t}"))
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, move || {
                    worker(config, next_game, stop, &thread_sender)
                });
            if let Err(e) = spawned {
                stop.store(true, Ordering::Relaxed);
                let _ = sender.send(Message::Failed(DatagenError::Io(e)));
            }
        }
        drop(sender);
        let mut writer = OrderedWriter::new(config, out, start);
        let mut last_report = Instant::now();
        loop {
            match receiver.recv_timeout(Duration::from_millis(200)) {
                Ok(Message::Game(index, game)) => writer.accept(index, game),
                Ok(Message::Failed(e)) => writer.fail(e),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if writer.finished() || matches!(config.target, Target::Time(t) if start.elapsed() >= t)
            {
                stop.store(true, Ordering::Relaxed);
            }
            if last_report.elapsed() >= config.progress_every {
                last_report = Instant::now();
                on_progress(&writer.progress());
            }
        }
        writer.flush_rest();
        let progress = writer.progress();
        on_progress(&progress);
        writer.into_summary(progress)
    })
}

/// One thread: plays the next free game number until told to stop or the games run out.
fn worker(
    config: &Config,
    next_game: &AtomicU64,
    stop: &AtomicBool,
    sender: &mpsc::Sender<Message>,
) {
    let mut player = match Player::new(config.hash_mb, config.nodes) {
        Ok(player) => player,
        Err(e) => {
            stop.store(true, Ordering::Relaxed);
            let _ = sender.send(Message::Failed(DatagenError::Table(e)));
            return;
        }
    };
    player.set_network(config.network.clone());
    while !stop.load(Ordering::Relaxed) {
        let index = next_game.fetch_add(1, Ordering::Relaxed);
        if matches!(config.target, Target::Games(n) if index >= n) {
            break;
        }
        let mut rng = Rng::for_item(config.seed, index);
        let game = play_game(
            &mut player,
            &config.openings,
            config.rules,
            config.tablebases.as_deref(),
            &mut rng,
            stop,
        );
        if game.is_none() && !stop.load(Ordering::Relaxed) {
            stop.store(true, Ordering::Relaxed);
            let _ = sender.send(Message::Failed(DatagenError::NoOpening));
            return;
        }
        if sender
            .send(Message::Game(index, game.map(Box::new)))
            .is_err()
        {
            return;
        }
    }
}

/// Writes games in number order as they arrive, and keeps the counts.
struct OrderedWriter<'a> {
    config: &'a Config,
    out: &'a mut dyn Write,
    start: Instant,
    pending: BTreeMap<u64, Option<Box<PlayedGame>>>,
    next_index: u64,
    summary: Summary,
    bytes: Vec<u8>,
    done: bool,
    error: Option<DatagenError>,
}

impl<'a> OrderedWriter<'a> {
    fn new(config: &'a Config, out: &'a mut dyn Write, start: Instant) -> OrderedWriter<'a> {
        OrderedWriter {
            config,
            out,
            start,
            pending: BTreeMap::new(),
            next_index: 0,
            summary: Summary::default(),
            bytes: Vec::new(),
            done: false,
            error: None,
        }
    }

    fn accept(&mut self, index: u64, game: Option<Box<PlayedGame>>) {
        self.pending.insert(index, game);
        while let Some(game) = self.pending.remove(&self.next_index) {
            self.next_index += 1;
            if let Some(game) = game {
                self.write(&game);
            }
        }
    }

    /// After the threads are gone: what is left after a gap (none in a normal run).
    fn flush_rest(&mut self) {
        for (_, game) in std::mem::take(&mut self.pending) {
            if let Some(game) = game {
                self.write(&game);
            }
        }
    }

    fn write(&mut self, played: &PlayedGame) {
        if self.done {
            return;
        }
        self.bytes.clear();
        played.game.encode_into(&mut self.bytes);
        if let Err(e) = self.out.write_all(&self.bytes) {
            self.fail(DatagenError::Io(e));
            return;
        }
        let s = &mut self.summary;
        s.bytes += self.bytes.len() as u64;
        s.progress.games += 1;
        s.progress.positions += played.game.moves.len() as u64;
        s.progress.results[2 - played.game.result as usize] += 1;
        if let Some(i) = Ending::ALL.iter().position(|&e| e == played.ending) {
            s.endings[i] += 1;
        }
        s.rejected_openings += u64::from(played.rejected_openings);
        s.nodes += played.nodes;
        self.done = match self.config.target {
            Target::Games(n) => s.progress.games >= n,
            Target::Positions(n) => s.progress.positions >= n,
            Target::Time(_) => false,
        };
    }

    fn fail(&mut self, error: DatagenError) {
        self.done = true;
        self.error.get_or_insert(error);
    }

    /// Whether nothing more will be written.
    fn finished(&self) -> bool {
        self.done
    }

    fn progress(&self) -> Progress {
        let mut progress = self.summary.progress;
        progress.elapsed = self.start.elapsed();
        let secs = progress.elapsed.as_secs_f64();
        let eta = |done: u64, target: u64| -> Option<Duration> {
            (done > 0).then(|| {
                let left = target.saturating_sub(done) as f64;
                Duration::from_secs_f64(left * secs / done as f64)
            })
        };
        progress.time_left = match self.config.target {
            Target::Games(n) => eta(progress.games, n),
            Target::Positions(n) => eta(progress.positions, n),
            Target::Time(t) => Some(t.saturating_sub(progress.elapsed)),
        };
        progress
    }

    fn into_summary(self, progress: Progress) -> Result<Summary, DatagenError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(Summary {
                progress,
                ..self.summary
            }),
        }
    }
}
