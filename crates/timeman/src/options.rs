//! The time manager's settings and the UCI options that set them.
//!
//! Each option is declared once, in [`OPTION_TABLE`]: its UCI name, type, default and range,
//! and the field of [`TimeOptions`] it sets. [`TimeOptions::default`] is the table's defaults,
//! and the UCI layer lists the table's rows and hands typed values to [`OptionSpec::apply`],
//! so no number is written twice and no value goes through text on its way here.

/// Which planning model the manager follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TimeModel {
    /// Stockfish's 2013 time manager exactly: clock plan, unstable-PV extra time, 62% rule.
    Classic,
    /// The classic plan, the [`ForcedReplies`], and instead of the 62% rule and its
    /// extra time the fitted equal-marginal-value rule ([`crate::marginal`]).
    #[default]
    Marginal,
}

impl TimeModel {
    /// Every model, in the order the `Time Model` option lists them.
    pub const ALL: [TimeModel; 2] = [TimeModel::Marginal, TimeModel::Classic];

    /// The model's name as the `Time Model` option spells it.
    pub const fn name(self) -> &'static str {
        match self {
            TimeModel::Classic => "Classic",
            TimeModel::Marginal => "Marginal",
        }
    }

    /// The model a `Time Model` value names, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<TimeModel> {
        Self::ALL
            .into_iter()
            .find(|model| model.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Forced replies: the root has one reasonable move, so thinking is wasted. One switch each,
/// so a match can turn them off and measure each one's worth. Ignored by
/// [`TimeModel::Classic`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForcedReplies {
    /// Play at once when the root has a single legal move.
    pub single_move: bool,
    /// Stop as soon as every root move but the best is proven mated (by the fail-soft root's
    /// bounds).
    pub mated_alternatives: bool,
}

impl Default for ForcedReplies {
    /// The switches as [`TimeOptions::default`] sets them (from [`OPTION_TABLE`]).
    fn default() -> Self {
        TimeOptions::default().forced_replies
    }
}

/// Every setting the time manager reads. `Default` gives the UCI defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeOptions {
    /// `Move Overhead` (ms): GUI, pipe and scheduling latency, subtracted from the clock
    /// (and from `movetime`) before planning.
    pub move_overhead_ms: u64,
    /// `Emergency Move Horizon`: always be ready to play at least this many more moves.
    pub emergency_move_horizon: u32,
    /// `Emergency Base Time` (ms): try to keep at least this much on the clock.
    pub emergency_base_time_ms: u64,
    /// `Emergency Move Time` (ms): plus this much for each move of the emergency horizon.
    pub emergency_move_time_ms: u64,
    /// `Minimum Thinking Time` (ms): added to every planned time (the clock still caps it).
    pub minimum_thinking_time_ms: u64,
    /// `Slow Mover` (percent): weight of the current move against the moves to come;
    /// above 100 spends more now, below 100 saves for later.
    pub slow_mover: u32,
    /// `Time Model`: classic 2013 or marginal.
    pub model: TimeModel,
    /// Switches for the forced replies.
    pub forced_replies: ForcedReplies,
    /// `TM Stop Threshold`: the marginal model's `tau` in thousandths (see
    /// [`crate::marginal`]); lower spends more time.
    pub stop_threshold_permille: u32,
    /// `TM Spend Target`: the marginal model's threshold is scaled so the moves' time spent,
    /// summed, is this many percent of their planned optima, summed (see [`crate::pace`]); 0
    /// keeps the threshold fixed.
    pub spend_target_percent: u32,
    /// Mirror of the UCI `Ponder` option. It is declared by the UCI layer (it is not only a
    /// time setting), so it is not in [`OPTION_TABLE`]; when on, the optimum grows by 25%.
    /// Off by default.
    pub ponder: bool,
}

/// Default `Move Overhead`: 30 ms.
///
/// Why 30: Cute Chess and fastchess measure from writing `go` to reading `bestmove`, which
/// adds a pipe round trip and thread wake-ups (well under 1 ms when idle) plus the delay
/// before our search thread is scheduled and the time between two node-count checks. On a
/// loaded 2-core box running two games at once a few-ms scheduler slice is common, so 10 ms
/// (Stockfish's value) leaves little margin, while 30 ms still costs under 3% of the
/// per-move budget at 1+0.01 and nothing measurable at longer controls. Network play
/// (servers, lichess bots) should raise it.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;

