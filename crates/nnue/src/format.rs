//! The network file: a fixed header that names the architecture, then the quantised weights.
//!
//! Version 2, every field little-endian:
//!
//! ```text
//! offset  size  field
//!      0     8  magic "TSBNNUE\n"
//!      8     4  format version (2)
//!     12     4  inputs (768)
//!     16     4  hidden size H (the accumulator's width per perspective)
//!     20     4  output buckets N, 1 to 32 (see `OutputBuckets` for the head a position uses)
//!     24     4  QA, the feature transformer's scale (255)
//!     28     4  QB, the output layer's scale (64)
//!     32     4  eval scale, centipawns per unit of the float network's output (400)
//!     36     4  payload length in bytes
//!     40     8  FNV-1a 64 checksum of the payload
//!     48        payload:
//!               feature weights  INPUTS × H i16, row by row (one row per input)
//!               feature biases   H i16
//!               output weights   N × 2H i16: head 0's side-to-move half, its other half,
//!                                then head 1's, ...
//!               output biases    N × i32, head 0's first
//! ```
//!
//! Version 1 is the same layout with N always 1: a version-1 file reads as a network with one
//! output bucket, byte for byte the same weights. This build writes version 2.
//!
//! [`validate`] is a `const fn`, so the network embedded at build time is checked by the
//! compiler and the same checks refuse a bad file at run time.

use crate::arch::{HIDDEN, QA, QB, SCALE};
use crate::buckets::OutputBuckets;
use crate::features::INPUTS;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"TSBNNUE\n";
/// The layout version this build writes (it reads [`VERSION_1`] too).
pub const VERSION: u32 = 2;
/// The first layout: one output bucket.
pub const VERSION_1: u32 = 1;
/// Bytes before the payload.
pub const HEADER_LEN: usize = 48;

/// Bytes of the payload of a network with `buckets` output heads.
pub const fn payload_len(buckets: usize) -> usize {
    (INPUTS * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) * 2 + buckets * 4
}
/// The largest output weight magnitude (QB × 2): the SIMD kernels multiply a clipped
/// activation (at most QA) by an output weight in 16 bits, exact only while
/// `QA × |weight| < 2^15`.
pub const OUTPUT_WEIGHT_LIMIT: i16 = 128;
/// The most pieces a legal position holds: the accumulator bound assumes every one active.
pub const MAX_ACTIVE: i32 = 32;

/// A field of the header that must match this build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchField {
    /// The number of inputs.
    Inputs,
    /// The hidden layer's width.
    Hidden,
    /// The feature transformer's quantisation scale.
    Qa,
    /// The output layer's quantisation scale.
    Qb,
    /// The eval scale.
    Scale,
}

/// Why a network file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Shorter than the header.
    TooShort {
        /// The file's length.
        len: usize,
    },
    /// Not a Tsubame network (wrong magic).
    BadMagic,
    /// A layout version this build does not read.
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// An output bucket count the file's version does not allow: 0 or more than
    /// [`OutputBuckets::MAX`] in version 2, anything but 1 in version 1.
    BadOutputBuckets {
        /// The file's version.
        version: u32,
        /// The count in the file.
        found: u32,
    },
    /// An architecture field differs from this build's.
    ArchitectureMismatch {
        /// The field.
        field: ArchField,
        /// This build's value.
        expected: u32,
        /// The file's value.
        found: u32,
    },
    /// The file is truncated or has trailing bytes.
    WrongLength {
        /// The length the header implies.
        expected: usize,
        /// The file's length.
        found: usize,
    },
    /// The payload does not match its checksum (a corrupted file).
    ChecksumMismatch {
        /// The header's checksum.
        expected: u64,
        /// The payload's.
        found: u64,
    },
    /// An output weight outside `-OUTPUT_WEIGHT_LIMIT..OUTPUT_WEIGHT_LIMIT`.
    OutputWeightOutOfRange {
        /// Its index among the N × 2H output weights.
        index: usize,
    },
    /// A hidden neuron whose accumulator could leave the 16-bit range.
    AccumulatorMayOverflow {
        /// The neuron.
        neuron: usize,
    },
}

