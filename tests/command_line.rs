//! The `tsubame` command line through the binary: usage on request with exit code 0, every
//! unknown argument refused with the usage and exit code 2, the tools' forms unchanged.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Every command the help lists.
const COMMANDS: [&str; 12] = [
    "bench",
    "perft",
    "perft-suite",
    "smp-bench",
    "datagen",
    "searchlog",
    "timeplan",
    "genfens",
    "data-stats",
    "convert-text",
    "spsa",
    "help",
];

fn tsubame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsubame"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs the binary with `input` on its standard input.
fn tsubame_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsubame"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write");
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn help_lists_every_command_and_exits_with_success() {
    for args in [&["--help"][..], &["-h"], &["help"]] {
        let out = tsubame(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Usage: tsubame"), "{args:?}: {stdout}");
        for command in COMMANDS {
            assert!(
                stdout.contains(command),
                "{args:?} lacks {command}: {stdout}"
            );
        }
    }
}

#[test]
fn every_command_has_its_help() {
    for command in COMMANDS {
        for args in [&[command, "--help"][..], &["help", command]] {
            let out = tsubame(args);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
            let stdout = text(&out.stdout);
            assert!(
                stdout.contains(&format!("Usage: tsubame {command}")),
                "{args:?}: {stdout}"
            );
        }
    }
    let datagen = text(&tsubame(&["datagen", "--help"]).stdout);
    for flag in [
        "--out <FILE>",
        "--games <N>",
        "--positions <N>",
        "--time <SECONDS>",
        "--threads <N>",
        "--nodes <N>",
        "--hard-nodes <N>",
        "--hash <MB>",
        "--seed <N>",
        "--book <FILE>",
        "--chess960",
        "--dfrc",
        "--progress <SECONDS>",
        "--eval <EVAL>",
        "--evalfile <FILE>",
        "--syzygy <DIR>",
    ] {
        assert!(
            datagen.contains(flag),
            "datagen --help lacks {flag}: {datagen}"
        );
    }
}

#[test]
fn unknown_flags_are_refused_everywhere() {
    for command in COMMANDS {
        let out = tsubame(&[command, "--bogus"]);
        assert_eq!(out.status.code(), Some(2), "{command}: {out:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("--bogus"), "{command}: {stderr}");
        assert!(stderr.contains("Usage: tsubame"), "{command}: {stderr}");
        assert!(
            out.stdout.is_empty(),
            "{command} ran: {}",
            text(&out.stdout)
        );
    }
    for args in [&["--bogus"][..], &["frobnicate"], &["timeplan", "extra"]] {
        let out = tsubame(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        assert!(text(&out.stderr).contains("Usage: tsubame"), "{args:?}");
    }
}

#[test]
fn checks_beyond_the_flags_are_usage_errors_too() {
    for args in [
        &[
            "datagen",
            "--out",
            "x.vf",
            "--games",
            "1",
            "--eval",
            "hce",
            "--evalfile",
            "n.nnue",
        ][..],
        &["datagen", "--out", "x.vf", "--games", "1", "--threads", "0"],
        &[
            "datagen", "--out", "x.vf", "--games", "1", "--book", "b.epd", "--dfrc",
        ],
        &["datagen", "--out", "x.vf"],
        &["genfens", "8", "seed", "1"],
        &["smp-bench", "4", "0,1"],
    ] {
        let out = tsubame(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        // A bad value points to the help rather than printing the usage, as clap does.
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains("--help"), "{args:?}: {stderr}");
        assert!(!std::path::Path::new("x.vf").exists());
    }
}

#[test]
fn the_version_is_unchanged() {
    let out = tsubame(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    // The build's commit and date may follow (see version.rs).
    assert!(
        text(&out.stdout).starts_with(&format!("Tsubame {}", env!("CARGO_PKG_VERSION"))),
        "{out:?}"
    );
}

#[test]
fn tools_keep_their_forms() {
    let out = tsubame(&[
        "perft",
        "2",
        "8/8/4k3/8/8/4K3/4P3/8",
        "w",
        "-",
        "-",
        "0",
        "60",
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(text(&out.stdout).contains("Nodes searched: "));
    let whole = tsubame(&["perft", "2", "8/8/4k3/8/8/4K3/4P3/8 w - - 0 60"]);
    let nodes = |o: &Output| {
        text(&o.stdout)
            .lines()
            .find(|l| l.starts_with("Nodes searched: "))
            .map(str::to_owned)
    };
    assert_eq!(nodes(&whole), nodes(&out));
    assert_eq!(
        nodes(&tsubame(&["perft", "3"])).as_deref(),
        Some("Nodes searched: 8902")
    );

    let bench = tsubame(&["bench", "3", "hce"]);
    assert!(bench.status.success(), "{bench:?}");
    let stdout = text(&bench.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    let fields: Vec<&str> = last.split_whitespace().collect();
    assert!(
        matches!(fields[..], [n, "nodes", _, "nps"] if n.parse::<u64>().is_ok()),
        "{last}"
    );
    // Either order; the signature (the node count) is the same.
    let reversed = tsubame(&["bench", "hce", "3"]);
    let reversed = text(&reversed.stdout);
    assert_eq!(
        reversed.lines().last().and_then(|l| l.split(' ').next()),
        Some(fields[0])
    );

    let spsa = tsubame(&["spsa"]);
    assert!(spsa.status.success());
    assert!(text(&spsa.stdout).lines().all(|l| l.ends_with(", 0.002")));

    let out = tsubame_with_input(&["timeplan"], b"20000 0 40 10\nnonsense\n");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0].split(' ').count(), 2, "{stdout}");
    assert!(lines[1].starts_with("error: "), "{stdout}");
}

/// Runs the binary with its standard output a pipe whose reader is gone before it prints
/// (`tsubame spsa | head -0`): the command must end quietly, with success.
fn tsubame_into_closed_pipe(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsubame"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    drop(child.stdout.take());
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn a_closed_output_pipe_ends_a_tool_quietly() {
    // More than a pipe holds (64 KiB), so the write fails whenever the reader left.
    let suite = std::env::temp_dir().join(format!("tsubame-pipe-{}.epd", std::process::id()));
    let line = format!("{} ;D1 20\n", movegen::STARTING_FEN);
    std::fs::write(&suite, line.repeat(5000)).expect("temp suite");
    let suite_arg = suite.to_str().expect("UTF-8 path").to_owned();
    for args in [
        &["perft-suite", suite_arg.as_str()][..],
        &["spsa"],
        &["perft", "4"],
        &["bench", "1", "hce"],
    ] {
        let out = tsubame_into_closed_pipe(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
    let _ = std::fs::remove_file(&suite);
}

#[test]
fn help_has_a_help_of_its_own() {
    for args in [&["help", "--help"][..], &["help", "-h"], &["help", "help"]] {
        let out = tsubame(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        let stdout = text(&out.stdout);
        assert!(stdout.contains("Usage: tsubame help"), "{args:?}: {stdout}");
    }
    let out = tsubame(&["help", "frobnicate"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

/// A perft suite that holds no position checks nothing: it fails rather than passes.
#[test]
fn an_empty_perft_suite_fails() {
    let path = std::env::temp_dir().join(format!("tsubame-{}-empty.epd", std::process::id()));
    std::fs::write(&path, "# nothing but a comment\n\n").unwrap();
    let out = tsubame(&["perft-suite", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no positions"));
}
