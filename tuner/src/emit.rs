//! Writes tuned values as a Rust source file for the eval crate: one `const` array in the flat
//! layout of `eval::params::BLOCKS`, with a comment before each block so that a reviewer can
//! read the diff against the hand-written tables.

use std::fmt::Write;

use eval::params::{BLOCKS, COUNT, PSQT_BLOCK};

/// Role names, for labelling the piece-square sub-tables.
const ROLES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
/// Pairs per output line.
const PER_LINE: usize = 8;
/// Widest comment text, so that `//! ` lines stay within the 100 columns rustfmt uses.
const WIDTH: usize = 95;

/// The Rust source of a file defining `TUNED_VALUES: &[S]` from `flat`
/// (`[mg0, eg0, mg1, eg1, ...]`, `2 * COUNT` numbers); `notes` become lines of the module
/// comment (where the data came from, the errors before and after).
pub fn rust_source(flat: &[i32], notes: &[String]) -> String {
    debug_assert_eq!(flat.len(), 2 * COUNT);
    let mut out = String::new();
    out.push_str("//! Evaluation parameters tuned by the `tuner` crate (Texel's method).\n");
    out.push_str("//! Generated file: rerun the tuner rather than editing it by hand.\n//!\n");
    out.push_str(
        "//! To use it: save it as `crates/eval/src/tuned.rs`, declare `mod tuned;` in `lib.rs`, \
         and in\n//! `params.rs` build `DEFAULT_PARAMS` from `crate::tuned::TUNED_VALUES`.\n//!\n",
    );
    for note in notes {
        for line in wrap(note, WIDTH) {
            let _ = writeln!(out, "//! {line}");
        }
    }
    out.push_str(
        "\nuse crate::score::{S, s};\n\n\
         /// Tuned values of every parameter, in the flat layout of `params::BLOCKS`.\n\
         #[rustfmt::skip]\npub(crate) const TUNED_VALUES: &[S] = &[\n",
    );
    for block in BLOCKS {
        if block == PSQT_BLOCK {
            for (r, role) in ROLES.iter().enumerate() {
                let _ = writeln!(out, "    // {} {role} (a1 .. h8)", block.name);
                write_pairs(&mut out, flat, block.start + 64 * r, 64);
            }
        } else {
            let _ = writeln!(out, "    // {}", block.name);
            write_pairs(&mut out, flat, block.start, block.len);
        }
    }
    out.push_str("];\n");
    out
}

/// Splits `text` at spaces into lines of at most `width` characters (a longer word gets a line
/// of its own); leading spaces of `text` are kept on the first line.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let indent = &text[..text.len() - text.trim_start().len()];
    let mut lines = Vec::new();
    let mut line = indent.to_string();
    let mut fresh = true;
    for word in text.split_whitespace() {
        if !fresh && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    lines.push(line);
    lines
}

/// Writes `len` pairs starting at pair index `start`, [`PER_LINE`] to a line.
fn write_pairs(out: &mut String, flat: &[i32], start: usize, len: usize) {
    let pairs: Vec<String> = (start..start + len)
        .map(|i| format!("s({}, {}),", flat[2 * i], flat[2 * i + 1]))
        .collect();
    for line in pairs.chunks(PER_LINE) {
        let _ = writeln!(out, "    {}", line.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads the numbers of every `s(mg, eg)` back out of generated source.
    fn read_back(source: &str) -> Vec<i32> {
        source
            .split("s(")
            .skip(1)
            .filter_map(|rest| rest.split_once(')'))
            .filter_map(|(inside, _)| inside.split_once(", "))
            .filter_map(|(a, b)| Some([a.parse().ok()?, b.parse().ok()?]))
            .flatten()
            .collect()
    }

    #[test]
    fn long_notes_are_wrapped_at_spaces() {
        let note = "word ".repeat(50);
        let lines = wrap(note.trim_end(), 20);
        assert!(lines.iter().all(|l| l.len() <= 20), "{lines:?}");
        assert_eq!(lines.join(" "), note.trim_end());
        assert_eq!(wrap("  indented", 20), vec!["  indented".to_string()]);
    }

    #[test]
    fn the_defaults_round_trip_through_the_source() {
        let flat = eval::DEFAULT_PARAMS.to_vec();
        let notes = vec!["data: none".to_string()];
        let source = rust_source(&flat, &notes);
        assert!(source.contains("//! data: none"));
        assert!(source.contains("pub(crate) const TUNED_VALUES: &[S] = &["));
        assert!(!source.contains("crate::params"));
        assert!(source.contains("// psqt queen (a1 .. h8)"));
        assert!(source.contains("// tempo\n"));
        // `use crate::score::{S, s};` must not be mistaken for a pair.
        assert_eq!(read_back(&source), flat);
    }
}
