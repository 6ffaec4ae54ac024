//! The search stack: one frame per ply of the current line, what the search remembers about
//! each node on the way down (Stockfish's `Stack`, Viridithas's `StackEntry`).

use movegen::{Move, Piece};

use crate::history::Killers;
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
    /// Quiet moves that caused cutoffs at this ply, in the nodes searched since its parent
    /// was entered. This thread's learning, not the line's: a helper taking another thread's
    /// line keeps its own (see [`PlyState::take_line`]).
    pub killers: Killers,
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
            killers: Killers::default(),
        }
    }
}

impl PlyState {
    /// Takes the state of the line from `line` (another thread's frame of the same ply), but
    /// keeps this frame's killers: what a thread learnt at a ply stays its own.
    #[inline]
    pub fn take_line(&mut self, line: &PlyState) {
        *self = PlyState {
            killers: self.killers,
            ..*line
        };
    }
}
