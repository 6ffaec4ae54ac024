//! Tests of `parse_command`: every command, and malformed input of every kind.

use super::*;
use engine::bench_spec::{BenchLimit, BenchPositions, BenchSpec};

pub(super) fn parse(line: &str) -> Result<Command, CommandError> {
    parse_command(line)
}

pub(super) fn go(line: &str) -> GoParams {
    match parse(line) {
        Ok(Command::Go { params, warnings }) if warnings.is_empty() => params,
        other => panic!("`{line}` parsed as {other:?}"),
    }
}

/// The parameters and warnings of `line`, a `go` command.
pub(super) fn go_warned(line: &str) -> (GoParams, Vec<GoWarning>) {
    match parse(line) {
        Ok(Command::Go { params, warnings }) => (params, warnings),
        other => panic!("`{line}` parsed as {other:?}"),
    }
}

pub(super) fn err(line: &str) -> CommandError {
    match parse(line) {
        Err(error) => error,
        Ok(command) => panic!("`{line}` should fail, parsed as {command:?}"),
    }
}

pub(super) fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

#[test]
fn empty_and_blank_lines_are_empty() {
    for line in ["", " ", "\t", "\r", " \t \r\n ", "\u{feff}", "\u{feff}  "] {
        assert_eq!(parse(line), Ok(Command::Empty), "{line:?}");
    }
}

#[test]
fn argumentless_commands() {
    let cases = [
        ("uci", Command::Uci),
        ("isready", Command::IsReady),
        ("ucinewgame", Command::UciNewGame),
        ("stop", Command::Stop),
        ("ponderhit", Command::PonderHit),
        ("quit", Command::Quit),
        ("d", Command::D),
        ("eval", Command::Eval),
    ];
    for (line, expected) in cases {
        assert_eq!(parse(line), Ok(expected.clone()), "{line}");
        // Any whitespace around and a CRLF ending change nothing.
        assert_eq!(
            parse(&format!(" \t{line}\t \r")),
            Ok(expected),
            "{line} padded"
        );
    }
}

#[test]
fn byte_order_mark_before_first_command_is_ignored() {
    assert_eq!(parse("\u{feff}uci"), Ok(Command::Uci));
}

#[test]
fn unknown_tokens_before_a_command_are_skipped() {
    assert_eq!(parse("joho debug on"), Ok(Command::Debug(true)));
    assert_eq!(parse("a b\tc isready"), Ok(Command::IsReady));
    assert_eq!(parse("\u{fffd}\u{fffd} quit"), Ok(Command::Quit));
    assert_eq!(
        parse("xyzzy go depth 3"),
        Ok(Command::Go {
            params: GoParams {
                depth: Some(3),
                ..GoParams::default()
            },
            warnings: Vec::new()
        })
    );
}

#[test]
fn unknown_commands_are_errors_naming_the_first_token() {
    assert_eq!(
        err("foo"),
        CommandError::UnknownCommand {
            token: "foo".into()
        }
    );
    assert_eq!(
        err("foo bar"),
        CommandError::UnknownCommand {
            token: "foo".into()
        }
    );
    assert_eq!(
        err("e2e4"),
        CommandError::UnknownCommand {
            token: "e2e4".into()
        }
    );
    // Keywords are case-sensitive, as in the spec.
    assert_eq!(
        err("UCI"),
        CommandError::UnknownCommand {
            token: "UCI".into()
        }
    );
    assert_eq!(
        err("Go depth 5"),
        CommandError::UnknownCommand { token: "Go".into() }
    );
    // A NUL glued to a command makes a different token.
    assert_eq!(
        err("isready\0"),
        CommandError::UnknownCommand {
            token: "isready\0".into()
        }
    );
    assert_eq!(
        err("unknown command").to_string(),
        "unknown command `unknown`"
    );
}

