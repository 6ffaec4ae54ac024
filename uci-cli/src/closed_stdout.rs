//! A standard output the reader has closed (`tsubame spsa | head -3`): a tool whose product is
//! what it prints ends there, quietly and with success, as the reader has taken what it
//! wanted; a UCI session and the tools whose product is a file (`datagen`, `searchlog`,
//! `convert-text`) go on, since stopping them mid-write would cut their file short.
//!
//! Rust ignores `SIGPIPE`, so a write to a closed pipe is an error (`println!` panics on it)
//! rather than the signal that ends a C program; this module turns that error into the quiet
//! end a shell user expects, the same on every platform.

use std::io::{self, ErrorKind};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a write to a closed standard output ends the process (set for the printing tools).
static ENDS_PROCESS: AtomicBool = AtomicBool::new(false);

/// From now on, a write to a closed standard output ends the process with success.
pub fn end_process_when_closed() {
    ENDS_PROCESS.store(true, Ordering::Relaxed);
}

/// Called with a failed write to standard output: ends the process quietly when the reader
/// has gone and this process is a printing tool; otherwise the failure is left to the caller.
pub fn written_to_closed(error: &io::Error) {
    if error.kind() == ErrorKind::BrokenPipe && ENDS_PROCESS.load(Ordering::Relaxed) {
        std::process::exit(0);
    }
}

/// Whether `error` (or an error it wraps) is a write to a closed pipe.
pub fn is_closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn a_closed_pipe_is_found_inside_the_context() {
        let closed: anyhow::Result<()> = Err(io::Error::from(ErrorKind::BrokenPipe).into());
        assert!(is_closed_pipe(
            &closed.context("writing the divide").unwrap_err()
        ));
        let full: anyhow::Result<()> = Err(io::Error::from(ErrorKind::StorageFull).into());
        assert!(!is_closed_pipe(&full.context("writing").unwrap_err()));
        assert!(!is_closed_pipe(&anyhow::anyhow!("bad FEN")));
    }
}
