//! Material signatures as numbers, to ask "is there a file for this position's material?"
//! at every probe without building a name.

use std::collections::HashSet;

use movegen::{Color, Position, Role};

use crate::scan::TableKind;

/// The roles a table name lists after the king, in its order.
const ROLES: [(Role, char); 5] = [
    (Role::Queen, 'Q'),
    (Role::Rook, 'R'),
    (Role::Bishop, 'B'),
    (Role::Knight, 'N'),
    (Role::Pawn, 'P'),
];

/// Piece counts of both sides, 4 bits per side and role (queens to pawns), the side to list
/// first in the low 20 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct MaterialKey(u64);

impl MaterialKey {
    fn from_counts(first: [u32; 5], second: [u32; 5]) -> MaterialKey {
        let pack = |counts: [u32; 5]| {
            counts
                .iter()
                .enumerate()
                .fold(0u64, |acc, (i, &n)| acc | (u64::from(n.min(15)) << (4 * i)))
        };
        MaterialKey(pack(first) | (pack(second) << 20))
    }

    fn of(pos: &Position, first: Color) -> MaterialKey {
        let counts = |c: Color| ROLES.map(|(role, _)| pos.pieces(c, role).count());
        MaterialKey::from_counts(counts(first), counts(!first))
    }

    /// The key of a table name such as `KRPvKR`, strong side first.
    fn from_name(material: &str) -> Option<MaterialKey> {
        let (strong, weak) = material.split_once('v')?;
        let counts = |side: &str| ROLES.map(|(_, letter)| side.matches(letter).count() as u32);
        Some(MaterialKey::from_counts(counts(strong), counts(weak)))
    }
}

/// The materials that have a WDL file and those that have a DTZ file.
#[derive(Debug, Default)]
pub(crate) struct MaterialSet {
    wdl: HashSet<MaterialKey>,
    dtz: HashSet<MaterialKey>,
}

impl MaterialSet {
    /// From the tables found: (material name, kind).
    pub fn new<'a>(tables: impl IntoIterator<Item = &'a (String, TableKind)>) -> MaterialSet {
        let mut set = MaterialSet::default();
        for (name, kind) in tables {
            if let Some(key) = MaterialKey::from_name(name) {
                match kind {
                    TableKind::Wdl => set.wdl.insert(key),
                    TableKind::Dtz => set.dtz.insert(key),
                };
            }
        }
        set
    }

    /// Whether a file of `kind` covers the material of `pos` (with either side to list first).
    pub fn has(&self, pos: &Position, kind: TableKind) -> bool {
        let keys = match kind {
            TableKind::Wdl => &self.wdl,
            TableKind::Dtz => &self.dtz,
        };
        keys.contains(&MaterialKey::of(pos, Color::White))
            || keys.contains(&MaterialKey::of(pos, Color::Black))
    }
}

/// The pieces of each side as table names write them, White first: `["KRP", "KR"]`.
pub fn material_sides(pos: &Position) -> [String; 2] {
    Color::ALL.map(|color| {
        let mut name = String::from("K");
        for (role, letter) in ROLES {
            for _ in 0..pos.pieces(color, role).count() {
                name.push(letter);
            }
        }
        name
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_matches_its_table_with_either_side_stronger() {
        let tables = [("KRPvKR".to_owned(), TableKind::Wdl)];
        let set = MaterialSet::new(&tables);
        let white_strong = Position::from_fen("8/8/3k4/8/3r4/8/3PK3/7R w - - 0 1").unwrap();
        let black_strong = Position::from_fen("8/3p4/3k4/8/3r4/8/4K3/7R w - - 0 1").unwrap();
        let other = Position::from_fen("8/8/3k4/8/3r4/8/3NK3/7R w - - 0 1").unwrap();
        assert!(set.has(&white_strong, TableKind::Wdl));
        assert!(set.has(&black_strong, TableKind::Wdl));
        assert!(!set.has(&white_strong, TableKind::Dtz));
        assert!(!set.has(&other, TableKind::Wdl));
        assert_eq!(
            material_sides(&white_strong),
            ["KRP".to_owned(), "KR".to_owned()]
        );
    }
}
