//! Checkpoints: the float parameters, AdamW's moments and the epochs done, so that training
//! resumes where it stopped. Little-endian: magic `TSBCKPT1`, hidden size (u32), epochs done
//! (u32), optimiser steps (u64), parameter count (u64), then parameters, first moments and
//! second moments (f32 each).

use std::fs;
use std::io;
use std::path::Path;

use nnue::HIDDEN;

use crate::model::{Model, PARAMS};
use crate::optim::AdamW;

const MAGIC: &[u8; 8] = b"TSBCKPT1";
const HEADER: usize = 32;

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
        let mut bytes = Vec::with_capacity(HEADER + 12 * PARAMS);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&self.epochs_done.to_le_bytes());
        bytes.extend_from_slice(&self.optimiser.steps.to_le_bytes());
        bytes.extend_from_slice(&(PARAMS as u64).to_le_bytes());
        for values in [&self.model.params, &self.optimiser.m, &self.optimiser.v] {
            for v in values.iter() {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
        }
        let tmp = path.with_extension("tmp");
        fs::write(&tmp, &bytes)?;
        fs::rename(&tmp, path)
    }

    /// Reads a checkpoint written by [`Checkpoint::save`] for this build's architecture.
    pub fn load(path: &Path, weight_decay: f32) -> io::Result<Checkpoint> {
        let bytes = fs::read(path)?;
        if bytes.len() != HEADER + 12 * PARAMS {
            return Err(invalid("wrong length for this architecture"));
        }
        if &bytes[..8] != MAGIC {
            return Err(invalid("bad magic"));
        }
        let u32_at = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        if u32_at(8) as usize != HIDDEN {
            return Err(invalid("hidden size differs from this build's"));
        }
        let epochs_done = u32_at(12);
        let steps = u64::from(u32_at(16)) | u64::from(u32_at(20)) << 32;
        let floats = |part: usize| -> Vec<f32> {
            let start = HEADER + part * 4 * PARAMS;
            bytes[start..start + 4 * PARAMS]
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let mut optimiser = AdamW::new(PARAMS, weight_decay);
        optimiser.m = floats(1);
        optimiser.v = floats(2);
        optimiser.steps = steps;
        Ok(Checkpoint {
            model: Model { params: floats(0) },
            optimiser,
            epochs_done,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkpoint_reads_back_equal_and_a_damaged_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("tsubame-ckpt-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("c.bin");
        let mut optimiser = AdamW::new(PARAMS, 0.01);
        optimiser.m[3] = 0.5;
        optimiser.v[7] = 0.25;
        optimiser.steps = 1234;
        let ckpt = Checkpoint {
            model: Model::init(1),
            optimiser,
            epochs_done: 6,
        };
        ckpt.save(&path).expect("save");
        assert_eq!(Checkpoint::load(&path, 0.01).expect("load"), ckpt);
        let mut bytes = fs::read(&path).expect("read");
        bytes.pop();
        fs::write(&path, &bytes).expect("write");
        assert!(Checkpoint::load(&path, 0.01).is_err());
        fs::remove_dir_all(&dir).expect("clean up");
    }
}
