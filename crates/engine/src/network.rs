//! The network the engine may evaluate with: the one built into the binary, or a file named
//! by the `EvalFile` option, checked before it replaces the one in use.

use std::path::Path;
use std::sync::Arc;

use movegen::{Color, Position};
use nnue::{Network, NetworkError, Nnue};

/// The `EvalFile` values that mean the network built into the binary.
pub fn is_embedded(value: &str) -> bool {
    let value = value.trim();
    value.is_empty() || value.eq_ignore_ascii_case("<default>")
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
        return Ok(Network::embedded_shared());
    }
    let bytes = std::fs::read(Path::new(value.trim())).map_err(LoadError::Read)?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(LoadError::Network)
}

/// The `eval` command's line for the network: its score of `pos` from White's and from the
/// side to move's view, and whether the search uses it.
pub fn eval_line(network: &Network, pos: &Position, in_use: bool) -> String {
    let side_to_move = Nnue::new(network).evaluate_position(pos);
    let white = if pos.turn() == Color::White {
        side_to_move
    } else {
        -side_to_move
    };
    let usage = if in_use {
        "in use"
    } else {
        "not in use, UseNNUE is false"
    };
    format!(
        "NNUE evaluation: {white:+} cp (White's view), {side_to_move:+} cp side to move ({usage})"
    )
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

    /// The line's two views agree with each other and with the network's own evaluation.
    #[test]
    fn the_eval_line_gives_both_views() {
        let network = Network::embedded();
        let pos =
            Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")
                .expect("FEN");
        let stm = Nnue::new(network).evaluate_position(&pos);
        let line = eval_line(network, &pos, false);
        assert!(
            line.contains(&format!("{:+} cp (White's view)", -stm)),
            "{line}"
        );
        assert!(line.contains(&format!("{stm:+} cp side to move")), "{line}");
        assert!(line.contains("not in use"), "{line}");
    }
}
