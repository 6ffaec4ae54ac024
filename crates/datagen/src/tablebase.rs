//! Ending self-play games on the Syzygy tables: once a position is in them, the rest of the
//! game adds only positions whose result is already known, and the tables' verdict is exact
//! where a search's adjudication guesses.

use datafmt::GameResult;
use movegen::Position;
use syzygy::{Tablebases, Wdl};

/// The result the tables give `position` under the fifty-move rule, or `None` when they do not
/// cover it (too many pieces, castling rights, a table missing) or cannot yet say exactly.
///
/// The tables' WDL value assumes a fifty-move counter of zero. A draw stays a draw on any
/// counter, and so do cursed wins and blessed losses (won or lost only past fifty moves); a
/// win or a loss is exact only when the counter is zero, which it is whenever a capture has
/// just brought the position into the tables. Otherwise the game goes on until the next
/// capture or pawn move.
pub fn tablebase_result(tablebases: &Tablebases, position: &Position) -> Option<GameResult> {
    let value = tablebases.probe_wdl(position)?;
    let side = position.turn();
    match value {
        Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => Some(GameResult::Draw),
        _ if position.halfmove_clock() != 0 => None,
        Wdl::Win => Some(GameResult::win_for(side)),
        Wdl::Loss => Some(GameResult::win_for(!side)),
    }
}
