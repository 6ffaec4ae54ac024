//! `tsubame`: the UCI front end. Parsing and wiring only; the chess is in the library crates.
//!
//! ```text
//! tsubame                                   speak UCI on stdin/stdout
//! tsubame bench [depth] [nnue|hce]          fixed search (the network unless `hce`); last line `N nodes M nps`
//! tsubame perft <depth> [fen]               perft divide with timing
//! tsubame perft-suite <file.epd> [--max-depth N]
//! tsubame smp-bench [depth] [threads,threads,...] [hash MB]   time-to-depth speedup
//! tsubame datagen --out FILE --games N ...  self-play training data (see `datagen_cmd`)
//! tsubame searchlog --out FILE --games N [--tc 5+0.05] [--option NAME=VALUE]   timed self-play, every iteration logged
//! tsubame timeplan                         the plan (optimum, maximum) for `CLOCK INC MOVESTOGO PLY` lines
//! tsubame "genfens N seed S book <None|file>" "quit"   openings, as OpenBench asks
//! tsubame data-stats FILE...                checks data files and counts what they hold
//! tsubame convert-text <IN|-> OUT           `FEN | score | result` lines to packed boards
//! tsubame spsa                              the search parameters as OpenBench SPSA input
//! tsubame --version                         `Tsubame <version>`, the crate's version
//! ```

use engine::{bench, network, perft, smp_bench};
use search::MAX_THREADS;
use tsubame::output::Stdout;
use tsubame::{data_cmd, datagen_cmd, input, searchlog_cmd, session, timeplan_cmd, tune};

use std::io::{BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, bail};
use movegen::Position;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tsubame: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> anyhow::Result<ExitCode> {
    match args.first().map(String::as_str) {
        None => {
            let mut session = session::Session::new()?;
            let input = input::spawn_reader(BufReader::new(std::io::stdin()));
            session.run(&input);
            Ok(ExitCode::SUCCESS)
        }
        Some("--version" | "-V") => {
            println!("{}", tsubame::NAME_AND_VERSION);
            Ok(ExitCode::SUCCESS)
        }
        Some("bench") => {
            let (mut depth, mut network) = (None, Some(network::embedded()));
            for arg in &args[1..] {
                match arg.as_str() {
                    "nnue" => network = Some(network::embedded()),
                    "hce" => network = None,
                    _ => {
                        let d = arg.parse::<u32>();
                        depth = Some(d.context("usage: tsubame bench [depth] [nnue|hce]")?);
                    }
                }
            }
            bench::run(depth, network, &Stdout);
            Ok(ExitCode::SUCCESS)
        }
        Some("perft") => {
            let depth: u32 = args
                .get(1)
                .context("usage: tsubame perft <depth> [fen]")?
                .parse()
                .context("perft depth must be a number")?;
            let pos = if args.len() > 2 {
                Position::from_fen(&args[2..].join(" ")).context("invalid FEN")?
            } else {
                Position::startpos()
            };
            let mut out = std::io::stdout().lock();
            perft::perft_divide(&pos, depth, false, &mut out)?;
            out.flush()?;
            Ok(ExitCode::SUCCESS)
        }
        Some("perft-suite") => {
            let path = args
                .get(1)
                .context("usage: tsubame perft-suite <file.epd> [--max-depth N]")?;
            let max_depth = match args.get(2).map(String::as_str) {
                Some("--max-depth") => Some(
                    args.get(3)
                        .context("--max-depth needs a number")?
                        .parse::<u32>()
                        .context("--max-depth needs a number")?,
                ),
                Some(other) => bail!("unknown argument '{other}'"),
                None => None,
            };
            let mut out = std::io::stdout().lock();
            let summary = perft::perft_suite(Path::new(path), max_depth, &mut out)?;
            out.flush()?;
            Ok(if summary.all_passed() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Some("smp-bench") => {
            let depth = match args.get(1) {
                Some(d) => d.parse().context("smp-bench depth must be a number")?,
                None => 14,
            };
            let threads: Vec<usize> = match args.get(2) {
                Some(list) => list
                    .split(',')
                    .map(|t| {
                        t.parse::<usize>()
                            .context("threads must be numbers like 1,2")
                    })
                    .collect::<anyhow::Result<_>>()?,
                None => vec![1, 2],
            };
            if threads.is_empty() || threads.iter().any(|&t| t == 0 || t > MAX_THREADS) {
                bail!("thread counts must be between 1 and {MAX_THREADS}");
            }
            let hash = match args.get(3) {
                Some(h) => h.parse().context("hash must be a number of MB")?,
                None => 256,
            };
            smp_bench::run(depth, &threads, hash, &Stdout);
            Ok(ExitCode::SUCCESS)
        }
        Some("spsa") => {
            tune::spsa_lines().for_each(|line| println!("{line}"));
            Ok(ExitCode::SUCCESS)
        }
        Some("timeplan") => {
            timeplan_cmd::run(std::io::stdin().lock(), std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Some("searchlog") => {
            searchlog_cmd::run(&args[1..])?;
            Ok(ExitCode::SUCCESS)
        }
        Some("datagen") => {
            datagen_cmd::run(&args[1..])?;
            Ok(ExitCode::SUCCESS)
        }
        Some("data-stats") => {
            if args.len() < 2 {
                bail!("usage: tsubame data-stats FILE...");
            }
            for path in &args[1..] {
                data_cmd::stats(Path::new(path))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Some("convert-text") => {
            let [_, input, output] = args else {
                bail!("usage: tsubame convert-text <IN|-> OUT");
            };
            data_cmd::convert_text(input, Path::new(output))?;
            Ok(ExitCode::SUCCESS)
        }
        // OpenBench's `tsubame genfens 8 seed 31415 book None`, one word per argument.
        Some("genfens") => {
            datagen_cmd::run_script(&[args.join(" ")])?;
            Ok(ExitCode::SUCCESS)
        }
        // OpenBench passes whole command lines: "genfens 8 seed 31415 book None" "quit", maybe
        // after a setoption.
        Some(first) if first.starts_with("genfens ") || first.starts_with("setoption ") => {
            datagen_cmd::run_script(args)?;
            Ok(ExitCode::SUCCESS)
        }
        Some(other) => bail!(
            "unknown command '{other}' (expected bench, perft, perft-suite, smp-bench, spsa, datagen, searchlog, genfens, data-stats, convert-text or --version)"
        ),
    }
}
