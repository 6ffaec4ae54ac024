//! Tests of `go` parsing: every keyword, and malformed, negative and huge numbers.

use super::tests::{go, go_warned, strings};
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
    for line in ["go searchmoves", "go searchmoves infinite"] {
        let (params, problem, fallback) = one_warning(line);
        assert_eq!(
            problem,
            CommandError::MissingValue {
                after: "searchmoves"
            },
            "{line}"
        );
        assert_eq!(fallback, GoFallback::Ignored);
        assert!(params.searchmoves.is_empty());
    }
    let (params, problem, fallback) = one_warning("go searchmoves a searchmoves b depth 2");
    assert_eq!(
        (problem, fallback),
        (
            CommandError::Duplicate {
                keyword: "searchmoves"
            },
            GoFallback::Ignored
        )
    );
    assert_eq!(params.searchmoves, strings(&["a"]));
    assert_eq!(params.depth, Some(2));
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
fn negative_counts_are_warnings_with_a_bounded_fallback() {
    for keyword in ["depth", "nodes", "mate", "movetime"] {
        let (params, problem, fallback) = one_warning(&format!("go {keyword} -1"));
        assert!(
            matches!(problem, CommandError::Negative { after, .. } if after == keyword),
            "{keyword}"
        );
        // Dropping the limit would leave a search that only `stop` ends.
        assert_eq!(fallback, GoFallback::DepthOne, "{keyword}");
        assert_eq!(params.depth, Some(1), "{keyword}");
    }
    let (params, _, fallback) = one_warning("go movestogo -1 wtime 1000");
    assert_eq!((params.movestogo, fallback), (None, GoFallback::Ignored));
    assert_eq!(params.wtime, Some(Millis(1000)));
    let (params, _, fallback) = one_warning("go perft -2");
    assert_eq!((params.perft, fallback), (Some(1), GoFallback::PerftOne));
    let (params, warnings) = go_warned("go depth -3");
    assert_eq!(
        warnings[0].to_string(),
        "go: `depth` cannot be negative (got `-3`); searching to depth 1 instead"
    );
    assert_eq!(params.depth, Some(1));
    // A depth given besides the bad limit stands; minus zero is zero; a plus sign is allowed.
    let (params, _, _) = one_warning("go nodes -5 depth 7");
    assert_eq!((params.depth, params.nodes), (Some(7), None));
    assert_eq!(go("go depth -0").depth, Some(0));
    assert_eq!(go("go depth +7").depth, Some(7));
}

#[test]
fn malformed_numbers_are_warnings() {
    for value in [
        "abc", "5.5", "1e3", "--5", "-", "+", "0x10", "5ms", "五", "５", "1_000", "\u{fffd}",
    ] {
        let (params, problem, fallback) = one_warning(&format!("go depth {value}"));
        assert_eq!(
            problem,
            CommandError::NotANumber {
                after: "depth",
                value: value.into()
            },
            "{value}"
        );
        assert_eq!((params.depth, fallback), (Some(1), GoFallback::DepthOne));
        let (params, problem, fallback) = one_warning(&format!("go wtime {value} btime 5000"));
        assert_eq!(
            problem,
            CommandError::NotANumber {
                after: "wtime",
                value: value.into()
            },
            "{value}"
        );
        // An unreadable clock is an empty one: a quick legal move.
        assert_eq!(
            (params.wtime, fallback),
            (Some(Millis(0)), GoFallback::ZeroClock)
        );
        assert_eq!(params.btime, Some(Millis(5000)));
    }
    let (_, warnings) = go_warned("go nodes many");
    assert_eq!(
        warnings[0].to_string(),
        "go: `many` after `nodes` is not an integer; searching to depth 1 instead"
    );
}

#[test]
fn missing_values_in_go() {
    let (params, problem, fallback) = one_warning("go wtime");
    assert_eq!(problem, CommandError::MissingValue { after: "wtime" });
    assert_eq!(
        (params.wtime, fallback),
        (Some(Millis(0)), GoFallback::ZeroClock)
    );
    let (params, problem, _) = one_warning("go wtime btime 5");
    assert_eq!(problem, CommandError::MissingValue { after: "wtime" });
    assert_eq!(
        (params.wtime, params.btime),
        (Some(Millis(0)), Some(Millis(5)))
    );
    let (params, problem, _) = one_warning("go depth infinite");
    assert_eq!(problem, CommandError::MissingValue { after: "depth" });
    assert!(params.infinite);
    let (_, warnings) = go_warned("go perft");
    assert_eq!(
        warnings[0].to_string(),
        "go: missing value after `perft`; perft 1 instead"
    );
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
fn repeated_go_keywords_keep_the_first_value() {
    let (params, problem, fallback) = one_warning("go depth 1 depth 2");
    assert_eq!(
        (problem, fallback),
        (
            CommandError::Duplicate { keyword: "depth" },
            GoFallback::Ignored
        )
    );
    // The second value was taken with its keyword, not reported as a stray token.
    assert_eq!(params.depth, Some(1));
    let (params, problem, _) = one_warning("go infinite infinite");
    assert_eq!(
        problem,
        CommandError::Duplicate {
            keyword: "infinite"
        }
    );
    assert!(params.infinite);
    let (params, _, _) = one_warning("go ponder wtime 1 ponder");
    assert!(params.ponder && params.wtime == Some(Millis(1)));
    let (_, warnings) = go_warned("go wtime 1 wtime 2");
    assert_eq!(warnings[0].to_string(), "go: `wtime` given twice; ignored");
}

#[test]
fn unknown_go_tokens_are_skipped() {
    let (params, problem, fallback) = one_warning("go fast");
    assert_eq!(
        (problem, fallback),
        (
            CommandError::UnexpectedToken {
                command: "go",
                token: "fast".into()
            },
            GoFallback::Ignored
        )
    );
    assert_eq!(params, GoParams::default());
    let (params, _, _) = one_warning("go depth 5 joho");
    assert_eq!(params.depth, Some(5));
    // Keywords are case-sensitive: `DEPTH` and its value are two unknown tokens.
    let (params, warnings) = go_warned("go DEPTH 5 movetime 100");
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(
        warnings[0].problem,
        CommandError::UnexpectedToken {
            command: "go",
            token: "DEPTH".into()
        }
    );
    assert_eq!(params.movetime, Some(Millis(100)));
    assert_eq!(params.depth, None);
}

/// The one warning of `line`, and the parameters it leaves.
fn one_warning(line: &str) -> (GoParams, CommandError, GoFallback) {
    let (params, warnings) = go_warned(line);
    assert_eq!(warnings.len(), 1, "{line}: {warnings:?}");
    let warning = warnings[0].clone();
    (params, warning.problem, warning.fallback)
}
