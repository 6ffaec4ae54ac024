//! Current option values, and `setoption` applied to them.

use super::table::{OPTIONS, OptionId, OptionKind, OptionSpec};
use crate::text::{excerpt, parse_i64_saturating};
use std::fmt;

use search::Strength;

/// The current value of one option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    /// A `check` option's value.
    Check(bool),
    /// A `spin` option's value, always within its range.
    Spin(i64),
    /// A `combo` option's value, always one of its choices as spelled in the table.
    Combo(&'static str),
    /// A `button` has no value.
    Button,
    /// A `string` option's value.
    String(String),
}

impl OptionValue {
    /// The value an option starts with.
    fn default_of(kind: OptionKind) -> Self {
        match kind {
            OptionKind::Check { default } => Self::Check(default),
            OptionKind::Spin { default, .. } => Self::Spin(default),
            OptionKind::Combo { default, .. } => Self::Combo(default),
            OptionKind::Button => Self::Button,
            OptionKind::String { default } => Self::String(default.to_owned()),
        }
    }
}

/// What a successful `set` did; the UCI layer reacts to [`SetOutcome::id`] (resize the table,
/// start threads, clear the hash) and prints [`SetOutcome::notice`] as `info string` if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetOutcome {
    /// The value was stored as given.
    Set(OptionId),
    /// A spin value outside the range was stored as the nearest bound.
    Clamped {
        /// The option.
        id: OptionId,
        /// The value asked for (itself saturated into `i64` if the text was larger).
        requested: i64,
        /// The value stored.
        applied: i64,
    },
    /// A button was pressed.
    Pressed(OptionId),
}

impl SetOutcome {
    /// The option that was set.
    pub fn id(self) -> OptionId {
        match self {
            Self::Set(id) | Self::Pressed(id) | Self::Clamped { id, .. } => id,
        }
    }

    /// A line for the user when the value stored differs from the one asked for.
    pub fn notice(self) -> Option<String> {
        match self {
            Self::Clamped {
                id,
                requested,
                applied,
            } => {
                let spec = id.spec();
                Some(format!(
                    "{} {requested} is out of range, set to {applied}",
                    spec.name
                ))
            }
            Self::Set(_) | Self::Pressed(_) => None,
        }
    }
}

/// Why a `setoption` was refused; the option keeps its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown {
        /// The name asked for (shortened if very long).
        name: String,
        /// The nearest known name, if one is near enough to be a likely typo.
        suggestion: Option<&'static str>,
    },
    /// A `check`, `spin` or `combo` option was sent without a value.
    MissingValue {
        /// The option.
        option: &'static OptionSpec,
    },
    /// The value does not parse for the option's type.
    InvalidValue {
        /// The option.
        option: &'static OptionSpec,
        /// The value sent (shortened if very long).
        value: String,
    },
}

/// What an option accepts, for error messages.
fn accepted(kind: OptionKind) -> String {
    match kind {
        OptionKind::Check { .. } => "true or false".to_owned(),
        OptionKind::Spin { min, max, .. } => format!("an integer from {min} to {max}"),
        OptionKind::Combo { vars, .. } => format!("one of {}", vars.join(", ")),
        OptionKind::Button => "no value".to_owned(),
        OptionKind::String { .. } => "any text".to_owned(),
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unknown {
                name,
                suggestion: Some(near),
            } => {
                write!(f, "unknown option `{name}`; did you mean `{near}`?")
            }
            Self::Unknown {
                name,
                suggestion: None,
            } => write!(f, "unknown option `{name}`"),
            Self::MissingValue { option } => {
                write!(
                    f,
                    "option `{}` needs a value: {}",
                    option.name,
                    accepted(option.kind)
                )
            }
            Self::InvalidValue { option, value } => write!(
                f,
                "invalid value `{value}` for option `{}`: expected {}",
                option.name,
                accepted(option.kind)
            ),
        }
    }
}

impl std::error::Error for OptionError {}

/// The current value of every option of [`OPTIONS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// One value per row of [`OPTIONS`], same order.
    values: Vec<OptionValue>,
}

impl Default for Options {
    fn default() -> Self {
        Self::new()
    }
}

impl Options {
    /// Every option at its default.
    pub fn new() -> Self {
        Self {
            values: OPTIONS
                .iter()
                .map(|spec| OptionValue::default_of(spec.kind))
                .collect(),
        }
    }

    /// The current value of `id`.
    pub fn get(&self, id: OptionId) -> &OptionValue {
        &self.values[id as usize]
    }

    /// A `check` option's value (`false` if `id` is not a check: a bug the tests rule out).
    pub fn check(&self, id: OptionId) -> bool {
        matches!(self.get(id), OptionValue::Check(true))
    }

    /// A `spin` option's value (its table default if `id` is not a spin: a bug the tests rule
    /// out).
    pub fn spin(&self, id: OptionId) -> i64 {
        match (self.get(id), id.spec().kind) {
            (OptionValue::Spin(value), _) => *value,
            (_, OptionKind::Spin { default, .. }) => default,
            _ => 0,
        }
    }

    /// A `combo` or `string` option's value (empty for other kinds).
    pub fn text(&self, id: OptionId) -> &str {
        match self.get(id) {
            OptionValue::Combo(value) => value,
            OptionValue::String(value) => value,
            OptionValue::Check(_) | OptionValue::Spin(_) | OptionValue::Button => "",
        }
    }

