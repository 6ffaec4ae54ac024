//! The evaluation a tool searches with, as its command line names it: `nnue` or `hce`.

use std::sync::Arc;

use clap::ValueEnum;
use nnue::Network;

/// `nnue` (the engine's default, the embedded network) or `hce` (the hand-crafted evaluation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Evaluation {
    /// The network.
    #[default]
    Nnue,
    /// The hand-crafted evaluation.
    Hce,
}

impl Evaluation {
    /// The network to search with: the embedded one, or `None` for the hand-crafted evaluation.
    pub fn embedded_network(self) -> Option<Arc<Network>> {
        match self {
            Evaluation::Nnue => Some(Network::embedded_shared()),
            Evaluation::Hce => None,
        }
    }

    /// The word `nnue` or `hce`, exactly (the command lines are case-sensitive, as before).
    pub fn from_word(word: &str) -> Option<Self> {
        Self::from_str(word, false).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_name_the_evaluations() {
        assert_eq!(Evaluation::from_word("nnue"), Some(Evaluation::Nnue));
        assert_eq!(Evaluation::from_word("hce"), Some(Evaluation::Hce));
        assert_eq!(Evaluation::from_word("HCE"), None);
        assert_eq!(Evaluation::from_word("classical"), None);
        assert!(Evaluation::Hce.embedded_network().is_none());
        assert!(Evaluation::Nnue.embedded_network().is_some());
    }
}
