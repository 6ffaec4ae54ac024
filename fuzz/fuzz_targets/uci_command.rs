//! Fuzz target `uci_command`: arbitrary bytes into the UCI command parser, and every
//! `setoption` it accepts into an option store.
//!
//! Nothing here may panic. Beyond that, the target checks what the engine relies on when it
//! turns a bad line into an `info string`: error messages stay short however long the input
//! (tokens are cut to `EXCERPT_CHARS`), and after any `setoption` every spin option still lies
//! in its range and every combo holds one of its choices.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tsubame::command::{Command, EXCERPT_CHARS, parse_command};
use tsubame::options::{OPTIONS, OptionKind, OptionValue, Options};

/// The longest fixed text of an error message (the FEN field-count one, or an option's list of
/// accepted values) plus two excerpts, with room to spare: a message past this echoes input.
const MAX_MESSAGE_CHARS: usize = 400 + 2 * (EXCERPT_CHARS + 3);

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The engine hands the parser one line at a time, but the parser must cope with anything,
    // so the whole input is tried first, then each line of it against one store, as a session
    // would apply them.
    check_line(&text, &mut Options::new());
    let mut options = Options::new();
    for line in text.split('\n') {
        check_line(line, &mut options);
    }
});

/// Parses `line`; applies a `setoption` to `options`; panics on a broken promise.
fn check_line(line: &str, options: &mut Options) {
    let command = match parse_command(line) {
        Ok(command) => command,
        Err(e) => {
            check_message(&e.to_string(), line);
            return;
        }
    };
    let Command::SetOption { name, value } = command else {
        return;
    };
    match options.set(&name, value.as_deref()) {
        Ok(outcome) => {
            if let Some(notice) = outcome.notice() {
                check_message(&notice, line);
            }
        }
        Err(e) => check_message(&e.to_string(), line),
    }
    check_store(options);
}

/// Panics if a message for the user grew with the input instead of quoting an excerpt.
fn check_message(message: &str, line: &str) {
    let chars = message.chars().count();
    assert!(
        chars <= MAX_MESSAGE_CHARS,
        "message of {chars} characters for a line of {} bytes: {message:?}",
        line.len()
    );
}

/// Panics if an option holds a value its kind does not allow.
fn check_store(options: &Options) {
    for spec in OPTIONS {
        match (spec.kind, options.get(spec.id)) {
            (OptionKind::Spin { min, max, .. }, OptionValue::Spin(v)) => {
                assert!((min..=max).contains(v), "{} = {v} out of range", spec.name);
            }
            (OptionKind::Combo { vars, .. }, OptionValue::Combo(v)) => {
                assert!(vars.contains(v), "{} = {v:?} is not a choice", spec.name);
            }
            (OptionKind::Check { .. }, OptionValue::Check(_))
            | (OptionKind::Button, OptionValue::Button)
            | (OptionKind::String { .. }, OptionValue::String(_)) => {}
            (kind, value) => panic!("{} of kind {kind:?} holds {value:?}", spec.name),
        }
    }
}
