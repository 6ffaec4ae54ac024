//! The UCI session: each line read parsed into a command, carried out by the [`Engine`], and
//! answered on stdout.
//!
//! The protocol thread (this one) never searches and never waits for a search: the engine runs
//! `go` on a thread of its own, so `isready`, `stop`, `ponderhit` and `quit` are answered at
//! once. One search runs at a time, as in Stockfish: a `go` read while one runs, and every
//! command that changes what a search uses (`ucinewgame`, `bench`, `perft`, the options
//! [`Engine::waits_for_search`] names), is held, with every command after it so that they
//! keep their order, until the search ends; a `stop` behind them still reaches the search. The
//! end of input lets the work read before it finish (see [`Session::run`]); `quit` stops it
//! all, and every `go` read still answers.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Instant;

use anyhow::Context;
use engine::Engine;
use engine::options::{OptionId, uci_option_lines};

use crate::command::{Command, PositionStart, parse_command};
use crate::debug_log::{self, Direction};
use crate::input::Input;
use crate::output::{Stdout, info_string, send};

/// What the session waits for: the GUI's input, or the end of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// What the input thread read.
    Input(Input),
    /// A search or perft has ended: what was held for it may run.
    WorkEnded,
}

impl From<Input> for Event {
    fn from(input: Input) -> Event {
        Event::Input(input)
    }
}

/// The engine and the protocol's own state between commands.
#[derive(Debug)]
pub struct Session {
    engine: Engine,
    /// Commands held until the running search ends, oldest first, each with when it was read.
    held: VecDeque<(Command, Instant)>,
}

impl Session {
    /// A session with default options and the starting position; `events` is told when a
    /// search ends (it is the channel [`Session::run`] reads).
    pub fn new(events: Sender<Event>) -> anyhow::Result<Session> {
        let mut engine = Engine::new(Arc::new(Stdout)).context("cannot allocate the hash table")?;
        engine.on_work_end(Arc::new(move || {
            let _ = events.send(Event::WorkEnded);
        }));
        Ok(Session {
            engine,
            held: VecDeque::new(),
        })
    }

    /// Reads commands until `quit` (after which every `go` read answers at once), or until the
    /// end of input and of the work read before it, then stops any search and returns. At the end of input a search that only `stop`
    /// would end (`go infinite`, `go ponder`) is stopped and answers; finite searches and
    /// perfts, the running one and those held, run to their end, each cut short after
    /// [`engine::AFTER_INPUT_LIMIT`]. Stockfish quits at the end of input instead; finishing
    /// lets `echo "go perft 6" | tsubame` print its count.
    pub fn run(&mut self, events: &Receiver<Event>) {
        let mut input_open = true;
        loop {
            let event = if input_open {
                events.recv().ok()
            } else if !self.engine.is_working() && self.held.is_empty() {
                break;
            } else {
                match self.engine.cut_deadline() {
                    None => events.recv().ok(),
                    Some(deadline) => {
                        let wait = deadline.saturating_duration_since(Instant::now());
                        match events.recv_timeout(wait) {
                            Ok(event) => Some(event),
                            Err(RecvTimeoutError::Timeout) => {
                                self.engine.cut_short();
                                continue;
                            }
                            Err(RecvTimeoutError::Disconnected) => None,
                        }
                    }
                }
            };
            match event {
                Some(Event::Input(Input::Line(line, received))) => {
                    debug_log::record(Direction::In, &line);
                    if !self.handle(&line, received) {
                        self.answer_before_quit(events);
                        break;
                    }
                }
                Some(Event::Input(Input::Rejected(why))) => info_string(&why),
                Some(Event::Input(Input::Eof)) => {
                    input_open = false;
                    self.engine.end_of_input();
                }
                Some(Event::WorkEnded) => self.run_held(),
                None => break,
            }
        }
        self.engine.quit();
    }

    /// Carries out one line read at `received` (a `go` charges the time since then to its
    /// budget), or holds it until the running search ends; `false` means quit.
    pub fn handle(&mut self, line: &str, received: Instant) -> bool {
        // A search that has answered holds nothing back, though its thread may not have
        // signalled its end yet: the GUI may have read the answer and sent this line.
        self.run_held();
        let command = match parse_command(line) {
            Ok(command) => command,
            Err(e) => {
                info_string(&e.to_string());
                return true;
            }
        };
        match command {
            // Never held: these steer the running search, or answer at once.
            Command::IsReady => send("readyok"),
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => return false,
            command => {
                match &command {
                    Command::Go { params, warnings } => {
                        for warning in warnings {
                            info_string(&warning.to_string());
                        }
                        self.engine.read_go(params);
                    }
                    Command::Perft { .. } => self.engine.read_perft(),
                    _ => {}
                }
                if self.held.is_empty() && !(self.engine.is_working() && waits(&command)) {
                    self.carry_out(command, received);
                } else {
                    self.held.push_back((command, received));
                }
            }
        }
        true
    }

