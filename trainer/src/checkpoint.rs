//! Checkpoints: the float parameters, AdamW's moments and the epochs done, so that training
//! resumes where it stopped. Little-endian: magic `TSBCKPT2`, hidden width (u32), epochs done
//! (u32), optimiser steps (u64), parameter count (u64), input mirroring (u32, the network
//! file's code: 0 none, 1 horizontal), the king bucket layout (u32, the network file's map
//! number, `nnue::KingLayout`: 0 none; zero in checkpoints written before king buckets), then
//! parameters, first moments and second moments (f32 each; with king buckets, the factoriser
//! among the parameters). The parameter count tells the number of output heads
//! ([`crate::model::Layout::param_count`]), so checkpoints of one-head networks written before
//! heads existed still load. Checkpoints of magic `TSBCKPT1` (before mirroring) have no
//! mirroring field, a 32-byte header, and load as networks without mirroring.

use std::fs;
use std::io;
use std::path::Path;

use nnue::{Architecture, LAYOUTS, Mirroring};

use crate::model::{Layout, Model};
use crate::optim::AdamW;

const MAGIC: &[u8; 8] = b"TSBCKPT2";
const HEADER: usize = 40;
/// The checkpoints written before the header held the mirroring.
const MAGIC_V1: &[u8; 8] = b"TSBCKPT1";
const HEADER_V1: usize = 32;

/// A training state.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The network.
    pub model: Model,
    /// The optimiser.
    pub optimiser: AdamW,
    /// Epochs completed.
    pub epochs_done: u32,
}

fn invalid(reason: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("checkpoint: {reason}"))
}

