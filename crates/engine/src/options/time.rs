//! The time manager's settings the options make: which options set them, and how.

use timeman::{ForcedReplies, Millis, TimeModel, TimeOptions};

use super::store::Options;
use super::table::OptionId;

/// The options that set the time manager's settings (`Ponder` aside: the GUI's permission to
/// ponder is not only a time setting).
const TIME_OPTIONS: [OptionId; 12] = [
    OptionId::MoveOverhead,
    OptionId::TimeModel,
    OptionId::EmergencyMoveHorizon,
    OptionId::EmergencyBaseTime,
    OptionId::EmergencyMoveTime,
    OptionId::MinimumThinkingTime,
    OptionId::SlowMover,
    OptionId::TmSingleMove,
    OptionId::TmMatedAlternatives,
    OptionId::TmStopThreshold,
    OptionId::TmSpendTarget,
    OptionId::NodesTime,
];

impl OptionId {
    /// Whether this option is one of the time manager's settings.
    pub fn sets_time(self) -> bool {
        TIME_OPTIONS.contains(&self)
    }
}

impl Options {
    /// The time manager's settings these options make, `ponder` included.
    pub fn time_options(&self) -> TimeOptions {
        let ms = |id| Millis(self.spin(id));
        // Every count's range is non-negative and fits a `u32`.
        let number = |id| u32::try_from(self.spin(id)).unwrap_or(0);
        TimeOptions {
            move_overhead: ms(OptionId::MoveOverhead),
            emergency_move_horizon: number(OptionId::EmergencyMoveHorizon),
            emergency_base_time: ms(OptionId::EmergencyBaseTime),
            emergency_move_time: ms(OptionId::EmergencyMoveTime),
            minimum_thinking_time: ms(OptionId::MinimumThinkingTime),
            slow_mover: number(OptionId::SlowMover),
            // The store holds only the combo's own choices, so the default is never used.
            model: TimeModel::from_name(self.text(OptionId::TimeModel)).unwrap_or_default(),
            forced_replies: ForcedReplies {
                single_move: self.check(OptionId::TmSingleMove),
                mated_alternatives: self.check(OptionId::TmMatedAlternatives),
            },
            stop_threshold_permille: number(OptionId::TmStopThreshold),
            spend_target_percent: number(OptionId::TmSpendTarget),
            ponder: self.check(OptionId::Ponder),
            nodes_per_ms: number(OptionId::NodesTime),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{OPTIONS, OptionKind};

    /// A value of `id` other than its default, as `setoption` would send it.
    fn other_value(id: OptionId) -> Option<String> {
        match id.spec().kind {
            OptionKind::Spin { default, min, max } => {
                Some(if max != default { max } else { min }.to_string())
            }
            OptionKind::Check { default } => Some((!default).to_string()),
            OptionKind::Combo { default, vars } => vars
                .iter()
                .find(|var| **var != default)
                .map(|var| (*var).to_owned()),
            OptionKind::Button | OptionKind::String { .. } => None,
        }
    }

    #[test]
    fn the_defaults_are_the_time_managers() {
        assert_eq!(Options::new().time_options(), TimeOptions::default());
    }

    #[test]
    fn exactly_the_time_options_reach_a_setting() {
        // Setting an option to another value than its default changes the settings if and
        // only if it is a time option, so a setting no option reaches, or a time option
        // missing from the list, cannot go unnoticed.
        for spec in OPTIONS {
            let Some(value) = other_value(spec.id) else {
                assert!(!spec.id.sets_time(), "{}", spec.name);
                continue;
            };
            let mut options = Options::new();
            options.set(spec.name, Some(&value)).expect("a valid value");
            let changed = options.time_options() != TimeOptions::default();
            let expected = spec.id.sets_time() || spec.id == OptionId::Ponder;
            assert_eq!(changed, expected, "{}", spec.name);
        }
    }

    #[test]
    fn values_are_clamped_and_bad_ones_change_nothing() {
        let mut options = Options::new();
        options.set("slow mover", Some("5")).expect("clamped");
        assert_eq!(options.time_options().slow_mover, 10);
        options.set("Time Model", Some("classic")).expect("a model");
        assert_eq!(options.time_options().model, TimeModel::Classic);
        assert!(options.set("Time Model", Some("Quantum")).is_err());
        assert_eq!(options.time_options().model, TimeModel::Classic);
        assert!(options.set("Nope", Some("1")).is_err());
    }
}
