//! `tsubame analyse` through the binary: annotated PGN on stdout that reads back with the same
//! moves, judgements where a queen is given away, the same analysis for the same node count,
//! and usage errors for bad arguments.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tsubame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsubame"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn pgn_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tsubame-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("a temporary file");
    path
}

/// Two games: Black hangs the queen in the first (2... Qg5?? 3. Nxg5); the second starts from
/// a FEN and has an illegal move, after which the analysis stops.
const GAMES: &str = r#"[Event "One"]
[White "W"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 Qg5 {a comment} (2... Nc6) 3. Nxg5 $1 1-0

[Event "Two"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 Kd7 2. Kd2 Ke9 *
"#;

#[test]
fn games_come_back_annotated_and_readable() {
    let path = pgn_file("games.pgn", GAMES);
    let args = ["analyse", path.to_str().unwrap(), "--nodes", "20000"];
    let out = tsubame(&args);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let games = pgn::read_games(&text);
    assert_eq!(games.len(), 2, "{text}");
    let original = pgn::read_games(GAMES);
    assert_eq!(games[0].replay().unwrap(), original[0].replay().unwrap());
    assert_eq!(games[0].result, "1-0");
    assert_eq!(games[0].tag("Event"), Some("One"));
    assert!(games[0].tag("Annotator").unwrap().starts_with("Tsubame"));
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(one_line.contains("Qg5 $4 { [%eval "), "{text}");
    assert!(one_line.contains("White: accuracy "), "{text}");
    // The second game stops before its illegal move, and says so.
    assert_eq!(games[1].sans, ["e4", "Kd7", "Kd2"]);
    assert_eq!(games[1].tag("FEN"), original[1].tag("FEN"));
    assert!(one_line.contains("The analysis stops at ply 4"), "{text}");
    let progress = String::from_utf8_lossy(&out.stderr);
    assert!(progress.contains("game 2/2"), "{progress}");
    // A node count gives the same analysis every run.
    let again = tsubame(&args);
    assert_eq!(String::from_utf8(again.stdout).unwrap(), text);
    let _ = std::fs::remove_file(path);
}

#[test]
fn bad_arguments_are_refused() {
    let path = pgn_file("one.pgn", "1. e4 *");
    let both = tsubame(&[
        "analyse",
        path.to_str().unwrap(),
        "--nodes",
        "10",
        "--movetime",
        "10",
    ]);
    assert_eq!(both.status.code(), Some(2), "{both:?}");
    let missing = tsubame(&["analyse", "/nonexistent/games.pgn"]);
    assert_eq!(missing.status.code(), Some(2), "{missing:?}");
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let _ = std::fs::remove_file(path);
}

/// A file with no game in it is a wrong file: an error, not an empty analysis.
#[test]
fn a_file_without_games_is_an_error() {
    let path = pgn_file("none.pgn", "\n\n");
    let out = tsubame(&["analyse", path.to_str().unwrap(), "--nodes", "10"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no game"));
    let _ = std::fs::remove_file(path);
}