impl Checkpoint {
    /// Writes the checkpoint to `path` (through a temporary file, so a crash never leaves a
    /// half-written checkpoint).
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let params = self.model.params.len();
        let mut bytes = Vec::with_capacity(HEADER + 12 * params);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(self.model.arch.hidden as u32).to_le_bytes());
        bytes.extend_from_slice(&self.epochs_done.to_le_bytes());
        bytes.extend_from_slice(&self.optimiser.steps.to_le_bytes());
        bytes.extend_from_slice(&(params as u64).to_le_bytes());
        bytes.extend_from_slice(&self.model.arch.mirroring.code().to_le_bytes());
        bytes.extend_from_slice(&self.model.arch.king_buckets.map().to_le_bytes());
        for values in [&self.model.params, &self.optimiser.m, &self.optimiser.v] {
            for v in values.iter() {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        let tmp = path.with_extension("tmp");
        fs::write(&tmp, &bytes)?;
        fs::rename(&tmp, path)
    }

    /// Reads a checkpoint written by [`Checkpoint::save`] (or by a trainer from before input
    /// mirroring): any hidden width the engine runs, any mirroring, king bucket layout (that
    /// suits the mirroring) and number of output heads.
    pub fn load(path: &Path, weight_decay: f32) -> io::Result<Checkpoint> {
        let bytes = fs::read(path)?;
        let header = match bytes.get(..8) {
            Some(magic) if magic == MAGIC => HEADER,
            Some(magic) if magic == MAGIC_V1 => HEADER_V1,
            _ => return Err(invalid("bad magic")),
        };
        if bytes.len() < header {
            return Err(invalid("shorter than its header"));
        }
        let u32_at = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let u64_at = |at: usize| u64::from(u32_at(at)) | u64::from(u32_at(at + 4)) << 32;
        let hidden = u32_at(8) as usize;
        if !nnue::SUPPORTED_HIDDEN.contains(&hidden) {
            return Err(invalid("a hidden width the engine does not run"));
        }
        let (mirroring, map) = if header == HEADER {
            let mirroring =
                Mirroring::from_code(u32_at(32)).ok_or_else(|| invalid("unknown mirroring"))?;
            (mirroring, u32_at(36))
        } else {
            (Mirroring::None, 0)
        };
        let king_buckets = LAYOUTS
            .get(map as usize)
            .ok_or_else(|| invalid("unknown king bucket layout"))?
            .header();
        king_buckets
            .layout(mirroring)
            .map_err(|e| invalid(&e.to_string()))?;
        let epochs_done = u32_at(12);
        let steps = u64_at(16);
        let params = usize::try_from(u64_at(24)).unwrap_or(usize::MAX);
        let buckets = Layout::of(hidden, king_buckets.count() as usize)
            .buckets_of_param_count(params)
            .ok_or_else(|| invalid("parameter count of no network of this hidden width"))?;
        if bytes.len() != header + 12 * params {
            return Err(invalid("wrong length for its parameter count"));
        }
        let floats = |part: usize| -> Vec<f32> {
            let start = header + part * 4 * params;
            bytes[start..start + 4 * params]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let mut optimiser = AdamW::new(params, weight_decay);
        optimiser.m = floats(1);
        optimiser.v = floats(2);
        optimiser.steps = steps;
        let mut arch = Architecture::plain(hidden, buckets);
        arch.mirroring = mirroring;
        arch.king_buckets = king_buckets;
        Ok(Checkpoint {
            model: Model {
                params: floats(0),
                arch,
            },
            optimiser,
            epochs_done,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nnue::{KingLayout, OutputBuckets};

    fn arch(hidden: usize, mirroring: Mirroring, heads: usize) -> Architecture {
        let mut arch = Architecture::plain(hidden, OutputBuckets::new(heads).expect("in range"));
        arch.mirroring = mirroring;
        arch
    }

    /// A mirrored architecture with the king buckets of `layout`.
    fn bucketed(hidden: usize, layout: &KingLayout, heads: usize) -> Architecture {
        Architecture {
            king_buckets: layout.header(),
            ..arch(hidden, Mirroring::Horizontal, heads)
        }
    }

    #[test]
    fn a_checkpoint_reads_back_equal_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("tsubame-ckpt-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("c.bin");
        for arch in [
            arch(256, Mirroring::None, 1),
            arch(256, Mirroring::None, 8),
            arch(512, Mirroring::Horizontal, 8),
            bucketed(256, &KingLayout::TWO, 8),
            bucketed(256, &KingLayout::FOUR, 1),
        ] {
            let model = Model::init(1, arch);
            let mut optimiser = AdamW::new(model.params.len(), 0.01);
            optimiser.m[3] = 0.5;
            optimiser.v[7] = 0.25;
            optimiser.steps = 1234;
            let ckpt = Checkpoint {
                model,
                optimiser,
                epochs_done: 6,
            };
            ckpt.save(&path).expect("save");
            let loaded = Checkpoint::load(&path, 0.01).expect("load");
            assert_eq!(loaded.model.arch, arch);
            assert_eq!(loaded, ckpt);
            let mut bytes = fs::read(&path).expect("read");
            bytes.pop();
            fs::write(&path, &bytes).expect("write");
            assert!(Checkpoint::load(&path, 0.01).is_err());
            // A parameter count that no number of heads gives.
            let mut bytes = fs::read(&path).expect("read");
            bytes.push(0);
            let odd = (ckpt.model.params.len() + 1) as u64;
            bytes[24..32].copy_from_slice(&odd.to_le_bytes());
            fs::write(&path, &bytes).expect("write");
            let err = Checkpoint::load(&path, 0.01).expect_err("refused");
            assert!(err.to_string().contains("parameter count"), "{err}");
        }
        fs::remove_dir_all(&dir).expect("clean up");
    }

    /// A checkpoint whose king bucket layout is unknown, or needs mirroring it does not have,
    /// is refused with the reason.
    #[test]
    fn a_checkpoint_with_a_bad_king_bucket_layout_is_refused() {
        let dir = std::env::temp_dir().join(format!("tsubame-ckpt-kb-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("c.bin");
        let model = Model::init(3, bucketed(256, &KingLayout::FOUR, 8));
        let ckpt = Checkpoint {
            optimiser: AdamW::new(model.params.len(), 0.01),
            model,
            epochs_done: 1,
        };
        ckpt.save(&path).expect("save");
        let good = fs::read(&path).expect("read");
        assert_eq!(
            u32::from_le_bytes([good[36], good[37], good[38], good[39]]),
            2
        );
        for (at, value, reason) in [(36, 9, "unknown king bucket"), (32, 0, "mirroring")] {
            let mut bad = good.clone();
            bad[at..at + 4].copy_from_slice(&(value as u32).to_le_bytes());
            fs::write(&path, &bad).expect("write");
            let err = Checkpoint::load(&path, 0.01).expect_err("refused");
            assert!(err.to_string().contains(reason), "{err}");
        }
        fs::remove_dir_all(&dir).expect("clean up");
    }

    /// A checkpoint of the first format (no mirroring field) loads as a network without
    /// mirroring: the same bytes, less the new header fields.
    #[test]
    fn a_checkpoint_from_before_mirroring_loads_without_it() {
        let dir = std::env::temp_dir().join(format!("tsubame-ckpt1-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("c.bin");
        let model = Model::init(5, arch(256, Mirroring::None, 8));
        let ckpt = Checkpoint {
            optimiser: AdamW::new(model.params.len(), 0.01),
            model,
            epochs_done: 3,
        };
        ckpt.save(&path).expect("save");
        let bytes = fs::read(&path).expect("read");
        let mut old = MAGIC_V1.to_vec();
        old.extend_from_slice(&bytes[8..HEADER_V1]);
        old.extend_from_slice(&bytes[HEADER..]);
        fs::write(&path, &old).expect("write");
        assert_eq!(Checkpoint::load(&path, 0.01).expect("load"), ckpt);
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
