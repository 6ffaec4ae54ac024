//! A node's move loop as data: what the loop knows about its node, what it has found so far,
//! and what one searched move did to it. Plain nodes, split points and the root share them.

use arrayvec::ArrayVec;
use movegen::Move;

use crate::history::Mover;
use crate::score::INFINITE;

/// What a node's move loop needs to know about the node; fixed once the loop starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeContext {
    pub depth: i32,
    pub beta: i32,
    pub ply: usize,
    pub pv_node: bool,
    pub cut_node: bool,
    pub in_check: bool,
    pub eval: i32,
    pub improving: bool,
    /// The side to move and the squares its opponent attacks (the butterfly key's setting),
    /// found once for the move picker and reused by the history update at a cutoff.
    pub mover: Mover,
}

/// What a node's move loop has found so far; shared under a lock once the node splits.
#[derive(Clone, Debug)]
pub(crate) struct LoopState {
    pub alpha: i32,
    pub best_score: i32,
    pub best_move: Option<Move>,
    /// Moves searched (not pruned).
    pub searched: usize,
    /// Quiet moves searched that did not become the best move.
    pub quiets_tried: usize,
    /// The first of them, which a cutoff's history update lowers.
    pub quiets: ArrayVec<Move, 64>,
    /// The first noisy moves searched that did not become the best move, likewise.
    pub noisy: ArrayVec<Move, 32>,
    /// Late move pruning or futility has ruled out every further quiet move.
    pub skip_quiets: bool,
}

impl LoopState {
    /// A loop that has searched `searched` moves, the best of them scoring `best_score`.
    pub fn new(alpha: i32, best_score: i32, searched: usize) -> LoopState {
        LoopState {
            alpha,
            best_score,
            best_move: None,
            searched,
            quiets_tried: 0,
            quiets: ArrayVec::new(),
            noisy: ArrayVec::new(),
            skip_quiets: false,
        }
    }

    /// A loop that has searched nothing yet.
    pub fn start(alpha: i32) -> LoopState {
        LoopState::new(alpha, -INFINITE, 0)
    }
}

/// What a searched move's score did to its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Step {
    /// Nothing: it is no better than a move searched before.
    Worse,
    /// It is the best so far, but does not reach alpha (a fail-low bound).
    NewBest,
    /// It raised alpha: the new best move, with an exact score.
    RaisedAlpha,
    /// It reached beta: the node is done.
    Cutoff,
}
