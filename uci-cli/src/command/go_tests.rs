//! Tests of `go` parsing: every keyword, and malformed, negative and huge numbers.

use super::tests::{err, go, strings};
use super::*;

#[test]
fn go_with_no_arguments_is_all_defaults() {
    assert_eq!(go("go"), GoParams::default());
}

#[test]
fn go_with_every_keyword() {
    let params = go(
        "go searchmoves e2e4 d2d4 ponder wtime 300000 btime 299000 winc 2000 binc 1000 \
                     movestogo 40 depth 12 nodes 1000000 mate 3 movetime 5000 infinite perft 4",
    );
    let expected = GoParams {
        searchmoves: strings(&["e2e4", "d2d4"]),
        ponder: true,
        wtime: Some(Millis(300_000)),
        btime: Some(Millis(299_000)),
        winc: Some(Millis(2000)),
        binc: Some(Millis(1000)),
        movestogo: Some(40),
        depth: Some(12),
        nodes: Some(1_000_000),
        mate: Some(3),
        movetime: Some(Millis(5000)),
        infinite: true,
        perft: Some(4),
    };
    assert_eq!(params, expected);
}

#[test]
fn searchmoves_takes_tokens_until_the_next_keyword() {
    assert_eq!(
        go("go searchmoves e2e4 depth 5").searchmoves,
        strings(&["e2e4"])
    );
    assert_eq!(
        go("go depth 5 searchmoves a b c").searchmoves,
        strings(&["a", "b", "c"])
    );
    assert_eq!(
        err("go searchmoves"),
        CommandError::MissingValue {
            after: "searchmoves"
        }
    );
    assert_eq!(
        err("go searchmoves infinite"),
        CommandError::MissingValue {
            after: "searchmoves"
        }
    );
    assert_eq!(
        err("go searchmoves a searchmoves b"),
        CommandError::Duplicate {
            keyword: "searchmoves"
        }
    );
}

#[test]
fn negative_clocks_are_kept() {
    let params = go("go wtime -120 btime -1 winc -5 binc 0");
    assert_eq!(params.wtime, Some(Millis(-120)));
    assert_eq!(params.btime, Some(Millis(-1)));
    assert_eq!(params.winc, Some(Millis(-5)));
    assert_eq!(params.binc, Some(Millis(0)));
}

#[test]
fn negative_counts_are_errors() {
    for keyword in ["depth", "nodes", "mate", "movetime", "movestogo", "perft"] {
        assert!(
            matches!(err(&format!("go {keyword} -1")), CommandError::Negative { after, .. } if after == keyword),
            "{keyword}"
        );
    }
    assert_eq!(
        err("go depth -3").to_string(),
        "`depth` cannot be negative (got `-3`)"
    );
    // Minus zero is zero, not negative; a plus sign is allowed.
    assert_eq!(go("go depth -0").depth, Some(0));
    assert_eq!(go("go depth +7").depth, Some(7));
}

#[test]
fn malformed_numbers_are_errors() {
    for value in [
        "abc", "5.5", "1e3", "--5", "-", "+", "0x10", "5ms", "五", "５", "1_000", "\u{fffd}",
    ] {
        assert_eq!(
            err(&format!("go depth {value}")),
            CommandError::NotANumber {
                after: "depth",
                value: value.into()
            },
            "{value}"
        );
        assert_eq!(
            err(&format!("go wtime {value}")),
            CommandError::NotANumber {
                after: "wtime",
                value: value.into()
            },
            "{value}"
        );
    }
    assert_eq!(
        err("go nodes many").to_string(),
        "`many` after `nodes` is not an integer"
    );
}

#[test]
fn missing_values_in_go() {
    assert_eq!(
        err("go wtime"),
        CommandError::MissingValue { after: "wtime" }
    );
    assert_eq!(
        err("go wtime btime 5"),
        CommandError::MissingValue { after: "wtime" }
    );
    assert_eq!(
        err("go depth infinite"),
        CommandError::MissingValue { after: "depth" }
    );
    assert_eq!(err("go perft").to_string(), "missing value after `perft`");
}

#[test]
fn huge_numbers_saturate() {
    let huge = "99999999999999999999999999999999";
    assert_eq!(go(&format!("go nodes {huge}")).nodes, Some(u64::MAX));
    assert_eq!(go(&format!("go depth {huge}")).depth, Some(u32::MAX));
    assert_eq!(go("go depth 4294967296").depth, Some(u32::MAX));
    assert_eq!(go("go depth 4294967295").depth, Some(u32::MAX));
    assert_eq!(
        go(&format!("go movetime {huge}")).movetime,
        Some(Millis(i64::MAX))
    );
    assert_eq!(
        go(&format!("go wtime {huge}")).wtime,
        Some(Millis(i64::MAX))
    );
    assert_eq!(
        go(&format!("go btime -{huge}")).btime,
        Some(Millis(i64::MIN))
    );
    assert_eq!(
        go("go wtime 9223372036854775807").wtime,
        Some(Millis(i64::MAX))
    );
    assert_eq!(
        go("go wtime -9223372036854775808").wtime,
        Some(Millis(i64::MIN))
    );
    assert_eq!(
        go("go wtime 9223372036854775808").wtime,
        Some(Millis(i64::MAX))
    );
}

#[test]
fn repeated_go_keywords_are_errors() {
    assert_eq!(
        err("go depth 1 depth 2"),
        CommandError::Duplicate { keyword: "depth" }
    );
    assert_eq!(
        err("go infinite infinite"),
        CommandError::Duplicate {
            keyword: "infinite"
        }
    );
    assert_eq!(
        err("go ponder wtime 1 ponder"),
        CommandError::Duplicate { keyword: "ponder" }
    );
    assert_eq!(err("go wtime 1 wtime 2").to_string(), "`wtime` given twice");
}

#[test]
fn unknown_go_tokens_are_errors() {
    assert_eq!(
        err("go fast"),
        CommandError::UnexpectedToken {
            command: "go",
            token: "fast".into()
        }
    );
    assert_eq!(
        err("go depth 5 joho"),
        CommandError::UnexpectedToken {
            command: "go",
            token: "joho".into()
        }
    );
    assert_eq!(
        err("go DEPTH 5"),
        CommandError::UnexpectedToken {
            command: "go",
            token: "DEPTH".into()
        }
    );
}
