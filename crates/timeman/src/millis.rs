//! Milliseconds as the GUI and the options give them.

/// A duration in milliseconds, as `go` and the time options give it. Signed because a GUI
/// may send a clock that has already run out (`wtime -120`); the time manager decides what to
/// do with that. Measured time (elapsed, and the budget compared with it) is a
/// [`std::time::Duration`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Millis(pub i64);

impl Millis {
    /// No time at all.
    pub const ZERO: Millis = Millis(0);

    /// This duration, or zero if it is negative.
    #[must_use]
    pub const fn at_least_zero(self) -> Millis {
        if self.0 < 0 { Millis::ZERO } else { self }
    }
}
