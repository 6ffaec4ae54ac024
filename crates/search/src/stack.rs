//! The search stack: one frame per ply of the current line, what the search remembers about
//! each node on the way down (Stockfish's `Stack`, Viridithas's `StackEntry`).

use movegen::{Move, Piece};

use crate::score::SCORE_NONE;

/// What the search remembers about each ply of the current line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlyState {
    /// Static evaluation, or `SCORE_NONE` when in check.
    pub eval: i32,
    /// The move made from this ply (`None` for a null move or none yet).
    pub mv: Option<Move>,
    /// The piece that made it.
    pub moved: Option<Piece>,
    /// Null move pruning is off in this subtree (verification search).
    pub no_null: bool,
    /// The move a singular-extension search leaves out of this node (which then neither
    /// prunes nor stores: its result is about the other moves only).
    pub excluded: Option<Move>,
    /// Double extensions on the line to this node, which a limit keeps from compounding.
    pub double_extensions: u8,
    /// Plies since the last null move on the line to this node (repetitions do not reach
    /// back across one); at the root, as many as there are.
    pub plies_from_null: usize,
}

impl Default for PlyState {
    fn default() -> PlyState {
        PlyState {
            eval: SCORE_NONE,
            mv: None,
            moved: None,
            no_null: false,
            excluded: None,
            double_extensions: 0,
            plies_from_null: usize::MAX,
        }
    }
}
