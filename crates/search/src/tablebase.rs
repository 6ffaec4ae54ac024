//! Syzygy tablebases in the search: the WDL probe after the hash probe, the root-move filter,
//! and the `tbhits` count. The tables themselves live in the `syzygy` crate.
//!
//! As in Stockfish: with the root in the tables and DTZ available, the root moves are cut to
//! those that keep the tables' value and the search does not probe below (every move left is
//! as good as the others to the tables; the search orders them). Otherwise nodes within
//! `SyzygyProbeLimit` pieces probe WDL right after a zeroing move (fifty-move counter 0) when
//! no castling right is left, and a table win or loss is scored in its band below the mates.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use movegen::Position;
use syzygy::{RootRules, RootValue, Tablebases, Wdl, rank_root_moves};
use tt::{Bound, TB_WIN};

use crate::control::SearchControl;
use crate::root_move::RootMove;
use crate::score::MAX_PLY;

/// How often the root looks again whether its table files are read.
const ROOT_POLL: Duration = Duration::from_millis(1);

/// The tables and the options that govern probing (`SyzygyProbeDepth`, `SyzygyProbeLimit`,
/// `Syzygy50MoveRule`).
#[derive(Clone, Debug)]
pub struct TablebaseConfig {
    /// The open tables.
    pub tables: Arc<Tablebases>,
    /// Least remaining depth for a probe in positions with exactly the most pieces probed.
    pub probe_depth: i32,
    /// Most pieces, kings included, of a position probed.
    pub probe_limit: u32,
    /// Whether the fifty-move rule turns cursed wins and blessed losses into draws.
    pub rule50: bool,
}

/// Probing state for one search, shared by its threads.
#[derive(Debug, Default)]
pub(crate) struct SearchTablebases {
    config: Option<TablebaseConfig>,
    /// Most pieces probed in the search; 0 turns probing off.
    cardinality: u32,
    hits: AtomicU64,
    /// The root's value by the tables, as a score, when the root was ranked.
    root_score: Option<i32>,
}

impl SearchTablebases {
    /// Probing as `config` says, before the root is looked at.
    pub fn new(config: Option<&TablebaseConfig>) -> SearchTablebases {
        let cardinality = config.map_or(0, |c| c.probe_limit.min(c.tables.max_pieces()));
        SearchTablebases {
            config: config.cloned(),
            cardinality,
            hits: AtomicU64::new(0),
            root_score: None,
        }
    }

    /// Positions the tables answered so far, all threads.
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// If the root is in the tables, keeps only the root moves of the best tablebase value
    /// (see `syzygy::rank_root_moves`) and, when DTZ ranked them, turns probing below off.
    /// `keys`: the game's positions, the root's last. Call before other threads start.
    ///
    /// The prober reads the tables through page faults, which nothing can interrupt; so it is
    /// asked only once the files are read into memory (`Tablebases::root_ready`: a background
    /// thread reads them). Until then this waits, up to `wait_until` or a `stop`, and if they
    /// are still not read it leaves the root unranked: the search goes on alone (its own WDL
    /// probes likewise skip what is not read) and the files are read for the next move. The
    /// wait is the only time this can take beyond probes of files already in memory.
    pub fn rank_root(
        &mut self,
        root: &Position,
        keys: &[u64],
        moves: &mut Vec<RootMove>,
        control: &SearchControl,
        wait_until: Option<Instant>,
    ) {
        let Some(config) = &self.config else {
            return;
        };
        if root.occupied().count() > self.cardinality {
            return;
        }
        let ready = loop {
            if config.tables.root_ready(root) {
                break true;
            }
            if control.stop_requested() || wait_until.is_some_and(|until| Instant::now() >= until) {
                break false;
            }
            std::thread::sleep(ROOT_POLL);
        };
        if !ready {
            return;
        }
        let Some(values) = config.tables.probe_root(root) else {
            return;
        };
        self.hits.fetch_add(1, Ordering::Relaxed);
        let values: Vec<(movegen::Move, RootValue)> = values
            .into_iter()
            .filter(|(mv, _)| moves.iter().any(|rm| rm.mv == *mv))
            .collect();
        let rules = RootRules {
            halfmove_clock: root.halfmove_clock(),
            repeated: repeated_since_zeroing(keys, root.halfmove_clock()),
            rule50: config.rule50,
        };
        let Some(ranking) = rank_root_moves(&values, rules) else {
            return;
        };
        moves.retain(|rm| ranking.keep.contains(&rm.mv));
        if ranking.dtz.is_some() {
            self.cardinality = 0;
        }
        // The root's value, as far from the root as a table score goes: the search's own
        // table scores, found deeper, stay above it.
        self.root_score = Some(wdl_score(ranking.verdict, MAX_PLY, config.rule50).0);
    }

    /// The score to show for a root move: the search's when it is a mate, otherwise the
    /// tables' value of the root when the root was ranked (the search below a ranked root
    /// does not probe, so its scores are evaluations).
    pub fn shown_score(&self, score: i32) -> i32 {
        match self.root_score {
            Some(tb) if score.abs() < tt::MATE_THRESHOLD => tb,
            _ => score,
        }
    }

    /// The WDL probe of a node: its score and bound when the tables answer. `None` at the root,
    /// beyond the piece limit or the probe depth, after a non-zeroing move or with castling
    /// rights (the tables know neither).
    #[inline]
    pub fn probe(&self, pos: &Position, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let pieces = pos.occupied().count();
        if ply == 0
            || pieces > self.cardinality
            || (pieces == self.cardinality && depth < self.probe_depth())
            || pos.halfmove_clock() != 0
            || !pos.castling().rights().is_empty()
        {
            return None;
        }
        let config = self.config.as_ref()?;
        let wdl = config.tables.probe_wdl(pos)?;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(wdl_score(wdl, ply, config.rule50))
    }

