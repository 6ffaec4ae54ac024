//! The `tsubame` binary driven through pipes, as GUIs, match runners and scripts drive it: one
//! test executable for all of them, so that a fresh clone links it once.

mod engine_harness;
mod soak;

mod analyse_cli;
mod command_line;
mod datagen_cli;
mod uci_extensions;
mod uci_flow;
mod uci_gui_input;
mod uci_human_pace;
mod uci_nnue;
mod uci_options;
mod uci_output;
mod uci_protocol;
mod uci_smp_mode;
mod uci_soak;
mod uci_strength;
mod uci_syzygy;
mod version;
