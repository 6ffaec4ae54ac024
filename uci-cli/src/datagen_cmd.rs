//! `datagen` and `genfens`: the command lines of the self-play data generator. Parsing and
//! printing only; the games are played by the `datagen` crate.

use std::fs::OpenOptions;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use clap::{ArgGroup, Args};
use datagen::{
    Config, Ending, NodeLimits, OpeningRules, Player, Progress, Rules, StartPositions, Summary,
    Target,
};

use nnue::Network;

use crate::evaluation::Evaluation;
use crate::output::{info_string, send};
use engine::network;
use search::MAX_THREADS;

/// Default soft node limit per move.
pub const DEFAULT_NODES: u64 = 5000;
/// Default table size per thread, MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// The evaluation the self-play searches use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatagenEval {
    /// A network: the embedded one (`None`) or a file's.
    Network(Option<PathBuf>),
    /// The hand-crafted evaluation.
    HandCrafted,
}

impl DatagenEval {
    /// How the header and the summary name it.
    pub fn describe(&self) -> String {
        match self {
            DatagenEval::Network(None) => "network (embedded)".to_owned(),
            DatagenEval::Network(Some(path)) => format!("network ({})", path.display()),
            DatagenEval::HandCrafted => "hand-crafted".to_owned(),
        }
    }

    /// The network the players evaluate with (`None`: the hand-crafted evaluation); a file
    /// that cannot be read or is no network this build can use is an error.
    fn load(&self) -> anyhow::Result<Option<Arc<Network>>> {
        match self {
            DatagenEval::Network(None) => Ok(Some(nnue::Network::embedded_shared())),
            DatagenEval::Network(Some(path)) => {
                let text = path.to_string_lossy();
                let net = network::load(&text)
                    .with_context(|| format!("--evalfile {}", path.display()))?;
                Ok(Some(net))
            }
            DatagenEval::HandCrafted => Ok(None),
        }
    }
}

fn thread_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("must be a number from 1 to {MAX_THREADS}")),
    }
}

/// What `tsubame datagen ...` asked for, as docs/training-data.md describes each option.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
#[command(group(ArgGroup::new("target").required(true).args(["games", "positions", "time"])))]
pub struct DatagenArgs {
    /// The output file; runs append to it.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Stops after N games.
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Stops after the first games holding N positions.
    #[arg(long, value_name = "N")]
    pub positions: Option<u64>,
    /// Stops after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<u64>,
    /// Threads, each with its own single-threaded search and table.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = thread_count)]
    pub threads: usize,
    /// Soft node limit per move: the search stops after the iteration that passes it.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// The most nodes a move may take [default: 8 x --nodes].
    #[arg(long = "hard-nodes", value_name = "N")]
    pub hard_nodes: Option<u64>,
    /// Table per thread, MiB, cleared before each game.
    #[arg(long = "hash", value_name = "MB", default_value_t = DEFAULT_HASH_MB)]
    pub hash_mb: usize,
    /// The run's seed (printed) [default: the clock].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// FEN or EPD lines to start from [default: the start position].
    #[arg(long, value_name = "FILE", conflicts_with_all = ["chess960", "dfrc"])]
    pub book: Option<PathBuf>,
    /// Chess960 starts (one back rank for both sides).
    #[arg(long, overrides_with = "dfrc")]
    pub chess960: bool,
    /// Double Chess960 starts (one back rank for each side).
    #[arg(long, overrides_with = "chess960")]
    pub dfrc: bool,
    /// Seconds between progress lines.
    #[arg(long = "progress", value_name = "SECONDS", default_value_t = 10)]
    pub progress_secs: u64,
    /// The evaluation the searches use.
    #[arg(long, value_enum, default_value_t = Evaluation::Nnue)]
    pub eval: Evaluation,
    /// The network to play with (not with --eval hce) [default: the embedded network].
    #[arg(long, value_name = "FILE")]
    pub evalfile: Option<PathBuf>,
    /// Syzygy folders (as in SyzygyPath), whose tables end games with their result.
    #[arg(long, value_name = "DIR")]
    pub syzygy: Option<String>,
}

impl DatagenArgs {
    /// What clap cannot check: a network file goes with the network only.
    pub fn check(&self) -> Result<(), String> {
        if self.eval == Evaluation::Hce && self.evalfile.is_some() {
            return Err("--evalfile names a network; it cannot be combined with --eval hce".into());
        }
        Ok(())
    }

    /// When to stop (`None` only for arguments that did not come through the parser).
    pub fn target(&self) -> Option<Target> {
        match (self.games, self.positions, self.time) {
            (Some(games), _, _) => Some(Target::Games(games)),
            (_, Some(positions), _) => Some(Target::Positions(positions)),
            (_, _, Some(seconds)) => Some(Target::Time(Duration::from_secs(seconds))),
            _ => None,
        }
    }

