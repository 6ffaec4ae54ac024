//! The `SyzygyPath` option: a list of folders, separated the way the platform separates
//! entries of `PATH` (`;` on Windows, `:` elsewhere), with `<empty>` meaning none.

use std::path::PathBuf;

/// What separates folders in `SyzygyPath` on this platform (as Stockfish reads it).
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// The value that turns tablebases off, as UCI GUIs send it.
pub const EMPTY_PATH: &str = "<empty>";

/// The folders named by a `SyzygyPath` value, in order, without empty entries. An empty value
/// or `<empty>` names none.
pub fn parse_syzygy_path(value: &str) -> Vec<PathBuf> {
    let value = value.trim();
    if value.is_empty() || value.eq_ignore_ascii_case(EMPTY_PATH) {
        return Vec::new();
    }
    value
        .split(PATH_SEPARATOR)
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// Why a folder cannot be handed to the prober.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FolderError {
    /// The path does not exist or is not a folder.
    NotAFolder,
    /// The folder cannot be listed.
    Unreadable(String),
    /// The prober splits its path list at `:` and cannot take a NUL byte, so a folder whose
    /// name has one cannot be named to it (on Windows: a folder on another drive than the
    /// working directory).
    UnusableName,
}

impl std::fmt::Display for FolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FolderError::NotAFolder => write!(f, "no such folder"),
            FolderError::Unreadable(why) => write!(f, "cannot be read ({why})"),
            FolderError::UnusableName => write!(
                f,
                "its name has a ':' or NUL the prober cannot take (on Windows: put the tables \
                 on the engine's drive)"
            ),
        }
    }
}

/// The folder as the prober must be given it: the prober's own list splits at `:` only.
/// On Windows a drive letter is dropped when it is the working directory's drive (a path
/// from that drive's root means the same folder).
pub(crate) fn prober_name(folder: &std::path::Path) -> Result<String, FolderError> {
    let name = folder.to_str().ok_or(FolderError::UnusableName)?;
    let name = if cfg!(windows) {
        strip_current_drive(name)
    } else {
        name.to_owned()
    };
    if name.contains(':') || name.contains('\0') {
        return Err(FolderError::UnusableName);
    }
    Ok(name)
}

/// `C:\tables` becomes `\tables` when the working directory is on `C:`.
fn strip_current_drive(name: &str) -> String {
    let drive = |s: &str| {
        let bytes = s.as_bytes();
        (bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic())
            .then(|| bytes[0].to_ascii_uppercase())
    };
    let current = std::env::current_dir()
        .ok()
        .and_then(|dir| dir.to_str().and_then(drive));
    match drive(name) {
        Some(letter) if Some(letter) == current => name[2..].to_owned(),
        _ => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_values_name_no_folder() {
        assert!(parse_syzygy_path("").is_empty());
        assert!(parse_syzygy_path("<empty>").is_empty());
        assert!(parse_syzygy_path("  <EMPTY> ").is_empty());
    }

    #[test]
    fn folders_split_at_the_platform_separator() {
        let sep = PATH_SEPARATOR;
        let value = format!("tb345{sep}{sep} tb6 {sep}tb7");
        assert_eq!(
            parse_syzygy_path(&value),
            vec![
                PathBuf::from("tb345"),
                PathBuf::from("tb6"),
                PathBuf::from("tb7")
            ]
        );
    }

    #[test]
    fn names_the_prober_cannot_split_are_refused() {
        assert_eq!(
            prober_name(std::path::Path::new("a\0b")),
            Err(FolderError::UnusableName)
        );
        assert_eq!(
            prober_name(std::path::Path::new("tables")).as_deref(),
            Ok("tables")
        );
    }
}
