//! The network file: a header that declares the architecture, then the quantised weights.
//!
//! Version 3, every field little-endian:
//!
//! ```text
//! offset  size  field
//!      0     8  magic "TSBNNUE\n"
//!      8     4  format version (3)
//!     12     4  inputs (768)
//!     16     4  hidden size H (the accumulator's width per perspective)
//!     20     4  output buckets N, 1 to 32 (see `OutputBuckets` for the head a position uses)
//!     24     4  QA, the feature transformer's scale (255)
//!     28     4  QB, the output layer's scale (64)
//!     32     4  eval scale, centipawns per unit of the float network's output (400)
//!     36     4  payload length in bytes
//!     40     8  FNV-1a 64 checksum of the payload
//!     48     4  input mirroring: 0 none, 1 horizontal (see `Mirroring`)
//!     52     4  king buckets K (1: none)
//!     56     4  the number of the king buckets' square-to-bucket layout (0: none; see
//!               `KingLayout`: the count must be the layout's, and a layout over files e
//!               to h needs horizontal mirroring)
//!     60     4  reserved, 0
//!     64        payload:
//!               feature weights  K × INPUTS × H i16, row by row (one row per input, king
//!                                bucket 0's rows first)
//!               feature biases   H i16
//!               output weights   N × 2H i16: head 0's side-to-move half, its other half,
//!                                then head 1's, ...
//!               output biases    N × i32, head 0's first
//! ```
//!
//! Versions 1 and 2 have the first 48 bytes only, and so no mirroring and no king buckets
//! ([`Architecture::plain`]); version 1 has N always 1. Those files still load, byte for byte
//! the same weights (the eighth network's file is version 2). This build writes version 3.
//!
//! [`validate`] is a `const fn`, so the network embedded at build time is checked by the
//! compiler and the same checks refuse a bad file at run time.

use crate::arch::{
    Architecture, KingBuckets, Mirroring, QA, QB, SCALE, SUPPORTED_HIDDEN, Unsupported,
};
use crate::buckets::OutputBuckets;
use crate::features::INPUTS;
use crate::king_buckets::KingBucketError;

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"TSBNNUE\n";
/// The layout version this build writes (it reads [`VERSION_2`] and [`VERSION_1`] too).
pub const VERSION: u32 = 3;
/// The layout before the architecture fields: no mirroring, no king buckets.
pub const VERSION_2: u32 = 2;
/// The first layout: one output bucket.
pub const VERSION_1: u32 = 1;
/// Bytes before the payload in the version this build writes.
pub const HEADER_LEN: usize = 64;
/// Bytes before the payload in versions 1 and 2.
pub const HEADER_LEN_V2: usize = 48;

/// Bytes before the payload of a file of `version`.
pub const fn header_len(version: u32) -> usize {
    if version >= VERSION {
        HEADER_LEN
    } else {
        HEADER_LEN_V2
    }
}

/// Bytes of the payload of a network of architecture `arch`.
pub const fn payload_len(arch: &Architecture) -> usize {
    (arch.feature_weights() + arch.hidden + arch.output_weights()) * 2
        + arch.output_buckets.count() * 4
}
/// The largest output weight magnitude (QB × 2): the SIMD kernels multiply a clipped
/// activation (at most QA) by an output weight in 16 bits, exact only while
/// `QA × |weight| < 2^15`.
pub const OUTPUT_WEIGHT_LIMIT: i16 = 128;
/// The most pieces a legal position holds: the accumulator bound assumes every one active.
pub const MAX_ACTIVE: i32 = 32;

/// A field of the header that must have the one value every network has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArchField {
    /// The number of inputs.
    Inputs,
    /// The feature transformer's quantisation scale.
    Qa,
    /// The output layer's quantisation scale.
    Qb,
    /// The eval scale.
    Scale,
    /// The reserved field of version 3.
    Reserved,
}