/// Default `TM Stop Threshold`: tau = 0.3, where `tools/searchlog/fit.py`'s replay of the
/// Classic model's logged searches spends a little less than they spent, at 5+0.05 and at 40
/// moves in 20 s alike (1.30 and 1.07 optima a move against their 1.36 and 1.21).
pub const DEFAULT_STOP_THRESHOLD_PERMILLE: u32 = 300;

/// Default `TM Spend Target`: 0, the pace off. Paced to [`SUGGESTED_SPEND_TARGET_PERCENT`] the
/// rule kept the whole budget at every control measured, but at 40 moves in 20 s it spent the
/// first period in its first 30 moves (about 2.3 optima a move) and played the last ten on a
/// tenth of a second, and lost to Classic there, where the fixed threshold measured even (see
/// docs/time-management.md).
pub const DEFAULT_SPEND_TARGET_PERCENT: u32 = 0;

/// The target the pace was measured at: 115% of the optimum, what the rule at the default
/// threshold spent at 5+0.05, where it was fitted and tested (1.151 optima a move over 1,392
/// games), so there the pace leaves the threshold about where it was.
pub const SUGGESTED_SPEND_TARGET_PERCENT: u32 = 115;

impl Default for TimeOptions {
    /// Every option of [`OPTION_TABLE`] at its default, and `ponder` off.
    fn default() -> Self {
        // Placeholders only: the loop sets every field but `ponder` from the table.
        let mut options = Self {
            move_overhead_ms: 0,
            emergency_move_horizon: 0,
            emergency_base_time_ms: 0,
            emergency_move_time_ms: 0,
            minimum_thinking_time_ms: 0,
            slow_mover: 0,
            model: TimeModel::Marginal,
            forced_replies: ForcedReplies {
                single_move: false,
                mated_alternatives: false,
            },
            stop_threshold_permille: 0,
            spend_target_percent: 0,
            ponder: false,
        };
        for spec in OPTION_TABLE {
            spec.apply(&mut options, spec.kind.default_value());
        }
        options
    }
}

/// The UCI type of an option, with its default and range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// `type spin default D min A max B`.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest accepted value; smaller ones are clamped.
        min: i64,
        /// Largest accepted value; larger ones are clamped.
        max: i64,
    },
    /// `type check default D`.
    Check {
        /// Default value.
        default: bool,
    },
    /// `type combo default D var V1 var V2 ...`.
    Combo {
        /// Default value (one of `values`).
        default: &'static str,
        /// Accepted values (compared case-insensitively), in the order the UCI layer lists them.
        values: &'static [&'static str],
    },
}

impl OptionKind {
    /// The option's value at start.
    #[must_use]
    pub const fn default_value(self) -> OptionValue<'static> {
        match self {
            OptionKind::Spin { default, .. } => OptionValue::Spin(default),
            OptionKind::Check { default } => OptionValue::Check(default),
            OptionKind::Combo { default, .. } => OptionValue::Combo(default),
        }
    }
}

/// A value for an option, typed as its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionValue<'a> {
    /// A spin's number.
    Spin(i64),
    /// A check's switch.
    Check(bool),
    /// A combo's choice, one of its `values` (any ASCII case).
    Combo(&'a str),
}

/// The field of [`TimeOptions`] an option sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    MoveOverhead,
    EmergencyMoveHorizon,
    EmergencyBaseTime,
    EmergencyMoveTime,
    MinimumThinkingTime,
    SlowMover,
    Model,
    SingleMove,
    MatedAlternatives,
    StopThreshold,
    SpendTarget,
}

/// One UCI option of the time manager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's UCI name (matched case-insensitively, as UCI asks).
    pub name: &'static str,
    /// Its type, default and range.
    pub kind: OptionKind,
    /// What it sets.
    field: Field,
}

const fn spin(name: &'static str, field: Field, default: i64, min: i64, max: i64) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Spin { default, min, max },
        field,
    }
}

const fn check(name: &'static str, field: Field, default: bool) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Check { default },
        field,
    }
}

/// The names of [`TimeModel::ALL`], for the `Time Model` combo.
const MODEL_NAMES: [&str; 2] = [TimeModel::ALL[0].name(), TimeModel::ALL[1].name()];

