//! `Debug Log File`: every line read from and written to the GUI, appended to a file with the
//! time it passed, for finding out what a GUI and the engine said to each other. Stockfish's
//! option of the same name marks input `>>` and output `<<`; the lines here are the same with a
//! UTC time stamp in front:
//!
//! ```text
//! 2026-11-25T22:30:01.123Z >> go wtime 1000 btime 1000
//! 2026-11-25T22:30:01.245Z << bestmove e2e4
//! ```
//!
//! Each line is one unbuffered write, so nothing is lost when the process ends after `quit`;
//! the GUI exchanges a few lines a second, so the file costs the search nothing.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

/// The open log, if any. One per process, as there is one stdin and one stdout.
static LOG: Mutex<Option<File>> = Mutex::new(None);

/// Which way a line went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From the GUI to the engine, marked `>>`.
    In,
    /// From the engine to the GUI, marked `<<`.
    Out,
}

/// Logs to the file at `path` from now on (appending), or stops logging when `path` is empty.
/// A file that cannot be opened leaves logging off.
///
/// # Errors
/// When the file cannot be opened for appending.
pub fn open(path: &str) -> std::io::Result<()> {
    let mut log = LOG.lock().unwrap_or_else(PoisonError::into_inner);
    *log = None;
    if !path.is_empty() {
        *log = Some(OpenOptions::new().create(true).append(true).open(path)?);
    }
    Ok(())
}

/// Appends `line` to the log, if one is open. A failed write is ignored: the log must never
/// stop the engine.
pub fn record(direction: Direction, line: &str) {
    let mut log = LOG.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(file) = log.as_mut() {
        let _ = file.write_all(entry(SystemTime::now(), direction, line).as_bytes());
    }
}

/// One line of the log, its line break included.
fn entry(at: SystemTime, direction: Direction, line: &str) -> String {
    let mark = match direction {
        Direction::In => ">>",
        Direction::Out => "<<",
    };
    format!("{} {mark} {line}\n", utc_timestamp(at))
}

/// `at` as `YYYY-MM-DDThh:mm:ss.mmmZ` (ISO 8601, UTC, milliseconds).
fn utc_timestamp(at: SystemTime) -> String {
    let since_epoch = at.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = since_epoch.as_secs();
    let (days, of_day) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60,
        since_epoch.subsec_millis()
    )
}

/// The proleptic Gregorian date `days` after 1970-01-01, by Howard Hinnant's
/// `civil_from_days` (<https://howardhinnant.github.io/date_algorithms.html>).
fn civil_from_days(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let day_of_era = z % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn time_stamps_are_utc_dates_with_milliseconds() {
        let at = |secs: u64, millis: u64| UNIX_EPOCH + Duration::from_millis(secs * 1000 + millis);
        assert_eq!(utc_timestamp(at(0, 0)), "1970-01-01T00:00:00.000Z");
        // 2000-02-29 (a leap day of a century leap year), 12:34:56.789.
        assert_eq!(
            utc_timestamp(at(951_827_696, 789)),
            "2000-02-29T12:34:56.789Z"
        );
        assert_eq!(
            utc_timestamp(at(1_798_761_599, 999)),
            "2026-12-31T23:59:59.999Z"
        );
    }

    #[test]
    fn entries_mark_the_direction() {
        let at = UNIX_EPOCH + Duration::from_secs(86_400);
        assert_eq!(
            entry(at, Direction::In, "isready"),
            "1970-01-02T00:00:00.000Z >> isready\n"
        );
        assert_eq!(
            entry(at, Direction::Out, "readyok"),
            "1970-01-02T00:00:00.000Z << readyok\n"
        );
    }
}
