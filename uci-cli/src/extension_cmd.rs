//! The UCI extensions that Stockfish's users expect beside `d`, `eval` and `perft`: `flip`,
//! `compiler`, `speedtest`, `export_net`, `help` and `bench` with Stockfish's arguments. The
//! protocol part (the lines, the build's facts); the engine does the chess.

use std::time::Duration;

use engine::{Engine, SPEEDTEST_DEFAULT};

use crate::command::Command;
use crate::output::send;

/// Carries out one of the extensions (any other command is left alone).
pub fn run(engine: &mut Engine, command: Command) {
    match command {
        Command::Flip => engine.flip(),
        Command::Compiler => compiler_lines().iter().for_each(|line| send(line)),
        Command::Speedtest { seconds } => {
            let duration = seconds.map_or(SPEEDTEST_DEFAULT, |s| Duration::from_secs(s.into()));
            engine.speedtest(duration);
        }
        Command::ExportNet { file } => engine.export_net(file.as_deref()),
        Command::Help => HELP.iter().for_each(|line| send(line)),
        Command::Bench(spec) => {
            // As on the command line: the build first, so a recorded run says what it measured.
            send(crate::NAME_AND_VERSION);
            engine.bench_with(&spec);
        }
        _ => {}
    }
}

/// How this binary was built, as `compiler` prints it (Stockfish's command of that name):
/// the version, the compiler, the target and profile, the target features compiled in, and
/// the network's code path the CPU gets at run time.
pub fn compiler_lines() -> Vec<String> {
    vec![
        crate::NAME_AND_VERSION.to_owned(),
        format!("Compiled by      : {}", env!("TSUBAME_RUSTC")),
        format!("Target           : {}", env!("TSUBAME_TARGET")),
        format!(
            "Profile          : {} (opt-level {}, debug assertions {})",
            env!("TSUBAME_PROFILE"),
            env!("TSUBAME_OPT_LEVEL"),
            env!("TSUBAME_DEBUG_ASSERTIONS")
        ),
        format!(
            "Target features  : {}",
            env!("TSUBAME_TARGET_FEATURES").replace(',', " ")
        ),
        format!(
            "Network code     : {} (chosen at run time for this CPU)",
            nnue::Backend::best().name()
        ),
    ]
}

/// `help`: every command, one line each.
pub const HELP: &[&str] = &[
    "Tsubame speaks UCI; docs/uci.md describes every command. The commands:",
    "  uci, isready, ucinewgame, setoption name <name> [value <v>], register, debug on|off, quit",
    "  position startpos|fen <fen> [moves <m>...]     set the position",
    "  go [wtime btime winc binc movestogo depth nodes mate movetime infinite ponder searchmoves perft]",
    "  stop, ponderhit                                 end or confirm a search",
    "  d                                               the board, FEN, key and checkers",
    "  eval                                            the evaluation by term and by piece",
    "  flip                                            swap the position's colours",
    "  perft <depth> [fen]                             count the leaves, move by move",
    "  bench [depth]                                   the signature: 50 positions, depth 11",
    "  bench <hash> <threads> <limit> <default|current|file> <depth|nodes|movetime|perft>",
    "  speedtest [seconds]                             node rate on every core (10 s)",
    "  export_net [file]                               write the network (tsubame.nnue)",
    "  compiler                                        how this binary was built",
    "  help                                            this list",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_every_command_the_parser_knows() {
        let text = HELP.join("\n");
        for command in crate::command::COMMANDS {
            assert!(text.contains(command), "{command} missing from help");
        }
    }

    #[test]
    fn compiler_lines_say_what_the_build_script_found() {
        let lines = compiler_lines();
        assert_eq!(lines[0], crate::NAME_AND_VERSION);
        assert!(lines[1].contains("rustc "), "{lines:#?}");
        assert!(!env!("TSUBAME_TARGET").is_empty());
        // The tests run in a profile with optimisation (`quick`, `release`) or without (`dev`).
        assert!(!env!("TSUBAME_PROFILE").is_empty());
        #[cfg(target_feature = "sse2")]
        assert!(lines[4].contains("sse2"), "{lines:#?}");
    }
}