impl NetworkError {
    /// A short description that needs no formatting (usable in `const` panics).
    pub const fn summary(&self) -> &'static str {
        match self {
            NetworkError::TooShort { .. } => "network file shorter than its header",
            NetworkError::BadMagic => "not a Tsubame network file (bad magic)",
            NetworkError::UnsupportedVersion { .. } => "unsupported network format version",
            NetworkError::BadOutputBuckets { .. } => "bad network output bucket count",
            NetworkError::ArchitectureMismatch { .. } => {
                "network architecture differs from this build's"
            }
            NetworkError::WrongLength { .. } => "network file truncated or too long",
            NetworkError::ChecksumMismatch { .. } => "network payload checksum mismatch",
            NetworkError::OutputWeightOutOfRange { .. } => "network output weight out of range",
            NetworkError::AccumulatorMayOverflow { .. } => {
                "network accumulator may overflow 16 bits"
            }
        }
    }
}

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.summary())?;
        match *self {
            NetworkError::TooShort { len } => write!(f, ": {len} bytes, need {HEADER_LEN}"),
            NetworkError::BadMagic => Ok(()),
            NetworkError::UnsupportedVersion { found } => {
                write!(f, ": {found}, this build reads {VERSION_1} and {VERSION}")
            }
            NetworkError::BadOutputBuckets { version, found } => {
                let most = if version == VERSION_1 {
                    1
                } else {
                    OutputBuckets::MAX
                };
                write!(f, ": {found}, version {version} files hold 1 to {most}")
            }
            NetworkError::ArchitectureMismatch {
                field,
                expected,
                found,
            } => {
                write!(f, ": {field:?} is {found}, this build needs {expected}")
            }
            NetworkError::WrongLength { expected, found } => {
                write!(f, ": {found} bytes, expected {expected}")
            }
            NetworkError::ChecksumMismatch { expected, found } => {
                write!(f, ": header {expected:#018x}, payload {found:#018x}")
            }
            NetworkError::OutputWeightOutOfRange { index } => write!(f, ": weight {index}"),
            NetworkError::AccumulatorMayOverflow { neuron } => write!(f, ": neuron {neuron}"),
        }
    }
}

impl std::error::Error for NetworkError {}

const fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

const fn u64_at(bytes: &[u8], at: usize) -> u64 {
    (u32_at(bytes, at) as u64) | (u32_at(bytes, at + 4) as u64) << 32
}

