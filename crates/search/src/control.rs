//! `SearchControl`: the flags the protocol thread uses to steer a running search.

use std::sync::atomic::{AtomicBool, Ordering};

/// Shared between the thread reading the GUI and the searching threads. Release/acquire
/// ordering: a search that sees `stop` also sees everything written before it was set.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

impl SearchControl {
    /// Clears both flags before a new `go`.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Release);
        self.ponderhit.store(false, Ordering::Release);
    }

    /// Asks the search to stop as soon as possible and report its best move (`stop`, `quit`).
    pub fn request_stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// Whether a stop was requested.
    #[inline]
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// The opponent played the expected move: the ponder search now runs on our own clock.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Release);
    }

    /// Whether `ponderhit` arrived since the last reset.
    #[inline]
    pub fn ponderhit_received(&self) -> bool {
        self.ponderhit.load(Ordering::Acquire)
    }
}
