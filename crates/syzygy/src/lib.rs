//! Syzygy endgame tablebases for Tsubame: finding and checking the table files, WDL probes
//! for the search, and the ranking of root moves by DTZ.
//!
//! The tables are Ronald de Man's Syzygy format (<https://github.com/syzygy1/tb>); probing
//! goes through [pyrrhic-rs](https://crates.io/crates/pyrrhic-rs), which takes the engine's
//! attack functions (here movegen's). [`load`] checks every file in the `SyzygyPath`
//! folders before the prober may map it (see `scan`), and reports what it found in lines
//! fit for `info string`. The prober is asked only about tables a background thread has
//! already read into memory (see `warm`), so that no probe waits on the disk.

mod adapter;
mod checksums;
mod material;
mod paths;
mod root;
mod scan;
mod tables;
mod warm;

use std::path::PathBuf;

pub use material::material_sides;
pub use paths::{EMPTY_PATH, FolderError, PATH_SEPARATOR, parse_syzygy_path};
pub use root::{RootRanking, RootRules, rank_root_moves};
pub use scan::{FileProblem, FolderScan, TableKind, scan_folder, table_name};
pub use tables::{OpenError, RootValue, Tablebases, Wdl};

/// What [`load`] found: the folders checked, the tables usable, and why others are not.
#[derive(Debug, Default)]
pub struct LoadReport {
    /// Every folder named, checked.
    pub folders: Vec<FolderScan>,
    /// WDL tables in the folders used (each material counted once).
    pub wdl_tables: usize,
    /// DTZ tables in the folders used.
    pub dtz_tables: usize,
    /// Most pieces of a usable table.
    pub max_pieces: u32,
    /// Why the prober could not be opened on the usable folders, if it could not.
    pub open_error: Option<OpenError>,
}

impl LoadReport {
    /// One line per finding, for `info string`: the bad folders and files, then the count.
    pub fn messages(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for scan in &self.folders {
            let folder = scan.folder.display();
            if let Some(e) = &scan.folder_error {
                lines.push(format!("SyzygyPath: {folder}: {e}; not used"));
                continue;
            }
            for (file, problem) in &scan.bad_files {
                lines.push(format!("SyzygyPath: {} {problem}", file.display()));
            }
            if !scan.bad_files.is_empty() {
                lines.push(format!(
                    "SyzygyPath: {folder} not used: it holds {} bad table file(s)",
                    scan.bad_files.len()
                ));
            } else if scan.tables.is_empty() {
                lines.push(format!("SyzygyPath: {folder} holds no table"));
            }
            if scan.unverified > 0 && scan.bad_files.is_empty() {
                lines.push(format!(
                    "SyzygyPath: {folder}: {} table(s) not in the published lists, checked by size only",
                    scan.unverified
                ));
            }
        }
        if let Some(e) = self.open_error {
            lines.push(format!("SyzygyPath: tables not loaded: {e}"));
        }
        lines.push(format!(
            "Found {} WDL and {} DTZ tablebase files (up to {}-man)",
            self.wdl_tables, self.dtz_tables, self.max_pieces
        ));
        lines
    }
}

/// Checks the folders of a `SyzygyPath` value and opens the tables of the good ones. Returns
/// `None` when there is nothing to probe (no folder, no good table, or the prober failed; the
/// report says which). Any tables opened before must have been dropped: the prober holds one
/// set per process.
pub fn load(value: &str) -> (Option<Tablebases>, LoadReport) {
    let folders: Vec<PathBuf> = parse_syzygy_path(value);
    let mut report = LoadReport {
        folders: folders.iter().map(|f| scan_folder(f)).collect(),
        ..LoadReport::default()
    };
    let usable: Vec<&FolderScan> = report.folders.iter().filter(|s| s.usable()).collect();
    let mut tables = std::collections::BTreeSet::new();
    // Each table's file in the first folder that has it, as the prober picks it.
    let mut files = Vec::new();
    for scan in &usable {
        for (material, kind) in &scan.tables {
            if tables.insert((material.clone(), *kind)) {
                let path = scan.folder.join(format!("{material}{}", kind.suffix()));
                files.push((material.clone(), *kind, path));
            }
        }
    }
    let Ok(names) = usable
        .iter()
        .map(|s| paths::prober_name(&s.folder))
        .collect::<Result<Vec<_>, _>>()
    else {
        return (None, report);
    };
    if tables.is_empty() {
        return (None, report);
    }
    // Pieces of the largest table: its name's letters but the `v`.
    let max_pieces = tables
        .iter()
        .map(|(m, _)| m.len() as u32 - 1)
        .max()
        .unwrap_or(0);
    let materials = material::MaterialSet::new(&files);
    match Tablebases::open_checked(&names.join(":"), max_pieces, materials) {
        Ok(tb) => {
            report.wdl_tables = tables.iter().filter(|t| t.1 == TableKind::Wdl).count();
            report.dtz_tables = tables.len() - report.wdl_tables;
            report.max_pieces = tb.max_pieces();
            (Some(tb), report)
        }
        Err(e) => {
            report.open_error = Some(e);
            (None, report)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::Position;

    /// The only test of this binary that opens tables (the prober holds one set per process).
    #[test]
    fn a_panic_in_the_prober_is_caught_and_the_prober_left_alone() {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/syzygy");
        let (tb, report) = load(folder);
        let tb = tb.unwrap_or_else(|| panic!("not loaded: {:?}", report.messages()));
        tb.read_all_now();
        let kqk = Position::from_fen("8/8/8/4k3/8/8/3Q4/3K4 w - - 0 1").unwrap();
        assert_eq!(tb.probe_wdl(&kqk), Some(Wdl::Win));
        let answer: Option<Wdl> = tb.guarded(|| panic!("a failure inside the prober"));
        assert_eq!(answer, None);
        assert!(tb.is_broken());
        assert_eq!(tb.probe_wdl(&kqk), None, "not asked again");
        assert!(tb.probe_root(&kqk).is_none());
    }
}
