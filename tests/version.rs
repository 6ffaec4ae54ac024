//! The version a release binary reports, on the command line and over UCI, is the crate's.

use std::io::Write;
use std::process::{Command, Stdio};

fn tsubame() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tsubame"))
}

#[test]
fn version_flag_prints_the_crate_version() {
    for flag in ["--version", "-V"] {
        let out = tsubame().arg(flag).output().expect("run tsubame");
        assert!(out.status.success(), "{flag} failed");
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(
            text,
            format!("Tsubame {}\n", env!("CARGO_PKG_VERSION")),
            "{flag}"
        );
    }
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
    assert_eq!(
        first,
        format!("id name Tsubame {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn an_unknown_argument_fails_and_names_the_version_flag() {
    let out = tsubame().arg("--verison").output().expect("run tsubame");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(err.contains("--version"), "{err}");
}
