//! One line of UCI input parsed into a typed [`Command`].
//!
//! Pure functions only: no I/O and no chess knowledge. FENs and moves stay strings; the caller
//! checks them against a real position. Tokens are separated by any whitespace, as the UCI spec
//! allows (tabs, and the `\r` of CRLF line endings, are separators too).
//!
//! Choices the spec leaves open, fixed here so the caller can rely on them:
//! - Unknown tokens *before* a known command are skipped (the spec's `joho debug on`). A stray
//!   token *after* the command is an error, never dropped, so a typo cannot silently change a
//!   position or an option. `go` is the exception: it always starts a search, and each token
//!   it cannot read comes back as a [`GoWarning`] with the fallback used.
//! - Command keywords are case-sensitive as in the spec (`UCI` is unknown). Option names are
//!   not, but that is [`engine::options`]' business.
//! - Numbers are an optional sign and decimal digits; values past the type's range saturate.
//!   Clock values (`wtime`, `btime`, `winc`, `binc`) may be negative: a flagged clock is real
//!   input. Counts (`depth`, `nodes`, `mate`, `movetime`, `movestogo`, `perft`, `bench`) may not:
//!   a negative count is an error (for `go`, a warning with a fallback) rather than clamped.
//! - A `go` keyword given twice is a warning; the first value stands.
//! - `position fen` takes 4 to 6 fields; missing move counters default to `0 1`.

mod error;
mod extension;
mod go;
mod go_warning;
mod token;

pub use error::{CommandError, EXCERPT_CHARS, excerpt};
pub use go::{GoParams, Millis};
pub use go_warning::{GoFallback, GoWarning};

use token::{Token, join, tokenize};

