//! The `tsubame` command line: with no command it speaks UCI; each tool is a subcommand, its
//! arguments parsed by clap from the structs its module declares; OpenBench's quoted command
//! lines (`tsubame "genfens 8 seed 31415 book None" "quit"`, the form of its data-generation
//! workloads, <https://github.com/AndyGrant/OpenBench>) are a script of their own.

use std::ffi::OsString;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

use crate::analyse_cmd::AnalyseArgs;
use crate::bench_cmd::{BenchArgs, SmpBenchArgs};
use crate::data_cmd::{ConvertTextArgs, DataStatsArgs};
use crate::datagen_cmd::{DatagenArgs, GenfensWords, parse_genfens};
use crate::perft_cmd::{PerftArgs, PerftSuiteArgs};
use crate::searchlog_cmd::SearchlogArgs;

/// The command line as clap reads it.
#[derive(Debug, Parser)]
#[command(
    name = "tsubame",
    bin_name = "tsubame",
    display_name = "Tsubame",
    version = crate::VERSION,
    args_override_self = true,
    // `help` is a subcommand of ours (below), so that `tsubame help --help` has a help too.
    disable_help_subcommand = true,
    about = "Tsubame, a UCI chess engine. With no command it speaks UCI on standard input and \
             output, as chess GUIs run it.",
    after_help = "OpenBench's form, each command line one argument:\n  \
                  tsubame \"genfens N seed S book <None|FILE>\" \"quit\""
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// A tool the command line names.
#[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Searches the bench positions at a fixed depth; the last line is `N nodes M nps`.
    Bench(BenchArgs),
    /// Perft divide from the start position or a FEN, with the time.
    Perft(PerftArgs),
    /// Runs an EPD perft suite; exits non-zero on any mismatch.
    PerftSuite(PerftSuiteArgs),
    /// Time-to-depth speedup of several thread counts.
    SmpBench(SmpBenchArgs),
    /// Self-play training data, appended to a file (see docs/training-data.md).
    Datagen(DatagenArgs),
    /// Timed self-play with every search iteration logged.
    Searchlog(SearchlogArgs),
    /// Reads `CLOCK_MS INCREMENT_MS MOVES_TO_GO GAME_PLY` lines and prints the time manager's
    /// plan for each, `OPTIMUM_MS MAXIMUM_MS`.
    Timeplan,
    /// Opening FENs as OpenBench's data-generation workloads ask.
    Genfens(GenfensWords),
    /// Checks data files and counts what they hold.
    DataStats(DataStatsArgs),
    /// Converts `FEN | score | result` lines to 32-byte packed boards.
    ConvertText(ConvertTextArgs),
    /// Prints the search parameters as OpenBench SPSA input.
    Spsa,
    /// Annotates the games of a PGN file (to stdout): evaluations, mistakes, accuracy.
    Analyse(AnalyseArgs),
    /// Prints this message or the help of the given command.
    Help(HelpArgs),
}

/// What `tsubame help ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, clap::Args)]
pub struct HelpArgs {
    /// The command whose help to print (default: the list of commands).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

/// The help `tsubame help [COMMAND]` prints: the list of commands, or one command's
/// arguments, as `--help` prints them.
///
/// # Errors
/// When no command has that name: a usage error, as for any unknown command.
pub fn help(command: Option<&str>) -> Result<String, clap::Error> {
    let mut cli = Cli::command();
    cli.build();
    let Some(name) = command else {
        return Ok(cli.render_help().to_string());
    };
    match cli.find_subcommand_mut(name) {
        Some(sub) => Ok(sub.render_long_help().to_string()),
        None => Err(cli.error(
            ErrorKind::InvalidSubcommand,
            format!("no command '{name}'; `tsubame help` lists them"),
        )),
    }
}

/// What the command line asks the binary to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// Speak UCI on stdin/stdout (no arguments).
    Uci,
    /// Run these command lines, given one per argument, as OpenBench does.
    Script(Vec<String>),
    /// Run a tool.
    Tool(Command),
}

/// Whether the first argument is a whole command line of OpenBench's form rather than a
/// subcommand's name.
fn is_script_line(first: &str) -> bool {
    first.starts_with("genfens ") || first.starts_with("setoption ")
}

/// Parses the arguments (without the program's name). `--help` and `--version` come back as
/// errors of their own kinds, which `clap::Error::exit` prints before exiting with 0; a bad
/// command line exits with 2 after the usage.
pub fn parse<I>(args: I) -> Result<Invocation, clap::Error>
where
    I: IntoIterator,
    I::Item: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if args
        .first()
        .and_then(|first| first.to_str())
        .is_some_and(is_script_line)
    {
        let lines = args.iter().map(|a| a.to_string_lossy().into_owned());
        return Ok(Invocation::Script(lines.collect()));
    }
    let cli = Cli::try_parse_from(std::iter::once(OsString::from("tsubame")).chain(args))?;
    match cli.command {
        None => Ok(Invocation::Uci),
        Some(command) => {
            check(&command)?;
            Ok(Invocation::Tool(command))
        }
    }
}

/// The checks that clap's declarations cannot say, reported as usage errors all the same.
fn check(command: &Command) -> Result<(), clap::Error> {
    let refused = match command {
        Command::Datagen(args) => args
            .check()
            .err()
            .map(|message| ("datagen", ErrorKind::ArgumentConflict, message)),
        Command::Genfens(words) => parse_genfens(&words.line())
            .err()
            .map(|e| ("genfens", ErrorKind::InvalidValue, e.to_string())),
        Command::Help(args) => return help(args.command.as_deref()).map(drop),
        _ => None,
    };
    match refused {
        None => Ok(()),
        Some((name, kind, message)) => {
            let mut cli = Cli::command();
            cli.build();
            Err(match cli.find_subcommand_mut(name) {
                Some(sub) => sub.error(kind, message),
                None => cli.error(kind, message),
            })
        }
    }
}

#[cfg(test)]
mod tests;