    /// How strongly to play: `UCI_Elo` when `UCI_LimitStrength` is on, else `Skill Level`
    /// (full strength at its default, 20).
    pub fn strength(&self) -> Strength {
        if self.check(OptionId::LimitStrength) {
            Strength::from_elo(self.spin(OptionId::UciElo) as u32)
        } else {
            Strength::from_skill_level(self.spin(OptionId::SkillLevel) as u32)
        }
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<SetOutcome, OptionError> {
        let spec = find(name)?;
        let (stored, outcome) = parse_value(spec, value)?;
        self.values[spec.id as usize] = stored;
        Ok(outcome)
    }
}

/// The option called `name`, ignoring ASCII case and the amount of inner whitespace.
pub fn find(name: &str) -> Result<&'static OptionSpec, OptionError> {
    let wanted = name.split_whitespace().collect::<Vec<_>>().join(" ");
    OPTIONS
        .iter()
        .find(|spec| spec.name.eq_ignore_ascii_case(&wanted))
        .ok_or_else(|| OptionError::Unknown {
            name: excerpt(&wanted),
            suggestion: suggest(&wanted),
        })
}

/// The value `text` means for `spec`, and the outcome to report.
pub(super) fn parse_value(
    spec: &'static OptionSpec,
    text: Option<&str>,
) -> Result<(OptionValue, SetOutcome), OptionError> {
    let id = spec.id;
    let invalid = |text: &str| OptionError::InvalidValue {
        option: spec,
        value: excerpt(text),
    };
    let needed = || {
        text.map(str::trim)
            .ok_or(OptionError::MissingValue { option: spec })
    };
    match spec.kind {
        OptionKind::Check { .. } => {
            let text = needed()?;
            let value = if text.eq_ignore_ascii_case("true") {
                true
            } else if text.eq_ignore_ascii_case("false") {
                false
            } else {
                return Err(invalid(text));
            };
            Ok((OptionValue::Check(value), SetOutcome::Set(id)))
        }
        OptionKind::Spin { min, max, .. } => {
            let text = needed()?;
            let requested = parse_i64_saturating(text).ok_or_else(|| invalid(text))?;
            // `max(min).min(max)` rather than `clamp`, which would panic on a bad table row.
            let applied = requested.max(min).min(max);
            let outcome = if applied == requested {
                SetOutcome::Set(id)
            } else {
                SetOutcome::Clamped {
                    id,
                    requested,
                    applied,
                }
            };
            Ok((OptionValue::Spin(applied), outcome))
        }
        OptionKind::Combo { vars, .. } => {
            let text = needed()?;
            let var = vars.iter().find(|var| var.eq_ignore_ascii_case(text));
            let var = var.ok_or_else(|| invalid(text))?;
            Ok((OptionValue::Combo(var), SetOutcome::Set(id)))
        }
        // GUIs differ on whether they send `value` with a button; either way it is a press.
        OptionKind::Button => Ok((OptionValue::Button, SetOutcome::Pressed(id))),
        OptionKind::String { .. } => {
            let text = match text {
                None | Some("<empty>") => "",
                Some(text) => text,
            };
            Ok((OptionValue::String(text.to_owned()), SetOutcome::Set(id)))
        }
    }
}

/// The known name nearest to `name` in edit distance (ASCII case ignored), if it is within a
/// third of the name's length (at least 2): near enough to be a typo, not a different word.
fn suggest(name: &str) -> Option<&'static str> {
    let wanted: Vec<char> = name.chars().map(|c| c.to_ascii_lowercase()).collect();
    OPTIONS
        .iter()
        .filter_map(|spec| {
            let known: Vec<char> = spec.name.chars().map(|c| c.to_ascii_lowercase()).collect();
            let limit = (known.len() / 3).max(2);
            // Lengths alone bound the distance; skipping early keeps a huge name cheap.
            if wanted.len().abs_diff(known.len()) > limit {
                return None;
            }
            let distance = edit_distance(&wanted, &known);
            (distance <= limit).then_some((distance, spec.name))
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

/// Levenshtein distance (insert, delete, substitute; each costs 1).
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, &ca) in a.iter().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance(&chars(""), &chars("abc")), 3);
        assert_eq!(edit_distance(&chars("abc"), &chars("")), 3);
        assert_eq!(edit_distance(&chars("hash"), &chars("hash")), 0);
        assert_eq!(edit_distance(&chars("hsh"), &chars("hash")), 1);
        assert_eq!(edit_distance(&chars("kitten"), &chars("sitting")), 3);
    }

    #[test]
    fn suggestions_only_for_near_names() {
        assert_eq!(suggest("hsh"), Some("Hash"));
        assert_eq!(suggest("threds"), Some("Threads"));
        assert_eq!(suggest("MoveOverhead"), Some("Move Overhead"));
        assert_eq!(suggest("multi pv"), Some("MultiPV"));
        assert_eq!(suggest("xyz"), None);
        assert_eq!(suggest("Contempt"), None);
        assert_eq!(suggest("SyzygyPth"), Some("SyzygyPath"));
        assert_eq!(suggest(&"a".repeat(100_000)), None);
    }
}
