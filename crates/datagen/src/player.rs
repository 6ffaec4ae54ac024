//! The one place that talks to the search: a single-threaded search worker with its own small
//! table, kept from one game to the next, stopped by a soft node limit.
//!
//! The soft limit is applied here, through the public API: after every completed iteration
//! whose node count has passed it, the search is asked to stop, so the move and score are
//! those of a whole iteration. The request's own node limit is the hard limit.

use std::sync::Arc;

use movegen::{Move, Position};
use nnue::Network;
use search::{ScoreBound, SearchControl, SearchEvent, SearchRequest, Worker};
use timeman::Limits;
use tt::{TranspositionTable, TtError};

/// How long each move may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeLimits {
    /// Stop after the iteration that passes this many nodes.
    pub soft: u64,
    /// Never search more than this many nodes.
    pub hard: u64,
}

impl NodeLimits {
    /// A soft limit with the hard limit at 8 times it.
    pub fn soft(nodes: u64) -> NodeLimits {
        NodeLimits {
            soft: nodes,
            hard: nodes.saturating_mul(8),
        }
    }
}

/// A searcher that plays self-play moves.
#[derive(Debug)]
pub struct Player {
    tt: TranspositionTable,
    /// The one search thread's state (histories, ply stack), reused between searches and games.
    worker: Worker,
    control: SearchControl,
    limits: NodeLimits,
    /// Nodes searched since the player was made.
    nodes: u64,
}

/// The search's choice in one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play.
    pub mv: Move,
    /// Its score, centipawns (mates near ±32,000), from the side to move's point of view.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// The last completed depth.
    pub depth: u32,
}

impl Player {
    /// A player with a `hash_mb` table.
    pub fn new(hash_mb: usize, limits: NodeLimits) -> Result<Player, TtError> {
        Ok(Player {
            tt: TranspositionTable::new(hash_mb)?,
            worker: Worker::new(),
            control: SearchControl::default(),
            limits,
            nodes: 0,
        })
    }

    /// Evaluates with `network` from the next search on, or with the hand-crafted evaluation
    /// for `None` (the default of a new player).
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.worker.set_network(network);
    }

    /// Nodes searched since the player was made (all searches, openings' checks included).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets everything learnt: each game then depends only on its own moves.
    pub fn new_game(&mut self) {
        self.tt.clear(1);
        self.worker.clear();
    }

    /// Searches `position` (`history`: the keys of the game's earlier positions, oldest first).
    /// `None` when the side to move has no legal move.
    pub fn choose(&mut self, position: &Position, history: &[u64]) -> Option<Choice> {
        let limits = Limits {
            nodes: Some(self.limits.hard),
            ..Limits::default()
        };
        // Training data is the search's own judgement, without tablebase knowledge: `new`
        // leaves the tablebases out.
        let request = SearchRequest {
            history: history.to_vec(),
            ..SearchRequest::new(position.clone(), limits)
        };
        self.control.reset();
        let (control, soft) = (&self.control, self.limits.soft);
        let mut on_event = |event: SearchEvent<'_>| {
            // Exact lines are reported once per completed iteration (and once at the end).
            if let SearchEvent::Info(info) = event {
                if info.bound == ScoreBound::Exact && info.multipv == 1 && info.nodes >= soft {
                    control.request_stop();
                }
            }
        };
        let outcome = self
            .worker
            .search(&request, &self.tt, &self.control, &mut on_event);
        self.nodes += outcome.nodes;
        outcome.best_move.map(|mv| Choice {
            mv,
            score: outcome.score,
            nodes: outcome.nodes,
            depth: outcome.depth,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search stops after the iteration that passes the soft limit: at least the soft
    /// limit, at most the hard one (plus the search's stop-check interval of 1,024 nodes).
    #[test]
    fn the_soft_limit_ends_the_search_after_an_iteration() {
        let limits = NodeLimits::soft(3000);
        let mut player = Player::new(1, limits).unwrap();
        for fen in [
            movegen::STARTING_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            player.new_game();
            let first = player.choose(&pos, &[]).unwrap();
            assert!(first.nodes >= limits.soft, "{first:?}");
            assert!(first.nodes <= limits.hard + 1024, "{first:?}");
            assert!(pos.legal_moves().contains(&first.mv));
            player.new_game();
            assert_eq!(
                player.choose(&pos, &[]),
                Some(first),
                "the same search twice"
            );
        }
    }

    /// With a soft limit out of reach, the hard limit stops the search inside an iteration,
    /// and the move is still the last completed iteration's.
    #[test]
    fn the_hard_limit_stops_a_search() {
        let limits = NodeLimits {
            soft: u64::MAX,
            hard: 4000,
        };
        let mut player = Player::new(1, limits).unwrap();
        let pos = Position::startpos();
        let choice = player.choose(&pos, &[]).unwrap();
        assert!(
            choice.nodes >= 4000 && choice.nodes <= 4000 + 1024,
            "{choice:?}"
        );
        assert!(pos.legal_moves().contains(&choice.mv));
        assert_eq!(player.nodes(), choice.nodes);
    }

    #[test]
    fn no_legal_move_is_no_choice() {
        let mut player = Player::new(1, NodeLimits::soft(100)).unwrap();
        let mate = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(player.choose(&mate, &[]), None);
    }
}