#[test]
fn stray_tokens_after_a_command_are_errors() {
    assert_eq!(
        err("isready now"),
        CommandError::UnexpectedToken {
            command: "isready",
            token: "now".into()
        }
    );
    assert_eq!(
        err("quit quit"),
        CommandError::UnexpectedToken {
            command: "quit",
            token: "quit".into()
        }
    );
    assert_eq!(err("uci 1").to_string(), "unexpected `1` in `uci`");
}

#[test]
fn debug_on_and_off() {
    assert_eq!(parse("debug on"), Ok(Command::Debug(true)));
    assert_eq!(parse("debug\toff"), Ok(Command::Debug(false)));
    assert_eq!(err("debug"), CommandError::MissingValue { after: "debug" });
    assert_eq!(
        err("debug joho on"),
        CommandError::InvalidValue {
            after: "debug",
            value: "joho".into(),
            expected: "`on` or `off`"
        }
    );
    assert_eq!(
        err("debug ON").to_string(),
        "invalid value `ON` after `debug`: expected `on` or `off`"
    );
    assert_eq!(
        err("debug on off"),
        CommandError::UnexpectedToken {
            command: "debug",
            token: "off".into()
        }
    );
}

fn setoption(name: &str, value: Option<&str>) -> Command {
    Command::SetOption {
        name: name.to_owned(),
        value: value.map(str::to_owned),
    }
}

#[test]
fn setoption_names_and_values() {
    assert_eq!(
        parse("setoption name Hash value 128"),
        Ok(setoption("Hash", Some("128")))
    );
    assert_eq!(
        parse("setoption name Move Overhead value 100"),
        Ok(setoption("Move Overhead", Some("100")))
    );
    // The name's whitespace is collapsed; the value is trimmed.
    assert_eq!(
        parse("setoption  name \tMove   Overhead\t value   100  \r"),
        Ok(setoption("Move Overhead", Some("100")))
    );
    // A button has no value.
    assert_eq!(
        parse("setoption name Clear Hash"),
        Ok(setoption("Clear Hash", None))
    );
    // `value` with nothing after it is an empty value, as GUIs send for empty strings.
    assert_eq!(
        parse("setoption name SyzygyPath value"),
        Ok(setoption("SyzygyPath", Some("")))
    );
    assert_eq!(
        parse("setoption name SyzygyPath value  \t"),
        Ok(setoption("SyzygyPath", Some("")))
    );
}

#[test]
fn setoption_value_is_verbatim_with_inner_spaces_and_non_ascii() {
    assert_eq!(
        parse("setoption name Path value C:\\My  Tables\\six men"),
        Ok(setoption("Path", Some("C:\\My  Tables\\six men")))
    );
    // Only the first `value` ends the name.
    assert_eq!(
        parse("setoption name A value b value c"),
        Ok(setoption("A", Some("b value c")))
    );
    assert_eq!(
        parse("setoption name Böök Fïle value /tmp/ブック\tfile.bin"),
        Ok(setoption("Böök Fïle", Some("/tmp/ブック\tfile.bin")))
    );
}

#[test]
fn setoption_errors() {
    assert_eq!(
        err("setoption"),
        CommandError::MissingValue { after: "setoption" }
    );
    assert_eq!(
        err("setoption name"),
        CommandError::MissingValue { after: "name" }
    );
    assert_eq!(
        err("setoption name value 5"),
        CommandError::MissingValue { after: "name" }
    );
    assert_eq!(
        err("setoption Hash value 1"),
        CommandError::InvalidValue {
            after: "setoption",
            value: "Hash".into(),
            expected: "`name`"
        }
    );
}

#[test]
fn register_forms() {
    assert_eq!(
        parse("register later"),
        Ok(Command::Register(Registration::Later))
    );
    assert_eq!(
        parse("register name Stefan MK code 4359874324"),
        Ok(Command::Register(Registration::Now {
            name: Some("Stefan MK".into()),
            code: Some("4359874324".into())
        }))
    );
    assert_eq!(
        parse("register code 42 name A B"),
        Ok(Command::Register(Registration::Now {
            name: Some("A B".into()),
            code: Some("42".into())
        }))
    );
    assert_eq!(
        parse("register code 42"),
        Ok(Command::Register(Registration::Now {
            name: None,
            code: Some("42".into())
        }))
    );
}

