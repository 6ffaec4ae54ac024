//! Where the engine's output goes: the protocol layer writes it in its own format.

use movegen::Move;
use search::SearchEvent;

/// The engine's output. Every method may be called from any thread (a search or perft thread
/// writes through it), and each call is one whole message.
pub trait Output: Send + Sync {
    /// A message for the user (UCI's `info string`): a value clamped, a file loaded, a move
    /// refused.
    fn notice(&self, text: &str);
    /// Text a command prints as it is (a perft count, a bench line, the board).
    fn text(&self, text: &str);
    /// An event of the running search; castling moves are king-takes-rook when `chess960`.
    fn search_event(&self, event: &SearchEvent<'_>, chess960: bool);
    /// A search's answer: the move to play (`None` without a legal move) and the expected reply.
    fn best_move(&self, best: Option<Move>, ponder: Option<Move>, chess960: bool);
}
