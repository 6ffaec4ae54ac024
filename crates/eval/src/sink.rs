//! Where each feature's contribution goes: the fast path keeps only the total; the trace and
//! the tuner's feature extraction also record every addition.

use movegen::Color;

use crate::score::S;
use crate::term::Term;

/// Observer of every feature the evaluation adds.
pub(crate) trait Sink {
    /// Parameter `index` counted `count` times for `side` under `term`; `value` is what it added
    /// to `side`'s score (not yet negated for Black).
    fn record(&mut self, side: Color, term: Term, index: usize, count: i32, value: S);
}

/// The fast path: records nothing, so every call compiles away.
#[derive(Debug, Default)]
pub(crate) struct NoSink;

impl Sink for NoSink {
    #[inline(always)]
    fn record(&mut self, _: Color, _: Term, _: usize, _: i32, _: S) {}
}