    fn probe_depth(&self) -> i32 {
        self.config.as_ref().map_or(0, |c| c.probe_depth)
    }
}

/// A WDL value as a search score at `ply` and the bound it gives: a win is at least a table
/// win (a mate may be found), a loss at most a table loss, a draw exact. Under the fifty-move
/// rule a cursed win or blessed loss is a draw, nudged one centipawn towards its side.
fn wdl_score(wdl: Wdl, ply: usize, rule50: bool) -> (i32, Bound) {
    let ply = ply.min(MAX_PLY) as i32;
    match (wdl, rule50) {
        (Wdl::Win, _) | (Wdl::CursedWin, false) => (TB_WIN - ply, Bound::Lower),
        (Wdl::Loss, _) | (Wdl::BlessedLoss, false) => (-TB_WIN + ply, Bound::Upper),
        (Wdl::CursedWin, true) => (1, Bound::Exact),
        (Wdl::BlessedLoss, true) => (-1, Bound::Exact),
        (Wdl::Draw, _) => (0, Bound::Exact),
    }
}

/// Whether a position since the last zeroing move occurs twice in `keys` (the root's last).
fn repeated_since_zeroing(keys: &[u64], halfmove_clock: u32) -> bool {
    let start = keys.len().saturating_sub(halfmove_clock as usize + 1);
    let recent = &keys[start..];
    recent
        .iter()
        .enumerate()
        .any(|(i, key)| recent[i + 1..].contains(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_scores_sit_in_their_band_with_the_right_bound() {
        let (win, bound) = wdl_score(Wdl::Win, 7, true);
        assert_eq!((win, bound), (TB_WIN - 7, Bound::Lower));
        assert!((tt::TB_WIN_THRESHOLD..tt::MATE_THRESHOLD).contains(&win));
        assert_eq!(wdl_score(Wdl::Loss, 7, true), (-(TB_WIN - 7), Bound::Upper));
        assert_eq!(wdl_score(Wdl::CursedWin, 3, true), (1, Bound::Exact));
        assert_eq!(wdl_score(Wdl::CursedWin, 3, false).1, Bound::Lower);
        assert_eq!(wdl_score(Wdl::BlessedLoss, 3, true), (-1, Bound::Exact));
        assert_eq!(wdl_score(Wdl::Draw, 3, false), (0, Bound::Exact));
    }

    #[test]
    fn a_ranked_root_shows_the_tables_value_unless_the_search_found_a_mate() {
        let mut tb = SearchTablebases::new(None);
        assert_eq!(tb.shown_score(250), 250);
        tb.root_score = Some(wdl_score(Wdl::Win, MAX_PLY, true).0);
        assert_eq!(tb.shown_score(250), TB_WIN - MAX_PLY as i32);
        let mate = tt::MATE - 9;
        assert_eq!(tb.shown_score(mate), mate);
        tb.root_score = Some(0);
        assert_eq!(tb.shown_score(-480), 0);
    }

    /// The only test of this binary that opens tables (the prober holds one set per process).
    #[test]
    fn the_root_waits_for_its_table_files_only_as_long_as_it_may() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/syzygy");
        let (tables, report) = syzygy::load(folder);
        let tables = tables.unwrap_or_else(|| panic!("not loaded: {:?}", report.messages()));
        let config = TablebaseConfig {
            tables: Arc::new(tables),
            probe_depth: 1,
            probe_limit: 7,
            rule50: true,
        };
        let rank = |fen: &str, control: &SearchControl, until: Option<Instant>| {
            let root = Position::from_fen(fen).unwrap();
            let mut moves: Vec<RootMove> = root
                .legal_moves()
                .iter()
                .map(|&mv| RootMove::new(mv))
                .collect();
            let all = moves.len();
            let mut tb = SearchTablebases::new(Some(&config));
            tb.rank_root(&root, &[root.key()], &mut moves, control, until);
            (tb.root_score, moves.len(), all)
        };
        // Nothing is read yet (no background reading was asked for). With `stop` already
        // sent, or the time to wait already spent, the root is left as it is and the search
        // goes on at once: the prober is never asked about files not in memory.
        let stopped = SearchControl::default();
        stopped.request_stop();
        let (score, kept, all) = rank("8/8/8/4k3/4n3/8/3R4/3K4 w - - 0 1", &stopped, None);
        assert_eq!((score, kept), (None, all));
        let go = SearchControl::default();
        let (score, kept, all) = rank(
            "8/8/8/4k3/8/8/1r1Q4/3K4 w - - 0 1",
            &go,
            Some(Instant::now()),
        );
        assert_eq!((score, kept), (None, all));
        // With time to wait, the root is ranked once the files are read: KQvKR wins, and
        // moves that hang the queen are dropped.
        let (score, kept, all) = rank("8/8/8/4k3/8/8/1r1Q4/3K4 w - - 0 1", &go, None);
        assert_eq!(score, Some(wdl_score(Wdl::Win, MAX_PLY, true).0));
        assert!(0 < kept && kept < all, "{kept} of {all}");
    }

    #[test]
    fn repetitions_count_only_since_the_last_zeroing_move() {
        // keys: a b c b (root b) with clock 2: b occurs twice in the last 3.
        assert!(repeated_since_zeroing(&[1, 2, 3, 2], 2));
        // The same with clock 1: only c b are since zeroing.
        assert!(!repeated_since_zeroing(&[1, 2, 3, 2], 1));
        assert!(!repeated_since_zeroing(&[], 5));
    }
}
