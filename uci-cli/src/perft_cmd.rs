//! `perft` and `perft-suite`: their command lines; the counting is the engine's.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use engine::perft;
use movegen::Position;

/// What `tsubame perft ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct PerftArgs {
    /// The depth, in plies.
    pub depth: u32,
    /// The position (default the start position), as one argument or as its six fields.
    #[arg(value_name = "FEN")]
    pub fen: Vec<String>,
}

impl PerftArgs {
    /// The position to count from.
    pub fn position(&self) -> anyhow::Result<Position> {
        if self.fen.is_empty() {
            return Ok(Position::startpos());
        }
        Position::from_fen(&self.fen.join(" ")).context("invalid FEN")
    }
}

/// Runs `tsubame perft`: a divide, as Stockfish prints it, with the time.
pub fn run(args: &PerftArgs) -> anyhow::Result<()> {
    let pos = args.position()?;
    let mut out = std::io::stdout().lock();
    perft::perft_divide(&pos, args.depth, false, &mut out)?;
    out.flush()?;
    Ok(())
}

/// What `tsubame perft-suite ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct PerftSuiteArgs {
    /// The suite: `FEN ;D1 n ;D2 n ...` lines.
    #[arg(value_name = "FILE.epd")]
    pub file: PathBuf,
    /// Counts only the depths up to N.
    #[arg(long = "max-depth", value_name = "N")]
    pub max_depth: Option<u32>,
}

/// Runs `tsubame perft-suite`: failure when any count differs.
pub fn run_suite(args: &PerftSuiteArgs) -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let summary = perft::perft_suite(&args.file, args.max_depth, &mut out)?;
    out.flush()?;
    Ok(if summary.all_passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fen_is_one_argument_or_its_fields() {
        let fen = "8/8/4k3/8/8/4K3/4P3/8 w - - 0 60";
        let whole = PerftArgs {
            depth: 1,
            fen: vec![fen.to_owned()],
        };
        let fields = PerftArgs {
            depth: 1,
            fen: fen.split(' ').map(str::to_owned).collect(),
        };
        assert_eq!(whole.position().unwrap().fen(), fen);
        assert_eq!(fields.position().unwrap().fen(), fen);
        let start = PerftArgs {
            depth: 1,
            fen: vec![],
        };
        assert_eq!(start.position().unwrap().fen(), Position::startpos().fen());
        let bad = PerftArgs {
            depth: 1,
            fen: vec!["not a fen".to_owned()],
        };
        assert!(bad.position().is_err());
    }
}
