//! Material signatures as numbers, to ask "is there a file for this position's material?"
//! at every probe without building a name.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

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

/// One material that has a table file.
#[derive(Debug)]
struct Material {
    /// Its WDL and DTZ files ([`TableKind::index`]), where found.
    files: [Option<PathBuf>; 2],
    /// Itself and every material with a WDL file that captures and promotions lead to, however
    /// many: a WDL probe reads all of their WDL tables (the prober resolves captures by
    /// probing the positions after them).
    reach: Vec<usize>,
}

/// The materials that have table files, and where those files are.
#[derive(Debug, Default)]
pub(crate) struct MaterialSet {
    index: HashMap<MaterialKey, usize>,
    materials: Vec<Material>,
}

impl MaterialSet {
    /// From the tables found: (material name, kind, file), the first file of each kind kept
    /// (the prober takes the first folder that has the name).
    pub fn new<'a>(
        tables: impl IntoIterator<Item = &'a (String, TableKind, PathBuf)>,
    ) -> MaterialSet {
        let mut set = MaterialSet::default();
        let mut names = Vec::new();
        for (name, kind, path) in tables {
            let Some(key) = MaterialKey::from_name(name) else {
                continue;
            };
            let i = *set.index.entry(key).or_insert_with(|| {
                set.materials.push(Material {
                    files: [None, None],
                    reach: Vec::new(),
                });
                names.push(name.clone());
                set.materials.len() - 1
            });
            set.materials[i].files[kind.index()].get_or_insert_with(|| path.clone());
        }
        for (i, name) in names.iter().enumerate() {
            set.materials[i].reach = set.reach_of(name);
        }
        set
    }

    /// The materials with a WDL file a probe of `name` reads: itself, then depth first what
    /// one capture or promotion leads to.
    fn reach_of(&self, name: &str) -> Vec<usize> {
        let mut reach = Vec::new();
        let mut todo = vec![name.to_owned()];
        while let Some(name) = todo.pop() {
            let Some(&i) = self.lookup_name(&name) else {
                continue;
            };
            if reach.contains(&i) || self.materials[i].files[TableKind::Wdl.index()].is_none() {
                continue;
            }
            reach.push(i);
            todo.extend(successors(&name));
        }
        reach
    }

    fn lookup_name(&self, name: &str) -> Option<&usize> {
        let (a, b) = name.split_once('v')?;
        let key = MaterialKey::from_name(name)?;
        let swapped = MaterialKey::from_name(&format!("{b}v{a}"))?;
        self.index.get(&key).or_else(|| self.index.get(&swapped))
    }

    /// The material of `pos`, if it has a file.
    pub fn find(&self, pos: &Position) -> Option<usize> {
        let index = &self.index;
        index
            .get(&MaterialKey::of(pos, Color::White))
            .or_else(|| index.get(&MaterialKey::of(pos, Color::Black)))
            .copied()
    }

    /// Whether a file of `kind` covers the material of `pos` (with either side to list first).
    pub fn has(&self, pos: &Position, kind: TableKind) -> bool {
        self.find(pos).is_some_and(|i| self.file(i, kind).is_some())
    }

    /// Material `i`'s file of `kind`.
    pub fn file(&self, i: usize, kind: TableKind) -> Option<&Path> {
        self.materials[i].files[kind.index()].as_deref()
    }

    /// The materials whose WDL tables a WDL probe of material `i` reads (see [`Material`]).
    pub fn reach(&self, i: usize) -> &[usize] {
        &self.materials[i].reach
    }

    /// How many materials have files.
    pub fn len(&self) -> usize {
        self.materials.len()
    }
}

/// The materials one capture or one promotion turns `name` into (`KRPvKR`: `KPvKR`, `KRvKR`,
/// `KRPvK`, `KRQvKR`, ...), named with either side first.
fn successors(name: &str) -> Vec<String> {
    let Some((strong, weak)) = name.split_once('v') else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (side, other, strong_first) in [(strong, weak, true), (weak, strong, false)] {
        let join = |s: String| {
            if strong_first {
                format!("{s}v{other}")
            } else {
                format!("{other}v{s}")
            }
        };
        for (at, letter) in side.char_indices().skip(1) {
            let mut captured = side.to_owned();
            captured.remove(at);
            out.push(join(captured));
            if letter == 'P' {
                for promoted in ['Q', 'R', 'B', 'N'] {
                    let mut side = side.to_owned();
                    side.replace_range(at..=at, &promoted.to_string());
                    out.push(join(side));
                }
            }
        }
    }
    out
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
        let tables = [(
            "KRPvKR".to_owned(),
            TableKind::Wdl,
            PathBuf::from("KRPvKR.rtbw"),
        )];
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

    #[test]
    fn a_material_reaches_what_captures_and_promotions_lead_to() {
        let names = [
            "KRPvKR", "KRvKR", "KPvKR", "KRPvK", "KQRvKR", "KRvK", "KQvK", "KBvK",
        ];
        let tables: Vec<(String, TableKind, PathBuf)> = names
            .iter()
            .map(|n| (n.to_string(), TableKind::Wdl, PathBuf::from(n)))
            .collect();
        let set = MaterialSet::new(&tables);
        let pos = Position::from_fen("8/8/3k4/8/3r4/8/3PK3/7R w - - 0 1").unwrap();
        let krpkr = set.find(&pos).unwrap();
        let reached: Vec<&str> = set.reach(krpkr).iter().map(|&i| names[i]).collect();
        assert_eq!(reached[0], "KRPvKR", "itself first");
        for name in ["KRvKR", "KPvKR", "KRPvK", "KQRvKR", "KRvK"] {
            assert!(reached.contains(&name), "{name} missing from {reached:?}");
        }
        // KQvK and KBvK follow only through tables that are absent (KQRvK, KRBvKR...).
        assert!(
            !reached.contains(&"KQvK") && !reached.contains(&"KBvK"),
            "{reached:?}"
        );
        assert_eq!(set.len(), names.len());
    }
}
