//! The UCI session: each line read parsed into a command, carried out by the [`Engine`], and
//! answered on stdout.
//!
//! The protocol thread (this one) never searches: the engine runs `go` on a thread of its own,
//! so `isready`, `stop`, `ponderhit` and `quit` are answered at once.

use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::Instant;

use anyhow::Context;
use engine::Engine;
use engine::options::{OptionId, uci_option_lines};

use crate::command::{Command, PositionStart, parse_command};
use crate::debug_log::{self, Direction};
use crate::input::Input;
use crate::output::{Stdout, info_string, send};

/// The engine and the protocol's own state between commands.
#[derive(Debug)]
pub struct Session {
    engine: Engine,
}

impl Session {
    /// A session with default options and the starting position.
    pub fn new() -> anyhow::Result<Session> {
        let engine = Engine::new(Arc::new(Stdout)).context("cannot allocate the hash table")?;
        Ok(Session { engine })
    }

    /// Reads commands until `quit` or the end of input, then stops any search and returns.
    pub fn run(&mut self, input: &Receiver<Input>) {
        while let Ok(item) = input.recv() {
            match item {
                Input::Line(line, received) => {
                    debug_log::record(Direction::In, &line);
                    if !self.handle(&line, received) {
                        break;
                    }
                }
                Input::Rejected(why) => info_string(&why),
                Input::Eof => break,
            }
        }
        self.engine.quit();
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
            // Debug mode would add nothing: the `Debug Log File` option records the dialogue.
            Command::Debug(_) => {}
            Command::IsReady => send("readyok"),
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
            Command::Go { params, warnings } => {
                for warning in warnings {
                    info_string(&warning.to_string());
                }
                self.engine.go(&params, received);
            }
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => return false,
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
        }
        true
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

#[cfg(test)]
mod tests {
    use engine::options::{OptionId, Options};

    use crate::command::{Command, parse_command};

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
