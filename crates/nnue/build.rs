//! Copies the network to embed into `OUT_DIR`: `nets/default.nnue`, or the file named by the
//! `EVALFILE` environment variable (absolute, or relative to the workspace root), as OpenBench
//! builds engines with its own network. The crate checks the file at compile time.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=EVALFILE");
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let source = match env::var_os("EVALFILE") {
        Some(path) if !path.is_empty() => manifest.join("../..").join(path),
        _ => manifest.join("nets/default.nnue"),
    };
    println!("cargo:rerun-if-changed={}", source.display());
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo")).join("embedded.nnue");
    if let Err(e) = std::fs::copy(&source, &out) {
        panic!("cannot read the network {}: {e}", source.display());
    }
}