/// `Move Overhead`, [`TimeOptions::move_overhead_ms`].
pub const MOVE_OVERHEAD: OptionSpec = spin(
    "Move Overhead",
    Field::MoveOverhead,
    DEFAULT_MOVE_OVERHEAD_MS as i64,
    0,
    5000,
);
/// `Time Model`, [`TimeOptions::model`].
pub const TIME_MODEL: OptionSpec = OptionSpec {
    name: "Time Model",
    kind: OptionKind::Combo {
        default: TimeModel::Marginal.name(),
        values: &MODEL_NAMES,
    },
    field: Field::Model,
};
/// `Emergency Move Horizon`, [`TimeOptions::emergency_move_horizon`].
pub const EMERGENCY_MOVE_HORIZON: OptionSpec = spin(
    "Emergency Move Horizon",
    Field::EmergencyMoveHorizon,
    40,
    0,
    50,
);
/// `Emergency Base Time`, [`TimeOptions::emergency_base_time_ms`].
pub const EMERGENCY_BASE_TIME: OptionSpec = spin(
    "Emergency Base Time",
    Field::EmergencyBaseTime,
    60,
    0,
    30000,
);
/// `Emergency Move Time`, [`TimeOptions::emergency_move_time_ms`].
pub const EMERGENCY_MOVE_TIME: OptionSpec =
    spin("Emergency Move Time", Field::EmergencyMoveTime, 30, 0, 5000);
/// `Minimum Thinking Time`, [`TimeOptions::minimum_thinking_time_ms`].
pub const MINIMUM_THINKING_TIME: OptionSpec = spin(
    "Minimum Thinking Time",
    Field::MinimumThinkingTime,
    20,
    0,
    5000,
);
/// `Slow Mover`, [`TimeOptions::slow_mover`].
pub const SLOW_MOVER: OptionSpec = spin("Slow Mover", Field::SlowMover, 70, 10, 1000);
/// `TM Single Move`, [`ForcedReplies::single_move`].
pub const TM_SINGLE_MOVE: OptionSpec = check("TM Single Move", Field::SingleMove, true);
/// `TM Mated Alternatives`, [`ForcedReplies::mated_alternatives`].
pub const TM_MATED_ALTERNATIVES: OptionSpec =
    check("TM Mated Alternatives", Field::MatedAlternatives, true);
/// `TM Stop Threshold`, [`TimeOptions::stop_threshold_permille`].
pub const TM_STOP_THRESHOLD: OptionSpec = spin(
    "TM Stop Threshold",
    Field::StopThreshold,
    DEFAULT_STOP_THRESHOLD_PERMILLE as i64,
    10,
    2000,
);
/// `TM Spend Target`, [`TimeOptions::spend_target_percent`].
pub const TM_SPEND_TARGET: OptionSpec = spin(
    "TM Spend Target",
    Field::SpendTarget,
    DEFAULT_SPEND_TARGET_PERCENT as i64,
    0,
    400,
);

/// Every time-manager UCI option, in the order the UCI layer lists them. Ranges of the 2013
/// options are Stockfish's of that year.
pub const OPTION_TABLE: &[OptionSpec] = &[
    MOVE_OVERHEAD,
    TIME_MODEL,
    EMERGENCY_MOVE_HORIZON,
    EMERGENCY_BASE_TIME,
    EMERGENCY_MOVE_TIME,
    MINIMUM_THINKING_TIME,
    SLOW_MOVER,
    TM_SINGLE_MOVE,
    TM_MATED_ALTERNATIVES,
    TM_STOP_THRESHOLD,
    TM_SPEND_TARGET,
];

/// Looks an option up by its UCI name, ignoring case.
#[must_use]
pub fn find_option(name: &str) -> Option<&'static OptionSpec> {
    OPTION_TABLE
        .iter()
        .find(|spec| spec.name.eq_ignore_ascii_case(name.trim()))
}

