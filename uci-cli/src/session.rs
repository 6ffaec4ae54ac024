//! The UCI session: the engine's state between commands, and what each command does.
//!
//! The protocol thread (this one) never searches: `go` starts a search thread and returns, so
//! `isready`, `stop`, `ponderhit` and `quit` are answered at once. A second `go` while one
//! search runs first stops and finishes the running one, so every `go` gets exactly one
//! `bestmove`.
//!
//! Illegal or malformed moves in `position ... moves`: the position stops at the last legal
//! move and an `info string` names the first bad one (as Stockfish does), so the engine keeps
//! answering with moves that are legal in the position it was given.

use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::Instant;

use movegen::{Move, Position};
use nnue::Network;
use search::{SearchControl, SearchRequest, ThreadPool};
use timeman::{Clock, Limits, TimeManager, TimeOptions};
use tt::{PageSize, TranspositionTable};

use crate::command::{Command, GoParams, PositionStart, parse_command};
use crate::input::Input;
use crate::options::{OPTIONS, OptionId, OptionValue, Options, uci_option_lines};
use crate::output::{info_string, send};
use crate::reply::{Reply, WATCHDOG_GRACE};

/// The engine between commands.
#[derive(Debug)]
pub struct Session {
    position: Position,
    /// Keys of the game's positions before `position`, oldest first.
    game_keys: Vec<u64>,
    options: Options,
    tt: Arc<TranspositionTable>,
    /// The search threads and their workers; locked by the search thread while it runs.
    threads: Arc<Mutex<ThreadPool>>,
    control: Arc<SearchControl>,
    /// The running search or perft, if any.
    worker: Option<JoinHandle<()>>,
    /// The network `EvalFile` names (the embedded one by default), used while `UseNNUE` is on
    /// (the default).
    network: Arc<Network>,
    /// The `EvalFile` value `network` came from.
    loaded_eval_file: String,
    /// Open Syzygy tablebases (`SyzygyPath`), shared with the running search.
    tablebases: Option<Arc<syzygy::Tablebases>>,
    debug: bool,
}

impl Session {
    /// A session with default options and the starting position.
    pub fn new() -> anyhow::Result<Session> {
        let options = Options::new();
        let megabytes = options.spin(OptionId::Hash).max(1) as usize;
        let threads = options.spin(OptionId::Threads).max(1) as usize;
        let tt = TranspositionTable::with_pages(megabytes, page_size(&options), table_threads())
            .map_err(|e| anyhow::anyhow!("cannot allocate the hash table: {e}"))?;
        let session = Session {
            position: Position::startpos(),
            game_keys: Vec::new(),
            options,
            tt: Arc::new(tt),
            threads: Arc::new(Mutex::new(ThreadPool::new(threads))),
            control: Arc::new(SearchControl::default()),
            worker: None,
            network: crate::network::embedded(),
            loaded_eval_file: "<default>".to_owned(),
            tablebases: None,
            debug: false,
        };
        // `UseNNUE` is on by default: the search starts with the embedded network.
        let evaluation = session.evaluation();
        session.thread_pool().set_network(evaluation);
        Ok(session)
    }

    /// Reads commands until `quit` or the end of input, then stops any search and returns.
    pub fn run(&mut self, input: &Receiver<Input>) {
        while let Ok(item) = input.recv() {
            match item {
                Input::Line(line, received) => {
                    if !self.handle(&line, received) {
                        break;
                    }
                }
                Input::Rejected(why) => info_string(&why),
                Input::Eof => break,
            }
        }
        self.finish_worker(true);
    }

