//! `data-stats` and `convert-text`: looking into data files and converting the text format.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use datafmt::{GameReader, Stats};

use crate::output::send;

/// What `tsubame data-stats ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct DataStatsArgs {
    /// The data files (`datagen`'s format).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// What `tsubame convert-text ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct ConvertTextArgs {
    /// The `FEN | score | result` lines, `-` for standard input.
    #[arg(value_name = "IN|-")]
    pub input: String,
    /// The file the packed boards are appended to.
    #[arg(value_name = "OUT")]
    pub output: PathBuf,
}

/// Runs `tsubame data-stats`: each file in turn, stopping at the first defect.
pub fn run_stats(args: &DataStatsArgs) -> anyhow::Result<()> {
    for path in &args.files {
        stats(path)?;
    }
    Ok(())
}

/// Reads every game of `path`, checking each board and move, and prints the totals. Fails on
/// the first defect, after printing what came before it.
pub fn stats(path: &Path) -> anyhow::Result<Stats> {
    let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut reader = GameReader::new(BufReader::with_capacity(1 << 20, file));
    let mut stats = Stats::default();
    let mut defect = None;
    for game in reader.by_ref() {
        match game {
            Ok(game) => stats.add(&game),
            Err(e) => defect = Some(e),
        }
    }
    if stats.positions == 0 {
        // No ratio or share over zero positions: it would be a number about nothing.
        send(&format!(
            "{}: {} games, 0 positions, {bytes} bytes",
            path.display(),
            stats.games
        ));
    } else {
        send(&summary_lines(path, bytes, &stats));
    }
    if let Some(e) = defect {
        bail!("{}: after byte {}: {e}", path.display(), reader.offset());
    }
    Ok(stats)
}

/// The two lines of a file's totals, over at least one position.
fn summary_lines(path: &Path, bytes: u64, stats: &Stats) -> String {
    let share = |n: u64| 100.0 * n as f64 / stats.positions as f64;
    let totals = format!(
        "{}: {} games, {} positions, {:.2} bytes/position",
        path.display(),
        stats.games,
        stats.positions,
        bytes as f64 / stats.positions as f64
    );
    let shares = format!(
        "results W/D/L {}/{}/{}; in check {:.1}%, noisy best move {:.1}%, |score| >= {} {:.1}%; \
         kept by the default filter {:.1}%",
        stats.results[0],
        stats.results[1],
        stats.results[2],
        share(stats.in_check),
        share(stats.noisy),
        datafmt::DECISIVE_SCORE,
        share(stats.decisive),
        share(stats.kept)
    );
    format!("{totals}\n{shares}")
}

/// Converts `FEN | score | result` lines from `input` (`-` for stdin) into 32-byte packed
/// boards appended to `output`. Bad lines are counted and reported, not fatal, unless no line
/// at all was converted.
pub fn convert_text(input: &str, output: &Path) -> anyhow::Result<()> {
    let source: Box<dyn Read> = if input == "-" {
        Box::new(std::io::stdin())
    } else {
        Box::new(File::open(input).with_context(|| format!("opening {input}"))?)
    };
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(output)
        .with_context(|| format!("opening {}", output.display()))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let (mut converted, mut bad) = (0u64, 0u64);
    for (i, line) in BufReader::new(source).lines().enumerate() {
        let line = line.with_context(|| format!("reading line {}", i + 1))?;
        if line.trim().is_empty() {
            continue;
        }
        match datafmt::text::parse_line(&line) {
            Ok(record) => {
                out.write_all(&record.to_packed().0)?;
                converted += 1;
            }
            Err(e) => {
                if bad < 10 {
                    send(&format!("line {}: {e}", i + 1));
                }
                bad += 1;
            }
        }
    }
    out.flush()?;
    if converted == 0 {
        // A conversion that produced nothing is a mistake (the wrong file, the wrong format),
        // not a success to build on.
        bail!("nothing converted: {bad} lines, none of them `FEN | score | result`");
    }
    send(&format!(
        "converted {converted} positions to {} ({bad} bad lines skipped)",
        output.display()
    ));
    Ok(())
}