    /// The soft and hard node limits per move; the hard one is at least the soft one.
    pub fn node_limits(&self) -> NodeLimits {
        let mut limits = NodeLimits::soft(self.nodes);
        if let Some(hard) = self.hard_nodes {
            limits.hard = hard.max(self.nodes);
        }
        limits
    }

    /// Chess960 (`Some(false)`) or double Chess960 (`Some(true)`) starts.
    pub fn chess960(&self) -> Option<bool> {
        match (self.chess960, self.dfrc) {
            (_, true) => Some(true),
            (true, false) => Some(false),
            (false, false) => None,
        }
    }

    /// The evaluation (by default the engine's, the embedded network).
    pub fn evaluation(&self) -> DatagenEval {
        match self.eval {
            Evaluation::Hce => DatagenEval::HandCrafted,
            Evaluation::Nnue => DatagenEval::Network(self.evalfile.clone()),
        }
    }
}

/// Opens the tables of `--syzygy` and reads them into memory: a probe that found its table
/// not yet read would answer nothing, and the game would depend on the disk's speed.
fn load_tablebases(path: &str) -> anyhow::Result<Arc<syzygy::Tablebases>> {
    let (tables, report) = syzygy::load(path);
    for line in report.messages() {
        info_string(&line);
    }
    let tables = tables.with_context(|| format!("--syzygy {path}: no usable table"))?;
    tables.read_all_now();
    Ok(Arc::new(tables))
}

/// The start positions a book file or the Chess960 switches ask for.
fn start_positions(
    book: Option<&PathBuf>,
    chess960: Option<bool>,
) -> anyhow::Result<StartPositions> {
    Ok(match (book, chess960) {
        (Some(path), _) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading the book {}", path.display()))?;
            let positions = datagen::parse_book(&text)
                .with_context(|| format!("in the book {}", path.display()))?;
            if positions.is_empty() {
                bail!("the book {} holds no position", path.display());
            }
            StartPositions::Book(positions)
        }
        (None, Some(false)) => StartPositions::Chess960,
        (None, Some(true)) => StartPositions::DoubleChess960,
        (None, None) => StartPositions::Standard,
    })
}

/// A seed from the clock, for runs that do not give one (printed, so they can be repeated).
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Runs `tsubame datagen`.
pub fn run(args: &DatagenArgs) -> anyhow::Result<()> {
    args.check().map_err(anyhow::Error::msg)?;
    let target = args.target().context("say when to stop")?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let openings = OpeningRules {
        starts: start_positions(args.book.as_ref(), args.chess960())?,
        ..OpeningRules::default()
    };
    let eval = args.evaluation();
    let config = Config {
        threads: args.threads,
        nodes: args.node_limits(),
        hash_mb: args.hash_mb,
        seed,
        target,
        openings,
        rules: Rules::default(),
        progress_every: Duration::from_secs(args.progress_secs.max(1)),
        network: eval.load()?,
        tablebases: args.syzygy.as_deref().map(load_tablebases).transpose()?,
    };
    let evaluation = eval.describe();
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out.display()))?;
    send(&format!(
        "datagen: seed {seed}, {} threads, {} nodes per move (hard {}), evaluation {evaluation}, appending to {}",
        config.threads,
        config.nodes.soft,
        config.nodes.hard,
        args.out.display()
    ));
    let threads = config.threads;
    let summary = datagen::run(&config, &mut file, &mut |p| {
        send(&progress_line(p, threads));
    })?;
    print_summary(&summary, threads, seed, &evaluation);
    Ok(())
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// One progress line: games, positions, rates, results, time.
pub fn progress_line(p: &Progress, threads: usize) -> String {
    let rate = p.positions_per_second();
    let left = p.time_left.map_or_else(|| "?".to_string(), clock);
    format!(
        "games {} positions {} pos/s {:.0} ({:.0}/thread) W/D/L {}/{}/{} elapsed {} left {}",
        p.games,
        p.positions,
        rate,
        rate / threads.max(1) as f64,
        p.results[0],
        p.results[1],
        p.results[2],
        clock(p.elapsed),
        left
    )
}

