//! The version a binary reports, on the command line, over UCI and in `bench`: the crate's,
//! and for a build outside a release the commit's date and hash (`dev-YYYYMMDD-hash`, as
//! Stockfish writes it), so that match records tell builds apart.

use std::io::Write;
use std::process::{Command, Stdio};

fn tsubame() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tsubame"))
}

/// Whether `text` is `Tsubame <crate version>`, alone (a release, or a build without git) or
/// followed by ` dev-YYYYMMDD-hash` with an 8-digit date and 8 hexadecimal digits.
fn is_name_and_version(text: &str) -> bool {
    let Some(rest) = text.strip_prefix(&format!("Tsubame {}", env!("CARGO_PKG_VERSION"))) else {
        return false;
    };
    if rest.is_empty() {
        return true;
    }
    let Some(build) = rest.strip_prefix(" dev-") else {
        return false;
    };
    match build.split_once('-') {
        Some((date, hash)) => {
            date.len() == 8
                && date.starts_with("20")
                && date.bytes().all(|b| b.is_ascii_digit())
                && hash.len() == 8
                && hash.bytes().all(|b| b.is_ascii_hexdigit())
        }
        None => false,
    }
}

#[test]
fn the_form_check_accepts_releases_and_dev_builds_only() {
    let version = env!("CARGO_PKG_VERSION");
    assert!(is_name_and_version(&format!("Tsubame {version}")));
    assert!(is_name_and_version(&format!(
        "Tsubame {version} dev-20260115-6f3807f0"
    )));
    for bad in [
        format!("Tsubame {version} dev-2026011-6f3807f0"),
        format!("Tsubame {version} dev-20260115-6f3807"),
        format!("Tsubame {version} dev-20260115-6f3807fg"),
        format!("Tsubame {version}-dev"),
        "Tsubame 0.0.0-other".to_owned(),
    ] {
        assert!(!is_name_and_version(&bad), "{bad}");
    }
}

/// `--version` and `-V` print the name and version, the same text as `id name`.
fn version_line() -> String {
    let out = tsubame().arg("--version").output().expect("run tsubame");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    text.strip_suffix('\n').expect("one line").to_owned()
}

#[test]
fn version_flag_prints_the_crate_version() {
    let version = version_line();
    assert!(is_name_and_version(&version), "{version}");
    let out = tsubame().arg("-V").output().expect("run tsubame");
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{version}\n"));
}

#[test]
fn uci_id_name_carries_the_same_version() {
    let mut child = tsubame()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start tsubame");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"uci\nquit\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let first = text.lines().next().expect("a line");
    assert_eq!(first, format!("id name {}", version_line()));
}

/// `bench` names the build first; its last line stays OpenBench's `N nodes M nps`.
#[test]
fn bench_names_the_build() {
    let out = tsubame().args(["bench", "1", "hce"]).output().expect("run");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(text.lines().next(), Some(version_line().as_str()), "{text}");
    let last = text.lines().last().unwrap_or_default();
    assert!(last.ends_with(" nps") && last.contains(" nodes "), "{last}");
}

#[test]
fn an_unknown_argument_fails_and_names_the_version_flag() {
    let out = tsubame().arg("--verison").output().expect("run tsubame");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(err.contains("--version"), "{err}");
}
