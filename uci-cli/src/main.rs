//! `tsubame`: the UCI front end. Dispatch only: the command line is parsed in `cli`, each
//! tool's arguments in its module, and the chess is in the library crates.
//!
//! ```text
//! tsubame                                   speak UCI on stdin/stdout
//! tsubame --help, tsubame help [COMMAND]    usage; `tsubame COMMAND --help` too
//! tsubame bench [depth] [nnue|hce]          fixed search (the network unless `hce`); last line `N nodes M nps`
//! tsubame perft <depth> [fen]               perft divide with timing
//! tsubame perft-suite <file.epd> [--max-depth N]
//! tsubame smp-bench [depth] [threads,...] [hash MB] [--runs N] ...   time-to-depth speedup
//! tsubame datagen --out FILE --games N ...  self-play training data (see `datagen_cmd`)
//! tsubame searchlog --out FILE --games N [--tc 5+0.05] [--option NAME=VALUE]   timed self-play, every iteration logged
//! tsubame timeplan                          the plan (optimum, maximum) for `CLOCK INC MOVESTOGO PLY` lines
//! tsubame "genfens N seed S book <None|file>" "quit"   openings, as OpenBench asks
//! tsubame data-stats FILE...                checks data files and counts what they hold
//! tsubame convert-text <IN|-> OUT           `FEN | score | result` lines to packed boards
//! tsubame spsa                              the search parameters as OpenBench SPSA input
//! tsubame analyse GAMES.pgn [--movetime MS|--nodes N]   annotated games on stdout, progress on stderr
//! tsubame --version                         `Tsubame <version>`, the crate's version
//! ```

use std::io::{BufReader, Write};
use std::process::ExitCode;

use tsubame::cli::{self, Command, Invocation};
use tsubame::{
    analyse_cmd, bench_cmd, closed_stdout, data_cmd, datagen_cmd, input, perft_cmd, searchlog_cmd,
    session, timeplan_cmd, tune,
};

fn main() -> ExitCode {
    // Help and version print and exit with 0; a bad command line prints the usage and exits 2.
    let invocation = cli::parse(std::env::args_os().skip(1)).unwrap_or_else(|e| e.exit());
    if prints_its_product(&invocation) {
        closed_stdout::end_process_when_closed();
    }
    match run(invocation) {
        Ok(code) => code,
        // The reader of our output has gone (`| head`): it took what it wanted.
        Err(e) if closed_stdout::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tsubame: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether what the invocation prints is its product, so that a closed standard output ends
/// it: not the UCI session (the GUI's end of stdin says when to go) nor the tools that write a
/// file, which would be cut short.
fn prints_its_product(invocation: &Invocation) -> bool {
    match invocation {
        Invocation::Uci => false,
        Invocation::Script(_) => true,
        Invocation::Tool(command) => !matches!(
            command,
            Command::Datagen(_) | Command::Searchlog(_) | Command::ConvertText(_)
        ),
    }
}

fn run(invocation: Invocation) -> anyhow::Result<ExitCode> {
    let command = match invocation {
        Invocation::Uci => {
            let (events, received) = std::sync::mpsc::channel();
            let mut session = session::Session::new(events.clone())?;
            input::spawn_reader(BufReader::new(std::io::stdin()), events);
            session.run(&received);
            return Ok(ExitCode::SUCCESS);
        }
        Invocation::Script(lines) => {
            datagen_cmd::run_script(&lines)?;
            return Ok(ExitCode::SUCCESS);
        }
        Invocation::Tool(command) => command,
    };
    match command {
        Command::Bench(args) => bench_cmd::run(&args),
        Command::SmpBench(args) => bench_cmd::run_smp(&args),
        Command::Perft(args) => perft_cmd::run(&args)?,
        Command::PerftSuite(args) => return perft_cmd::run_suite(&args),
        Command::Datagen(args) => datagen_cmd::run(&args)?,
        Command::Searchlog(args) => searchlog_cmd::run(&args)?,
        Command::Timeplan => timeplan_cmd::run(std::io::stdin().lock(), std::io::stdout().lock())?,
        Command::Genfens(words) => datagen_cmd::run_genfens(&words.line())?,
        Command::DataStats(args) => data_cmd::run_stats(&args)?,
        Command::ConvertText(args) => data_cmd::convert_text(&args.input, &args.output)?,
        Command::Help(args) => {
            let mut out = std::io::stdout().lock();
            out.write_all(cli::help(args.command.as_deref())?.as_bytes())?;
            out.flush()?;
        }
        Command::Spsa => {
            let mut out = std::io::stdout().lock();
            for line in tune::spsa_lines() {
                writeln!(out, "{line}")?;
            }
            out.flush()?;
        }
        Command::Analyse(args) => analyse_cmd::run(&args)?,
    }
    Ok(ExitCode::SUCCESS)
}
