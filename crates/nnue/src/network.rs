//! The quantised network in memory, and its output layer.
//!
//! The weights of each hidden width this build runs are a type of their own, `Layers<H>`, so
//! the kernels' loops have a constant length; `Weights` holds whichever the file declared, and
//! [`with_layers!`](crate::network::with_layers) matches it once per operation, never per
//! feature.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use movegen::{Color, Square};

use crate::arch::{Architecture, Mirroring, QA, QB, SCALE, Unsupported};
use crate::buckets::OutputBuckets;
use crate::features::INPUTS;
use crate::format::{self, NetworkError, Offsets};
use crate::king_buckets::View;
use crate::simd::{Backend, Lanes, Row};

/// The weights of a network of hidden width `H`: feature transformer `K × INPUTS → H` (shared
/// by both perspectives; king bucket 0's rows first) and one output layer `2 × H → 1` per
/// output bucket, all integers.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Layers<const H: usize> {
    pub(crate) ft_weights: Box<[Row<H>]>,
    pub(crate) ft_bias: Row<H>,
    /// Per output bucket: the side to move's half, then the other side's.
    out_weights: Box<[[Row<H>; 2]]>,
    /// Per output bucket.
    out_bias: Box<[i32]>,
}

impl<const H: usize> Layers<H> {
    /// Reads the weights of a validated file of `version` and architecture `arch`.
    fn read(bytes: &[u8], version: u32, arch: &Architecture) -> Layers<H> {
        let at = Offsets::new(version, arch);
        let row_at = |at: usize| {
            let mut row = Row::<H>::ZERO;
            for (i, v) in row.0.iter_mut().enumerate() {
                *v = format::i16_at(bytes, at + 2 * i);
            }
            row
        };
        let heads = 0..arch.output_buckets.count();
        Layers {
            ft_weights: (0..arch.king_buckets.count() as usize * INPUTS)
                .map(|input| row_at(at.ft_weights + 2 * H * input))
                .collect(),
            ft_bias: row_at(at.ft_bias),
            out_weights: heads
                .clone()
                .map(|b| {
                    let head = at.out_weights + b * 2 * H * 2;
                    [row_at(head), row_at(head + 2 * H)]
                })
                .collect(),
            out_bias: heads
                .map(|b| format::i32_at(bytes, at.out_bias + 4 * b))
                .collect(),
        }
    }

    /// The output of head `bucket` from the two accumulator halves, in centipawns for the
    /// side to move: `(Σ screlu(us) · w_us + Σ screlu(them) · w_them) / QA + bias`, scaled
    /// from units of `1 / (QA × QB)` to centipawns.
    #[inline]
    pub(crate) fn output(
        &self,
        us: &Lanes<H>,
        them: &Lanes<H>,
        bucket: usize,
        backend: Backend,
    ) -> i32 {
        let sum = backend.screlu_dot([us, them], &self.out_weights[bucket]);
        // Dividing by QA first brings the squared activation back to one factor of QA.
        let out = i64::from(sum) / i64::from(QA) + i64::from(self.out_bias[bucket]);
        (out * i64::from(SCALE) / (i64::from(QA) * i64::from(QB))) as i32
    }

