//! The engine's UCI options: one declarative table ([`OPTIONS`]), and a store of their
//! current values ([`Options`]).
//!
//! To add an option, add one row to `option_table!` in `options/table.rs`.
//!
//! Setting follows the UCI spec and what GUIs do: names are matched case-insensitively with
//! whitespace runs collapsed; `check` takes `true`/`false` in any case; a `spin` out of range is
//! clamped and the outcome says so (the UCI layer prints it as `info string`); a `combo` takes one
//! of its choices in any case; a `button` ignores any value; a `string` takes the value verbatim,
//! with `<empty>` (how defaults are shown) or no value meaning the empty string.

mod store;
mod table;
mod time;

pub use store::{OptionError, OptionValue, Options, SetOutcome, find};
pub use table::{OPTIONS, OptionId, OptionKind, OptionSpec, uci_option_lines};

#[cfg(test)]
mod tests;
