//! The network's architecture as a value, as a file's header declares it, the architectures
//! this build runs, and the quantisation every network shares.

use crate::buckets::OutputBuckets;

/// The number of inputs: 2 colours × 6 roles × 64 squares (see `features.rs`).
pub const INPUTS: usize = 768;

/// The feature transformer's quantisation: a float weight `w` is stored as `round(w × QA)`,
/// and the activation clips at `QA` (1.0 in float).
pub const QA: i16 = 255;
/// The output layer's quantisation: weights stored as `round(w × QB)`.
pub const QB: i16 = 64;
/// Centipawns per unit of the float network's output (the trainer fits `sigmoid(out)` to
/// `sigmoid(score / SCALE)`).
pub const SCALE: i32 = 400;

/// The hidden widths (per perspective) this build runs, each compiled into inference code of
/// its own (`network.rs` lists the same widths in `Weights`; a test checks that each loads).
pub const SUPPORTED_HIDDEN: [usize; 4] = [256, 512, 768, 1024];
/// The widest of [`SUPPORTED_HIDDEN`]: the room every accumulator has.
pub(crate) const MAX_HIDDEN: usize = 1024;

const _: () = {
    let mut i = 0;
    while i < SUPPORTED_HIDDEN.len() {
        // The vector loops step 32 lanes (one AVX-512 register) at a time.
        assert!(SUPPORTED_HIDDEN[i].is_multiple_of(32) && SUPPORTED_HIDDEN[i] <= MAX_HIDDEN);
        i += 1;
    }
};

/// Whether a hidden width is one this build runs.
pub const fn is_supported_hidden(hidden: usize) -> bool {
    let mut i = 0;
    while i < SUPPORTED_HIDDEN.len() {
        if SUPPORTED_HIDDEN[i] == hidden {
            return true;
        }
        i += 1;
    }
    false
}

/// How each perspective's board is turned before its inputs are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mirroring {
    /// As it stands (after the top-to-bottom flip for Black every network has).
    #[default]
    None,
    /// Mirrored left to right whenever the perspective's own king stands on files a to d, so
    /// that the king is always on files e to h: the horizontal mirroring of Stockfish's
    /// `HalfKAv2_hm` inputs and of many small networks. A king move across the d and e files
    /// turns its side's whole view, so that side's accumulator is rebuilt.
    Horizontal,
}

impl Mirroring {
    /// The header's code: 0 none, 1 horizontal.
    pub const fn code(self) -> u32 {
        match self {
            Mirroring::None => 0,
            Mirroring::Horizontal => 1,
        }
    }

    /// The mirroring a header code stands for, if it is one.
    pub const fn from_code(code: u32) -> Option<Mirroring> {
        match code {
            0 => Some(Mirroring::None),
            1 => Some(Mirroring::Horizontal),
            _ => None,
        }
    }

    /// The name the trainer's command line and the docs use.
    pub const fn name(self) -> &'static str {
        match self {
            Mirroring::None => "none",
            Mirroring::Horizontal => "horizontal",
        }
    }
}

/// King buckets as a header declares them: feature weights of their own for each group of
/// squares of the perspective's king, the group given by a numbered square-to-bucket map
/// ([`crate::KingLayout`]; [`KingBuckets::layout`] finds it and refuses fields that do not
/// fit one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingBuckets {
    count: u32,
    map: u32,
}

impl KingBuckets {
    /// One set of feature weights for every king square: no king buckets (map 0).
    pub const NONE: KingBuckets = KingBuckets { count: 1, map: 0 };

    /// `count` buckets by the square-to-bucket map numbered `map`, as a header declares them
    /// (whether this build runs them is [`Architecture::check_supported`]'s question).
    pub const fn new(count: u32, map: u32) -> KingBuckets {
        KingBuckets { count, map }
    }

    /// The number of buckets: sets of feature weights.
    pub const fn count(self) -> u32 {
        self.count
    }

    /// The square-to-bucket map's number.
    pub const fn map(self) -> u32 {
        self.map
    }
}

impl Default for KingBuckets {
    fn default() -> KingBuckets {
        KingBuckets::NONE
    }
}

/// A network's shape: `(768 × king buckets → hidden) × 2 → output buckets`, with or without
/// mirroring. The file's header holds it; [`crate::Network`] runs what this build supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Architecture {
    /// The hidden layer's width per perspective.
    pub hidden: usize,
    /// How each perspective's board is turned.
    pub mirroring: Mirroring,
    /// Sets of feature weights by the perspective's king square.
    pub king_buckets: KingBuckets,
    /// Output heads chosen by the piece count.
    pub output_buckets: OutputBuckets,
}

/// Which part of an [`Architecture`] this build does not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsupported {
    /// A hidden width outside [`SUPPORTED_HIDDEN`].
    Hidden,
    /// A mirroring code this build does not know.
    Mirroring,
}

impl Architecture {
    /// The architecture of every file before version 3, the eighth network's among them: no
    /// mirroring and no king buckets.
    pub const fn plain(hidden: usize, output_buckets: OutputBuckets) -> Architecture {
        Architecture {
            hidden,
            mirroring: Mirroring::None,
            king_buckets: KingBuckets::NONE,
            output_buckets,
        }
    }

    /// `Ok` when this build runs the hidden width, else the part it does not and the value
    /// the architecture has there. The king buckets are [`KingBuckets::layout`]'s to check.
    pub const fn check_supported(&self) -> Result<(), (Unsupported, u32)> {
        if !is_supported_hidden(self.hidden) {
            return Err((Unsupported::Hidden, self.hidden as u32));
        }
        Ok(())
    }

    /// The number of feature weights: one row of `hidden` per input and king bucket.
    pub const fn feature_weights(&self) -> usize {
        self.king_buckets.count as usize * INPUTS * self.hidden
    }

    /// The number of output weights: `2 × hidden` per head.
    pub const fn output_weights(&self) -> usize {
        self.output_buckets.count() * 2 * self.hidden
    }
}

impl std::fmt::Display for Architecture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kb = self.king_buckets;
        write!(
            f,
            "({INPUTS} -> {})x2 -> 1, {} output buckets, mirroring {}, ",
            self.hidden,
            self.output_buckets.count(),
            self.mirroring.name()
        )?;
        if kb == KingBuckets::NONE {
            f.write_str("no king buckets")
        } else {
            write!(f, "{} king buckets (map {})", kb.count, kb.map)
        }
    }
}
