//! The engine's state between commands, and what each command does to it.
//!
//! The caller's thread never searches: [`Engine::go`] starts a search thread and returns, so
//! the protocol layer answers `isready`, `stop`, `ponderhit` and `quit` at once. A second `go`
//! while one search runs first stops and finishes the running one, so every `go` gets exactly
//! one answer.
//!
//! Illegal or malformed moves in a position's move list: the position stops at the last legal
//! move and a notice names the first bad one (as Stockfish does), so the engine keeps
//! answering with moves that are legal in the position it was given. A FEN is read leniently
//! (fields that do not change the board are mended, with a notice); a FEN that must be
//! refused leaves no position at all, so `go` answers `bestmove 0000` rather than a move of
//! the position before it, which the GUI no longer means.

use std::panic::{self, AssertUnwindSafe};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use movegen::{Move, Position};
use nnue::Network;
use search::{ParallelMode, SearchControl, SearchRequest, TablebaseConfig, ThreadPool};
use timeman::{Limits, TimeManager};
use tt::{PageSize, TranspositionTable, TtError};

use crate::go::GoParams;
use crate::options::{OptionError, OptionId, Options, SetOutcome};
use crate::output::Output;
use crate::reply::{Reply, WATCHDOG_GRACE};

pub mod extensions;

/// The engine between commands.
pub struct Engine {
    /// The position of the last `position` command; not searched while `refused` is set.
    position: Position,
    /// Why the last `position` command was refused, if it was.
    refused: Option<String>,
    /// Keys of the game's positions before `position`, oldest first.
    game_keys: Vec<u64>,
    options: Options,
    tt: Arc<TranspositionTable>,
    /// The search threads and their workers; locked by the search thread while it runs.
    threads: Arc<Mutex<ThreadPool>>,
    control: Arc<SearchControl>,
    /// The thread running the search or perft, if any.
    search_thread: Option<JoinHandle<()>>,
    /// The network `EvalFile` names (the embedded one by default), used while `UseNNUE` is on
    /// (the default).
    network: Arc<Network>,
    /// The `EvalFile` value `network` came from.
    loaded_eval_file: String,
    /// Open Syzygy tablebases (`SyzygyPath`), shared with the running search.
    tablebases: Option<Arc<syzygy::Tablebases>>,
    output: Arc<dyn Output>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("position", &self.position.fen())
            .field("options", &self.options)
            .field("loaded_eval_file", &self.loaded_eval_file)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine with default options and the starting position, writing to `output`.
    ///
    /// # Errors
    /// When the default hash table cannot be allocated.
    pub fn new(output: Arc<dyn Output>) -> Result<Engine, TtError> {
        let options = Options::new();
        let megabytes = options.spin(OptionId::Hash).max(1) as usize;
        let threads = options.spin(OptionId::Threads).max(1) as usize;
        let tt = TranspositionTable::with_pages(megabytes, page_size(&options), table_threads())?;
        let engine = Engine {
            position: Position::startpos(),
            refused: None,
            game_keys: Vec::new(),
            options,
            tt: Arc::new(tt),
            threads: Arc::new(Mutex::new(ThreadPool::new(threads))),
            control: Arc::new(SearchControl::default()),
            search_thread: None,
            network: nnue::Network::embedded_shared(),
            loaded_eval_file: "<default>".to_owned(),
            tablebases: None,
            output,
        };
        // `UseNNUE` is on by default: the search starts with the embedded network.
        let evaluation = engine.evaluation();
        engine.thread_pool().set_network(evaluation);
        Ok(engine)
    }

    /// The current option values.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The position the next search starts from; `None` after a refused `position` command.
    pub fn position(&self) -> Option<&Position> {
        self.refused.is_none().then_some(&self.position)
    }

    /// Says that `command` has no position to work on, and why.
    pub fn report_no_position(&self, command: &str) {
        let why = self.refused.as_deref().unwrap_or("none was set");
        self.output.notice(&format!(
            "{command}: no position (the last one was refused: {why})"
        ));
    }

    /// Whether moves are read and written in Chess960 notation (`UCI_Chess960`).
    pub fn chess960(&self) -> bool {
        self.options.check(OptionId::Chess960)
    }

    /// Asks the running search to stop; its answer follows.
    pub fn stop(&self) {
        self.control.request_stop();
    }

    /// The opponent played the move the search was pondering on: the search goes on as a
    /// normal one.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    /// Stops and waits for the running search or perft, before the engine is dropped.
    pub fn quit(&mut self) {
        self.finish_search_thread(true);
    }

