//! Robustness tests of `parse_command`: odd whitespace, very long lines, non-ASCII text and a
//! pseudo-random token soup.

use super::tests::{err, go, go_warned, parse};
use super::*;

#[test]
fn other_unicode_whitespace_separates_tokens() {
    // `char::is_whitespace` counts NO-BREAK SPACE and friends: harmless and forgiving.
    assert_eq!(go("go\u{a0}depth\u{2003}3").depth, Some(3));
}

#[test]
fn very_long_lines_parse_and_errors_stay_short() {
    let garbage = "x".repeat(1 << 20);
    let error = err(&garbage);
    assert_eq!(
        error,
        CommandError::UnknownCommand {
            token: format!("{}...", "x".repeat(EXCERPT_CHARS))
        }
    );
    assert!(error.to_string().len() < 100);

    let digits = "9".repeat(1 << 20);
    assert_eq!(go(&format!("go depth {digits}")).depth, Some(u32::MAX));
    let (_, warnings) = go_warned(&format!("go depth {digits}x"));
    assert!(warnings[0].to_string().len() < 120, "{}", warnings[0]);

    let moves = vec!["e2e4"; 100_000].join(" ");
    match parse(&format!("position startpos moves {moves}")) {
        Ok(Command::Position { moves, .. }) => assert_eq!(moves.len(), 100_000),
        other => panic!("{other:?}"),
    }
    let name = "n ".repeat(100_000);
    match parse(&format!("setoption name {name}value 1")) {
        Ok(Command::SetOption { name, value }) => {
            assert_eq!(name.len(), 2 * 100_000 - 1);
            assert_eq!(value.as_deref(), Some("1"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn non_ascii_input_is_handled_and_excerpts_cut_on_char_boundaries() {
    assert_eq!(
        err("ポジション"),
        CommandError::UnknownCommand {
            token: "ポジション".into()
        }
    );
    let long = "é".repeat(100);
    assert_eq!(
        err(&long),
        CommandError::UnknownCommand {
            token: format!("{}...", "é".repeat(EXCERPT_CHARS))
        }
    );
    let emoji = "🐦".repeat(EXCERPT_CHARS + 1);
    let (_, warnings) = go_warned(&format!("go depth {emoji}"));
    assert!(matches!(
        warnings[0].problem,
        CommandError::NotANumber { .. }
    ));
    assert_eq!(
        excerpt(&"🐦".repeat(EXCERPT_CHARS)),
        "🐦".repeat(EXCERPT_CHARS)
    );
}

/// Deterministic pseudo-random lines built from keywords, numbers and junk: parsing must never
/// panic, and every error message must be short and non-empty.
#[test]
fn random_token_soup_never_panics() {
    const PIECES: [&str; 24] = [
        "go",
        "position",
        "setoption",
        "name",
        "value",
        "fen",
        "startpos",
        "moves",
        "depth",
        "wtime",
        "searchmoves",
        "infinite",
        "-1",
        "0",
        "99999999999999999999999",
        "e2e4",
        "\t",
        "  ",
        "é",
        "\u{fffd}",
        "debug",
        "on",
        "register",
        "perft",
    ];
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut parsed = 0;
    for _ in 0..5000 {
        let mut line = String::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        for i in 0..(state % 12) {
            let pick = (state.rotate_left(5 * i as u32) % PIECES.len() as u64) as usize;
            line.push_str(PIECES[pick]);
            line.push(' ');
        }
        let messages = match parse(&line) {
            Ok(Command::Go { warnings, .. }) => {
                parsed += 1;
                warnings.iter().map(ToString::to_string).collect()
            }
            Ok(Command::PositionRefused(error)) | Err(error) => vec![error.to_string()],
            Ok(_) => {
                parsed += 1;
                Vec::new()
            }
        };
        for message in messages {
            assert!(
                !message.is_empty() && message.len() < 200,
                "{line:?}: {message}"
            );
        }
    }
    // Both outcomes occur, so the soup exercises real parsing, not just rejection.
    assert!(parsed > 0 && parsed < 5000, "{parsed}");
}