#[test]
fn register_errors() {
    assert_eq!(
        err("register"),
        CommandError::MissingValue { after: "register" }
    );
    assert_eq!(
        err("register name"),
        CommandError::MissingValue { after: "name" }
    );
    assert_eq!(
        err("register name x code"),
        CommandError::MissingValue { after: "code" }
    );
    assert_eq!(
        err("register code 1 code 2"),
        CommandError::Duplicate { keyword: "code" }
    );
    assert_eq!(
        err("register later now"),
        CommandError::UnexpectedToken {
            command: "register",
            token: "now".into()
        }
    );
    assert!(matches!(
        err("register soon"),
        CommandError::InvalidValue {
            after: "register",
            ..
        }
    ));
}

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn position(start: PositionStart, moves: &[&str]) -> Command {
    Command::Position {
        start,
        moves: strings(moves),
    }
}

#[test]
fn position_startpos_with_and_without_moves() {
    assert_eq!(
        parse("position startpos"),
        Ok(position(PositionStart::StartPos, &[]))
    );
    assert_eq!(
        parse("position startpos moves"),
        Ok(position(PositionStart::StartPos, &[]))
    );
    assert_eq!(
        parse("position startpos moves e2e4\te7e5  g1f3"),
        Ok(position(PositionStart::StartPos, &["e2e4", "e7e5", "g1f3"]))
    );
    // Moves are kept as sent; their syntax and legality are the caller's to check.
    assert_eq!(
        parse("position startpos moves e2e9 ?? e1h1"),
        Ok(position(PositionStart::StartPos, &["e2e9", "??", "e1h1"]))
    );
}

#[test]
fn position_fen_is_completed_to_six_fields() {
    let full = format!("position fen {START_FEN}");
    assert_eq!(
        parse(&full),
        Ok(position(PositionStart::Fen(START_FEN.into()), &[]))
    );
    let four = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - moves e2e4";
    assert_eq!(
        parse(four),
        Ok(position(PositionStart::Fen(START_FEN.into()), &["e2e4"]))
    );
    let five = "position fen 8/8/8/8/8/8/8/K6k b - - 12";
    assert_eq!(
        parse(five),
        Ok(position(
            PositionStart::Fen("8/8/8/8/8/8/8/K6k b - - 12 1".into()),
            &[]
        ))
    );
    // Extra whitespace between fields is normalised.
    let spaced = "position  fen\t8/8/8/8/8/8/8/K6k   w  -  -  3   40 ";
    assert_eq!(
        parse(spaced),
        Ok(position(
            PositionStart::Fen("8/8/8/8/8/8/8/K6k w - - 3 40".into()),
            &[]
        ))
    );
}

/// Why `line`, a `position` command, cannot be read.
fn refused(line: &str) -> CommandError {
    match parse(line) {
        Ok(Command::PositionRefused(error)) => error,
        other => panic!("`{line}` should be refused, parsed as {other:?}"),
    }
}

#[test]
fn position_errors() {
    assert_eq!(
        refused("position"),
        CommandError::MissingValue { after: "position" }
    );
    assert_eq!(
        refused("position fen"),
        CommandError::MissingValue { after: "fen" }
    );
    assert_eq!(
        refused("position fen moves e2e4"),
        CommandError::MissingValue { after: "fen" }
    );
    assert_eq!(
        refused("position fen 8/8/8/8/8/8/8/K6k w -"),
        CommandError::FenFieldCount { found: 3 }
    );
    assert_eq!(
        refused("position fen a b c d e f g"),
        CommandError::FenFieldCount { found: 7 }
    );
    assert!(
        refused("position fen x")
            .to_string()
            .starts_with("FEN has 1 fields; expected 4 to 6")
    );
    assert!(matches!(
        refused("position moves e2e4"),
        CommandError::InvalidValue {
            after: "position",
            ..
        }
    ));
    assert_eq!(
        refused("position startpos e2e4"),
        CommandError::UnexpectedToken {
            command: "position",
            token: "e2e4".into()
        }
    );
    assert_eq!(
        refused("position startpos fen 8/8/8/8/8/8/8/K6k w - -"),
        CommandError::UnexpectedToken {
            command: "position",
            token: "fen".into()
        }
    );
}