    /// Stops (if `stop`) and waits for the running search or perft.
    fn finish_search_thread(&mut self, stop: bool) {
        if let Some(thread) = self.search_thread.take() {
            if stop {
                self.control.request_stop();
            }
            if thread.join().is_err() {
                self.output
                    .notice("the search thread failed; its result is lost");
            }
        }
    }

    /// Applies `setoption name <name> [value <value>]` and what it changes (the table's size,
    /// the threads, the network, the tablebases). A clamped value and what the change did are
    /// reported through the output as it happens; a refused one is the error, and changes
    /// nothing.
    ///
    /// # Errors
    /// When no option has that name or the value does not fit its type.
    pub fn set_option(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<SetOutcome, OptionError> {
        let outcome = self.options.set(name, value)?;
        if let Some(notice) = outcome.notice() {
            self.output.notice(&notice);
        }
        match outcome.id() {
            OptionId::Hash => self.resize_hash(),
            OptionId::LargePages if page_size(&self.options) != self.tt.pages() => {
                self.resize_hash();
            }
            OptionId::ClearHash => {
                self.finish_search_thread(true);
                self.clear_hash();
            }
            OptionId::SyzygyPath => {
                self.finish_search_thread(true);
                self.load_tablebases();
            }
            OptionId::Threads => {
                self.finish_search_thread(true);
                let threads = self.options.spin(OptionId::Threads).max(1) as usize;
                self.thread_pool().set_threads(threads);
            }
            OptionId::SmpMode => {
                self.finish_search_thread(true);
                let mode = ParallelMode::from_name(self.options.text(OptionId::SmpMode));
                self.thread_pool()
                    .set_parallel_mode(mode.unwrap_or_default());
            }
            OptionId::UseNnue => {
                self.finish_search_thread(true);
                let evaluation = self.evaluation();
                self.thread_pool().set_network(evaluation);
            }
            OptionId::EvalFile => {
                self.finish_search_thread(true);
                self.load_network();
            }
            _ => {}
        }
        Ok(outcome)
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
                    self.output.notice(&format!(
                        "EvalFile {}: network loaded",
                        self.loaded_eval_file
                    ));
                }
                let evaluation = self.evaluation();
                self.thread_pool().set_network(evaluation);
            }
            Err(e) => {
                self.output.notice(&format!(
                    "EvalFile {}: {e}; the network in use is kept",
                    value.trim()
                ));
                let kept = self.loaded_eval_file.clone();
                if let Err(e) = self.options.set("EvalFile", Some(&kept)) {
                    self.output.notice(&e.to_string());
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
                self.output
                    .notice("SyzygyPath not changed: the tables are still in use");
                return;
            }
        }
        let value = self.options.text(OptionId::SyzygyPath).to_owned();
        if syzygy::parse_syzygy_path(&value).is_empty() {
            return;
        }
        let (tables, report) = syzygy::load(&value);
        for line in report.messages() {
            self.output.notice(&line);
        }
        if let Some(tables) = &tables {
            // Into memory before the search needs them, off the protocol and search threads.
            tables.read_all_in_background();
        }
        self.tablebases = tables.map(Arc::new);
    }

    /// The tables and probing options for a search.
    fn tablebase_config(&self) -> Option<TablebaseConfig> {
        let tables = self.tablebases.as_ref()?;
        if tables.is_broken() {
            self.output.notice(
                "Syzygy: the prober failed earlier; tables not used (set SyzygyPath again)",
            );
            return None;
        }
        Some(TablebaseConfig {
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
        self.finish_search_thread(true);
        let megabytes = self.options.spin(OptionId::Hash).max(1) as usize;
        let pages = page_size(&self.options);
        let Some(tt) = Arc::get_mut(&mut self.tt) else {
            self.output
                .notice("Hash not changed: the table is still in use");
            return;
        };
        if let Err(e) = tt.resize(megabytes, pages, table_threads()) {
            let kept = tt.megabytes();
            self.output
                .notice(&format!("{e}; the hash table has {kept} MiB"));
            if let Err(e) = self.options.set("Hash", Some(&kept.to_string())) {
                self.output.notice(&e.to_string());
            }
        }
    }

    /// Sets a search parameter (a tuning build's options), clamped to its range; `false` when
    /// `name` is no search parameter.
    #[cfg(feature = "tune")]
    pub fn set_param(&mut self, name: &str, value: Option<&str>) -> bool {
        if search::find_param(name).is_none() {
            return false;
        }
        let Some(Ok(value)) = value.map(|v| v.trim().parse::<i64>()) else {
            self.output
                .notice(&format!("{name}: needs an integer value"));
            return true;
        };
        self.finish_search_thread(true);
        let mut params = self.thread_pool().main_worker().params();
        match params.set(name, value) {
            Ok(taken) if i64::from(taken) != value => {
                self.output
                    .notice(&format!("{name}: {value} is out of range, set to {taken}"));
            }
            Ok(_) => {}
            Err(e) => self.output.notice(&e.to_string()),
        }
        self.thread_pool().set_params(params);
        true
    }

    /// Empties the table in place: freeing it and allocating a fresh one would hold two
    /// tables at once and fault every page in again.
    fn clear_hash(&mut self) {
        let Some(tt) = Arc::get_mut(&mut self.tt) else {
            self.output
                .notice("hash not cleared: the table is still in use");
            return;
        };
        tt.clear(table_threads());
    }

    /// `ucinewgame`: an empty table and histories, and the starting position.
    pub fn new_game(&mut self) {
        self.finish_search_thread(true);
        self.clear_hash();
        self.thread_pool().clear();
        self.position = Position::startpos();
        self.refused = None;
        self.game_keys.clear();
    }

    /// The thread pool, once no search holds it.
    fn thread_pool(&self) -> MutexGuard<'_, ThreadPool> {
        self.threads.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `position`: `fen` (the starting position if `None`) and the moves played since. A FEN's
    /// mended fields are reported; a FEN that must be refused leaves no position (see
    /// [`Engine::refuse_position`]) and its moves are not read.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) {
        let mut pos = match fen {
            None => Position::startpos(),
            Some(fen) => match Position::from_fen_lenient(fen) {
                Ok((pos, repairs)) => {
                    for repair in repairs {
                        self.output.notice(&format!("FEN: {repair}"));
                    }
                    pos
                }
                Err(e) => {
                    self.refuse_position(&format!("invalid FEN: {e}"));
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
                    self.output.notice(&format!(
                        "move {} of the list: {e}; position set up to the move before it",
                        i + 1
                    ));
                    break;
                }
            }
        }
        self.position = pos;
        self.refused = None;
        self.game_keys = keys;
    }

    /// A `position` command that cannot be used, for `why`: until the next one, `go` answers
    /// `bestmove 0000` and the commands that need a position say there is none. Searching the
    /// previous position instead would answer a move the GUI cannot play in the one it means.
    pub fn refuse_position(&mut self, why: &str) {
        self.output.notice(&format!(
            "{why}; no position until the next `position` command (`go` answers bestmove 0000)"
        ));
        self.refused = Some(why.to_owned());
        self.game_keys.clear();
    }

    /// `go`, read at `received` (the time since is charged to the budget): starts the search
    /// (or perft) on a thread of its own and returns. The search's lines and its one answer go
    /// to the output; a watchdog answers for a search that overruns its time.
    pub fn go(&mut self, params: &GoParams, received: Instant) {
        self.finish_search_thread(true);
        if self.refused.is_some() {
            self.answer_without_position(params);
            return;
        }
        if let Some(depth) = params.perft {
            self.start_perft(self.position.clone(), depth);
            return;
        }
        let chess960 = self.chess960();
        let mut searchmoves: Vec<Move> = Vec::new();
        for text in &params.searchmoves {
            match self.position.parse_uci_move(text, chess960) {
                Ok(mv) => searchmoves.push(mv),
                Err(e) => self.output.notice(&format!("searchmoves: {e}; ignored")),
            }
        }
        let notice = |text: &str| self.output.notice(text);
        let request = SearchRequest {
            position: self.position.clone(),
            history: self.game_keys.clone(),
            limits: params.limits(self.position.turn(), received, &notice),
            time_options: self.options.time_options(),
            searchmoves,
            multipv: self.options.spin(OptionId::MultiPv).max(1) as usize,
            tablebases: self.tablebase_config(),
            strength: self.options.strength(),
            seed: choice_seed(&self.position),
        };
        let deadline = watchdog_deadline(&request, self.position.game_ply(), received);
        // What the watchdog plays if the search never completes an iteration in time.
        let fallback = (request.searchmoves.first().copied())
            .or_else(|| self.position.legal_moves().iter().next().copied());
        let show_wdl = self.options.check(OptionId::ShowWdl);
        let material = show_wdl.then(|| search::material(&self.position));
        let tt = Arc::clone(&self.tt);
        let threads = Arc::clone(&self.threads);
        let control = Arc::clone(&self.control);
        let output = Arc::clone(&self.output);
        control.reset();
        let spawned = thread::Builder::new()
            .name("search".into())
            // Each ply keeps a position and a move list on the stack.
            .stack_size(64 << 20)
            .spawn(move || {
                let mut reply = Reply::new(output, chess960, fallback);
                if let Some(material) = material {
                    reply = reply.with_wdl(material);
                }
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
                    // A panic in the search (a bug) must still answer this `go`.
                    let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                        pool.search(&request, &tt, &control, &mut |event| {
                            reply.on_event(&event);
                        })
                    }));
                    match searched {
                        Ok(outcome) => match outcome.best_move {
                            Some(best) => reply.finish(Some(best), outcome.ponder_move),
                            None => reply.finish_without_move(request.position.in_check()),
                        },
                        Err(_) => reply.finish_after_failure(),
                    }
                });
            });
        match spawned {
            Ok(handle) => self.search_thread = Some(handle),
            Err(e) => self
                .output
                .notice(&format!("cannot start the search thread: {e}")),
        }
    }

    /// `go` after a refused position: `bestmove 0000` (the null move, which UCI allows), held
    /// until `stop` or `ponderhit` for `go infinite` and `go ponder` as a search's answer
    /// would be; `go perft` only says there is no position.
    fn answer_without_position(&mut self, params: &GoParams) {
        if params.perft.is_some() {
            self.report_no_position("go perft");
            return;
        }
        self.report_no_position("go");
        if !(params.infinite || params.ponder) {
            self.output.text("bestmove 0000");
            return;
        }
        let control = Arc::clone(&self.control);
        let output = Arc::clone(&self.output);
        control.reset();
        let spawned = thread::Builder::new()
            .name("null answer".into())
            .spawn(move || {
                while !control.stop_requested() && !control.ponderhit_received() {
                    thread::sleep(Duration::from_millis(5));
                }
                output.text("bestmove 0000");
            });
        match spawned {
            Ok(handle) => self.search_thread = Some(handle),
            Err(e) => {
                self.output
                    .notice(&format!("cannot start the answer thread: {e}"));
                self.output.text("bestmove 0000");
            }
        }
    }

    /// `perft`: counts the leaves of `fen`'s tree (the current position's if `None`) to
    /// `depth` on a thread of its own, and prints the divide.
    pub fn perft(&mut self, fen: Option<&str>, depth: u32) {
        match fen.map(Position::from_fen) {
            None if self.refused.is_some() => self.report_no_position("perft"),
            None => self.start_perft(self.position.clone(), depth),
            Some(Ok(pos)) => self.start_perft(pos, depth),
            Some(Err(e)) => self.output.notice(&format!("invalid FEN: {e}")),
        }
    }

    /// Each root move's line is printed as it is counted; `stop` and `quit` end the count
    /// with what was counted so far, marked incomplete.
    fn start_perft(&mut self, pos: Position, depth: u32) {
        self.finish_search_thread(true);
        let chess960 = self.chess960();
        let mut out = crate::output::Lines::new(Arc::clone(&self.output));
        let control = Arc::clone(&self.control);
        control.reset();
        let spawned = thread::Builder::new().name("perft".into()).spawn(move || {
            let stopped = || control.stop_requested();
            let _ = crate::perft::perft_divide_until(&pos, depth, chess960, &stopped, &mut out);
        });
        match spawned {
            Ok(handle) => self.search_thread = Some(handle),
            Err(e) => self.output.notice(&format!("cannot start perft: {e}")),
        }
    }
}