/// Why a network file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// Shorter than the header.
    TooShort {
        /// The file's length.
        len: usize,
        /// The header's length.
        need: usize,
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
    /// A field every network has with one value has another.
    ArchitectureMismatch {
        /// The field.
        field: ArchField,
        /// The value every network has.
        expected: u32,
        /// The file's value.
        found: u32,
    },
    /// The file declares an architecture this build does not run.
    UnsupportedArchitecture {
        /// The part this build does not run.
        part: Unsupported,
        /// The file's value there: the width, the mirroring code, the king bucket count.
        found: u32,
    },
    /// The king bucket fields name no layout this build has, or one that does not fit the
    /// count or the mirroring.
    BadKingBuckets(KingBucketError),
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
                "network architecture field has an impossible value"
            }
            NetworkError::UnsupportedArchitecture { .. } => {
                "network architecture not supported by this build"
            }
            NetworkError::BadKingBuckets(_) => "bad network king buckets",
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
            NetworkError::TooShort { len, need } => write!(f, ": {len} bytes, need {need}"),
            NetworkError::BadMagic => Ok(()),
            NetworkError::UnsupportedVersion { found } => {
                write!(f, ": {found}, this build reads {VERSION_1} to {VERSION}")
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
                write!(f, ": {field:?} is {found}, must be {expected}")
            }
            NetworkError::UnsupportedArchitecture { part, found } => match part {
                Unsupported::Hidden => {
                    write!(
                        f,
                        ": hidden width {found}, this build runs {SUPPORTED_HIDDEN:?}"
                    )
                }
                Unsupported::Mirroring => write!(
                    f,
                    ": mirroring code {found}, this build knows 0 (none) and 1 (horizontal)"
                ),
            },
            NetworkError::BadKingBuckets(e) => write!(f, ": {e}"),
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

/// Byte offsets of the payload's parts in a file of `version` and architecture `arch`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Offsets {
    /// The feature weights.
    pub ft_weights: usize,
    /// The feature biases.
    pub ft_bias: usize,
    /// The output weights.
    pub out_weights: usize,
    /// The output biases.
    pub out_bias: usize,
    /// The end of the file.
    pub end: usize,
}

impl Offsets {
    /// The offsets in a file of `version` holding a network of architecture `arch`.
    pub const fn new(version: u32, arch: &Architecture) -> Offsets {
        let ft_weights = header_len(version);
        let ft_bias = ft_weights + arch.feature_weights() * 2;
        let out_weights = ft_bias + arch.hidden * 2;
        let out_bias = out_weights + arch.output_weights() * 2;
        Offsets {
            ft_weights,
            ft_bias,
            out_weights,
            out_bias,
            end: out_bias + arch.output_buckets.count() * 4,
        }
    }
}

/// The format version of a file (its first 48 bytes must be there), if this build reads it.
pub(crate) const fn version(bytes: &[u8]) -> Result<u32, NetworkError> {
    let version = u32_at(bytes, 8);
    if version != VERSION && version != VERSION_2 && version != VERSION_1 {
        return Err(NetworkError::UnsupportedVersion { found: version });
    }
    Ok(version)
}

