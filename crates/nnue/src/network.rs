//! The quantised network in memory, and its output layer.

use std::sync::{Arc, OnceLock};

use crate::arch::{HIDDEN, QA, QB, SCALE};
use crate::buckets::OutputBuckets;
use crate::features::INPUTS;
use crate::format::{self, HEADER_LEN, NetworkError, offsets};
use crate::simd::{Backend, Row};

/// A validated network: feature transformer `INPUTS → HIDDEN` (shared by both perspectives)
/// and one output layer `2 × HIDDEN → 1` per output bucket, all integers.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    pub(crate) ft_weights: Box<[Row]>,
    pub(crate) ft_bias: Row,
    buckets: OutputBuckets,
    /// Per output bucket: the side to move's half, then the other side's.
    out_weights: Box<[[Row; 2]]>,
    /// Per output bucket.
    out_bias: Box<[i32]>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.buckets.count();
        write!(
            f,
            "Network({INPUTS} -> {HIDDEN})x2 -> 1, {n} output buckets"
        )
    }
}

/// The network built into the binary (`nets/default.nnue`, or the file named by the `EVALFILE`
/// environment variable at build time).
const EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/embedded.nnue"));

// The embedded file passes every check the loader makes, or the build fails here.
#[allow(long_running_const_eval)]
const _: () = match format::validate(EMBEDDED) {
    Ok(()) => (),
    Err(e) => panic!("{}", e.summary()),
};

impl Network {
    /// Reads and checks a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        format::validate(bytes)?;
        let buckets = format::output_buckets(bytes)?;
        let row_at = |at: usize| {
            let mut row = Row::ZERO;
            for (i, v) in row.0.iter_mut().enumerate() {
                *v = format::i16_at(bytes, at + 2 * i);
            }
            row
        };
        let ft_weights = (0..INPUTS)
            .map(|input| row_at(HEADER_LEN + 2 * HIDDEN * input))
            .collect();
        let heads = 0..buckets.count();
        let out_weights = heads
            .clone()
            .map(|b| {
                let at = offsets::OUT_WEIGHTS + b * 2 * HIDDEN * 2;
                [row_at(at), row_at(at + 2 * HIDDEN)]
            })
            .collect();
        let out_bias = heads
            .map(|b| format::i32_at(bytes, offsets::out_bias(buckets.count()) + 4 * b))
            .collect();
        Ok(Network {
            ft_weights,
            ft_bias: row_at(offsets::FT_BIAS),
            buckets,
            out_weights,
            out_bias,
        })
    }

    /// The network built into the binary, decoded on first use.
    pub fn embedded() -> &'static Network {
        Network::embedded_shared_ref()
    }

    /// The network built into the binary, shared: every call hands out the one decoded copy
    /// (a network is some 400 KB, too much to copy per search or per thread).
    pub fn embedded_shared() -> Arc<Network> {
        Arc::clone(Network::embedded_shared_ref())
    }

    /// The one decoded copy of the embedded network, made on first use.
    fn embedded_shared_ref() -> &'static Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        NET.get_or_init(|| match Network::from_bytes(EMBEDDED) {
            Ok(net) => Arc::new(net),
            // The const check above ran the same validation at build time.
            Err(e) => unreachable!("embedded network passed the build-time check: {e}"),
        })
    }

    /// The network's parameters in file order (the inverse of [`Network::from_bytes`] with
    /// [`format::QuantisedParams::encode`]).
    pub fn params(&self) -> format::QuantisedParams {
        format::QuantisedParams {
            ft_weights: self.ft_weights.iter().flat_map(|r| r.0).collect(),
            ft_bias: self.ft_bias.0.to_vec(),
            out_weights: self
                .out_weights
                .iter()
                .flatten()
                .flat_map(|r| r.0)
                .collect(),
            out_bias: self.out_bias.to_vec(),
        }
    }

    /// The output buckets: how many heads, and which one a position uses.
    pub fn buckets(&self) -> OutputBuckets {
        self.buckets
    }

    /// The output of head `bucket` (below `buckets().count()`) from the two accumulator
    /// halves, in centipawns for the side to move:
    /// `(Σ screlu(us) · w_us + Σ screlu(them) · w_them) / QA + bias`, scaled from units of
    /// `1 / (QA × QB)` to centipawns.
    #[inline]
    pub(crate) fn output(&self, us: &Row, them: &Row, bucket: usize, backend: Backend) -> i32 {
        let weights = &self.out_weights[bucket];
        let sum = backend
            .screlu_dot(us, &weights[0])
            .wrapping_add(backend.screlu_dot(them, &weights[1]));
        // Dividing by QA first brings the squared activation back to one factor of QA.
        let out = i64::from(sum) / i64::from(QA) + i64::from(self.out_bias[bucket]);
        (out * i64::from(SCALE) / (i64::from(QA) * i64::from(QB))) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whoever asks for the embedded network, shared or borrowed, gets the one copy.
    #[test]
    fn the_embedded_network_is_one_copy() {
        let (a, b) = (Network::embedded_shared(), Network::embedded_shared());
        assert!(std::ptr::eq(&*a, &*b));
        assert!(std::ptr::eq(&*a, Network::embedded()));
    }
}
