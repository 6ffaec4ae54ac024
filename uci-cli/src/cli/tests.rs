use std::path::PathBuf;
use std::time::Duration;

use datagen::{NodeLimits, Target};
use search::MAX_THREADS;
use timeman::TimeOptions;

use super::*;
use crate::bench_cmd::BenchWord;
use crate::datagen_cmd::{DEFAULT_NODES, DatagenEval};
use crate::evaluation::Evaluation;

fn words(line: &str) -> Vec<String> {
    line.split_whitespace().map(String::from).collect()
}

fn tool(line: &str) -> Command {
    match parse(words(line)) {
        Ok(Invocation::Tool(command)) => command,
        other => panic!("{line}: {other:?}"),
    }
}

fn datagen(line: &str) -> Result<DatagenArgs, clap::Error> {
    match parse(words(&format!("datagen {line}")))? {
        Invocation::Tool(Command::Datagen(args)) => Ok(args),
        other => panic!("{line}: {other:?}"),
    }
}

fn searchlog(args: Vec<String>) -> Result<SearchlogArgs, clap::Error> {
    let line = std::iter::once("searchlog".to_owned()).chain(args);
    match parse(line)? {
        Invocation::Tool(Command::Searchlog(args)) => Ok(args),
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_argument_speaks_uci() {
    assert_eq!(parse(Vec::<String>::new()).unwrap(), Invocation::Uci);
}

#[test]
fn openbench_command_lines_are_a_script() {
    let lines = [
        "setoption name Hash value 8",
        "genfens 8 seed 31415 book None",
        "quit",
    ];
    assert_eq!(
        parse(lines).unwrap(),
        Invocation::Script(lines.iter().map(|l| l.to_string()).collect())
    );
    // One word per argument is the subcommand, checked like the line.
    let Command::Genfens(genfens) = tool("genfens 8 seed 31415 book None") else {
        panic!("not genfens");
    };
    assert_eq!(genfens.line(), "genfens 8 seed 31415 book None");
    for bad in [
        "genfens",
        "genfens 8 seed 31415",
        "genfens eight seed 31415 book None",
    ] {
        let error = parse(words(bad)).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{bad}");
    }
}

#[test]
fn help_and_version_exit_with_success() {
    for line in [
        "--help",
        "-h",
        "help --help",
        "--version",
        "-V",
        "bench --help",
        "perft --help",
        "perft-suite --help",
        "smp-bench --help",
        "datagen --help",
        "searchlog --help",
        "timeplan --help",
        "genfens --help",
        "data-stats --help",
        "convert-text --help",
        "spsa --help",
    ] {
        let asked = parse(words(line)).unwrap_err();
        assert_eq!(asked.exit_code(), 0, "{line}");
    }
    let version = parse(["--version"]).unwrap_err().to_string();
    assert_eq!(version, format!("{}\n", crate::NAME_AND_VERSION));
    let usage = parse(["--help"]).unwrap_err().to_string();
    for sub in [
        "bench",
        "perft-suite",
        "datagen",
        "timeplan",
        "genfens",
        "help",
    ] {
        assert!(usage.contains(sub), "{sub} missing from\n{usage}");
    }
    let datagen_help = parse(words("datagen --help")).unwrap_err().to_string();
    for flag in ["--out <FILE>", "--syzygy <DIR>", "--dfrc", "--eval <EVAL>"] {
        assert!(
            datagen_help.contains(flag),
            "{flag} missing from\n{datagen_help}"
        );
    }
    // `help [COMMAND]` is a command of its own, printing what `--help` prints.
    let Command::Help(asked) = tool("help datagen") else {
        panic!("help datagen");
    };
    assert_eq!(asked.command.as_deref(), Some("datagen"));
    assert_eq!(help(Some("datagen")).unwrap(), datagen_help);
    assert_eq!(help(None).unwrap(), usage);
    assert_eq!(parse(words("help frobnicate")).unwrap_err().exit_code(), 2);
}

#[test]
fn unknown_arguments_are_usage_errors_everywhere() {
    for line in [
        "--bogus",
        "frobnicate",
        "uci",
        "bench --bogus",
        "bench deep",
        "perft",
        "perft five",
        "perft 3 --bogus",
        "perft-suite",
        "perft-suite x.epd --bogus",
        "perft-suite x.epd --max-depth",
        "smp-bench 10 0,2",
        "smp-bench 10 1,2 256 extra",
        "datagen --bogus",
        "searchlog --out x --games 1 --bogus 1",
        "timeplan --bogus",
        "timeplan extra",
        "genfens --bogus",
        "data-stats",
        "data-stats --bogus x",
        "convert-text in",
        "spsa --bogus",
    ] {
        let error = parse(words(line)).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{line}: {error}");
    }
}

#[test]
fn tools_keep_their_syntax() {
    let Command::Bench(bench) = tool("bench 13 hce") else {
        panic!("not bench");
    };
    assert_eq!(
        bench.words,
        [BenchWord::Depth(13), BenchWord::Evaluation(Evaluation::Hce)]
    );
    assert_eq!(tool("bench"), Command::Bench(BenchArgs { words: vec![] }));
    let Command::Perft(perft) = tool("perft 3 8/8/4k3/8/8/4K3/4P3/8 w - - 0 60") else {
        panic!("not perft");
    };
    assert_eq!((perft.depth, perft.fen.len()), (3, 6));
    let Command::PerftSuite(suite) = tool("perft-suite s.epd --max-depth 4") else {
        panic!("not perft-suite");
    };
    assert_eq!(
        (suite.file, suite.max_depth),
        (PathBuf::from("s.epd"), Some(4))
    );
    let Command::SmpBench(smp) = tool("smp-bench") else {
        panic!("not smp-bench");
    };
    assert_eq!(
        (smp.depth, &smp.threads.0[..], smp.hash_mb),
        (14, &[1, 2][..], 256)
    );
    assert_eq!((smp.runs, smp.positions, smp.no_late_join), (1, 42, false));
    assert!(!smp.no_cut_node_splits);
    assert_eq!((smp.min_split_depth, smp.max_helpers), (None, None));
    assert_eq!(smp.idle_park_micros, None);
    assert!(!smp.owner_helps_below);
    assert_eq!(smp.mode, search::ParallelMode::SplitPoints);
    let Command::SmpBench(smp) = tool("smp-bench 10 1,2 --mode lazy-smp") else {
        panic!("not smp-bench");
    };
    assert_eq!(smp.mode, search::ParallelMode::LazySmp);
    assert!(parse(words("smp-bench --mode ybwc")).is_err());
    let Command::SmpBench(smp) = tool(
        "smp-bench 20 1,2,4 64 --runs 3 --positions 16 --min-split-depth 6 --max-helpers 4 \
         --no-late-join --no-cut-node-splits --idle-park-micros 200 --owner-helps-below",
    ) else {
        panic!("not smp-bench");
    };
    assert_eq!(
        (smp.depth, &smp.threads.0[..], smp.hash_mb),
        (20, &[1, 2, 4][..], 64)
    );
    assert_eq!(
        (
            smp.runs,
            smp.positions,
            smp.min_split_depth,
            smp.max_helpers
        ),
        (3, 16, Some(6), Some(4))
    );
    assert!(smp.no_late_join && smp.no_cut_node_splits);
    assert_eq!(smp.idle_park_micros, Some(200));
    assert!(smp.owner_helps_below);
    assert!(parse(words("smp-bench --positions 43")).is_err());
    assert!(parse(words("smp-bench --runs 0")).is_err());
    assert_eq!(tool("timeplan"), Command::Timeplan);
    assert_eq!(tool("spsa"), Command::Spsa);
    let Command::ConvertText(convert) = tool("convert-text - out.bin") else {
        panic!("not convert-text");
    };
    assert_eq!(convert.input, "-");
    let Command::DataStats(stats) = tool("data-stats a.vf b.vf") else {
        panic!("not data-stats");
    };
    assert_eq!(stats.files.len(), 2);
}

#[test]
fn datagen_arguments_parse() {
    let args = datagen("--threads 2 --nodes 4000 --games 10 --seed 9 --dfrc --out x.vf").unwrap();
    assert_eq!(args.threads, 2);
    assert_eq!(
        args.node_limits(),
        NodeLimits {
            soft: 4000,
            hard: 32000
        }
    );
    assert_eq!(args.target(), Some(Target::Games(10)));
    assert_eq!(args.seed, Some(9));
    assert_eq!(args.chess960(), Some(true));
    assert_eq!(args.out, PathBuf::from("x.vf"));
    assert_eq!(
        args.evaluation(),
        DatagenEval::Network(None),
        "the engine's default"
    );
    let args = datagen("--out y --time 60 --hard-nodes 100").unwrap();
    assert_eq!(args.target(), Some(Target::Time(Duration::from_secs(60))));
    assert_eq!(
        args.node_limits().hard,
        DEFAULT_NODES,
        "hard is at least soft"
    );
    assert_eq!(args.chess960(), None);
    let args = datagen("--out y --positions 7 --chess960").unwrap();
    assert_eq!(args.target(), Some(Target::Positions(7)));
    assert_eq!(args.chess960(), Some(false));
    let args = datagen("--out y --games 1 --eval hce").unwrap();
    assert_eq!(args.evaluation(), DatagenEval::HandCrafted);
    let args = datagen("--out y --games 1 --eval nnue --evalfile n.nnue --syzygy /tb").unwrap();
    assert_eq!(
        args.evaluation(),
        DatagenEval::Network(Some(PathBuf::from("n.nnue")))
    );
    assert_eq!(args.syzygy.as_deref(), Some("/tb"));
    // As before, a flag given twice takes its last value.
    let args = datagen("--out a --out b --games 1 --threads 1 --threads 3").unwrap();
    assert_eq!((args.out, args.threads), (PathBuf::from("b"), 3));
    let args = datagen(&format!("--out y --games 1 --threads {MAX_THREADS}")).unwrap();
    assert_eq!(args.threads, MAX_THREADS);
}

#[test]
fn bad_datagen_arguments_are_usage_errors() {
    for bad in [
        "--games 10",
        "--out x",
        "--out x --games 1 --positions 5",
        "--out x --games ten",
        "--out x --games 1 --threads 0",
        &format!("--out x --games 1 --threads {}", MAX_THREADS + 1),
        "--out x --games 1 --nodes",
        "--out x --games 1 --nodes 0",
        "--out x --games 1 --book b.epd --dfrc",
        "--out x --games 1 --chess960 --book b.epd",
        "--out x --games 1 --frobnicate",
        "--out x --games 1 --eval",
        "--out x --games 1 --eval classical",
        "--out x --games 1 --evalfile",
        "--out x --games 1 --eval hce --evalfile n.nnue",
        "--out x --games 1 --syzygy",
    ] {
        let error = datagen(bad).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{bad}: {error}");
    }
}

#[test]
fn searchlog_arguments_parse_and_are_checked() {
    let parsed = searchlog(words("--out x.tsv --games 3 --tc 1+0.01 --seed 9")).unwrap();
    assert_eq!(parsed.games, 3);
    assert_eq!(parsed.tc.base_ms, 1000);
    assert_eq!(parsed.seed, 9);
    assert_eq!(parsed.time_options().unwrap(), TimeOptions::default());
    let defaults = searchlog(words("--out x --games 1 --hash 0")).unwrap();
    assert_eq!((defaults.tc.base_ms, defaults.tc.increment_ms), (5000, 50));
    assert_eq!(defaults.hash_mb, 1, "at least one MiB");
    for bad in [
        "--games 3",
        "--out x --games",
        "--out x --games 2 --bogus 1",
        "--out x --games 2 --tc fast",
    ] {
        assert_eq!(searchlog(words(bad)).unwrap_err().exit_code(), 2, "{bad}");
    }
}

#[test]
fn searchlog_time_options_are_set_by_name() {
    // Each `--option` value is one argument, spaces and all, as a shell passes it quoted.
    let with_options = |options: &[&str]| {
        let mut args = words("--out x.tsv --games 1");
        for option in options {
            args.extend(["--option".to_owned(), (*option).to_owned()]);
        }
        searchlog(args)
    };
    let parsed = with_options(&["Time Model=Classic", "TM Stop Threshold=300"]).unwrap();
    let options = parsed.time_options().unwrap();
    assert_eq!(options.model, timeman::TimeModel::Classic);
    assert_eq!(options.stop_threshold_permille, 300);
    for bad in [
        "Time Model",
        "Time Model=Fast",
        "No Such Option=1",
        "Hash=16",
        "Slow Mover=100000",
        "TM Stop Threshold=-1",
    ] {
        assert_eq!(with_options(&[bad]).unwrap_err().exit_code(), 2, "{bad}");
    }
}

/// clap's own checks of the declarations (names, groups, conflicts), which only run in a
/// debug build.
#[test]
fn the_declarations_are_consistent() {
    Cli::command().debug_assert();
}
