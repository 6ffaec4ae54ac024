//! The engine's state between commands, and what each command does to it.
//!
//! The caller's thread never searches: [`Engine::go`] starts a search thread and returns, so
//! the protocol layer answers `isready`, `stop`, `ponderhit` and `quit` at once. One search
//! (or perft) runs at a time: the protocol layer holds a `go`, and every command that changes
//! what a search uses ([`Engine::waits_for_search`]), until the running one has ended, which
//! the signal set with [`Engine::on_work_end`] tells it. Every `go` and perft is announced when
//! it is read ([`Engine::read_go`]), so `stop` and `ponderhit` reach the one the GUI means
//! even while it waits in line (see `pending.rs` for the rules).
//!
//! A `position` command that cannot be used, a FEN that must be refused or a move list with
//! an illegal or malformed move, leaves no position at all, so `go` answers `bestmove 0000`
//! rather than a move of another position, which the GUI does not mean (and where the wrong
//! side may be to move). A FEN is read leniently: fields that do not change the board are
//! mended, with a notice.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use movegen::{Move, Position};
use nnue::Network;
use search::{ParallelMode, SearchControl, SearchRequest, TablebaseConfig, ThreadPool, WdlRoot};
use timeman::{Limits, TimeManager};
use tt::{PageSize, TranspositionTable, TtError};

use crate::go::GoParams;
use crate::options::{OptionError, OptionId, Options, SetOutcome};
use crate::output::Output;
use crate::pending::Pending;
use crate::reply::{Reply, WATCHDOG_GRACE};

/// After the end of input, the longest a search or perft may run (from the end of input, or
/// from its start for one that starts later) before it is stopped and answers: an input that
/// ends while a `go depth 99` runs is a GUI that has gone, and the engine should not search
/// for hours for nobody. A minute lets a piped script's finite work finish (perft 6 from the
/// start, a search to depth 20 or so on one core).
pub const AFTER_INPUT_LIMIT: Duration = Duration::from_secs(60);

/// Called by a search or perft thread as its last act: the protocol layer may then carry out
/// what it held back.
pub type WorkEndSignal = Arc<dyn Fn() + Send + Sync>;

