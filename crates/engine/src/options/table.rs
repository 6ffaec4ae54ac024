//! The option table: every option's name, kind and default, and the `uci` reply's lines.
//!
//! To add an option, add one row to `option_table!` below: its id, its UCI name and its kind.
//! The enum [`OptionId`], the `uci` reply and the store all follow from that row, and a
//! compile-time check rejects a spin whose default lies outside its range or a combo whose
//! default is not one of its choices. The time manager's options take their defaults from
//! [`TimeOptions::DEFAULT`]; `options/time.rs` maps their values onto its settings.

use std::fmt;

use search::{MAX_ELO, MAX_SKILL_LEVEL, MAX_THREADS, MIN_ELO, ParallelMode};
use timeman::{TimeModel, TimeOptions};

/// The type of an option with its default (and range or choices), as the `uci` reply lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check`: a boolean.
    Check {
        /// The value at start.
        default: bool,
    },
    /// `type spin`: an integer in `min..=max`.
    Spin {
        /// The value at start.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// `type combo`: one of a fixed list of words.
    Combo {
        /// The value at start; one of `vars`.
        default: &'static str,
        /// The choices, in the order the `uci` reply lists them.
        vars: &'static [&'static str],
    },
    /// `type button`: an action with no value.
    Button,
    /// `type string`: free text.
    String {
        /// The value at start.
        default: &'static str,
    },
}

/// One row of the option table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// Which option this is, for code that reacts to a change.
    pub id: OptionId,
    /// The name as listed in the `uci` reply.
    pub name: &'static str,
    /// Type, default, and range or choices.
    pub kind: OptionKind,
}

/// The time manager's defaults, which its options start at.
const TIME: TimeOptions = TimeOptions::DEFAULT;

/// The `Time Model` choices: [`TimeModel::ALL`]'s names.
const TIME_MODELS: [&str; 2] = [TimeModel::ALL[0].name(), TimeModel::ALL[1].name()];

/// The `SMP Mode` choices: [`ParallelMode::ALL`]'s names, the default first.
const SMP_MODES: [&str; 3] = [
    ParallelMode::ALL[0].name(),
    ParallelMode::ALL[1].name(),
    ParallelMode::ALL[2].name(),
];

