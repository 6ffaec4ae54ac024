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
use std::time::SystemTime;

/// The open log, if any. One per process, as there is one stdin and one stdout.
static LOG: Mutex<Option<File>> = Mutex::new(None);

/// Why the log was closed behind the session's back (a write failed), until it is reported.
static FAILURE: Mutex<Option<String>> = Mutex::new(None);

/// Which way a line went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From the GUI to the engine, marked `>>`.
    In,
    /// From the engine to the GUI, marked `<<`.
    Out,
    /// The log's own line (which engine opened it), marked `--`.
    Note,
}

/// Logs to the file at `path` from now on (appending), or stops logging when `path` is empty.
/// A file that cannot be opened, or that refuses the first line (`/dev/full`, a full disk),
/// leaves logging off. The first line says which engine opened the log.
///
/// # Errors
/// When the file cannot be opened for appending, or the first line cannot be written.
pub fn open(path: &str) -> std::io::Result<()> {
    let mut log = LOG.lock().unwrap_or_else(PoisonError::into_inner);
    *log = None;
    if !path.is_empty() {
        let mut file = OpenOptions::new().create(true).append(true).open(path)?;
        let opened = format!("log opened by {}", crate::NAME_AND_VERSION);
        file.write_all(entry(SystemTime::now(), Direction::Note, &opened).as_bytes())?;
        *log = Some(file);
    }
    Ok(())
}

/// Appends `line` to the log, if one is open. A failed write closes the log (the engine goes
/// on: the log must never stop it) and is kept for [`take_failure`] to report.
pub fn record(direction: Direction, line: &str) {
    let mut log = LOG.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(file) = log.as_mut() {
        if let Err(e) = file.write_all(entry(SystemTime::now(), direction, line).as_bytes()) {
            *log = None;
            *FAILURE.lock().unwrap_or_else(PoisonError::into_inner) = Some(format!(
                "Debug Log File: cannot write to the log: {e}; logging stopped"
            ));
        }
    }
}

/// Why the log stopped since the last call, if a write failed: once, for an `info string`.
pub fn take_failure() -> Option<String> {
    FAILURE
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()
}

/// One line of the log, its line break included.
fn entry(at: SystemTime, direction: Direction, line: &str) -> String {
    let mark = match direction {
        Direction::In => ">>",
        Direction::Out => "<<",
        Direction::Note => "--",
    };
    format!("{} {mark} {line}\n", humantime::format_rfc3339_millis(at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn time_stamps_are_utc_dates_with_milliseconds() {
        let at = |secs: u64, millis: u64| UNIX_EPOCH + Duration::from_millis(secs * 1000 + millis);
        // 2000-02-29 (a leap day of a century leap year), 12:34:56.789.
        assert_eq!(
            entry(at(951_827_696, 789), Direction::In, "uci"),
            "2000-02-29T12:34:56.789Z >> uci\n"
        );
    }

    /// `/dev/full` opens but refuses every write: the open fails, so it is reported at once.
    #[test]
    #[cfg(target_os = "linux")]
    fn a_file_that_refuses_writes_is_not_opened() {
        let e = open("/dev/full").expect_err("/dev/full takes no line");
        assert_eq!(e.kind(), std::io::ErrorKind::StorageFull, "{e}");
        assert!(LOG.lock().unwrap().is_none());
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