    /// Carries out one line read at `received` (a `go` charges the time since then to its
    /// budget); `false` means quit.
    pub fn handle(&mut self, line: &str, received: Instant) -> bool {
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(e) => {
                info_string(&e.to_string());
                return true;
            }
        };
        match command {
            Command::Empty => {}
            Command::Uci => {
                send(&format!("id name {}", crate::NAME_AND_VERSION));
                send("id author the Tsubame developers");
                for line in uci_option_lines() {
                    send(&line);
                }
                #[cfg(feature = "tune")]
                for line in crate::tune::uci_option_lines() {
                    send(&line);
                }
                send("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => send("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register(_) => info_string("no registration is needed"),
            Command::UciNewGame => self.new_game(),
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(params) => self.go(&params, received),
            Command::Stop => self.control.request_stop(),
            Command::PonderHit => self.control.ponderhit(),
            Command::Quit => return false,
            Command::D => send(&self.position.pretty()),
            Command::Eval => {
                send(&eval::trace(&self.position).to_string());
                let in_use = self.options.check(OptionId::UseNnue);
                send(&crate::network::eval_line(
                    &self.network,
                    &self.position,
                    in_use,
                ));
            }
            Command::Bench { depth } => {
                self.finish_worker(true);
                crate::bench::run(depth, self.evaluation());
            }
            Command::Perft { depth, fen } => match fen {
                Some(fen) => match Position::from_fen(&fen) {
                    Ok(pos) => self.start_perft(pos, depth),
                    Err(e) => info_string(&format!("invalid FEN: {e}")),
                },
                None => self.start_perft(self.position.clone(), depth),
            },
        }
        true
    }

    fn chess960(&self) -> bool {
        self.options.check(OptionId::Chess960)
    }

    /// Stops (if `stop`) and waits for the running search or perft.
    fn finish_worker(&mut self, stop: bool) {
        if let Some(worker) = self.worker.take() {
            if stop {
                self.control.request_stop();
            }
            if worker.join().is_err() {
                info_string("the search thread failed; its result is lost");
            }
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        #[cfg(feature = "tune")]
        if search::find_param(name).is_some() {
            self.set_param(name, value);
            return;
        }
        let outcome = match self.options.set(name, value) {
            Ok(outcome) => outcome,
            Err(e) => {
                info_string(&e.to_string());
                return;
            }
        };
        if let Some(notice) = outcome.notice() {
            info_string(&notice);
        }
        match outcome.id() {
            OptionId::Hash => self.resize_hash(),
            OptionId::LargePages if page_size(&self.options) != self.tt.pages() => {
                self.resize_hash();
            }
            OptionId::ClearHash => {
                self.finish_worker(true);
                self.clear_hash();
            }
            OptionId::SyzygyPath => {
                self.finish_worker(true);
                self.load_tablebases();
            }
            OptionId::Threads => {
                self.finish_worker(true);
                let threads = self.options.spin(OptionId::Threads).max(1) as usize;
                self.thread_pool().set_threads(threads);
            }
            OptionId::UseNnue => {
                self.finish_worker(true);
                let evaluation = self.evaluation();
                self.thread_pool().set_network(evaluation);
            }
            OptionId::EvalFile => {
                self.finish_worker(true);
                self.load_network();
            }
            _ => {}
        }
    }

    /// The network the search evaluates with, `None` for the hand-crafted evaluation.
    fn evaluation(&self) -> Option<Arc<Network>> {
        self.options
            .check(OptionId::UseNnue)
            .then(|| Arc::clone(&self.network))
    }

    /// Loads the network `EvalFile` names. A file that cannot be read or fails the network
    /// checks is reported and the network in use is kept (and `EvalFile` goes back to it).
    fn load_network(&mut self) {
        let value = self.options.text(OptionId::EvalFile).to_owned();
        match crate::network::load(&value) {
            Ok(network) => {
                self.network = network;
                self.loaded_eval_file = value;
                if !crate::network::is_embedded(&self.loaded_eval_file) {
                    info_string(&format!(
                        "EvalFile {}: network loaded",
                        self.loaded_eval_file
                    ));
                }
                let evaluation = self.evaluation();
                self.thread_pool().set_network(evaluation);
            }
            Err(e) => {
                info_string(&format!(
                    "EvalFile {}: {e}; the network in use is kept",
                    value.trim()
                ));
                let kept = self.loaded_eval_file.clone();
                if let Err(e) = self.options.set("EvalFile", Some(&kept)) {
                    info_string(&e.to_string());
                }
            }
        }
    }

    /// Opens the tables `SyzygyPath` names, closing the old ones first (the prober holds one
    /// set per process), and says what was found.
    fn load_tablebases(&mut self) {
        if let Some(old) = self.tablebases.take() {
            if let Err(still_shared) = Arc::try_unwrap(old) {
                // Cannot happen with the search finished; keep the old tables rather than fail.
                self.tablebases = Some(still_shared);
                info_string("SyzygyPath not changed: the tables are still in use");
                return;
            }
        }
        let value = self.options.text(OptionId::SyzygyPath).to_owned();
        if syzygy::parse_syzygy_path(&value).is_empty() {
            return;
        }
        let (tables, report) = syzygy::load(&value);
        for line in report.messages() {
            info_string(&line);
        }
        if let Some(tables) = &tables {
            // Into memory before the search needs them, off the UCI and search threads.
            tables.read_all_in_background();
        }
        self.tablebases = tables.map(Arc::new);
    }

    /// The tables and probing options for a search.
    fn tablebase_config(&self) -> Option<search::TablebaseConfig> {
        let tables = self.tablebases.as_ref()?;
        if tables.is_broken() {
            info_string(
                "Syzygy: the prober failed earlier; tables not used (set SyzygyPath again)",
            );
            return None;
        }
        Some(search::TablebaseConfig {
            tables: Arc::clone(tables),
            probe_depth: self.options.spin(OptionId::SyzygyProbeDepth) as i32,
            probe_limit: self.options.spin(OptionId::SyzygyProbeLimit) as u32,
            rule50: self.options.check(OptionId::Syzygy50MoveRule),
        })
    }

    /// Gives the table the size and pages of the options. The table's own checks come first
    /// (size, available memory), so a size the machine cannot give is refused before the old
    /// table is freed; the option then goes back to the size the table has.
    fn resize_hash(&mut self) {
        self.finish_worker(true);
        let megabytes = self.options.spin(OptionId::Hash).max(1) as usize;
        let pages = page_size(&self.options);
        let Some(tt) = Arc::get_mut(&mut self.tt) else {
            info_string("Hash not changed: the table is still in use");
            return;
        };
        if let Err(e) = tt.resize(megabytes, pages, table_threads()) {
            let kept = tt.megabytes();
            info_string(&format!("{e}; the hash table has {kept} MiB"));
            if let Err(e) = self.options.set("Hash", Some(&kept.to_string())) {
                info_string(&e.to_string());
            }
        }
    }

    /// Sets a search parameter (a tuning build's spin options), clamped to its range.
    #[cfg(feature = "tune")]
    fn set_param(&mut self, name: &str, value: Option<&str>) {
        let Some(Ok(value)) = value.map(|v| v.trim().parse::<i64>()) else {
            info_string(&format!("{name}: needs an integer value"));
            return;
        };
        self.finish_worker(true);
        let mut params = self.thread_pool().main_worker().params();
        match params.set(name, value) {
            Ok(taken) if i64::from(taken) != value => {
                info_string(&format!("{name}: {value} is out of range, set to {taken}"));
            }
            Ok(_) => {}
            Err(e) => info_string(&e.to_string()),
        }
        self.thread_pool().set_params(params);
    }

    /// Empties the table in place: freeing it and allocating a fresh one would hold two
    /// tables at once and fault every page in again.
    fn clear_hash(&mut self) {
        let Some(tt) = Arc::get_mut(&mut self.tt) else {
            info_string("hash not cleared: the table is still in use");
            return;
        };
        tt.clear(table_threads());
    }

    fn new_game(&mut self) {
        self.finish_worker(true);
        self.clear_hash();
        self.thread_pool().clear();
        self.position = Position::startpos();
        self.game_keys.clear();
    }

    /// The thread pool, once no search holds it.
    fn thread_pool(&self) -> std::sync::MutexGuard<'_, ThreadPool> {
        self.threads.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set_position(&mut self, start: &PositionStart, moves: &[String]) {
        let mut pos = match start {
            PositionStart::StartPos => Position::startpos(),
            PositionStart::Fen(fen) => match Position::from_fen(fen) {
                Ok(pos) => pos,
                Err(e) => {
                    info_string(&format!("invalid FEN ({e}); position unchanged"));
                    return;
                }
            },
        };
        let mut keys = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            match pos.parse_uci_move(text, self.chess960()) {
                Ok(mv) => {
                    keys.push(pos.key());
                    pos.play(mv);
                }
                Err(e) => {
                    info_string(&format!(
                        "move {} of the list: {e}; position set up to the move before it",
                        i + 1
                    ));
                    break;
                }
            }
        }
        self.position = pos;
        self.game_keys = keys;
    }

    fn time_options(&self) -> TimeOptions {
        let mut options = TimeOptions::default();
        for spec in OPTIONS {
            if timeman::find_option(spec.name).is_none() {
                continue;
            }
            let value = match self.options.get(spec.id) {
                OptionValue::Check(b) => b.to_string(),
                OptionValue::Spin(n) => n.to_string(),
                OptionValue::Combo(s) => (*s).to_string(),
                OptionValue::String(s) => s.clone(),
                OptionValue::Button => continue,
            };
            if let Err(e) = options.set(spec.name, &value) {
                info_string(&format!("{}: {e}", spec.name));
            }
        }
        options.ponder = self.options.check(OptionId::Ponder);
        options
    }

    fn limits(&self, params: &GoParams, received: Instant) -> Limits {
        let white = self.position.turn() == movegen::Color::White;
        let (time, their_time, inc, (ours, theirs, side)) = if white {
            let names = ("wtime", "btime", "white");
            (params.wtime, params.btime, params.winc, names)
        } else {
            let names = ("btime", "wtime", "black");
            (params.btime, params.wtime, params.binc, names)
        };
        // A clock for the opponent alone means a timed game whose GUI forgot ours: searching
        // without a limit would hang the game, so plan as if our clock were empty.
        let remaining = match (time, their_time) {
            (Some(t), _) => Some(t.0),
            (None, Some(_)) => {
                info_string(&format!(
                    "go: {theirs} given but no {ours} for {side} to move; moving as if {ours} were 0"
                ));
                Some(0)
            }
            (None, None) => None,
        };
        let clock = remaining.map(|ms| {
            Clock::new(
                ms,
                inc.map_or(0, |i| i.0.max(0)),
                params.movestogo.unwrap_or(0),
            )
        });
        Limits {
            clock,
            movetime_ms: params.movetime.map(|m| m.0.max(0) as u64),
            depth: params.depth,
            nodes: params.nodes,
            mate: params.mate,
            infinite: params.infinite,
            ponder: params.ponder,
            received: Some(received),
        }
    }

    fn go(&mut self, params: &GoParams, received: Instant) {
        self.finish_worker(true);
        if let Some(depth) = params.perft {
            self.start_perft(self.position.clone(), depth);
            return;
        }
        let chess960 = self.chess960();
        let mut searchmoves: Vec<Move> = Vec::new();
        for text in &params.searchmoves {
            match self.position.parse_uci_move(text, chess960) {
                Ok(mv) => searchmoves.push(mv),
                Err(e) => info_string(&format!("searchmoves: {e}; ignored")),
            }
        }
        let request = SearchRequest {
            position: self.position.clone(),
            history: self.game_keys.clone(),
            limits: self.limits(params, received),
            time_options: self.time_options(),
            searchmoves,
            multipv: self.options.spin(OptionId::MultiPv).max(1) as usize,
            tablebases: self.tablebase_config(),
        };
        let deadline = watchdog_deadline(&request, self.position.game_ply(), received);
        // What the watchdog plays if the search never completes an iteration in time.
        let fallback = (request.searchmoves.first().copied())
            .or_else(|| self.position.legal_moves().iter().next().copied());
        let tt = Arc::clone(&self.tt);
        let threads = Arc::clone(&self.threads);
        let control = Arc::clone(&self.control);
        control.reset();
        let spawned = thread::Builder::new()
            .name("search".into())
            // Each ply keeps a position and a move list on the stack.
            .stack_size(64 << 20)
            .spawn(move || {
                let reply = Reply::new(Box::new(send), chess960, fallback);
                thread::scope(|scope| {
                    if let Some(deadline) = deadline {
                        let (reply, control) = (&reply, &control);
                        let watchdog = thread::Builder::new().name("watchdog".into());
                        // Without a watchdog the search still stops itself at its maximum.
                        let _ = watchdog.spawn_scoped(scope, move || {
                            if reply.watch(deadline) {
                                control.request_stop();
                            }
                        });
                    }
                    let mut pool = threads.lock().unwrap_or_else(PoisonError::into_inner);
                    let outcome = pool.search(&request, &tt, &control, &mut |event| {
                        reply.on_event(&event);
                    });
                    reply.finish(outcome.best_move, outcome.ponder_move);
                });
            });
        match spawned {
            Ok(handle) => self.worker = Some(handle),
            Err(e) => info_string(&format!("cannot start the search thread: {e}")),
        }
    }

    fn start_perft(&mut self, pos: Position, depth: u32) {
        self.finish_worker(true);
        let chess960 = self.chess960();
        let spawned = thread::Builder::new().name("perft".into()).spawn(move || {
            let mut out = Vec::new();
            let _ = crate::perft_cmd::perft_divide(&pos, depth, chess960, &mut out);
            send(String::from_utf8_lossy(&out).trim_end());
        });
        match spawned {
            Ok(handle) => self.worker = Some(handle),
            Err(e) => info_string(&format!("cannot start perft: {e}")),
        }
    }
}

/// Threads that fill and clear the table: every core, since nothing else runs meanwhile.
fn table_threads() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// The pages the `Large Pages` option asks for.
fn page_size(options: &Options) -> PageSize {
    if options.check(OptionId::LargePages) {
        PageSize::Huge
    } else {
        PageSize::Standard
    }
}

/// When the watchdog answers for a search that has not stopped by itself: the planned maximum
/// (counted from reading `go`) plus [`WATCHDOG_GRACE`]. `None` when time does not bound the
/// search, and while pondering, where `bestmove` must wait for `ponderhit` or `stop`.
fn watchdog_deadline(request: &SearchRequest, game_ply: u32, received: Instant) -> Option<Instant> {
    let limits = &request.limits;
    if limits.ponder || limits.infinite {
        return None;
    }
    let plain = Limits {
        received: None,
        ..*limits
    };
    let budget = TimeManager::new(&plain, &request.time_options, game_ply).budget()?;
    received.checked_add(budget.maximum.checked_add(WATCHDOG_GRACE)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use timeman::TimeModel;

    #[test]
    fn time_options_follow_the_uci_options() {
        let mut session = Session::new().expect("a session");
        assert_eq!(session.time_options(), TimeOptions::default());
        session.set_option("time model", Some("classic"));
        session.set_option("TM Single Move", Some("false"));
        session.set_option("Ponder", Some("true"));
        let options = session.time_options();
        assert_eq!(options.model, TimeModel::Classic);
        assert!(!options.forced_replies.single_move);
        assert!(options.ponder);
    }
}
