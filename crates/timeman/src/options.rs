//! The time manager's settings and the UCI options that set them.
//!
//! [`OPTION_TABLE`] lists every option with its UCI type, default and range so the UCI layer
//! can print `option name ... type ...` lines without repeating the numbers, and
//! [`TimeOptions::set`] applies a `setoption` value, clamping out-of-range numbers and saying
//! so, so the UCI layer can report the clamp with `info string`.

use crate::error::OptionError;

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
    fn default() -> Self {
        Self {
            single_move: true,
            mated_alternatives: true,
        }
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

/// Default `TM Stop Threshold`: tau = 0.2, where `tools/searchlog/fit.py`'s replay of the logged
/// searches spends about what those searches spent (1.2 optima a move on the whole), and in
/// matches about what the Classic model spends.
pub const DEFAULT_STOP_THRESHOLD_PERMILLE: u32 = 200;

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
    fn default() -> Self {
        Self {
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            emergency_move_horizon: 40,
            emergency_base_time_ms: 60,
            emergency_move_time_ms: 30,
            minimum_thinking_time_ms: 20,
            slow_mover: 70,
            model: TimeModel::Marginal,
            forced_replies: ForcedReplies::default(),
            stop_threshold_permille: DEFAULT_STOP_THRESHOLD_PERMILLE,
            spend_target_percent: DEFAULT_SPEND_TARGET_PERCENT,
            ponder: false,
        }
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
        /// Accepted values (compared case-insensitively).
        values: &'static [&'static str],
    },
}

/// One UCI option of the time manager.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's UCI name (matched case-insensitively, as UCI asks).
    pub name: &'static str,
    /// Its type, default and range.
    pub kind: OptionKind,
}

const fn spin(name: &'static str, default: i64, min: i64, max: i64) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Spin { default, min, max },
    }
}

const fn check(name: &'static str, default: bool) -> OptionSpec {
    OptionSpec {
        name,
        kind: OptionKind::Check { default },
    }
}

/// Every time-manager UCI option. Ranges of the 2013 options are Stockfish's of that year.
pub const OPTION_TABLE: &[OptionSpec] = &[
    spin("Move Overhead", DEFAULT_MOVE_OVERHEAD_MS as i64, 0, 5000),
    spin("Emergency Move Horizon", 40, 0, 50),
    spin("Emergency Base Time", 60, 0, 30000),
    spin("Emergency Move Time", 30, 0, 5000),
    spin("Minimum Thinking Time", 20, 0, 5000),
    spin("Slow Mover", 70, 10, 1000),
    OptionSpec {
        name: "Time Model",
        kind: OptionKind::Combo {
            default: "Marginal",
            values: &["Classic", "Marginal"],
        },
    },
    check("TM Single Move", true),
    check("TM Mated Alternatives", true),
    spin(
        "TM Stop Threshold",
        DEFAULT_STOP_THRESHOLD_PERMILLE as i64,
        10,
        2000,
    ),
    spin(
        "TM Spend Target",
        DEFAULT_SPEND_TARGET_PERCENT as i64,
        0,
        400,
    ),
];

/// What [`TimeOptions::set`] did with a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetOutcome {
    /// The value was in range and is now in force.
    Applied,
    /// The number was out of range; `applied` (the nearest bound) is in force instead.
    Clamped {
        /// The number the GUI sent.
        requested: i64,
        /// The number now in force.
        applied: i64,
    },
}

/// Looks an option up by its UCI name, ignoring case.
#[must_use]
pub fn find_option(name: &str) -> Option<&'static OptionSpec> {
    OPTION_TABLE
        .iter()
        .find(|spec| spec.name.eq_ignore_ascii_case(name.trim()))
}

impl TimeOptions {
    /// Applies `setoption name <name> value <value>`. Numbers out of range are clamped to
    /// the nearest bound and reported as [`SetOutcome::Clamped`]; the options are left as
    /// they were on error.
    ///
    /// # Errors
    /// [`OptionError::UnknownOption`] for a name not in [`OPTION_TABLE`],
    /// [`OptionError::BadValue`] for a value that does not parse for the option's type.
    pub fn set(&mut self, name: &str, value: &str) -> Result<SetOutcome, OptionError> {
        let spec = find_option(name).ok_or_else(|| OptionError::UnknownOption(name.to_owned()))?;
        let bad = || OptionError::BadValue {
            option: spec.name,
            value: value.to_owned(),
        };
        let value = value.trim();
        match spec.kind {
            OptionKind::Spin { min, max, .. } => {
                let requested: i64 = value.parse().map_err(|_| bad())?;
                let applied = requested.clamp(min, max);
                self.set_number(spec.name, applied);
                Ok(if applied == requested {
                    SetOutcome::Applied
                } else {
                    SetOutcome::Clamped { requested, applied }
                })
            }
            OptionKind::Check { .. } => {
                let on = if value.eq_ignore_ascii_case("true") {
                    true
                } else if value.eq_ignore_ascii_case("false") {
                    false
                } else {
                    return Err(bad());
                };
                self.set_switch(spec.name, on);
                Ok(SetOutcome::Applied)
            }
            OptionKind::Combo { .. } => {
                self.model = if value.eq_ignore_ascii_case("Classic") {
                    TimeModel::Classic
                } else if value.eq_ignore_ascii_case("Marginal") {
                    TimeModel::Marginal
                } else {
                    return Err(bad());
                };
                Ok(SetOutcome::Applied)
            }
        }
    }

