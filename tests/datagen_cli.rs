//! `tsubame datagen` and `genfens` through the binary, as a user and OpenBench run them.

use std::path::PathBuf;
use std::process::{Command, Output};

use movegen::Position;

fn tsubame(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsubame"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tsubame-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// A second run appends: with the same seed the file holds the same games twice.
#[test]
fn datagen_appends_and_repeats_itself() {
    let path = temp_file("append.vf");
    let out = path.to_str().unwrap();
    let args = [
        "datagen", "--out", out, "--games", "2", "--nodes", "200", "--seed", "3",
    ];
    let first = tsubame(&args);
    assert!(first.status.success(), "{first:?}");
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(stdout.contains("done: 2 games"), "{stdout}");
    let once = std::fs::read(&path).unwrap();
    assert!(once.len() > 2 * 36);
    assert!(tsubame(&args).status.success());
    let twice = std::fs::read(&path).unwrap();
    assert_eq!(twice.len(), 2 * once.len());
    assert_eq!(&twice[..once.len()], &once[..]);
    assert_eq!(&twice[once.len()..], &once[..]);
    let games: Vec<_> = datafmt::GameReader::new(&twice[..])
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 4);

    // data-stats checks the file; a cut one is refused after the whole games.
    let stats = tsubame(&["data-stats", out]);
    assert!(stats.status.success(), "{stats:?}");
    assert!(String::from_utf8_lossy(&stats.stdout).contains(": 4 games"));
    std::fs::write(&path, &twice[..twice.len() - 3]).unwrap();
    let cut = tsubame(&["data-stats", out]);
    assert!(!cut.status.success());
    assert!(String::from_utf8_lossy(&cut.stdout).contains(": 3 games"));
    assert!(String::from_utf8_lossy(&cut.stderr).contains("ends inside"));
    let _ = std::fs::remove_file(&path);
}

/// `--eval hce` and `--eval nnue` both write legal games, different ones, and say which
/// evaluation played them; a network file that is missing or not a network is refused.
#[test]
fn datagen_plays_with_the_network_or_the_hand_crafted_evaluation() {
    let run = |eval: &str| {
        let path = temp_file(&format!("eval-{eval}.vf"));
        let out = tsubame(&[
            "datagen",
            "--out",
            path.to_str().unwrap(),
            "--games",
            "3",
            "--nodes",
            "200",
            "--seed",
            "5",
            "--eval",
            eval,
        ]);
        assert!(out.status.success(), "{out:?}");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let games: Vec<_> = datafmt::GameReader::new(&bytes[..])
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(games.len(), 3, "{eval}");
        for game in &games {
            let mut pos = game.start.clone();
            for (mv, _) in &game.moves {
                assert!(pos.legal_moves().contains(mv), "{eval}: illegal move");
                pos.play(*mv);
            }
        }
        (stdout, bytes)
    };
    let (hce_text, hce) = run("hce");
    let (nnue_text, nnue) = run("nnue");
    assert!(hce_text.contains("evaluation hand-crafted"), "{hce_text}");
    assert!(
        nnue_text.contains("evaluation network (embedded)"),
        "{nnue_text}"
    );
    assert_ne!(hce, nnue, "the two evaluations played the same games");

    let path = temp_file("evalfile.vf");
    let garbage = temp_file("garbage.nnue");
    std::fs::write(&garbage, b"not a network").unwrap();
    for file in [garbage.to_str().unwrap(), "/nonexistent/tsubame.nnue"] {
        let out = tsubame(&[
            "datagen",
            "--out",
            path.to_str().unwrap(),
            "--games",
            "1",
            "--evalfile",
            file,
        ]);
        assert!(!out.status.success(), "{file}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--evalfile"), "{stderr}");
        assert!(!path.exists(), "no output before the network is checked");
    }
    let _ = std::fs::remove_file(&garbage);
}

#[test]
fn text_lines_convert_to_packed_boards() {
    let input = temp_file("lines.txt");
    let output = temp_file("lines.bin");
    std::fs::write(
        &input,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 25 | 0.5\n\
         not a line\n\
         8/8/4k3/8/8/4K3/4P3/8 w - - 0 60 | 180 | 1.0\n",
    )
    .unwrap();
    let out = tsubame(&[
        "convert-text",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("converted 2 positions"));
    let bytes = std::fs::read(&output).unwrap();
    assert_eq!(bytes.len(), 64);
    let mut second = [0u8; 32];
    second.copy_from_slice(&bytes[32..]);
    let board = datafmt::PackedBoard(second);
    assert_eq!(
        board.unpack().unwrap().fen(),
        "8/8/4k3/8/8/4K3/4P3/8 w - - 0 60"
    );
    assert_eq!(board.score().white(), 180);
    assert_eq!(board.result().unwrap(), datafmt::GameResult::WhiteWin);
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
}

/// A conversion where no line is one (the wrong file) fails, and says so.
#[test]
fn a_text_file_without_one_good_line_fails_to_convert() {
    let input = temp_file("all-bad.txt");
    let output = temp_file("all-bad.bin");
    for text in ["not a line\nnor this\n", ""] {
        std::fs::write(&input, text).unwrap();
        let out = tsubame(&[
            "convert-text",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ]);
        assert!(!out.status.success(), "{text:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("nothing converted"), "{stderr}");
    }
    assert_eq!(std::fs::metadata(&output).map(|m| m.len()).unwrap_or(0), 0);
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
}

/// An empty data file has no positions to give a ratio or a share of.
#[test]
fn data_stats_of_an_empty_file_gives_no_ratios() {
    let path = temp_file("empty.vf");
    std::fs::write(&path, b"").unwrap();
    let out = tsubame(&["data-stats", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(": 0 games, 0 positions, 0 bytes"),
        "{stdout}"
    );
    assert!(
        !stdout.contains('%') && !stdout.contains("/position"),
        "{stdout}"
    );
}

#[test]
fn datagen_refuses_bad_arguments() {
    let out = tsubame(&["datagen", "--games", "2"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--out"));
}

/// OpenBench's form: each command line one argument, then `quit`.
#[test]
fn genfens_prints_legal_openings_as_openbench_reads_them() {
    let out = tsubame(&["genfens 5 seed 77 book None ", "quit"]);
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let fens: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("info string genfens "))
        .collect();
    assert_eq!(fens.len(), 5, "{stdout}");
    for fen in &fens {
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.has_legal_moves());
        assert!((8..=9).contains(&pos.game_ply()), "{fen}");
        assert_eq!(
            fen.split_whitespace().count(),
            6,
            "OpenBench needs both counters"
        );
    }
    // The same seed gives the same openings; one word per argument works too.
    let again = tsubame(&["genfens", "5", "seed", "77", "book", "None"]);
    assert_eq!(String::from_utf8_lossy(&again.stdout), stdout);
}

#[test]
fn genfens_reads_a_book() {
    let path = temp_file("book.epd");
    std::fs::write(
        &path,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - hmvc 0; fmvn 1;\n",
    )
    .unwrap();
    let line = format!("genfens 3 seed 31415 book {}", path.display());
    let out = tsubame(&[&line, "quit"]);
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let fens: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("info string genfens "))
        .collect();
    assert_eq!(fens.len(), 3, "{stdout}");
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        // 8 or 9 plies after a position with Black to move.
        assert!((9..=10).contains(&pos.game_ply()), "{fen}");
    }
    let missing = tsubame(&["genfens 3 seed 31415 book /nonexistent/book.epd", "quit"]);
    assert!(!missing.status.success());
    let _ = std::fs::remove_file(&path);
}