/// Declares [`OptionId`] and [`OPTIONS`] from one list, so they cannot drift apart:
/// `OPTIONS[id as usize].id == id` holds by construction.
macro_rules! option_table {
    ($($(#[doc = $doc:literal])* $id:ident => $name:literal, $kind:expr;)+) => {
        /// Names an option of [`OPTIONS`]; `id as usize` is its row.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum OptionId {
            $($(#[doc = $doc])* $id,)+
        }

        /// Every option, in the order of the `uci` reply.
        pub const OPTIONS: &[OptionSpec] = &[
            $(OptionSpec { id: OptionId::$id, name: $name, kind: $kind },)+
        ];
    };
}

option_table! {
    /// A file every line in and out is appended to, time-stamped; `<empty>` for none.
    DebugLogFile => "Debug Log File", OptionKind::String { default: "" };
    /// Transposition table size in MiB.
    Hash => "Hash", OptionKind::Spin { default: 16, min: 1, max: tt::MAX_MEGABYTES as i64 };
    /// Search threads.
    Threads => "Threads", OptionKind::Spin { default: 1, min: 1, max: MAX_THREADS as i64 };
    /// How the threads share the work (`search::ParallelMode`, by name).
    SmpMode => "SMP Mode", OptionKind::Combo {
        default: SMP_MODES[0], vars: &SMP_MODES,
    };
    /// Empties the transposition table.
    ClearHash => "Clear Hash", OptionKind::Button;
    /// Asks the OS for large pages for the transposition table where it offers them.
    LargePages => "Large Pages", OptionKind::Check { default: true };
    /// Whether the GUI may ask the engine to ponder (the time manager plans for it).
    Ponder => "Ponder", OptionKind::Check { default: false };
    /// Number of principal variations reported.
    MultiPv => "MultiPV", OptionKind::Spin { default: 1, min: 1, max: 500 };
    /// Chess960 castling notation (king takes rook).
    Chess960 => "UCI_Chess960", OptionKind::Check { default: false };
    /// Playing strength from 0 to 20 (full strength), unless `UCI_LimitStrength` is on.
    SkillLevel => "Skill Level", OptionKind::Spin {
        default: MAX_SKILL_LEVEL as i64, min: 0, max: MAX_SKILL_LEVEL as i64,
    };
    /// Play at the rating `UCI_Elo` asks for (it overrides `Skill Level`).
    LimitStrength => "UCI_LimitStrength", OptionKind::Check { default: false };
    /// The rating to play at with `UCI_LimitStrength` (calibrated as
    /// `tools/strength/README.md` says).
    UciElo => "UCI_Elo", OptionKind::Spin {
        default: MIN_ELO as i64, min: MIN_ELO as i64, max: MAX_ELO as i64,
    };
    /// Below full strength, a game's move waits for the time full strength would plan for it
    /// (`engine::pace`), so that it comes at a human pace; the search is not changed.
    HumanPace => "Human Pace", OptionKind::Check { default: true };
    /// Win-draw-loss chances (permille) after the score of every `info` line.
    ShowWdl => "UCI_ShowWDL", OptionKind::Check { default: false };
    /// The GUI analyses rather than plays. Accepted, and changes nothing: the search has no
    /// setting for play alone (no contempt), so analysis and play search alike.
    AnalyseMode => "UCI_AnalyseMode", OptionKind::Check { default: false };
    /// Milliseconds kept back per move for GUI and network latency.
    MoveOverhead => "Move Overhead",
        OptionKind::Spin { default: TIME.move_overhead.0, min: 0, max: 5000 };
    /// Which time model plans the search time.
    TimeModel => "Time Model", OptionKind::Combo {
        default: TIME.model.name(), vars: &TIME_MODELS,
    };
    /// Moves ahead over which the emergency time reserve is spread.
    EmergencyMoveHorizon => "Emergency Move Horizon",
        OptionKind::Spin { default: TIME.emergency_move_horizon as i64, min: 0, max: 50 };
    /// Milliseconds always kept in reserve.
    EmergencyBaseTime => "Emergency Base Time",
        OptionKind::Spin { default: TIME.emergency_base_time.0, min: 0, max: 30000 };
    /// Milliseconds kept in reserve per move of the horizon.
    EmergencyMoveTime => "Emergency Move Time",
        OptionKind::Spin { default: TIME.emergency_move_time.0, min: 0, max: 5000 };
    /// The least time, in milliseconds, spent on a move.
    MinimumThinkingTime => "Minimum Thinking Time",
        OptionKind::Spin { default: TIME.minimum_thinking_time.0, min: 0, max: 5000 };
    /// Percentage scaling the time spent per move (100 is neutral).
    SlowMover => "Slow Mover",
        OptionKind::Spin { default: TIME.slow_mover as i64, min: 10, max: 1000 };
    /// Marginal model: play a lone legal move at once.
    TmSingleMove => "TM Single Move",
        OptionKind::Check { default: TIME.forced_replies.single_move };
    /// Marginal model: stop when every other root move is proven mated.
    TmMatedAlternatives => "TM Mated Alternatives",
        OptionKind::Check { default: TIME.forced_replies.mated_alternatives };
    /// Marginal model: thousandths of the change probability an iteration must buy per
    /// optimum of its time; lower spends more.
    TmStopThreshold => "TM Stop Threshold",
        OptionKind::Spin { default: TIME.stop_threshold_permille as i64, min: 10, max: 2000 };
    /// Marginal model: percent of their planned optima the moves spend in total, the
    /// threshold following from the moves before; 0 keeps the threshold fixed.
    TmSpendTarget => "TM Spend Target",
        OptionKind::Spin { default: TIME.spend_target_percent as i64, min: 0, max: 400 };
    /// Stockfish's `nodestime`: a clock's milliseconds count as this many nodes each (the
    /// search's time is its node count); 0 measures real time.
    NodesTime => "nodestime",
        OptionKind::Spin { default: TIME.nodes_per_ms as i64, min: 0, max: 10000 };
    /// Folders of Syzygy tablebases, `:`-separated (`;` on Windows); `<empty>` for none.
    SyzygyPath => "SyzygyPath", OptionKind::String { default: "" };
    /// Least remaining depth for a tablebase probe at the largest piece count probed.
    SyzygyProbeDepth => "SyzygyProbeDepth", OptionKind::Spin { default: 1, min: 1, max: 100 };
    /// Most pieces, kings included, of a position the search probes.
    SyzygyProbeLimit => "SyzygyProbeLimit", OptionKind::Spin { default: 7, min: 0, max: 7 };
    /// Whether the fifty-move rule turns cursed wins and blessed losses into draws.
    Syzygy50MoveRule => "Syzygy50MoveRule", OptionKind::Check { default: true };
    /// Evaluate with the network (`EvalFile`) instead of the hand-crafted evaluation.
    UseNnue => "UseNNUE", OptionKind::Check { default: true };
    /// The network file; `<default>` or empty for the network built into the binary.
    EvalFile => "EvalFile", OptionKind::String { default: "<default>" };
}

impl OptionId {
    /// Whether setting it rebuilds what a running search uses (the table, the threads, the
    /// network, the tablebases), so that it must wait for the search to end. Every other
    /// option is read when a search starts, and may be set while one runs.
    pub fn waits_for_search(self) -> bool {
        matches!(
            self,
            OptionId::Hash
                | OptionId::Threads
                | OptionId::SmpMode
                | OptionId::ClearHash
                | OptionId::LargePages
                | OptionId::SyzygyPath
                | OptionId::UseNnue
                | OptionId::EvalFile
        )
    }

    /// This option's row of [`OPTIONS`].
    pub fn spec(self) -> &'static OptionSpec {
        &OPTIONS[self as usize]
    }
}

/// Compile-time check of the table: spin defaults in range, combo defaults among the choices.
const _: () = {
    let mut i = 0;
    while i < OPTIONS.len() {
        match OPTIONS[i].kind {
            OptionKind::Spin { default, min, max } => {
                assert!(
                    min <= default && default <= max,
                    "spin default out of range"
                );
            }
            OptionKind::Combo { default, vars } => {
                let mut found = false;
                let mut v = 0;
                while v < vars.len() {
                    found |= const_str_eq(vars[v], default);
                    v += 1;
                }
                assert!(found, "combo default is not one of its vars");
            }
            OptionKind::Check { .. } | OptionKind::Button | OptionKind::String { .. } => {}
        }
        i += 1;
    }
};

/// `a == b`, usable in a `const` item.
const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The `option name ... type ...` line of the `uci` reply, with the default (an empty string
/// default is written `<empty>`, as the spec's examples and other engines do).
impl fmt::Display for OptionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "option name {} type ", self.name)?;
        match self.kind {
            OptionKind::Check { default } => write!(f, "check default {default}"),
            OptionKind::Spin { default, min, max } => {
                write!(f, "spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, vars } => {
                write!(f, "combo default {default}")?;
                vars.iter().try_for_each(|var| write!(f, " var {var}"))
            }
            OptionKind::Button => write!(f, "button"),
            OptionKind::String { default: "" } => write!(f, "string default <empty>"),
            OptionKind::String { default } => write!(f, "string default {default}"),
        }
    }
}

/// The option lines of the `uci` reply, one per option, in table order.
pub fn uci_option_lines() -> impl Iterator<Item = String> {
    OPTIONS.iter().map(ToString::to_string)
}
