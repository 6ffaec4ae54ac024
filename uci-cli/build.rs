//! The build's identity: outside a release, the commit and its date, so that two builds of one
//! version tell themselves apart (`id name`, `--version`, `bench`), in Stockfish's form
//! `dev-YYYYMMDD-hash`. Sets `TSUBAME_BUILD` to ` dev-20260115-6f3807f0` (the commit's date
//! in UTC and the first 8 digits of its hash), or to nothing for a release: a commit tagged
//! `v<version>`, or a source tree without git (a release archive; nothing could be named).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let build = dev_build(&here, &version).unwrap_or_default();
    println!("cargo:rustc-env=TSUBAME_BUILD={build}");
    compiler();
}

/// What the `compiler` command reports: the compiler's version, the target, the profile and
/// its optimisation level, and the target features the code was compiled for.
fn compiler() {
    let env = |name: &str| std::env::var(name).unwrap_or_default();
    let rustc = Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()))
        .arg("--version")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|text| text.trim().to_owned())
        .filter(|text| !text.is_empty())
        .unwrap_or_else(|| "rustc (version unknown)".to_owned());
    // Cargo names the profile's folder `target/<profile>/build/...` (or
    // `target/<triple>/<profile>/build/...`); `PROFILE` only says debug or release.
    let out_dir = PathBuf::from(env("OUT_DIR"));
    let profile = out_dir
        .ancestors()
        .find(|dir| dir.file_name().is_some_and(|name| name == "build"))
        .and_then(Path::parent)
        .and_then(Path::file_name)
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| env("PROFILE"));
    let assertions = if std::env::var_os("CARGO_CFG_DEBUG_ASSERTIONS").is_some() {
        "on"
    } else {
        "off"
    };
    for (name, value) in [
        ("TSUBAME_RUSTC", rustc),
        ("TSUBAME_TARGET", env("TARGET")),
        ("TSUBAME_PROFILE", profile),
        ("TSUBAME_OPT_LEVEL", env("OPT_LEVEL")),
        ("TSUBAME_DEBUG_ASSERTIONS", assertions.to_owned()),
        ("TSUBAME_TARGET_FEATURES", env("CARGO_CFG_TARGET_FEATURE")),
    ] {
        println!("cargo:rustc-env={name}={value}");
    }
}

/// ` dev-DATE-HASH` when `dir` is in a git checkout whose HEAD is not the release tag; `None`
/// for a release, and when git or the repository cannot be read.
fn dev_build(dir: &Path, version: &str) -> Option<String> {
    watch_head(dir);
    let hash = git(dir, &["rev-parse", "HEAD"])?;
    let date = git(
        dir,
        &["log", "-1", "--format=%cd", "--date=format-local:%Y%m%d"],
    )?;
    let tags = git(dir, &["tag", "--points-at", "HEAD"]).unwrap_or_default();
    let release_tag = format!("v{version}");
    if tags.lines().any(|tag| tag.trim() == release_tag) {
        return None;
    }
    let short: String = hash.chars().take(8).collect();
    Some(format!(" dev-{date}-{short}"))
}

/// Reruns this script when HEAD moves: a commit, a checkout, a new tag. In a worktree, HEAD
/// lives in the worktree's git folder and the branches and tags in the shared one.
fn watch_head(dir: &Path) {
    let Some(git_dir) = git(dir, &["rev-parse", "--absolute-git-dir"]) else {
        return;
    };
    let git_dir = PathBuf::from(git_dir);
    let common = git(dir, &["rev-parse", "--git-common-dir"])
        .map(|common| dir.join(common))
        .unwrap_or_else(|| git_dir.clone());
    let head = git_dir.join("HEAD");
    let mut watched = vec![
        head.clone(),
        common.join("packed-refs"),
        common.join("refs/tags"),
    ];
    // The branch HEAD names, if it is a loose ref (a packed one is in `packed-refs`).
    if let Ok(text) = std::fs::read_to_string(&head) {
        if let Some(branch) = text.trim().strip_prefix("ref: ") {
            watched.push(common.join(branch));
        }
    }
    for path in watched.iter().filter(|path| path.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// The trimmed output of `git ARGS` run in `dir`, or `None` when git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        // The commit's date as a UTC calendar day, wherever the build runs.
        .env("TZ", "UTC")
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    (output.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}
