//! `analyse`: annotates the games of a PGN file (the analysis is `engine::analyse`'s). The
//! annotated games go to stdout, a progress bar to stderr.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use engine::analyse::{Analyser, AnalysisLimit, GameReview, annotated_pgn};

use crate::NAME_AND_VERSION;

/// Each position's search time when neither `--movetime` nor `--nodes` is given.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// What `tsubame analyse ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct AnalyseArgs {
    /// The games, a PGN file.
    #[arg(value_name = "PGN")]
    pub pgn: PathBuf,
    /// Search each position this many milliseconds (the default, 1000).
    #[arg(long, value_name = "MS", conflicts_with = "nodes")]
    pub movetime: Option<u64>,
    /// Search each position this many nodes instead (the same analysis every run).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Table size, MiB.
    #[arg(long = "hash", value_name = "MB", default_value_t = 64)]
    pub hash_mb: usize,
    /// Evaluate with the hand-crafted evaluation instead of the network.
    #[arg(long)]
    pub hce: bool,
}

impl AnalyseArgs {
    /// How long each position is searched.
    pub fn limit(&self) -> AnalysisLimit {
        match (self.nodes, self.movetime) {
            (Some(nodes), _) => AnalysisLimit::Nodes(nodes.max(1)),
            (None, ms) => {
                AnalysisLimit::Movetime(Duration::from_millis(ms.unwrap_or(DEFAULT_MOVETIME_MS)))
            }
        }
    }
}

/// Runs `tsubame analyse`. A game whose moves go wrong is annotated up to its first bad move
/// (a note says where); one whose `FEN` tag is no position is left out. Both are reported on
/// stderr.
pub fn run(args: &AnalyseArgs) -> anyhow::Result<()> {
    let bytes =
        std::fs::read(&args.pgn).with_context(|| format!("cannot read {}", args.pgn.display()))?;
    let games = pgn::read_games(&String::from_utf8_lossy(&bytes));
    if games.is_empty() {
        // Nothing to annotate is a mistake in the command (a wrong file), not a result.
        anyhow::bail!("{} holds no game", args.pgn.display());
    }
    let limit = args.limit();
    let network = (!args.hce).then(nnue::Network::embedded_shared);
    let mut analyser = Analyser::new(limit, args.hash_mb, network)?;
    let annotator = format!("{NAME_AND_VERSION}, {limit}");
    let progress = Progress::new(games.len());
    let mut out = std::io::stdout().lock();
    let mut analysed = 0;
    for (i, game) in games.iter().enumerate() {
        let (start, moves, error) = match game.replay_legal_prefix() {
            Ok(replayed) => replayed,
            Err(e) => {
                progress.message(&format!("game {}: {e}; left out", i + 1));
                continue;
            }
        };
        let note = error.map(|e| {
            progress.message(&format!("game {}: {e}; analysed up to it", i + 1));
            format!("The analysis stops at {e}.")
        });
        let review = analyser.review(&start, &moves, &mut |done, total| {
            progress.show(i, done, total);
        });
        progress.game_done(i, &review);
        let text = annotated_pgn(game, &start, &review, &annotator, note.as_deref());
        writeln!(out, "{text}")?;
        out.flush()?;
        analysed += 1;
    }
    progress.message(&format!("{analysed} of {} games analysed", games.len()));
    Ok(())
}

/// The progress bar on stderr: redrawn in place on a terminal, one line per game elsewhere.
struct Progress {
    games: usize,
    terminal: bool,
}

impl Progress {
    const WIDTH: usize = 30;

    fn new(games: usize) -> Progress {
        Progress {
            games,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&self, game: usize, done: usize, total: usize) {
        if !self.terminal {
            return;
        }
        let filled = Self::WIDTH * done / total.max(1);
        eprint!(
            "\rgame {}/{} [{}{}] {done}/{total} positions",
            game + 1,
            self.games,
            "#".repeat(filled),
            "-".repeat(Self::WIDTH - filled)
        );
    }

    fn game_done(&self, game: usize, review: &GameReview) {
        let side = |accuracy: Option<f64>| accuracy.map_or("-".to_owned(), |a| format!("{a:.1}%"));
        let line = format!(
            "game {}/{}: {} positions, accuracy White {} Black {}",
            game + 1,
            self.games,
            review.evals.len(),
            side(review.accuracy[0]),
            side(review.accuracy[1])
        );
        self.message(&line);
    }

    fn message(&self, text: &str) {
        if self.terminal {
            // Clear the bar's line first.
            eprint!("\r{}\r", " ".repeat(Self::WIDTH + 40));
        }
        eprintln!("{text}");
    }
}
