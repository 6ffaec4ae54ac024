//! Where the engine's output goes: the protocol layer writes it in its own format.

use std::io::Write;
use std::sync::Arc;

use movegen::Move;
use search::{SearchEvent, Wdl};

/// The engine's output. Every method may be called from any thread (a search or perft thread
/// writes through it), and each call is one whole message.
pub trait Output: Send + Sync {
    /// A message for the user (UCI's `info string`): a value clamped, a file loaded, a move
    /// refused.
    fn notice(&self, text: &str);
    /// Text a command prints as it is (a perft count, a bench line, the board).
    fn text(&self, text: &str);
    /// An event of the running search, with the win-draw-loss chances of its score when they
    /// are to be shown (`UCI_ShowWDL`); castling moves are king-takes-rook when `chess960`.
    fn search_event(&self, event: &SearchEvent<'_>, wdl: Option<Wdl>, chess960: bool);
    /// The root has no legal move: checkmate when `checkmated`, else stalemate, with the
    /// (certain) chances when they are to be shown. Comes as the search starts, before its
    /// `bestmove` without a move.
    fn no_legal_move(&self, checkmated: bool, wdl: Option<Wdl>);
    /// A search's answer: the move to play (`None` without a legal move) and the expected reply.
    fn best_move(&self, best: Option<Move>, ponder: Option<Move>, chess960: bool);
}

/// A `Write` that hands each complete line to [`Output::text`] as soon as it is written, so
/// a command that prints as it goes (perft's root moves) reaches the GUI line by line. A last
/// line without its line break is handed over when the writer is dropped.
pub(crate) struct Lines {
    output: Arc<dyn Output>,
    pending: Vec<u8>,
}

impl Lines {
    /// Lines to `output`.
    pub(crate) fn new(output: Arc<dyn Output>) -> Lines {
        Lines {
            output,
            pending: Vec::new(),
        }
    }
}

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            self.output.text(&String::from_utf8_lossy(&line[..end]));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        if !self.pending.is_empty() {
            self.output.text(&String::from_utf8_lossy(&self.pending));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Texts(Mutex<Vec<String>>);

    impl Output for Texts {
        fn notice(&self, _: &str) {}
        fn text(&self, text: &str) {
            self.0.lock().unwrap().push(text.to_owned());
        }
        fn search_event(&self, _: &SearchEvent<'_>, _: Option<Wdl>, _: bool) {}
        fn no_legal_move(&self, _: bool, _: Option<Wdl>) {}
        fn best_move(&self, _: Option<Move>, _: Option<Move>, _: bool) {}
    }

    #[test]
    fn lines_go_out_whole_as_soon_as_they_end() {
        let texts = Arc::new(Texts::default());
        let mut lines = Lines::new(Arc::clone(&texts) as Arc<dyn Output>);
        assert!(lines.write_all(b"e2e4: 2").is_ok());
        assert!(texts.0.lock().unwrap().is_empty());
        assert!(lines.write_all(b"0\n\nNodes searched: 20\nMnps").is_ok());
        assert_eq!(
            *texts.0.lock().unwrap(),
            ["e2e4: 20", "", "Nodes searched: 20"]
        );
        drop(lines);
        assert_eq!(texts.0.lock().unwrap().last().unwrap(), "Mnps");
    }
}
