//! The MoveImportance table of the 2013 model, embedded at compile time.
//!
//! The numbers come from a statistical study of CCRL games: `MoveImportance[n]` is roughly
//! how many games were still undecided (neither side ahead by more than 275 cp) after `n`
//! plies. The classic model gives a move a share of the clock in proportion to its
//! importance against the importance of the moves still to come.
//!
//! The text file is parsed by a `const fn`, so a malformed table fails the build instead of
//! the first `go`, and nothing is read from disk at run time.

/// Number of entries in the table; plies at or beyond this use the last entry.
const MOVE_IMPORTANCE_LEN: usize = 512;

/// The table's source text: comment lines start with `#`, then one value per line.
const RAW: &str = include_str!("../data/move_importance.txt");

/// The parsed table (a compile-time constant).
static MOVE_IMPORTANCE: [u32; MOVE_IMPORTANCE_LEN] = parse_table(RAW);

/// Parses the table text at compile time; any malformed line is a compile error.
const fn parse_table(text: &str) -> [u32; MOVE_IMPORTANCE_LEN] {
    let bytes = text.as_bytes();
    let mut table = [0u32; MOVE_IMPORTANCE_LEN];
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'#' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            i += 1;
            continue;
        }
        let mut value: u32 = 0;
        let mut digits = 0;
        while i < bytes.len() && bytes[i] != b'\n' {
            let c = bytes[i];
            if c.is_ascii_digit() {
                assert!(digits < 9, "move_importance.txt: value too long");
                value = value * 10 + (c - b'0') as u32;
                digits += 1;
            } else {
                assert!(
                    c == b'\r' || c == b' ' || c == b'\t',
                    "move_importance.txt: unexpected character"
                );
            }
            i += 1;
        }
        i += 1;
        if digits > 0 {
            assert!(
                count < MOVE_IMPORTANCE_LEN,
                "move_importance.txt: too many values"
            );
            table[count] = value;
            count += 1;
        }
    }
    assert!(
        count == MOVE_IMPORTANCE_LEN,
        "move_importance.txt: too few values"
    );
    table
}

/// `MoveImportance[min(ply, 511)]`: the weight of the move played at game ply `ply`
/// (0 = the first move of the game). Beyond the table the last value is used, as in 2013.
#[inline]
#[must_use]
pub fn move_importance(ply: u32) -> u32 {
    let index = (ply as usize).min(MOVE_IMPORTANCE_LEN - 1);
    MOVE_IMPORTANCE[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_known_entries() {
        // Spot checks against Stockfish 4's table (timeman.cpp).
        assert_eq!(move_importance(0), 7780);
        assert_eq!(move_importance(20), 7778);
        assert_eq!(move_importance(30), 7757);
        assert_eq!(move_importance(100), 3765);
        assert_eq!(move_importance(511), 1);
        assert_eq!(move_importance(512), 1);
        assert_eq!(move_importance(u32::MAX), 1);
    }

    #[test]
    fn table_never_increases() {
        // The share of undecided games can only shrink with the ply; a typo would show here.
        for ply in 1..MOVE_IMPORTANCE_LEN as u32 {
            assert!(
                move_importance(ply) <= move_importance(ply - 1),
                "ply {ply}"
            );
        }
    }
}