#[test]
fn bench_and_perft_extensions() {
    let plain = BenchSpec::default();
    assert_eq!(parse("bench"), Ok(Command::Bench(plain.clone())));
    assert_eq!(
        parse("bench 13"),
        Ok(Command::Bench(BenchSpec {
            limit: 13,
            ..plain.clone()
        }))
    );
    // Stockfish's arguments: hash, threads, limit, positions, limit type; the rest default.
    assert_eq!(
        parse("bench 64 4 100000 current nodes"),
        Ok(Command::Bench(BenchSpec {
            hash_mb: 64,
            threads: 4,
            limit: 100_000,
            positions: BenchPositions::Current,
            limit_kind: BenchLimit::Nodes,
        }))
    );
    assert_eq!(
        parse("bench 32 2"),
        Ok(Command::Bench(BenchSpec {
            hash_mb: 32,
            threads: 2,
            ..plain.clone()
        }))
    );
    assert_eq!(
        parse("bench 16 1 5 suite.epd perft"),
        Ok(Command::Bench(BenchSpec {
            limit: 5,
            positions: BenchPositions::File("suite.epd".into()),
            limit_kind: BenchLimit::Perft,
            ..plain
        }))
    );
    assert_eq!(
        err("bench 16 1 13 default eval"),
        CommandError::InvalidValue {
            after: "bench",
            value: "eval".into(),
            expected: "`depth`, `nodes`, `movetime` or `perft`"
        }
    );
    assert_eq!(
        err("bench 16 1 13 default depth 9"),
        CommandError::UnexpectedToken {
            command: "bench",
            token: "9".into()
        }
    );
    assert_eq!(
        err("bench x"),
        CommandError::NotANumber {
            after: "bench",
            value: "x".into()
        }
    );
    assert_eq!(
        err("bench -1"),
        CommandError::Negative {
            after: "bench",
            value: "-1".into()
        }
    );
    assert_eq!(
        err("bench 1 two"),
        CommandError::NotANumber {
            after: "bench",
            value: "two".into()
        }
    );
    assert_eq!(
        parse("perft 5"),
        Ok(Command::Perft {
            depth: 5,
            fen: None
        })
    );
    assert_eq!(
        parse("perft 3 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
        Ok(Command::Perft {
            depth: 3,
            fen: Some(START_FEN.into())
        })
    );
    assert_eq!(err("perft"), CommandError::MissingValue { after: "perft" });
    assert_eq!(err("perft 3 a b"), CommandError::FenFieldCount { found: 2 });
    assert_eq!(
        err("perft deep"),
        CommandError::NotANumber {
            after: "perft",
            value: "deep".into()
        }
    );
}

#[test]
fn stockfish_extensions() {
    assert_eq!(parse("flip"), Ok(Command::Flip));
    assert_eq!(parse("compiler"), Ok(Command::Compiler));
    assert_eq!(parse("help"), Ok(Command::Help));
    assert_eq!(parse("speedtest"), Ok(Command::Speedtest { seconds: None }));
    assert_eq!(
        parse("speedtest 30"),
        Ok(Command::Speedtest { seconds: Some(30) })
    );
    assert_eq!(
        err("speedtest 30 40"),
        CommandError::UnexpectedToken {
            command: "speedtest",
            token: "40".into()
        }
    );
    assert_eq!(parse("export_net"), Ok(Command::ExportNet { file: None }));
    assert_eq!(
        parse("export_net  my nets/a.nnue "),
        Ok(Command::ExportNet {
            file: Some("my nets/a.nnue".into())
        })
    );
    assert_eq!(
        err("flip twice"),
        CommandError::UnexpectedToken {
            command: "flip",
            token: "twice".into()
        }
    );
}