fn print_summary(s: &Summary, threads: usize, seed: u64, evaluation: &str) {
    let p = &s.progress;
    send(&format!(
        "done: {} games, {} positions, {} bytes ({:.2} bytes/position), seed {seed}, evaluation {evaluation}",
        p.games,
        p.positions,
        s.bytes,
        s.bytes as f64 / p.positions.max(1) as f64
    ));
    send(&format!(
        "speed: {:.0} positions/s, {:.0} per thread, {:.1} plies/game, {:.0} nodes/position, in {}",
        p.positions_per_second(),
        p.positions_per_second() / threads.max(1) as f64,
        p.positions as f64 / p.games.max(1) as f64,
        s.nodes as f64 / p.positions.max(1) as f64,
        clock(p.elapsed)
    ));
    let endings: Vec<String> = Ending::ALL
        .iter()
        .zip(&s.endings)
        .map(|(e, n)| format!("{} {n}", e.name()))
        .collect();
    send(&format!(
        "results: W/D/L {}/{}/{}; endings: {}; openings rejected {}",
        p.results[0],
        p.results[1],
        p.results[2],
        endings.join(", "),
        s.rejected_openings
    ));
}

/// What `genfens N seed S book <None|file> [extra]` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenfensArgs {
    /// How many openings.
    pub count: usize,
    /// The seed.
    pub seed: u64,
    /// The book, or `None` for the start position.
    pub book: Option<PathBuf>,
    /// Extra words OpenBench passes through, which we do not use.
    pub extra: Vec<String>,
}

/// Parses a `genfens` command line, as OpenBench writes it.
pub fn parse_genfens(line: &str) -> anyhow::Result<GenfensArgs> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let usage = "expected `genfens N seed S book <None|file> [extra]`";
    let [genfens, count, seed_word, seed, book_word, book, extra @ ..] = &words[..] else {
        bail!("{usage}");
    };
    if *genfens != "genfens" || *seed_word != "seed" || *book_word != "book" {
        bail!("{usage}");
    }
    Ok(GenfensArgs {
        count: count
            .parse()
            .with_context(|| format!("genfens: '{count}' is not a count"))?,
        seed: seed
            .parse()
            .with_context(|| format!("genfens: '{seed}' is not a seed"))?,
        book: (!book.eq_ignore_ascii_case("none")).then(|| PathBuf::from(book)),
        extra: extra.iter().map(|w| w.to_string()).collect(),
    })
}

/// Runs one `genfens` line: prints `info string genfens <FEN>` for each opening.
pub fn run_genfens(line: &str) -> anyhow::Result<()> {
    let args = parse_genfens(line)?;
    if !args.extra.is_empty() {
        info_string(&format!("genfens: ignoring '{}'", args.extra.join(" ")));
    }
    let rules = OpeningRules {
        starts: start_positions(args.book.as_ref(), None)?,
        ..OpeningRules::default()
    };
    let mut player = Player::new(DEFAULT_HASH_MB, NodeLimits::soft(DEFAULT_NODES))?;
    datagen::genfens(args.count, args.seed, &rules, &mut player, &mut |pos| {
        send(&format!("info string genfens {}", pos.fen()));
    })?;
    Ok(())
}

/// What `tsubame genfens ...` asked for: OpenBench's `genfens` line, one word per argument.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
#[command(override_usage = "tsubame genfens N seed S book <None|FILE> [EXTRA]...")]
pub struct GenfensWords {
    /// N openings from the seed S, made from the book's positions (None: the start position),
    /// printed as `info string genfens <FEN>` lines; extra words are ignored.
    #[arg(value_name = "WORDS")]
    pub words: Vec<String>,
}

impl GenfensWords {
    /// The words as the one `genfens` line OpenBench would pass.
    pub fn line(&self) -> String {
        std::iter::once("genfens")
            .chain(self.words.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Runs command lines given as program arguments, as OpenBench
/// (<https://github.com/AndyGrant/OpenBench>, its data-generation workloads) does
/// (`tsubame "genfens 8 seed 31415 book None" "quit"`): `genfens` runs, `quit` ends, anything
/// else is reported and skipped.
pub fn run_script(lines: &[String]) -> anyhow::Result<()> {
    for line in lines {
        match line.split_whitespace().next() {
            Some("genfens") => run_genfens(line)?,
            Some("quit") => break,
            None => {}
            Some(_) => info_string(&format!("ignoring '{line}' before genfens")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn genfens_lines_parse_as_openbench_writes_them() {
        let args = parse_genfens("genfens 64 seed 12345 book None ").unwrap();
        assert_eq!((args.count, args.seed, args.book), (64, 12345, None));
        let args = parse_genfens("genfens 2 seed 31415 book Books/x.epd dfrc").unwrap();
        assert_eq!(args.book, Some(PathBuf::from("Books/x.epd")));
        assert_eq!(args.extra, vec!["dfrc".to_string()]);
        for bad in [
            "genfens 2 seed 31415",
            "genfens two seed 31415 book None",
            "genfens 2 sed 31415 book None",
            "genfens 2 seed -1 book None",
        ] {
            assert!(parse_genfens(bad).is_err(), "{bad}");
        }
    }
}
