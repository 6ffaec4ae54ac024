//! What the engine should believe after the lines sent so far: its position and its options.
//!
//! The mirror reads every line exactly as the engine does (same input rules, same parser, same
//! option store) and applies the engine's documented rules: a FEN is read leniently, and one
//! that must be refused (or a `position` line that cannot be read) leaves no position, so
//! `go` answers `bestmove 0000`, and so does a move list with a malformed or illegal move;
//! `ucinewgame` goes back to the starting position. Commands held behind a running search take
//! effect in the order sent, so the mirror applies them as they are sent. A `bestmove` is then
//! checked against the position the mirror held when `go` was sent.

use movegen::Position;
use tsubame::command::{Command, PositionStart, parse_command};
use tsubame::input::MAX_LINE_BYTES;
use tsubame::options::{OptionId, Options};

/// Largest `Hash` (MiB) the soak lets through: a clamped 64 GiB table would test the machine,
/// not the engine.
const MAX_SAFE_HASH: i64 = 64;
/// Largest `Threads` let through: the machines running the tests have few cores.
const MAX_SAFE_THREADS: i64 = 2;
/// Largest `MultiPV` let through, to keep each short search short.
const MAX_SAFE_MULTIPV: i64 = 4;
/// Deepest `perft` let through; anything deeper runs for seconds and ignores `stop`.
const MAX_SAFE_PERFT: u32 = 2;

/// The engine's state as the lines sent imply it.
#[derive(Debug, Clone)]
pub struct Mirror {
    /// The position the next `go` searches; `None` after a refused `position`.
    pub position: Option<Position>,
    options: Options,
}

impl Mirror {
    /// The state of a freshly started engine.
    pub fn new() -> Mirror {
        Mirror {
            position: Some(Position::startpos()),
            options: Options::new(),
        }
    }

    /// Whether moves are read and written in Chess960 notation (king takes rook).
    pub fn chess960(&self) -> bool {
        self.options.check(OptionId::Chess960)
    }

    /// The command `raw` (one line, without its line break) means to the engine, if any: lines
    /// too long or not UTF-8 are dropped by its reader, lines that do not parse are answered
    /// with an `info string` only.
    pub fn command(raw: &[u8]) -> Option<Command> {
        if raw.len() > MAX_LINE_BYTES {
            return None;
        }
        let bytes = raw.strip_suffix(b"\r").unwrap_or(raw);
        let text = std::str::from_utf8(bytes).ok()?;
        parse_command(text).ok()
    }

    /// Applies one line as the engine does.
    pub fn apply(&mut self, raw: &[u8]) {
        match Mirror::command(raw) {
            Some(Command::SetOption { name, value }) => {
                // A refused value leaves the option as it was, in the engine as here.
                let _ = self.options.set(&name, value.as_deref());
            }
            Some(Command::UciNewGame) => self.position = Some(Position::startpos()),
            Some(Command::Position { start, moves }) => {
                let start = match start {
                    PositionStart::StartPos => Some(Position::startpos()),
                    PositionStart::Fen(fen) => {
                        Position::from_fen_lenient(&fen).ok().map(|(p, _)| p)
                    }
                };
                let chess960 = self.chess960();
                self.position = start.and_then(|pos| play_all(pos, &moves, chess960));
            }
            Some(Command::PositionRefused(_)) => self.position = None,
            _ => {}
        }
    }

    /// Whether a line may go into a burst of junk: it must not start a search (the soak starts
    /// those itself, one at a time), quit, run `bench` or `speedtest`, write a network file,
    /// change the position behind the mirror's back (`flip`), run a deep perft, or ask for a
    /// table or thread count too big for a shared test machine.
    pub fn is_safe_in_burst(&self, raw: &[u8]) -> bool {
        match Mirror::command(raw) {
            None => true,
            Some(
                Command::Go { .. }
                | Command::Quit
                | Command::Bench { .. }
                | Command::Speedtest { .. }
                | Command::ExportNet { .. }
                | Command::Flip,
            ) => false,
            Some(Command::Perft { depth, .. }) => depth <= MAX_SAFE_PERFT,
            Some(Command::SetOption { name, value }) => {
                let mut options = self.options.clone();
                let _ = options.set(&name, value.as_deref());
                options.spin(OptionId::Hash) <= MAX_SAFE_HASH
                    && options.spin(OptionId::Threads) <= MAX_SAFE_THREADS
                    && options.spin(OptionId::MultiPv) <= MAX_SAFE_MULTIPV
            }
            Some(_) => true,
        }
    }
}

/// `pos` after `moves`; `None` when one of them is malformed or illegal where it is played
/// (the engine's documented rule for `position ... moves`: no position).
pub fn play_all(mut pos: Position, moves: &[String], chess960: bool) -> Option<Position> {
    for text in moves {
        let mv = pos.parse_uci_move(text, chess960).ok()?;
        pos.play(mv);
    }
    Some(pos)
}