/// A parsed UCI command (plus the usual debugging extensions `d`, `eval`, `bench`, `perft`, and
/// Stockfish's `flip`, `compiler`, `speedtest`, `export_net`, `help`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A line with no tokens at all: nothing to do, and nothing wrong.
    Empty,
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok`, even during a search.
    IsReady,
    /// `setoption name <name> [value <value>]`. `name` has its whitespace collapsed to single
    /// spaces; `value` is the rest of the line after `value`, trimmed but otherwise verbatim
    /// (it may contain spaces). `value` present but empty is `Some("")`; absent is `None`.
    SetOption {
        /// The option's name as sent (matching it is case-insensitive, done by the store).
        name: String,
        /// The value text, if the `value` keyword was present.
        value: Option<String>,
    },
    /// `register later` or `register [name <name>] [code <code>]`.
    Register(Registration),
    /// `ucinewgame`.
    UciNewGame,
    /// `position (startpos | fen <fen>) [moves <move>...]`.
    Position {
        /// Where the game starts.
        start: PositionStart,
        /// The moves played since, as sent; the caller checks their syntax and legality.
        moves: Vec<String>,
    },
    /// A `position` line that cannot be read. The GUI meant some position, so the engine must
    /// not go on searching the one it had before.
    PositionRefused(CommandError),
    /// `go ...`: the search asked for, and each token that could not be read with the fallback
    /// used for it (never an error: every `go` must end in a `bestmove`).
    Go {
        /// The search's parameters, fallbacks included.
        params: GoParams,
        /// The tokens that could not be read, in order.
        warnings: Vec<GoWarning>,
    },
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: print the board, FEN, key and checkers (extension).
    D,
    /// `eval`: print the evaluation broken down by term and by piece (extension).
    Eval,
    /// `flip`: swap the position's colours (extension, Stockfish's).
    Flip,
    /// `compiler`: how the binary was built (extension, Stockfish's).
    Compiler,
    /// `speedtest [seconds]`: the node rate on every core (extension, Stockfish's).
    Speedtest {
        /// How long in all; `None` for the default.
        seconds: Option<u32>,
    },
    /// `export_net [file]`: write the network in use to a file (extension, Stockfish's).
    ExportNet {
        /// The file; `None` for the default name.
        file: Option<String>,
    },
    /// `help`: the commands the engine knows (extension).
    Help,
    /// `bench`, `bench <depth>`, or Stockfish's `bench hash threads limit fenfile limittype`
    /// (extension).
    Bench(engine::bench_spec::BenchSpec),
    /// `perft <depth> [fen]` (extension). Without a FEN it counts from the current position.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// A FEN completed to six fields, as for `position fen`.
        fen: Option<String>,
    },
}

/// The starting point of a `position` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionStart {
    /// `startpos`: the standard initial position.
    StartPos,
    /// `fen <fen>`, completed to six fields.
    Fen(String),
}

/// The argument of `register`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registration {
    /// `register later`.
    Later,
    /// `register name <name> code <code>`; either part may be missing, not both.
    Now {
        /// The user name (may contain spaces, collapsed to single ones).
        name: Option<String>,
        /// The registration code.
        code: Option<String>,
    },
}

/// Parses one line of input. Leading unknown tokens are skipped, as the UCI spec asks; a line
/// without tokens is [`Command::Empty`]. A leading byte-order mark is ignored (some Windows
/// pipes send one before the first line).
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let line = line.trim_start_matches('\u{feff}');
    let tokens = tokenize(line);
    let Some(first) = tokens.first() else {
        return Ok(Command::Empty);
    };
    let Some(at) = tokens.iter().position(|t| is_command(t.text)) else {
        return Err(CommandError::UnknownCommand {
            token: excerpt(first.text),
        });
    };
    let args = &tokens[at + 1..];
    let command = tokens[at].text;
    match command {
        "uci" => no_args(Command::Uci, "uci", args),
        "isready" => no_args(Command::IsReady, "isready", args),
        "ucinewgame" => no_args(Command::UciNewGame, "ucinewgame", args),
        "stop" => no_args(Command::Stop, "stop", args),
        "ponderhit" => no_args(Command::PonderHit, "ponderhit", args),
        "quit" => no_args(Command::Quit, "quit", args),
        "d" => no_args(Command::D, "d", args),
        "eval" => no_args(Command::Eval, "eval", args),
        "flip" => no_args(Command::Flip, "flip", args),
        "compiler" => no_args(Command::Compiler, "compiler", args),
        "help" => no_args(Command::Help, "help", args),
        "speedtest" => {
            extension::parse_speedtest(args).map(|seconds| Command::Speedtest { seconds })
        }
        "export_net" => Ok(Command::ExportNet {
            file: extension::parse_export_net(line, args),
        }),
        "debug" => parse_debug(args),
        "setoption" => parse_setoption(line, args),
        "register" => parse_register(args).map(Command::Register),
        "position" => Ok(parse_position(args).unwrap_or_else(Command::PositionRefused)),
        "go" => {
            let (params, warnings) = go::parse_go(args);
            Ok(Command::Go { params, warnings })
        }
        "bench" => extension::parse_bench(args).map(Command::Bench),
        "perft" => parse_perft(args),
        _ => Err(CommandError::UnknownCommand {
            token: excerpt(command),
        }),
    }
}

/// The command keywords `parse_command` knows (the spec's, then the extensions).
pub const COMMANDS: [&str; 20] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "bench",
    "perft",
    "flip",
    "compiler",
    "speedtest",
    "export_net",
    "help",
];

fn is_command(token: &str) -> bool {
    COMMANDS.contains(&token)
}

/// `command` when nothing follows it; otherwise the first stray token is reported.
fn no_args(
    command: Command,
    name: &'static str,
    args: &[Token<'_>],
) -> Result<Command, CommandError> {
    match args.first() {
        None => Ok(command),
        Some(t) => Err(CommandError::UnexpectedToken {
            command: name,
            token: excerpt(t.text),
        }),
    }
}

fn parse_debug(args: &[Token<'_>]) -> Result<Command, CommandError> {
    let (value, rest) = args
        .split_first()
        .ok_or(CommandError::MissingValue { after: "debug" })?;
    let on = match value.text {
        "on" => true,
        "off" => false,
        other => {
            return Err(CommandError::InvalidValue {
                after: "debug",
                value: excerpt(other),
                expected: "`on` or `off`",
            });
        }
    };
    no_args(Command::Debug(on), "debug", rest)
}

fn parse_setoption(line: &str, args: &[Token<'_>]) -> Result<Command, CommandError> {
    let (keyword, rest) = args
        .split_first()
        .ok_or(CommandError::MissingValue { after: "setoption" })?;
    if keyword.text != "name" {
        return Err(CommandError::InvalidValue {
            after: "setoption",
            value: excerpt(keyword.text),
            expected: "`name`",
        });
    }
    // The first `value` ends the name; any later `value` belongs to the value text.
    let (name, value) = match rest.iter().position(|t| t.text == "value") {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(CommandError::MissingValue { after: "name" });
    }
    let value = value.map(|v| match (v.first(), v.last()) {
        (Some(first), Some(last)) => line[first.start..last.end()].to_owned(),
        _ => String::new(),
    });
    Ok(Command::SetOption {
        name: join(name),
        value,
    })
}

fn parse_register(args: &[Token<'_>]) -> Result<Registration, CommandError> {
    match args.split_first() {
        None => return Err(CommandError::MissingValue { after: "register" }),
        Some((later, rest)) if later.text == "later" => {
            return match rest.first() {
                None => Ok(Registration::Later),
                Some(t) => Err(CommandError::UnexpectedToken {
                    command: "register",
                    token: excerpt(t.text),
                }),
            };
        }
        Some(_) => {}
    }
    let (mut name, mut code) = (None, None);
    let mut rest = args;
    while let Some((keyword, after)) = rest.split_first() {
        let (slot, label) = match keyword.text {
            "name" => (&mut name, "name"),
            "code" => (&mut code, "code"),
            other => {
                return Err(CommandError::InvalidValue {
                    after: "register",
                    value: excerpt(other),
                    expected: "`later`, `name` or `code`",
                });
            }
        };
        // Each part runs to the next keyword, so a repeated keyword is seen as such.
        let len = after
            .iter()
            .position(|t| matches!(t.text, "name" | "code"))
            .unwrap_or(after.len());
        if slot.is_some() {
            return Err(CommandError::Duplicate { keyword: label });
        }
        if len == 0 {
            return Err(CommandError::MissingValue { after: label });
        }
        *slot = Some(join(&after[..len]));
        rest = &after[len..];
    }
    Ok(Registration::Now { name, code })
}

fn parse_position(args: &[Token<'_>]) -> Result<Command, CommandError> {
    let (kind, rest) = args
        .split_first()
        .ok_or(CommandError::MissingValue { after: "position" })?;
    let (start, rest) = match kind.text {
        "startpos" => (PositionStart::StartPos, rest),
        "fen" => {
            let len = rest
                .iter()
                .position(|t| t.text == "moves")
                .unwrap_or(rest.len());
            if len == 0 {
                return Err(CommandError::MissingValue { after: "fen" });
            }
            (
                PositionStart::Fen(complete_fen(&rest[..len])?),
                &rest[len..],
            )
        }
        other => {
            return Err(CommandError::InvalidValue {
                after: "position",
                value: excerpt(other),
                expected: "`startpos` or `fen`",
            });
        }
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((keyword, moves)) if keyword.text == "moves" => {
            moves.iter().map(|t| t.text.to_owned()).collect()
        }
        Some((other, _)) => {
            return Err(CommandError::UnexpectedToken {
                command: "position",
                token: excerpt(other.text),
            });
        }
    };
    Ok(Command::Position { start, moves })
}

/// The FEN's fields joined, with `0 1` (or the missing `1`) appended when the counters are left
/// out, as many GUIs and EPD files do.
fn complete_fen(fields: &[Token<'_>]) -> Result<String, CommandError> {
    let fen = join(fields);
    match fields.len() {
        4 => Ok(fen + " 0 1"),
        5 => Ok(fen + " 1"),
        6 => Ok(fen),
        found => Err(CommandError::FenFieldCount { found }),
    }
}

fn parse_perft(args: &[Token<'_>]) -> Result<Command, CommandError> {
    let (depth, rest) = args
        .split_first()
        .ok_or(CommandError::MissingValue { after: "perft" })?;
    let depth = go::parse_count(depth.text, "perft")?;
    let fen = if rest.is_empty() {
        None
    } else {
        Some(complete_fen(rest)?)
    };
    Ok(Command::Perft { depth, fen })
}

#[cfg(test)]
mod go_tests;
#[cfg(test)]
mod robust_tests;
#[cfg(test)]
mod tests;
