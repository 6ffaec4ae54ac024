//! search crate: see DESIGN.md.
