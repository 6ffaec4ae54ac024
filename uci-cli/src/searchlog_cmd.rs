//! `searchlog`: self-play at a time control with every search iteration logged (see
//! `datagen::searchlog` for what is played and the columns). Parsing and printing only.

use std::fs::OpenOptions;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::{Context, bail};
use datagen::Rng;
use datagen::searchlog::{HEADER, LogSetup, LoggedEnding, TimeControl, play_logged_game};
use engine::options::{Options, SetOutcome, find};
use timeman::TimeOptions;

/// The usage text of `tsubame searchlog`.
pub const USAGE: &str = "usage: tsubame searchlog --out FILE --games N [--tc [MOVES/]BASE[+INC]] [--hash MB] [--seed N] [--option NAME=VALUE ...]";

/// What `tsubame searchlog ...` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchlogArgs {
    /// The log, appended to (the header is written when the file is empty).
    pub out: PathBuf,
    /// Games to play.
    pub games: u64,
    /// The time control, default 5+0.05.
    pub tc: TimeControl,
    /// Table per side, MiB.
    pub hash_mb: usize,
    /// The openings' seed.
    pub seed: u64,
    /// Both sides' time-manager options: the defaults with each `--option` applied.
    pub time_options: TimeOptions,
}

/// Applies one `--option NAME=VALUE` (a time-manager option, as `setoption` names it).
/// Unlike `setoption`, which clamps so that a GUI's game goes on, a number out of range is
/// an error here: a log taken under other settings than the ones asked for is worse than none.
fn apply_option(options: &mut Options, text: &str) -> anyhow::Result<()> {
    let (name, value) = text
        .split_once('=')
        .with_context(|| format!("--option: '{text}' is not NAME=VALUE"))?;
    let spec = find(name).map_err(|e| anyhow::anyhow!("--option: {e}"))?;
    if spec.time.is_none() {
        bail!("--option: '{}' is not a time-manager option", spec.name);
    }
    match options
        .set(name, Some(value))
        .map_err(|e| anyhow::anyhow!("--option: {e}"))?
    {
        SetOutcome::Clamped {
            requested, applied, ..
        } => bail!(
            "--option: {requested} is out of range for '{}' (the nearest allowed value is {applied})",
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
                .with_context(|| format!("--tc: '{moves}' is not a number of moves"))?;
            if moves == 0 {
                bail!("--tc: a period needs at least one move");
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
            .with_context(|| format!("--tc: '{part}' is not a number of seconds"))?;
        if !(0.0..=86_400.0).contains(&seconds) {
            bail!("--tc: {seconds} s is out of range");
        }
        Ok((seconds * 1000.0).round() as i64)
    };
    let tc = TimeControl {
        base_ms: ms(base)?,
        increment_ms: ms(inc)?,
        moves_per_period: moves,
    };
    if tc.base_ms == 0 {
        bail!("--tc: the base time must be positive");
    }
    Ok(tc)
}

/// Parses the arguments after `searchlog`.
pub fn parse_args(args: &[String]) -> anyhow::Result<SearchlogArgs> {
    let (mut out, mut games) = (None, None);
    let mut tc = TimeControl {
        base_ms: 5000,
        increment_ms: 50,
        moves_per_period: 0,
    };
    let (mut hash_mb, mut seed) = (16usize, 1u64);
    let mut options = Options::new();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .with_context(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = || -> anyhow::Result<u64> {
            value
                .parse()
                .with_context(|| format!("{flag}: '{value}' is not a number"))
        };
        match flag.as_str() {
            "--out" => out = Some(PathBuf::from(value)),
            "--games" => games = Some(number()?),
            "--tc" => tc = parse_tc(value)?,
            "--hash" => hash_mb = usize::try_from(number()?)?.max(1),
            "--seed" => seed = number()?,
            "--option" => apply_option(&mut options, value)?,
            other => bail!("unknown option '{other}'\n{USAGE}"),
        }
    }
    Ok(SearchlogArgs {
        out: out.with_context(|| format!("--out is required\n{USAGE}"))?,
        games: games.with_context(|| format!("--games is required\n{USAGE}"))?,
        tc,
        hash_mb,
        seed,
        time_options: options.time_options(),
    })
}

/// Runs `tsubame searchlog ...`: plays the games, appending rows as each search ends, and
/// prints one line per game.
pub fn run(args: &[String]) -> anyhow::Result<()> {
    let args = parse_args(args)?;
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
        network: Some(engine::network::embedded()),
        time_options: args.time_options,
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
        println!("game {game}: {searches} searches, {how}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

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

    #[test]
    fn arguments_parse_and_are_checked() {
        let parsed = parse_args(&args("--out x.tsv --games 3 --tc 1+0.01 --seed 9")).unwrap();
        assert_eq!(parsed.games, 3);
        assert_eq!(parsed.tc.base_ms, 1000);
        assert_eq!(parsed.seed, 9);
        assert!(parse_args(&args("--games 3")).is_err());
        assert!(parse_args(&args("--out x --games")).is_err());
        assert!(parse_args(&args("--out x --games 2 --bogus 1")).is_err());
        assert_eq!(parsed.time_options, TimeOptions::default());
    }

    #[test]
    fn time_options_are_set_by_name() {
        // Each `--option` value is one argument, spaces and all, as a shell passes it quoted.
        let with_options = |options: &[&str]| {
            let mut text = args("--out x.tsv --games 1");
            for option in options {
                text.extend(["--option".to_owned(), (*option).to_owned()]);
            }
            parse_args(&text)
        };
        let parsed = with_options(&["Time Model=Classic", "TM Stop Threshold=300"]).unwrap();
        assert_eq!(parsed.time_options.model, timeman::TimeModel::Classic);
        assert_eq!(parsed.time_options.stop_threshold_permille, 300);
        for bad in [
            "Time Model",
            "Time Model=Fast",
            "No Such Option=1",
            "Slow Mover=100000",
            "TM Stop Threshold=-1",
        ] {
            assert!(with_options(&[bad]).is_err(), "{bad}");
        }
    }
}
