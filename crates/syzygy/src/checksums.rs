//! The published checksums of the standard 3- to 7-piece tables.
//!
//! Every Syzygy file ends with a 16-byte checksum of its contents, written by the generator;
//! the generator's repository (<https://github.com/syzygy1/tb>, folder `checksums/`) lists
//! the values of the published sets. A file whose last 16 bytes differ from the published value
//! is not the published table: a truncated download, a copy cut short, another version. The
//! lists are data, read once when a `SyzygyPath` is set.

use std::collections::HashMap;
use std::sync::LazyLock;

/// The lists as published, one `NAME.rtbw: HEX` line per table.
const LISTS: [&str; 6] = [
    include_str!("../checksums/wdl345.txt"),
    include_str!("../checksums/dtz345.txt"),
    include_str!("../checksums/wdl6.txt"),
    include_str!("../checksums/dtz6.txt"),
    include_str!("../checksums/wdl7.txt"),
    include_str!("../checksums/dtz7.txt"),
];

/// File name (`KQvK.rtbw`) to checksum.
static PUBLISHED: LazyLock<HashMap<&'static str, [u8; 16]>> = LazyLock::new(|| {
    LISTS
        .iter()
        .flat_map(|list| list.lines())
        .filter_map(|line| {
            let (name, hex) = line.split_once(':')?;
            Some((name.trim(), parse_hex(hex.trim())?))
        })
        .collect()
});

/// The published checksum of the file called `name`, if it is a standard table.
pub(crate) fn published(name: &str) -> Option<[u8; 16]> {
    PUBLISHED.get(name).copied()
}

/// How many tables the lists cover (for tests).
#[cfg(test)]
pub(crate) fn published_count() -> usize {
    PUBLISHED.len()
}

/// 32 hex digits to 16 bytes, first byte first.
fn parse_hex(hex: &str) -> Option<[u8; 16]> {
    if hex.len() != 32 || !hex.is_ascii() {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_published_line_parses() {
        let lines: usize = LISTS.iter().map(|l| l.lines().count()).sum();
        assert_eq!(published_count(), lines);
        assert_eq!(
            published("KBNvK.rtbw"),
            parse_hex("046312caaebd34f798e1a112c1a79208")
        );
        assert!(published("KQvK.rtbz").is_some());
        assert!(published("KvK.rtbw").is_none());
    }

    #[test]
    fn malformed_hex_is_rejected() {
        assert!(parse_hex("00").is_none());
        assert!(parse_hex("zz6312caaebd34f798e1a112c1a79208").is_none());
    }
}
