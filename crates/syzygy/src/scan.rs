//! Finding table files in the `SyzygyPath` folders and checking them before the prober sees
//! them.
//!
//! The prober trusts the files it maps: a file cut short or overwritten can make it read past
//! the mapping, which no panic handler can catch. So every file a folder holds is checked
//! first (size, magic number, and for standard tables the published checksum the file ends
//! with), and a folder with a bad file is not used at all: the prober picks files by name
//! from its folders, so the only way to keep a bad file from it is to keep its folder away.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use crate::checksums;
use crate::paths::{FolderError, prober_name};

/// The two kinds of table the engine uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TableKind {
    /// Win/draw/loss (`.rtbw`), probed in the search.
    Wdl,
    /// Distance to zeroing (`.rtbz`), probed at the root.
    Dtz,
}

impl TableKind {
    /// The file name suffix.
    pub const fn suffix(self) -> &'static str {
        match self {
            TableKind::Wdl => ".rtbw",
            TableKind::Dtz => ".rtbz",
        }
    }

    /// 0 for WDL, 1 for DTZ: where per-kind arrays keep this kind.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The first four bytes of every table of this kind.
    const fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            TableKind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

/// What is wrong with a table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// It cannot be opened or read.
    Unreadable(String),
    /// Its size is not 16 more than a multiple of 64, as every complete table's is.
    Incomplete(u64),
    /// It does not start with the magic number of its kind.
    BadMagic,
    /// It ends with another checksum than the published table of its name.
    ChecksumMismatch,
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileProblem::Unreadable(why) => write!(f, "cannot be read ({why})"),
            FileProblem::Incomplete(size) => {
                write!(f, "is incomplete ({size} bytes, not a whole table)")
            }
            FileProblem::BadMagic => write!(f, "is not a Syzygy table (bad magic number)"),
            FileProblem::ChecksumMismatch => write!(
                f,
                "does not end with the published checksum (truncated, damaged or another version)"
            ),
        }
    }
}

/// One folder of `SyzygyPath` after checking.
#[derive(Clone, Debug, Default)]
pub struct FolderScan {
    /// The folder as given.
    pub folder: PathBuf,
    /// Why the folder is not used, if it is not.
    pub folder_error: Option<FolderError>,
    /// Table files with a problem (any one keeps the whole folder from the prober).
    pub bad_files: Vec<(PathBuf, FileProblem)>,
    /// Good tables found: (material, kind).
    pub tables: BTreeSet<(String, TableKind)>,
    /// Good standard tables not in the published lists, so checked by size and magic only.
    pub unverified: usize,
}

impl FolderScan {
    /// Whether the prober may use this folder.
    pub fn usable(&self) -> bool {
        self.folder_error.is_none() && self.bad_files.is_empty() && !self.tables.is_empty()
    }
}

/// Lists and checks the table files in `folder`.
pub fn scan_folder(folder: &Path) -> FolderScan {
    let mut scan = FolderScan {
        folder: folder.to_path_buf(),
        ..FolderScan::default()
    };
    if !folder.is_dir() {
        scan.folder_error = Some(FolderError::NotAFolder);
        return scan;
    }
    if let Err(e) = prober_name(folder) {
        scan.folder_error = Some(e);
        return scan;
    }
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) => {
            scan.folder_error = Some(FolderError::Unreadable(e.to_string()));
            return scan;
        }
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some((material, kind)) = name.to_str().and_then(table_name) else {
            continue;
        };
        let path = entry.path();
        match check_file(&path, kind) {
            Ok(verified) => {
                scan.unverified += usize::from(!verified);
                scan.tables.insert((material.to_owned(), kind));
            }
            Err(problem) => scan.bad_files.push((path, problem)),
        }
    }
    scan.bad_files.sort_by(|a, b| a.0.cmp(&b.0));
    scan
}

/// `KQvKR.rtbw` → (`KQvKR`, WDL): a name the prober looks for. Other files are ignored.
pub fn table_name(file: &str) -> Option<(&str, TableKind)> {
    let (material, kind) = if let Some(m) = file.strip_suffix(TableKind::Wdl.suffix()) {
        (m, TableKind::Wdl)
    } else {
        (file.strip_suffix(TableKind::Dtz.suffix())?, TableKind::Dtz)
    };
    let (strong, weak) = material.split_once('v')?;
    let side_ok =
        |side: &str| side.starts_with('K') && side[1..].chars().all(|c| "QRBNP".contains(c));
    let pieces = strong.len() + weak.len();
    (side_ok(strong) && side_ok(weak) && (3..=7).contains(&pieces)).then_some((material, kind))
}

/// Checks one file: `Ok(true)` if it matches its published checksum, `Ok(false)` if it is not
/// a published table but has the right size and magic.
fn check_file(path: &Path, kind: TableKind) -> Result<bool, FileProblem> {
    let unreadable = |e: std::io::Error| FileProblem::Unreadable(e.to_string());
    let mut file = File::open(path).map_err(unreadable)?;
    let size = file.metadata().map_err(unreadable)?.len();
    if size < 80 || size % 64 != 16 {
        return Err(FileProblem::Incomplete(size));
    }
    let mut magic = [0u8; 4];
    file.read_exact(&mut magic).map_err(unreadable)?;
    if magic != kind.magic() {
        return Err(FileProblem::BadMagic);
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let Some(expected) = checksums::published(name) else {
        return Ok(false);
    };
    let mut tail = [0u8; 16];
    file.seek(SeekFrom::End(-16)).map_err(unreadable)?;
    file.read_exact(&mut tail).map_err(unreadable)?;
    if tail == expected {
        Ok(true)
    } else {
        Err(FileProblem::ChecksumMismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names_are_recognised() {
        assert_eq!(table_name("KQvK.rtbw"), Some(("KQvK", TableKind::Wdl)));
        assert_eq!(table_name("KRPvKR.rtbz"), Some(("KRPvKR", TableKind::Dtz)));
        assert_eq!(table_name("KQvK.rtbm"), None);
        assert_eq!(table_name("README.md"), None);
        assert_eq!(table_name("KvK.rtbw"), None);
        assert_eq!(table_name("KXvK.rtbw"), None);
        assert_eq!(table_name("QKvK.rtbw"), None);
        assert_eq!(table_name("KQRBNPvKQ.rtbw"), None);
    }

    #[test]
    fn a_missing_folder_is_reported() {
        let scan = scan_folder(Path::new("/definitely/not/here/tsubame-syzygy"));
        assert_eq!(scan.folder_error, Some(FolderError::NotAFolder));
        assert!(!scan.usable());
    }
}