/// The 16-bit value at byte `at`.
pub(crate) const fn i16_at(bytes: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// The 32-bit value at byte `at`.
pub(crate) const fn i32_at(bytes: &[u8], at: usize) -> i32 {
    u32_at(bytes, at) as i32
}

/// FNV-1a, 64 bits (Fowler, Noll, Vo; <http://www.isthe.com/chongo/tech/comp/fnv/>).
pub const fn checksum(bytes: &[u8], from: usize) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    let mut i = from;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

/// Byte offsets of the payload's parts.
pub(crate) mod offsets {
    use super::*;
    /// The feature bias.
    pub const FT_BIAS: usize = HEADER_LEN + INPUTS * HIDDEN * 2;
    /// The output weights.
    pub const OUT_WEIGHTS: usize = FT_BIAS + HIDDEN * 2;
    /// The output biases of a network with `buckets` heads.
    pub const fn out_bias(buckets: usize) -> usize {
        OUT_WEIGHTS + buckets * 2 * HIDDEN * 2
    }
}

/// The format version of a file (its header must be whole), if this build reads it.
const fn version(bytes: &[u8]) -> Result<u32, NetworkError> {
    let version = u32_at(bytes, 8);
    if version != VERSION && version != VERSION_1 {
        return Err(NetworkError::UnsupportedVersion { found: version });
    }
    Ok(version)
}

/// The output heads a file declares (its header must be whole); refuses a version this build
/// does not read and a count the version does not allow.
pub(crate) const fn output_buckets(bytes: &[u8]) -> Result<OutputBuckets, NetworkError> {
    let version = match version(bytes) {
        Ok(v) => v,
        Err(e) => return Err(e),
    };
    let found = u32_at(bytes, 20);
    let allowed = match OutputBuckets::new(found as usize) {
        Some(b) if version == VERSION || b.count() == 1 => Some(b),
        _ => None,
    };
    match allowed {
        Some(b) => Ok(b),
        None => Err(NetworkError::BadOutputBuckets { version, found }),
    }
}

const fn check_field(
    bytes: &[u8],
    at: usize,
    field: ArchField,
    expected: usize,
) -> Result<(), NetworkError> {
    let found = u32_at(bytes, at);
    if found as usize != expected {
        return Err(NetworkError::ArchitectureMismatch {
            field,
            expected: expected as u32,
            found,
        });
    }
    Ok(())
}

/// Checks a whole network file: header, length, checksum, and the value ranges the integer
/// inference relies on.
pub const fn validate(bytes: &[u8]) -> Result<(), NetworkError> {
    if bytes.len() < HEADER_LEN {
        return Err(NetworkError::TooShort { len: bytes.len() });
    }
    let mut i = 0;
    while i < MAGIC.len() {
        if bytes[i] != MAGIC[i] {
            return Err(NetworkError::BadMagic);
        }
        i += 1;
    }
    if let Err(e) = version(bytes) {
        return Err(e);
    }
    // The fixed architecture first (a file of another kind says so), then the bucket count.
    let fields = [
        (12, ArchField::Inputs, INPUTS),
        (16, ArchField::Hidden, HIDDEN),
        (24, ArchField::Qa, QA as usize),
        (28, ArchField::Qb, QB as usize),
        (32, ArchField::Scale, SCALE as usize),
    ];
    let mut f = 0;
    while f < fields.len() {
        let (at, field, expected) = fields[f];
        if let Err(e) = check_field(bytes, at, field, expected) {
            return Err(e);
        }
        f += 1;
    }
    let buckets = match output_buckets(bytes) {
        Ok(b) => b.count(),
        Err(e) => return Err(e),
    };
    let expected = HEADER_LEN + payload_len(buckets);
    if u32_at(bytes, 36) as usize != payload_len(buckets) || bytes.len() != expected {
        return Err(NetworkError::WrongLength {
            expected,
            found: bytes.len(),
        });
    }
    let found = checksum(bytes, HEADER_LEN);
    if found != u64_at(bytes, 40) {
        return Err(NetworkError::ChecksumMismatch {
            expected: u64_at(bytes, 40),
            found,
        });
    }
    let mut index = 0;
    while index < buckets * 2 * HIDDEN {
        let w = i16_at(bytes, offsets::OUT_WEIGHTS + 2 * index);
        if w < -OUTPUT_WEIGHT_LIMIT || w >= OUTPUT_WEIGHT_LIMIT {
            return Err(NetworkError::OutputWeightOutOfRange { index });
        }
        index += 1;
    }
    let mut neuron = 0;
    while neuron < HIDDEN {
        let mut largest = 0;
        let mut input = 0;
        while input < INPUTS {
            let w = i16_at(bytes, HEADER_LEN + 2 * (input * HIDDEN + neuron)) as i32;
            if w.abs() > largest {
                largest = w.abs();
            }
            input += 1;
        }
        let bias = i16_at(bytes, offsets::FT_BIAS + 2 * neuron) as i32;
        if bias.abs() + MAX_ACTIVE * largest > i16::MAX as i32 {
            return Err(NetworkError::AccumulatorMayOverflow { neuron });
        }
        neuron += 1;
    }
    Ok(())
}

/// A network's quantised parameters in the file's order, for writing a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedParams {
    /// `INPUTS × HIDDEN` feature weights, row by row.
    pub ft_weights: Vec<i16>,
    /// `HIDDEN` feature biases.
    pub ft_bias: Vec<i16>,
    /// `N × 2 × HIDDEN` output weights, head by head, each the side to move's half first.
    pub out_weights: Vec<i16>,
    /// `N` output biases, in units of `1 / (QA × QB)`.
    pub out_bias: Vec<i32>,
}

impl QuantisedParams {
    /// The version-2 network file for these parameters, with as many output buckets as
    /// biases. The result may still fail [`validate`] (wrong sizes, weights out of range):
    /// write it only after checking.
    pub fn encode(&self) -> Vec<u8> {
        let buckets = self.out_bias.len();
        let mut payload = Vec::with_capacity(payload_len(buckets));
        for w in self
            .ft_weights
            .iter()
            .chain(&self.ft_bias)
            .chain(&self.out_weights)
        {
            payload.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.out_bias {
            payload.extend_from_slice(&b.to_le_bytes());
        }
        let mut file = Vec::with_capacity(HEADER_LEN + payload.len());
        file.extend_from_slice(&MAGIC);
        let hidden = self.ft_bias.len() as u32;
        let payload_len = payload.len() as u32;
        let fields = [
            VERSION,
            INPUTS as u32,
            hidden,
            buckets as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            payload_len,
        ];
        for v in fields {
            file.extend_from_slice(&v.to_le_bytes());
        }
        file.extend_from_slice(&checksum(&payload, 0).to_le_bytes());
        file.extend_from_slice(&payload);
        file
    }
}