impl OptionSpec {
    /// Sets this option's field of `options` to `value`. A number is clamped into the
    /// option's range (the UCI layer clamps first and reports it); a value of another kind
    /// than the option's, or a combo value that is none of its choices, changes nothing.
    pub fn apply(&self, options: &mut TimeOptions, value: OptionValue<'_>) {
        let number = |n: i64| match self.kind {
            OptionKind::Spin { min, max, .. } => n.max(min).min(max),
            OptionKind::Check { .. } | OptionKind::Combo { .. } => n,
        };
        // Every range is non-negative and fits the field's type.
        let as_u64 = |n: i64| u64::try_from(number(n)).unwrap_or(0);
        let as_u32 = |n: i64| u32::try_from(number(n)).unwrap_or(0);
        let replies = &mut options.forced_replies;
        match (self.field, value) {
            (Field::MoveOverhead, OptionValue::Spin(n)) => options.move_overhead_ms = as_u64(n),
            (Field::EmergencyMoveHorizon, OptionValue::Spin(n)) => {
                options.emergency_move_horizon = as_u32(n);
            }
            (Field::EmergencyBaseTime, OptionValue::Spin(n)) => {
                options.emergency_base_time_ms = as_u64(n);
            }
            (Field::EmergencyMoveTime, OptionValue::Spin(n)) => {
                options.emergency_move_time_ms = as_u64(n);
            }
            (Field::MinimumThinkingTime, OptionValue::Spin(n)) => {
                options.minimum_thinking_time_ms = as_u64(n);
            }
            (Field::SlowMover, OptionValue::Spin(n)) => options.slow_mover = as_u32(n),
            (Field::StopThreshold, OptionValue::Spin(n)) => {
                options.stop_threshold_permille = as_u32(n);
            }
            (Field::SpendTarget, OptionValue::Spin(n)) => options.spend_target_percent = as_u32(n),
            (Field::SingleMove, OptionValue::Check(on)) => replies.single_move = on,
            (Field::MatedAlternatives, OptionValue::Check(on)) => replies.mated_alternatives = on,
            (Field::Model, OptionValue::Combo(name)) => {
                if let Some(model) = TimeModel::from_name(name) {
                    options.model = model;
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_table_defaults() {
        let options = TimeOptions::default();
        assert_eq!(options.move_overhead_ms, DEFAULT_MOVE_OVERHEAD_MS);
        assert_eq!(options.emergency_move_horizon, 40);
        assert_eq!(options.emergency_base_time_ms, 60);
        assert_eq!(options.emergency_move_time_ms, 30);
        assert_eq!(options.minimum_thinking_time_ms, 20);
        assert_eq!(options.slow_mover, 70);
        assert_eq!(options.model, TimeModel::Marginal);
        assert_eq!(options.forced_replies, ForcedReplies::default());
        assert!(options.forced_replies.single_move && options.forced_replies.mated_alternatives);
        assert_eq!(
            options.stop_threshold_permille,
            DEFAULT_STOP_THRESHOLD_PERMILLE
        );
        assert_eq!(options.spend_target_percent, DEFAULT_SPEND_TARGET_PERCENT);
        assert!(!options.ponder);
    }

    #[test]
    fn every_option_reaches_its_field() {
        // Setting an option to a value other than its default must change the options, so a
        // row that sets no field (or the wrong kind) cannot go unnoticed.
        for spec in OPTION_TABLE {
            let other = match spec.kind {
                OptionKind::Spin { default, min, max } => {
                    OptionValue::Spin(if max != default { max } else { min })
                }
                OptionKind::Check { default } => OptionValue::Check(!default),
                OptionKind::Combo { default, values } => OptionValue::Combo(
                    values
                        .iter()
                        .find(|v| **v != default)
                        .expect("a second choice"),
                ),
            };
            let mut options = TimeOptions::default();
            spec.apply(&mut options, other);
            assert_ne!(options, TimeOptions::default(), "{}", spec.name);
        }
    }

    #[test]
    fn apply_clamps_and_ignores_what_does_not_fit() {
        let mut options = TimeOptions::default();
        let slow_mover = find_option("slow mover").expect("an option");
        slow_mover.apply(&mut options, OptionValue::Spin(5));
        assert_eq!(options.slow_mover, 10);
        slow_mover.apply(&mut options, OptionValue::Check(true));
        assert_eq!(
            options.slow_mover, 10,
            "a value of another kind changes nothing"
        );
        let model = find_option("Time Model").expect("an option");
        model.apply(&mut options, OptionValue::Combo("classic"));
        assert_eq!(options.model, TimeModel::Classic);
        model.apply(&mut options, OptionValue::Combo("Quantum"));
        assert_eq!(options.model, TimeModel::Classic);
        assert_eq!(TimeModel::from_name("MARGINAL"), Some(TimeModel::Marginal));
        assert!(find_option("Nope").is_none());
    }
}