/// The output heads a file declares (its header must be whole); refuses a count the version
/// does not allow.
const fn output_buckets(bytes: &[u8], version: u32) -> Result<OutputBuckets, NetworkError> {
    let found = u32_at(bytes, 20);
    let allowed = match OutputBuckets::new(found as usize) {
        Some(b) if version != VERSION_1 || b.count() == 1 => Some(b),
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

/// The architecture a file's header declares, whether or not this build runs it; checks the
/// magic, the version and the fields every network has the same.
pub const fn read_architecture(bytes: &[u8]) -> Result<Architecture, NetworkError> {
    if bytes.len() < HEADER_LEN_V2 {
        return Err(NetworkError::TooShort {
            len: bytes.len(),
            need: HEADER_LEN_V2,
        });
    }
    let mut i = 0;
    while i < MAGIC.len() {
        if bytes[i] != MAGIC[i] {
            return Err(NetworkError::BadMagic);
        }
        i += 1;
    }
    let version = match version(bytes) {
        Ok(v) => v,
        Err(e) => return Err(e),
    };
    if bytes.len() < header_len(version) {
        return Err(NetworkError::TooShort {
            len: bytes.len(),
            need: header_len(version),
        });
    }
    // The fixed fields first (a file of another kind says so), then the architecture.
    let fields = [
        (12, ArchField::Inputs, INPUTS),
        (24, ArchField::Qa, QA as usize),
        (28, ArchField::Qb, QB as usize),
        (32, ArchField::Scale, SCALE as usize),
        (60, ArchField::Reserved, 0),
    ];
    let checked = if version >= VERSION { 5 } else { 4 };
    let mut f = 0;
    while f < checked {
        let (at, field, expected) = fields[f];
        if let Err(e) = check_field(bytes, at, field, expected) {
            return Err(e);
        }
        f += 1;
    }
    let output_buckets = match output_buckets(bytes, version) {
        Ok(b) => b,
        Err(e) => return Err(e),
    };
    let hidden = u32_at(bytes, 16) as usize;
    if version < VERSION {
        return Ok(Architecture::plain(hidden, output_buckets));
    }
    let mirroring = match Mirroring::from_code(u32_at(bytes, 48)) {
        Some(m) => m,
        None => {
            return Err(NetworkError::UnsupportedArchitecture {
                part: Unsupported::Mirroring,
                found: u32_at(bytes, 48),
            });
        }
    };
    Ok(Architecture {
        hidden,
        mirroring,
        king_buckets: KingBuckets::new(u32_at(bytes, 52), u32_at(bytes, 56)),
        output_buckets,
    })
}

/// Checks a whole network file: header, an architecture this build runs, length, checksum,
/// and the value ranges the integer inference relies on. Returns the architecture.
pub const fn validate(bytes: &[u8]) -> Result<Architecture, NetworkError> {
    let arch = match read_architecture(bytes) {
        Ok(a) => a,
        Err(e) => return Err(e),
    };
    if let Err((part, found)) = arch.check_supported() {
        return Err(NetworkError::UnsupportedArchitecture { part, found });
    }
    if let Err(e) = arch.king_buckets.layout(arch.mirroring) {
        return Err(NetworkError::BadKingBuckets(e));
    }
    let version = u32_at(bytes, 8);
    let at = Offsets::new(version, &arch);
    let header = header_len(version);
    if u32_at(bytes, 36) as usize != at.end - header || bytes.len() != at.end {
        return Err(NetworkError::WrongLength {
            expected: at.end,
            found: bytes.len(),
        });
    }
    let found = checksum(bytes, header);
    if found != u64_at(bytes, 40) {
        return Err(NetworkError::ChecksumMismatch {
            expected: u64_at(bytes, 40),
            found,
        });
    }
    let mut index = 0;
    while index < arch.output_weights() {
        let w = i16_at(bytes, at.out_weights + 2 * index);
        if w < -OUTPUT_WEIGHT_LIMIT || w >= OUTPUT_WEIGHT_LIMIT {
            return Err(NetworkError::OutputWeightOutOfRange { index });
        }
        index += 1;
    }
    let hidden = arch.hidden;
    let rows = arch.feature_weights() / hidden;
    let mut neuron = 0;
    while neuron < hidden {
        let mut largest = 0;
        let mut row = 0;
        while row < rows {
            let w = i16_at(bytes, at.ft_weights + 2 * (row * hidden + neuron)) as i32;
            if w.abs() > largest {
                largest = w.abs();
            }
            row += 1;
        }
        let bias = i16_at(bytes, at.ft_bias + 2 * neuron) as i32;
        if bias.abs() + MAX_ACTIVE * largest > i16::MAX as i32 {
            return Err(NetworkError::AccumulatorMayOverflow { neuron });
        }
        neuron += 1;
    }
    Ok(arch)
}

/// A network's quantised parameters in the file's order, with its architecture, for writing
/// a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedParams {
    /// The architecture the header declares; the vectors' lengths must agree with it.
    pub arch: Architecture,
    /// `K × INPUTS × hidden` feature weights, row by row.
    pub ft_weights: Vec<i16>,
    /// `hidden` feature biases.
    pub ft_bias: Vec<i16>,
    /// `N × 2 × hidden` output weights, head by head, each the side to move's half first.
    pub out_weights: Vec<i16>,
    /// `N` output biases, in units of `1 / (QA × QB)`.
    pub out_bias: Vec<i32>,
}

impl QuantisedParams {
    /// The version-3 network file for these parameters. The result may still fail
    /// [`validate`] (sizes that disagree with the architecture, weights out of range, an
    /// architecture this build does not run): write it only after checking.
    pub fn encode(&self) -> Vec<u8> {
        let arch = &self.arch;
        let mut payload = Vec::with_capacity(payload_len(arch));
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
        let before_checksum = [
            VERSION,
            INPUTS as u32,
            arch.hidden as u32,
            arch.output_buckets.count() as u32,
            QA as u32,
            QB as u32,
            SCALE as u32,
            payload.len() as u32,
        ];
        for v in before_checksum {
            file.extend_from_slice(&v.to_le_bytes());
        }
        file.extend_from_slice(&checksum(&payload, 0).to_le_bytes());
        let after_checksum = [
            arch.mirroring.code(),
            arch.king_buckets.count(),
            arch.king_buckets.map(),
            0,
        ];
        for v in after_checksum {
            file.extend_from_slice(&v.to_le_bytes());
        }
        debug_assert_eq!(file.len(), HEADER_LEN);
        file.extend_from_slice(&payload);
        file
    }
}
