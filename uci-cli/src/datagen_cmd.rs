//! `datagen` and `genfens`: the command lines of the self-play data generator. Parsing and
//! printing only; the games are played by the `datagen` crate.

use std::fs::OpenOptions;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use datagen::{
    Config, Ending, NodeLimits, OpeningRules, Player, Progress, Rules, StartPositions, Summary,
    Target,
};

use nnue::Network;

use crate::output::{info_string, send};
use engine::network;
use search::MAX_THREADS;

/// Default soft node limit per move.
pub const DEFAULT_NODES: u64 = 5000;
/// Default table size per thread, MiB.
pub const DEFAULT_HASH_MB: usize = 16;

/// The usage text of `tsubame datagen`.
pub const USAGE: &str = "usage: tsubame datagen --out FILE (--games N | --positions N | --time SECONDS) \
[--threads N] [--nodes N] [--hard-nodes N] [--hash MB] [--seed N] [--book FILE] [--chess960 | --dfrc] \
[--progress SECONDS] [--eval nnue|hce] [--evalfile FILE] [--syzygy DIR]";

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
            DatagenEval::Network(None) => Ok(Some(network::embedded())),
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

/// What `tsubame datagen ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenArgs {
    /// The output file, appended to.
    pub out: PathBuf,
    /// When to stop.
    pub target: Target,
    /// Threads.
    pub threads: usize,
    /// Soft and hard node limits per move.
    pub nodes: NodeLimits,
    /// Table per thread, MiB.
    pub hash_mb: usize,
    /// The seed, if given.
    pub seed: Option<u64>,
    /// A book of start positions.
    pub book: Option<PathBuf>,
    /// Chess960 (`Some(false)`) or double Chess960 (`Some(true)`) starts.
    pub chess960: Option<bool>,
    /// Seconds between progress lines.
    pub progress_secs: u64,
    /// The evaluation (by default the engine's, the embedded network).
    pub eval: DatagenEval,
    /// Syzygy folders (a `SyzygyPath` value) whose tables end games with their result.
    pub syzygy: Option<String>,
}

