//! `searchlog`: self-play at a time control with every search iteration logged (see
//! `datagen::searchlog` for what is played and the columns). Parsing and printing only.

use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use clap::Args;
use datagen::Rng;
use datagen::searchlog::{HEADER, LogSetup, LoggedEnding, TimeControl, play_logged_game};
use engine::options::{Options, SetOutcome, find};
use timeman::TimeOptions;

/// What `tsubame searchlog ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct SearchlogArgs {
    /// The log, appended to (the header is written when the file is empty).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Games to play.
    #[arg(long, value_name = "N")]
    pub games: u64,
    /// The time control, in seconds: base plus increment, optionally repeating every MOVES moves.
    #[arg(long, value_name = "[MOVES/]BASE[+INC]", default_value = "5+0.05", value_parser = parse_tc)]
    pub tc: TimeControl,
    /// Table per side, MiB (at least 1).
    #[arg(long = "hash", value_name = "MB", default_value_t = 16, value_parser = table_mib)]
    pub hash_mb: usize,
    /// The openings' seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// A time-manager option for both sides, as `setoption` names it (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = time_option)]
    pub options: Vec<String>,
}

impl SearchlogArgs {
    /// Both sides' time-manager options: the defaults with each `--option` applied in turn.
    pub fn time_options(&self) -> anyhow::Result<TimeOptions> {
        let mut options = Options::new();
        for option in &self.options {
            apply_option(&mut options, option)?;
        }
        Ok(options.time_options())
    }
}

fn table_mib(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .map(|mib| mib.max(1))
        .map_err(|_| format!("'{text}' is not a number"))
}

/// Checks one `--option` on its own, so that a bad one is refused with the usage.
fn time_option(text: &str) -> anyhow::Result<String> {
    apply_option(&mut Options::new(), text)?;
    Ok(text.to_owned())
}

/// Applies one `--option NAME=VALUE` (a time-manager option, as `setoption` names it).
/// Unlike `setoption`, which clamps so that a GUI's game goes on, a number out of range is
/// an error here: a log taken under other settings than the ones asked for is worse than none.
fn apply_option(options: &mut Options, text: &str) -> anyhow::Result<()> {
    let (name, value) = text
        .split_once('=')
        .with_context(|| format!("'{text}' is not NAME=VALUE"))?;
    let spec = find(name).map_err(|e| anyhow::anyhow!("{e}"))?;
    if !spec.id.sets_time() {
        bail!("'{}' is not a time-manager option", spec.name);
    }
    match options
        .set(name, Some(value))
        .map_err(|e| anyhow::anyhow!("{e}"))?
    {
        SetOutcome::Clamped {
            requested, applied, ..
        } => bail!(
            "{requested} is out of range for '{}' (the nearest allowed value is {applied})",
            name.trim()
        ),
        SetOutcome::Set(_) | SetOutcome::Pressed(_) => Ok(()),
    }
}

/// Parses `BASE+INC` in seconds (`5+0.05`, `10`), optionally after `MOVES/` for a control
/// that repeats every MOVES moves (`40/20`, as fastchess and cutechess-cli write it), into ms.
pub fn parse_tc(text: &str) -> anyhow::Result<TimeControl> {
    let (moves, rest) = match text.split_once('/') {
        Some((moves, rest)) => {
            let moves: u32 = moves
                .trim()
                .parse()
                .with_context(|| format!("'{moves}' is not a number of moves"))?;
            if moves == 0 {
                bail!("a period needs at least one move");
            }
            (moves, rest)
        }
        None => (0, text),
    };
    let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
    let ms = |part: &str| -> anyhow::Result<i64> {
        let seconds: f64 = part
            .trim()
            .parse()
            .with_context(|| format!("'{part}' is not a number of seconds"))?;
        if !(0.0..=86_400.0).contains(&seconds) {
            bail!("{seconds} s is out of range");
        }
        Ok((seconds * 1000.0).round() as i64)
    };
    let tc = TimeControl {
        base_ms: ms(base)?,
        increment_ms: ms(inc)?,
        moves_per_period: moves,
    };
    if tc.base_ms == 0 {
        bail!("the base time must be positive");
    }
    Ok(tc)
}

/// Runs `tsubame searchlog ...`: plays the games, appending rows as each search ends, and
/// prints one line per game.
pub fn run(args: &SearchlogArgs) -> anyhow::Result<()> {
    let time_options = args.time_options()?;
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot open {}", args.out.display()))?;
    let empty = file.metadata().map(|m| m.len() == 0).unwrap_or(false);
    let mut log = BufWriter::new(file);
    if empty {
        writeln!(log, "{HEADER}")?;
    }
    let stop = AtomicBool::new(false);
    let mut rng = Rng::new(args.seed);
    // The engine's own evaluation: the logs describe the searches the time manager will see.
    let setup = LogSetup {
        tc: args.tc,
        hash_mb: args.hash_mb,
        network: Some(nnue::Network::embedded_shared()),
        time_options,
    };
    for game in 1..=args.games {
        let mut written: std::io::Result<()> = Ok(());
        let mut searches = 0u64;
        let ending = play_logged_game(game, &setup, &mut rng, &stop, &mut |rows| {
            searches += 1;
            for row in rows {
                if written.is_ok() {
                    written = writeln!(log, "{}", row.to_tsv());
                }
            }
        })
        .map_err(|e| anyhow::anyhow!("cannot allocate the tables: {e}"))?;
        written
            .and_then(|()| log.flush())
            .context("cannot write the log")?;
        let how = match ending {
            LoggedEnding::Played => "played out",
            LoggedEnding::TimeLoss => "lost on time",
            LoggedEnding::Abandoned => "abandoned",
        };
        crate::output::send(&format!("game {game}: {searches} searches, {how}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_parse_to_ms() {
        let tc = parse_tc("5+0.05").unwrap();
        assert_eq!((tc.base_ms, tc.increment_ms), (5000, 50));
        let tc = parse_tc("10").unwrap();
        assert_eq!((tc.base_ms, tc.increment_ms), (10_000, 0));
        let tc = parse_tc("40/20").unwrap();
        assert_eq!(
            (tc.moves_per_period, tc.base_ms, tc.increment_ms),
            (40, 20_000, 0)
        );
        assert!(parse_tc("0/20").is_err());
        assert!(parse_tc("x/20").is_err());
        assert!(parse_tc("fast").is_err());
        assert!(parse_tc("0+1").is_err());
        assert!(parse_tc("-1+0").is_err());
    }
}