/// The thread running a search or perft.
struct Work {
    thread: JoinHandle<()>,
    /// Set as the work answers (`bestmove`), or as its thread ends, before the signal.
    ended: Arc<AtomicBool>,
    /// When it started.
    since: Instant,
    /// It has been cut short after the end of input.
    cut: bool,
}

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
    /// The `go`s and perfts read and not yet ended.
    pending: Pending,
    /// The search or perft running, if any.
    work: Option<Work>,
    /// Told when a search or perft ends.
    work_end: Option<WorkEndSignal>,
    /// When the input ended, if it has.
    input_ended: Option<Instant>,
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
            pending: Pending::default(),
            work: None,
            work_end: None,
            input_ended: None,
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

    /// `stop`: ends the search the GUI means (see `pending.rs`), whose answer follows.
    pub fn stop(&self) {
        self.pending.stop();
    }

    /// `ponderhit`: the opponent played the move the first pondering search was pondering
    /// on, so it goes on as a normal one.
    pub fn ponderhit(&self) {
        self.pending.ponderhit();
    }

    /// `quit`: stops every search and perft, the running one and those read and not started
    /// (they start already stopped and answer at once), without waiting.
    pub fn stop_all(&self) {
        self.pending.stop_all();
    }

    /// Stops everything and waits for the running search or perft, before the engine is
    /// dropped.
    pub fn quit(&mut self) {
        self.pending.stop_all();
        self.finish_search_thread(true);
    }

    /// A `go` was read: from now on `stop` and `ponderhit` can reach it, also while it waits
    /// for the running search to end. Its search starts with [`Engine::go`], in the order read.
    pub fn read_go(&mut self, params: &GoParams) {
        self.pending.read_go(params);
    }

    /// A `perft` command was read (see [`Engine::read_go`]).
    pub fn read_perft(&mut self) {
        self.pending.read_perft();
    }

    /// Calls `signal` from now on whenever a search or perft ends, as the last thing its thread
    /// does; [`Engine::reap`] then lets the next command run.
    pub fn on_work_end(&mut self, signal: WorkEndSignal) {
        self.work_end = Some(signal);
    }

    /// Whether a search or perft runs (or has answered and not been reaped yet).
    pub fn is_working(&self) -> bool {
        self.work.is_some()
    }

    /// Collects the search or perft that has answered (waiting for its thread to finish, a
    /// matter of moments), if it has; `true` when the engine is now free for the next one.
    pub fn reap(&mut self) -> bool {
        if self
            .work
            .as_ref()
            .is_some_and(|w| w.ended.load(Ordering::Acquire))
        {
            self.finish_search_thread(false);
        }
        self.work.is_none()
    }

    /// Whether `setoption name <name>` changes what a running search uses (the table, the
    /// threads, the network, the tablebases, the search parameters) and so must wait for it to
    /// end. Every other option only changes the searches that start after it: it is set at once.
    pub fn waits_for_search(name: &str) -> bool {
        #[cfg(feature = "tune")]
        if search::find_param(name).is_some() {
            return true;
        }
        crate::options::find(name).is_ok_and(|spec| spec.id.waits_for_search())
    }

    /// The input has ended: every search that only `stop` ends is stopped (its answer
    /// follows), and from now on no search or perft runs longer than [`AFTER_INPUT_LIMIT`].
    pub fn end_of_input(&mut self) {
        self.input_ended = Some(Instant::now());
        self.pending.end_of_input();
    }

    /// After the end of input, when the running search or perft is to be cut short (see
    /// [`AFTER_INPUT_LIMIT`]); `None` before it, or with nothing running.
    pub fn cut_deadline(&self) -> Option<Instant> {
        let ended = self.input_ended?;
        let work = self.work.as_ref().filter(|w| !w.cut)?;
        Some(work.since.max(ended) + AFTER_INPUT_LIMIT)
    }

    /// Stops the running search or perft at its [`Engine::cut_deadline`], saying why; its
    /// answer follows.
    pub fn cut_short(&mut self) {
        if let Some(work) = &mut self.work {
            work.cut = true;
            self.output.notice(&format!(
                "input ended {} s ago: stopped",
                AFTER_INPUT_LIMIT.as_secs()
            ));
            self.pending.stop_running();
        }
    }

    /// Stops (if `stop`) and waits for the running search or perft.
    fn finish_search_thread(&mut self, stop: bool) {
        if let Some(work) = self.work.take() {
            if stop {
                self.pending.stop_running();
            }
            if work.thread.join().is_err() {
                self.output
                    .notice("the search thread failed; its result is lost");
            }
            self.pending.end_started();
        }
    }

    /// Runs `body` as the search or perft on a thread called `name` with `stack` bytes of
    /// stack (the default if `None`), writing to the output it is given. The work counts as
    /// ended from its `bestmove` on (or from its end, without one): the GUI may send its next
    /// command as soon as it reads the answer, and that command must not wait for this work.
    /// The thread gives the signal as it finishes. A thread the system refuses is reported,
    /// and `body` never runs.
    fn start_work(
        &mut self,
        name: &str,
        stack: Option<usize>,
        control: &Arc<SearchControl>,
        body: impl FnOnce(Arc<dyn Output>) + Send + 'static,
    ) -> bool {
        let ended = Arc::new(AtomicBool::new(false));
        let signal = self.work_end.clone();
        let output = Arc::clone(&self.output);
        let answering: Arc<dyn Output> = Arc::new(Answering {
            output: Arc::clone(&self.output),
            answered: Arc::clone(&ended),
        });
        let (done, control) = (Arc::clone(&ended), Arc::clone(control));
        let mut builder = thread::Builder::new().name(name.into());
        if let Some(stack) = stack {
            builder = builder.stack_size(stack);
        }
        let spawned = builder.spawn(move || {
            // A panic (a bug) must still end the work, or the commands after it never run.
            if panic::catch_unwind(AssertUnwindSafe(|| body(answering))).is_err() {
                output.notice("the search thread failed; its result is lost");
            }
            // The work has answered: a later `stop` is for the next one.
            control.request_stop();
            done.store(true, Ordering::Release);
            if let Some(signal) = signal {
                signal();
            }
        });
        match spawned {
            Ok(thread) => {
                self.work = Some(Work {
                    thread,
                    ended,
                    since: Instant::now(),
                    cut: false,
                });
                true
            }
            Err(e) => {
                self.output
                    .notice(&format!("cannot start the {name} thread: {e}"));
                self.pending.end_started();
                false
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
    /// mended fields are reported; a FEN that must be refused, or a move list with a move that
    /// is malformed or illegal where it is played, leaves no position (see
    /// [`Engine::refuse_position`]): the GUI means a position the engine does not have, and
    /// the one before the bad move may have the other side to move.
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
                    self.refuse_position(&format!("move {} of the list: {e}", i + 1));
                    return;
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
    /// (or perft) of the `go` read first and not started yet (see [`Engine::read_go`]) on a
    /// thread of its own and returns. The search's lines and its one answer go to the output;
    /// a watchdog answers for a search that overruns its time. The protocol layer calls it
    /// once the running search has ended; a search still running is stopped first, so that
    /// only one runs.
    pub fn go(&mut self, params: &GoParams, received: Instant) {
        self.finish_search_thread(true);
        let control = self.pending.start_next();
        if self.refused.is_some() {
            self.answer_without_position(params, &control);
            return;
        }
        if let Some(depth) = params.perft {
            self.start_perft(self.position.clone(), depth, &control);
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
        // Below full strength, a game's move comes at a human pace (`Human Pace`).
        let answer_not_before = if self.options.check(OptionId::HumanPace) {
            crate::pace::answer_not_before(&request, self.position.game_ply(), received)
        } else {
            None
        };
        // What the watchdog plays if the search never completes an iteration in time.
        let fallback = (request.searchmoves.first().copied())
            .or_else(|| self.position.legal_moves().iter().next().copied());
        let no_legal_move = fallback.is_none();
        let show_wdl = self.options.check(OptionId::ShowWdl);
        let wdl = show_wdl.then(|| WdlRoot::of(&self.position));
        let tt = Arc::clone(&self.tt);
        let threads = Arc::clone(&self.threads);
        let search_control = Arc::clone(&control);
        // Each ply keeps a position and a move list on the stack.
        self.start_work("search", Some(64 << 20), &control, move |output| {
            let control = search_control;
            let mut reply = Reply::new(output, chess960, fallback);
            if let Some(wdl) = wdl {
                reply = reply.with_wdl(wdl);
            }
            // Said at once: `go infinite` on a mated root waits for `stop` before `bestmove`.
            if no_legal_move {
                reply.no_legal_move(request.position.in_check());
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
                    Ok(outcome) => {
                        if let (Some(until), Some(_)) = (answer_not_before, outcome.best_move) {
                            crate::pace::pause(until, &control);
                        }
                        reply.finish(outcome.best_move, outcome.ponder_move);
                    }
                    Err(_) => reply.finish_after_failure(),
                }
            });
        });
    }

    /// `go` after a refused position: `bestmove 0000` (the null move, which UCI allows), held
    /// until `stop` or `ponderhit` for `go infinite` and `go ponder` as a search's answer
    /// would be; `go perft` only says there is no position.
    fn answer_without_position(&mut self, params: &GoParams, control: &Arc<SearchControl>) {
        if params.perft.is_some() {
            self.report_no_position("go perft");
            self.pending.end_started();
            return;
        }
        self.report_no_position("go");
        if !(params.infinite || params.ponder) {
            self.output.text("bestmove 0000");
            self.pending.end_started();
            return;
        }
        let waiting = Arc::clone(control);
        let started = self.start_work("answer", None, control, move |output| {
            while !waiting.stop_requested() && !waiting.ponderhit_received() {
                thread::sleep(Duration::from_millis(5));
            }
            output.text("bestmove 0000");
        });
        if !started {
            self.output.text("bestmove 0000");
        }
    }

    /// `perft`: counts the leaves of `fen`'s tree (the current position's if `None`) to
    /// `depth` on a thread of its own, and prints the divide. It is the perft read first and
    /// not started yet (see [`Engine::read_perft`]).
    pub fn perft(&mut self, fen: Option<&str>, depth: u32) {
        self.finish_search_thread(true);
        let control = self.pending.start_next();
        match fen.map(Position::from_fen) {
            None if self.refused.is_some() => self.report_no_position("perft"),
            None => return self.start_perft(self.position.clone(), depth, &control),
            Some(Ok(pos)) => return self.start_perft(pos, depth, &control),
            Some(Err(e)) => self.output.notice(&format!("invalid FEN: {e}")),
        }
        self.pending.end_started();
    }

    /// Each root move's line is printed as it is counted; `stop` and `quit` end the count
    /// with what was counted so far, marked incomplete.
    fn start_perft(&mut self, pos: Position, depth: u32, control: &Arc<SearchControl>) {
        let chess960 = self.chess960();
        let counting = Arc::clone(control);
        self.start_work("perft", None, control, move |output| {
            let mut out = crate::output::Lines::new(output);
            let stopped = || counting.stop_requested();
            let _ = crate::perft::perft_divide_until(&pos, depth, chess960, &stopped, &mut out);
        });
    }
}

/// A search's output, which marks the search answered as its `bestmove` goes out.
struct Answering {
    output: Arc<dyn Output>,
    answered: Arc<AtomicBool>,
}

impl Output for Answering {
    fn notice(&self, text: &str) {
        self.output.notice(text);
    }

    fn text(&self, text: &str) {
        self.output.text(text);
    }

    fn search_event(&self, event: &search::SearchEvent<'_>, wdl: Option<search::Wdl>, c: bool) {
        self.output.search_event(event, wdl, c);
    }

    fn no_legal_move(&self, checkmated: bool, wdl: Option<search::Wdl>) {
        self.output.no_legal_move(checkmated, wdl);
    }

    fn best_move(&self, best: Option<Move>, ponder: Option<Move>, chess960: bool) {
        // Before the line: the GUI may answer it at once.
        self.answered.store(true, Ordering::Release);
        self.output.best_move(best, ponder, chess960);
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
        fn no_legal_move(&self, _: bool, _: Option<search::Wdl>) {}
        fn best_move(&self, _: Option<Move>, _: Option<Move>, _: bool) {}
    }

    #[test]
    fn after_the_end_of_input_a_search_is_cut_at_the_limit() {
        let mut engine = Engine::new(Arc::new(Silent)).expect("an engine");
        let params = GoParams {
            depth: Some(99),
            ..GoParams::default()
        };
        engine.read_go(&params);
        engine.go(&params, Instant::now());
        assert!(engine.is_working());
        // While input is open nothing bounds a finite search.
        assert_eq!(engine.cut_deadline(), None);
        let before = Instant::now();
        engine.end_of_input();
        let deadline = engine
            .cut_deadline()
            .expect("a deadline after the end of input");
        let counted_from = deadline - AFTER_INPUT_LIMIT;
        assert!(counted_from >= before && counted_from <= Instant::now());
        engine.cut_short();
        // Once cut, no second deadline; and the depth-99 search does answer.
        assert_eq!(engine.cut_deadline(), None);
        while !engine.reap() {
            thread::sleep(Duration::from_millis(5));
        }
        assert!(!engine.is_working());
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