    /// `quit` was read: every search, the running one and those held, is stopped, and the held
    /// commands run in order, so that each `go` read answers with its `bestmove` (at once: a
    /// held search starts already stopped) in the position and notation sent before it, as
    /// Stockfish's do. `bench` and `speedtest`, which answer no `go` and cannot be stopped, are
    /// dropped.
    fn answer_before_quit(&mut self, events: &Receiver<Event>) {
        self.engine.stop_all();
        self.held.retain(|(command, _)| {
            !matches!(command, Command::Bench(_) | Command::Speedtest { .. })
        });
        loop {
            self.run_held();
            if !self.engine.is_working() {
                return;
            }
            // Input after `quit` is not read; only the end of the work matters.
            if events.recv().is_err() {
                return;
            }
        }
    }

    /// The running search has ended: carries out the held commands, in order, until one
    /// starts another search.
    fn run_held(&mut self) {
        while self.engine.reap() {
            let Some((command, received)) = self.held.pop_front() else {
                break;
            };
            self.carry_out(command, received);
        }
    }

    /// Carries out a command that is not held (any but `isready`, `stop`, `ponderhit`, `quit`).
    fn carry_out(&mut self, command: Command, received: Instant) {
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
            // Debug mode would add nothing: the `Debug Log File` option records the dialogue.
            Command::Debug(_) => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register(_) => info_string("no registration is needed"),
            Command::UciNewGame => self.engine.new_game(),
            Command::Position { start, moves } => {
                let fen = match &start {
                    PositionStart::StartPos => None,
                    PositionStart::Fen(fen) => Some(fen.as_str()),
                };
                self.engine.set_position(fen, &moves);
            }
            Command::PositionRefused(why) => self.engine.refuse_position(&why.to_string()),
            Command::Go { params, .. } => self.engine.go(&params, received),
            Command::D => match self.engine.position() {
                Some(position) => send(&position.pretty()),
                None => self.engine.report_no_position("d"),
            },
            Command::Eval => self.engine.eval(),
            extension @ (Command::Bench(_)
            | Command::Flip
            | Command::Compiler
            | Command::Speedtest { .. }
            | Command::ExportNet { .. }
            | Command::Help) => crate::extension_cmd::run(&mut self.engine, extension),
            Command::Perft { depth, fen } => self.engine.perft(fen.as_deref(), depth),
            Command::IsReady | Command::Stop | Command::PonderHit | Command::Quit => {}
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        #[cfg(feature = "tune")]
        if self.engine.set_param(name, value) {
            return;
        }
        match self.engine.set_option(name, value) {
            Ok(outcome) if outcome.id() == OptionId::DebugLogFile => self.open_debug_log(),
            Ok(_) => {}
            Err(e) => info_string(&e.to_string()),
        }
    }

    /// Logs to the file `Debug Log File` names from now on (none when empty). A file that
    /// cannot be opened is reported, and the option goes back to empty: no log is written.
    fn open_debug_log(&mut self) {
        let path = self
            .engine
            .options()
            .text(OptionId::DebugLogFile)
            .to_owned();
        if let Err(e) = debug_log::open(&path) {
            info_string(&format!("Debug Log File {path}: {e}; no log is written"));
            if let Err(e) = self.engine.set_option("Debug Log File", None) {
                info_string(&e.to_string());
            }
        }
    }
}

/// Whether `command` must wait for the running search to end: another search or perft, or a
/// change of what the search uses. Everything else only changes what later searches start
/// from (`position`, most options) or reads it (`d`, `eval`).
fn waits(command: &Command) -> bool {
    match command {
        Command::Go { .. }
        | Command::Perft { .. }
        | Command::Bench { .. }
        | Command::Speedtest { .. } => true,
        Command::UciNewGame => true,
        Command::SetOption { name, .. } => Engine::waits_for_search(name),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use engine::options::{OptionId, Options};

    use super::waits;
    use crate::command::{Command, parse_command};

    #[test]
    fn what_a_search_uses_waits_for_it() {
        let waits_for_search = |line: &str| waits(&parse_command(line).expect(line));
        for line in [
            "go depth 5",
            "go perft 3",
            "perft 2",
            "bench 3",
            "speedtest 1",
            "ucinewgame",
            "setoption name Clear Hash",
            "setoption name hash value 32",
            "setoption name Threads value 2",
            "setoption name SyzygyPath value /tmp",
            "setoption name EvalFile value x.nnue",
        ] {
            assert!(waits_for_search(line), "{line}");
        }
        for line in [
            "position startpos moves e2e4",
            "d",
            "eval",
            "setoption name UCI_ShowWDL value true",
            "setoption name Move Overhead value 100",
            "setoption name MultiPV value 3",
            "setoption name no such option value 1",
        ] {
            assert!(!waits_for_search(line), "{line}");
        }
    }

    #[test]
    fn setoption_lines_reach_the_store() {
        let mut options = Options::new();
        let lines = [
            "setoption name Move Overhead value 100",
            "setoption name threads value 4",
            "setoption name UCI_Chess960 value true",
            "setoption name Clear Hash",
        ];
        for line in lines {
            let Ok(Command::SetOption { name, value }) = parse_command(line) else {
                panic!("{line}");
            };
            assert!(options.set(&name, value.as_deref()).is_ok(), "{line}");
        }
        assert_eq!(options.spin(OptionId::MoveOverhead), 100);
        assert_eq!(options.spin(OptionId::Threads), 4);
        assert!(options.check(OptionId::Chess960));
    }
}
