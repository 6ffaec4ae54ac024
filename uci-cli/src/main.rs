//! `tsubame`: the UCI front end.
fn main() {}