    /// Stores an already clamped spin value (all ranges are non-negative and fit the fields).
    fn set_number(&mut self, name: &str, value: i64) {
        let as_u64 = u64::try_from(value).unwrap_or(0);
        let as_u32 = u32::try_from(value).unwrap_or(0);
        match name {
            "Move Overhead" => self.move_overhead_ms = as_u64,
            "Emergency Move Horizon" => self.emergency_move_horizon = as_u32,
            "Emergency Base Time" => self.emergency_base_time_ms = as_u64,
            "Emergency Move Time" => self.emergency_move_time_ms = as_u64,
            "Minimum Thinking Time" => self.minimum_thinking_time_ms = as_u64,
            "Slow Mover" => self.slow_mover = as_u32,
            "TM Stop Threshold" => self.stop_threshold_permille = as_u32,
            "TM Spend Target" => self.spend_target_percent = as_u32,
            _ => {}
        }
    }

    /// Stores a check value.
    fn set_switch(&mut self, name: &str, on: bool) {
        let replies = &mut self.forced_replies;
        match name {
            "TM Single Move" => replies.single_move = on,
            "TM Mated Alternatives" => replies.mated_alternatives = on,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_defaults_match_struct_defaults() {
        // Setting every option to its table default must leave the defaults unchanged.
        let mut opts = TimeOptions {
            model: TimeModel::Classic,
            stop_threshold_permille: 1,
            spend_target_percent: 1,
            forced_replies: ForcedReplies {
                single_move: false,
                mated_alternatives: false,
            },
            move_overhead_ms: 999,
            ..TimeOptions::default()
        };
        for spec in OPTION_TABLE {
            let value = match spec.kind {
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Check { default } => default.to_string(),
                OptionKind::Combo { default, .. } => default.to_owned(),
            };
            assert_eq!(
                opts.set(spec.name, &value),
                Ok(SetOutcome::Applied),
                "{}",
                spec.name
            );
        }
        assert_eq!(opts, TimeOptions::default());
    }

    #[test]
    fn every_spin_reaches_its_field() {
        // Setting a spin to a bound other than its default must change the options, so a
        // name missing from `set_number` cannot go unnoticed.
        for spec in OPTION_TABLE {
            if let OptionKind::Spin { default, min, max } = spec.kind {
                let bound = if max != default { max } else { min };
                let mut opts = TimeOptions::default();
                assert_eq!(
                    opts.set(spec.name, &bound.to_string()),
                    Ok(SetOutcome::Applied)
                );
                assert_ne!(opts, TimeOptions::default(), "{}", spec.name);
            }
            if let OptionKind::Check { default } = spec.kind {
                let mut opts = TimeOptions::default();
                assert_eq!(
                    opts.set(spec.name, &(!default).to_string()),
                    Ok(SetOutcome::Applied)
                );
                assert_ne!(opts, TimeOptions::default(), "{}", spec.name);
            }
        }
    }

    #[test]
    fn set_clamps_and_rejects() {
        let mut opts = TimeOptions::default();
        assert_eq!(
            opts.set("slow mover", "5"),
            Ok(SetOutcome::Clamped {
                requested: 5,
                applied: 10
            })
        );
        assert_eq!(opts.slow_mover, 10);
        assert_eq!(
            opts.set("Move Overhead", "-3"),
            Ok(SetOutcome::Clamped {
                requested: -3,
                applied: 0
            })
        );
        assert_eq!(opts.move_overhead_ms, 0);
        assert_eq!(opts.set("Time Model", "classic"), Ok(SetOutcome::Applied));
        assert_eq!(opts.model, TimeModel::Classic);
        assert_eq!(opts.set("Time Model", "marginal"), Ok(SetOutcome::Applied));
        assert_eq!(opts.model, TimeModel::Marginal);
        assert_eq!(opts.set("TM Single Move", "false"), Ok(SetOutcome::Applied));
        assert!(!opts.forced_replies.single_move);
        assert!(matches!(
            opts.set("Nope", "1"),
            Err(OptionError::UnknownOption(_))
        ));
        assert!(matches!(
            opts.set("Slow Mover", "fast"),
            Err(OptionError::BadValue { .. })
        ));
        for retired in ["Quantum", "Improved"] {
            assert!(matches!(
                opts.set("Time Model", retired),
                Err(OptionError::BadValue { .. })
            ));
        }
        assert_eq!(opts.model, TimeModel::Marginal);
        assert_eq!(opts.slow_mover, 10, "a failed set leaves the value alone");
    }
}