    /// The parameters in file order.
    fn params(&self, arch: Architecture) -> format::QuantisedParams {
        format::QuantisedParams {
            arch,
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
}

/// The weights of one of the widths this build runs (`arch::SUPPORTED_HIDDEN`).
// Inline rather than boxed: a network exists once, behind an `Arc`, and every update would
// otherwise follow one more pointer.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Weights {
    H256(Layers<256>),
    H512(Layers<512>),
    H768(Layers<768>),
    H1024(Layers<1024>),
}

/// Runs `$body` with `$layers` bound to the `Layers<H>` of `$weights`, whatever its width:
/// the one match on the width, at the top of an operation.
macro_rules! with_layers {
    ($weights:expr, $layers:ident => $body:expr) => {
        match $weights {
            $crate::network::Weights::H256($layers) => $body,
            $crate::network::Weights::H512($layers) => $body,
            $crate::network::Weights::H768($layers) => $body,
            $crate::network::Weights::H1024($layers) => $body,
        }
    };
}
pub(crate) use with_layers;

/// A validated network: its architecture and its integer weights.
#[derive(Clone)]
pub struct Network {
    arch: Architecture,
    pub(crate) weights: Weights,
    /// Per perspective and square of its own king: how that perspective reads the board
    /// (all the default view in a network without mirroring or king buckets).
    views: [[View; 64]; 2],
    /// Whether any king move can change a perspective's view.
    views_vary: bool,
    /// This network's number among those loaded by the process (copies share it): what a
    /// [`crate::RefreshCache`] checks to know that it was filled from these weights.
    id: u64,
}

/// Networks are equal when their architecture and weights are (whichever load they came
/// from).
impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.arch == other.arch && self.weights == other.weights
    }
}

impl Eq for Network {}

/// The last network number handed out (0 is no network's).
static LAST_ID: AtomicU64 = AtomicU64::new(0);

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Network {}", self.arch)
    }
}

/// The network built into the binary (`nets/default.nnue`, or the file named by the `EVALFILE`
/// environment variable at build time).
const EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/embedded.nnue"));

// The embedded file passes every check the loader makes, or the build fails here.
#[allow(long_running_const_eval)]
const _: () = match format::validate(EMBEDDED) {
    Ok(_) => (),
    Err(e) => panic!("{}", e.summary()),
};

impl Network {
    /// Reads and checks a network file; refuses an architecture this build does not run.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let arch = format::validate(bytes)?;
        let version = format::version(bytes)?;
        let weights = match arch.hidden {
            256 => Weights::H256(Layers::read(bytes, version, &arch)),
            512 => Weights::H512(Layers::read(bytes, version, &arch)),
            768 => Weights::H768(Layers::read(bytes, version, &arch)),
            1024 => Weights::H1024(Layers::read(bytes, version, &arch)),
            // `validate` admits only the supported widths, which the arms above list.
            other => {
                return Err(NetworkError::UnsupportedArchitecture {
                    part: Unsupported::Hidden,
                    found: other as u32,
                });
            }
        };
        let layout = match arch.king_buckets.layout(arch.mirroring) {
            Ok(layout) => layout,
            // `validate` checked the king buckets.
            Err(e) => return Err(NetworkError::BadKingBuckets(e)),
        };
        let views = Color::ALL.map(|perspective| {
            Square::ALL.map(|king| layout.view(arch.mirroring, perspective, king))
        });
        Ok(Network {
            arch,
            weights,
            views,
            views_vary: arch.mirroring != Mirroring::None || layout.count() > 1,
            id: LAST_ID.fetch_add(1, Ordering::Relaxed) + 1,
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
        with_layers!(&self.weights, layers => layers.params(self.arch))
    }

    /// The network's architecture.
    pub fn architecture(&self) -> Architecture {
        self.arch
    }

    /// The output buckets: how many heads, and which one a position uses.
    pub fn buckets(&self) -> OutputBuckets {
        self.arch.output_buckets
    }

    /// How `perspective` reads the board while its own king stands on `king`.
    #[inline]
    pub fn view(&self, perspective: Color, king: Square) -> View {
        self.views[perspective.index()][king.index()]
    }

    /// Whether a king move can change its side's view (mirroring or king buckets), so that
    /// its half must then be rebuilt.
    #[inline]
    pub fn views_vary(&self) -> bool {
        self.views_vary
    }

    /// The network's number among those this process loaded (copies share it).
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The head `pos` uses. Reads the bucket table where it lies, rather than through a copy
    /// of it as [`Network::buckets`] hands out: this is on every evaluation.
    #[inline]
    pub(crate) fn head_of(&self, pos: &movegen::Position) -> usize {
        self.arch.output_buckets.of(pos)
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