/// A seed for a weaker level's move choice: the position and the clock, so that the same
/// position is not always answered the same way.
fn choice_seed(position: &Position) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    position.key() ^ nanos
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
/// search, and while pondering, where the answer must wait for `ponderhit` or `stop`.
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
    use timeman::{TimeModel, TimeOptions};

    /// Drops everything.
    struct Silent;

    impl Output for Silent {
        fn notice(&self, _: &str) {}
        fn text(&self, _: &str) {}
        fn search_event(&self, _: &search::SearchEvent<'_>, _: Option<search::Wdl>, _: bool) {}
        fn no_legal_move(&self, _: bool) {}
        fn best_move(&self, _: Option<Move>, _: Option<Move>, _: bool) {}
    }

    #[test]
    fn time_options_follow_the_options() {
        let mut engine = Engine::new(Arc::new(Silent)).expect("an engine");
        assert_eq!(engine.options().time_options(), TimeOptions::default());
        for (name, value) in [
            ("time model", "classic"),
            ("TM Single Move", "false"),
            ("Ponder", "true"),
        ] {
            assert!(engine.set_option(name, Some(value)).is_ok(), "{name}");
        }
        let options = engine.options().time_options();
        assert_eq!(options.model, TimeModel::Classic);
        assert!(!options.forced_replies.single_move);
        assert!(options.ponder);
    }
}