/// Parses the arguments after `datagen`.
pub fn parse_datagen_args(args: &[String]) -> anyhow::Result<DatagenArgs> {
    let mut out = None;
    let mut target = None;
    let mut threads = 1usize;
    let mut nodes = DEFAULT_NODES;
    let mut hard_nodes = None;
    let mut hash_mb = DEFAULT_HASH_MB;
    let mut seed = None;
    let mut book = None;
    let mut chess960 = None;
    let mut progress_secs = 10;
    let mut hand_crafted = false;
    let mut evalfile = None;
    let mut syzygy = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = |what: &str| -> anyhow::Result<&String> {
            it.next().with_context(|| format!("{flag} needs {what}"))
        };
        let number = |text: &String| -> anyhow::Result<u64> {
            text.parse::<u64>()
                .with_context(|| format!("{flag}: '{text}' is not a number"))
        };
        let mut set_target = |t: Target| -> anyhow::Result<()> {
            if target.replace(t).is_some() {
                bail!("give only one of --games, --positions and --time");
            }
            Ok(())
        };
        match flag.as_str() {
            "--out" => out = Some(PathBuf::from(value("a file")?)),
            "--games" => set_target(Target::Games(number(value("a number")?)?))?,
            "--positions" => set_target(Target::Positions(number(value("a number")?)?))?,
            "--time" => set_target(Target::Time(Duration::from_secs(number(value(
                "seconds",
            )?)?)))?,
            "--threads" => threads = number(value("a number")?)? as usize,
            "--nodes" => nodes = number(value("a number")?)?,
            "--hard-nodes" => hard_nodes = Some(number(value("a number")?)?),
            "--hash" => hash_mb = number(value("MiB")?)? as usize,
            "--seed" => seed = Some(number(value("a number")?)?),
            "--book" => book = Some(PathBuf::from(value("a file")?)),
            "--chess960" => chess960 = Some(false),
            "--dfrc" => chess960 = Some(true),
            "--progress" => progress_secs = number(value("seconds")?)?,
            "--eval" => {
                hand_crafted = match value("nnue or hce")?.as_str() {
                    "nnue" => false,
                    "hce" => true,
                    other => bail!("--eval: '{other}' is neither nnue nor hce"),
                }
            }
            "--evalfile" => evalfile = Some(PathBuf::from(value("a network file")?)),
            "--syzygy" => syzygy = Some(value("a folder")?.clone()),
            other => bail!("unknown option '{other}'\n{USAGE}"),
        }
    }
    let out = out.with_context(|| format!("--out is required\n{USAGE}"))?;
    let target = target.with_context(|| format!("say when to stop\n{USAGE}"))?;
    if !(1..=MAX_THREADS).contains(&threads) {
        bail!("--threads must be between 1 and {MAX_THREADS}");
    }
    if nodes == 0 {
        bail!("--nodes must be positive");
    }
    if book.is_some() && chess960.is_some() {
        bail!("--book cannot be combined with --chess960 or --dfrc");
    }
    if hand_crafted && evalfile.is_some() {
        bail!("--evalfile names a network; it cannot be combined with --eval hce");
    }
    let eval = if hand_crafted {
        DatagenEval::HandCrafted
    } else {
        DatagenEval::Network(evalfile)
    };
    let mut limits = NodeLimits::soft(nodes);
    if let Some(hard) = hard_nodes {
        limits.hard = hard.max(nodes);
    }
    Ok(DatagenArgs {
        out,
        target,
        threads,
        nodes: limits,
        hash_mb,
        seed,
        book,
        chess960,
        progress_secs,
        eval,
        syzygy,
    })
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
pub fn run(args: &[String]) -> anyhow::Result<()> {
    let args = parse_datagen_args(args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let openings = OpeningRules {
        starts: start_positions(args.book.as_ref(), args.chess960)?,
        ..OpeningRules::default()
    };
    let config = Config {
        threads: args.threads,
        nodes: args.nodes,
        hash_mb: args.hash_mb,
        seed,
        target: args.target,
        openings,
        rules: Rules::default(),
        progress_every: Duration::from_secs(args.progress_secs.max(1)),
        network: args.eval.load()?,
        tablebases: args.syzygy.as_deref().map(load_tablebases).transpose()?,
    };
    let evaluation = args.eval.describe();
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
    let usage = "usage: genfens N seed S book <None|file> [extra]";
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

    fn strings(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn datagen_arguments_parse() {
        let args = parse_datagen_args(&strings(
            "--threads 2 --nodes 4000 --games 10 --seed 9 --dfrc --out x.vf",
        ))
        .unwrap();
        assert_eq!(args.threads, 2);
        assert_eq!(
            args.nodes,
            NodeLimits {
                soft: 4000,
                hard: 32000
            }
        );
        assert_eq!(args.target, Target::Games(10));
        assert_eq!(args.seed, Some(9));
        assert_eq!(args.chess960, Some(true));
        assert_eq!(args.out, PathBuf::from("x.vf"));
        assert_eq!(
            args.eval,
            DatagenEval::Network(None),
            "the engine's default"
        );
        let args = parse_datagen_args(&strings("--out y --time 60 --hard-nodes 100")).unwrap();
        assert_eq!(args.target, Target::Time(Duration::from_secs(60)));
        assert_eq!(args.nodes.hard, DEFAULT_NODES, "hard is at least soft");
        let args = parse_datagen_args(&strings("--out y --games 1 --eval hce")).unwrap();
        assert_eq!(args.eval, DatagenEval::HandCrafted);
        let args = parse_datagen_args(&strings("--out y --games 1 --eval nnue --evalfile n.nnue"))
            .unwrap();
        assert_eq!(
            args.eval,
            DatagenEval::Network(Some(PathBuf::from("n.nnue")))
        );
    }

    #[test]
    fn bad_datagen_arguments_are_errors() {
        for bad in [
            "--games 10",
            "--out x",
            "--out x --games 1 --positions 5",
            "--out x --games ten",
            "--out x --games 1 --threads 0",
            "--out x --games 1 --nodes",
            "--out x --games 1 --book b.epd --dfrc",
            "--out x --games 1 --frobnicate",
            "--out x --games 1 --eval",
            "--out x --games 1 --eval classical",
            "--out x --games 1 --evalfile",
            "--out x --games 1 --eval hce --evalfile n.nnue",
        ] {
            assert!(parse_datagen_args(&strings(bad)).is_err(), "{bad}");
        }
    }

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
