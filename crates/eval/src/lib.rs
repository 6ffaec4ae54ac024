//! eval crate: see DESIGN.md.
