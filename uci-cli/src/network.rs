//! The network the engine may evaluate with: the one built into the binary, or a file named
//! by the `EvalFile` option, checked before it replaces the one in use.

use std::path::Path;
use std::sync::Arc;

use nnue::{Network, NetworkError};

/// The `EvalFile` values that mean the network built into the binary.
pub fn is_embedded(value: &str) -> bool {
    let value = value.trim();
    value.is_empty() || value.eq_ignore_ascii_case("<default>")
}

/// The network built into the binary, shared.
pub fn embedded() -> Arc<Network> {
    Arc::new(Network::embedded().clone())
}

/// Why an `EvalFile` was refused.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is not a network this build can use.
    Network(NetworkError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Read(e) => write!(f, "cannot read it: {e}"),
            LoadError::Network(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LoadError {}

/// The network an `EvalFile` value names: the embedded one, or the file's after every check
/// of the network format.
pub fn load(value: &str) -> Result<Arc<Network>, LoadError> {
    if is_embedded(value) {
        return Ok(embedded());
    }
    let bytes = std::fs::read(Path::new(value.trim())).map_err(LoadError::Read)?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(LoadError::Network)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_values_name_the_embedded_network() {
        for value in ["", " ", "<default>", "<DEFAULT>"] {
            assert!(is_embedded(value), "{value:?}");
        }
        assert!(!is_embedded("nets/other.nnue"));
        assert!(load("<default>").is_ok());
    }

    #[test]
    fn missing_and_corrupt_files_are_refused_with_the_reason() {
        let missing = load("/nonexistent/tsubame-test.nnue").expect_err("no such file");
        assert!(matches!(missing, LoadError::Read(_)), "{missing}");
        let path =
            std::env::temp_dir().join(format!("tsubame-corrupt-{}.nnue", std::process::id()));
        std::fs::write(&path, b"TSBNNUE\nnot a network").expect("temp file");
        let corrupt = load(path.to_str().expect("UTF-8 path")).expect_err("corrupt");
        let _ = std::fs::remove_file(&path);
        assert!(matches!(corrupt, LoadError::Network(_)), "{corrupt}");
    }
}
