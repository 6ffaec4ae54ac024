//! Probes against python-chess's answers, the file checks, and the prober's rules, on the
//! 3- and 4-piece tables the repository carries (`testdata/syzygy`).
//!
//! The prober holds one set of tables per process, so the tests that open tables take
//! `ONE_AT_A_TIME` first.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use movegen::Position;
use syzygy::{
    FileProblem, OpenError, RootRules, RootValue, Tablebases, Wdl, load, material_sides,
    rank_root_moves,
};

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn exclusive() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn repo_tables() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/syzygy")
}

fn open_repo_tables() -> Tablebases {
    let (tb, report) = load(repo_tables().to_str().expect("utf-8 path"));
    let tb = tb.unwrap_or_else(|| panic!("tables not loaded: {:?}", report.messages()));
    tb.read_all_now();
    assert_eq!((report.wdl_tables, report.dtz_tables), (35, 35));
    assert_eq!(tb.max_pieces(), 4);
    tb
}

fn wdl_from(signed: i32) -> Wdl {
    match signed {
        -2 => Wdl::Loss,
        -1 => Wdl::BlessedLoss,
        0 => Wdl::Draw,
        1 => Wdl::CursedWin,
        _ => Wdl::Win,
    }
}

/// The material signature of a position, strong side first (`KRvKB`).
fn signature(pos: &Position) -> String {
    let [w, b] = material_sides(pos);
    let value = |s: &str| {
        (
            s.len(),
            s.chars().map(|c| "PNBRQK".find(c)).collect::<Vec<_>>(),
        )
    };
    if value(&w) >= value(&b) {
        format!("{w}v{b}")
    } else {
        format!("{b}v{w}")
    }
}

/// Checks every line of an expected-results file; returns positions per signature and the
/// mismatches found.
fn check_expected(tb: &Tablebases, text: &str) -> (BTreeMap<String, usize>, Vec<String>) {
    let mut per_signature = BTreeMap::new();
    let mut mismatches = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 4, "malformed line {line}");
        let pos = Position::from_fen(fields[0]).expect("valid FEN");
        let number = |i: usize| fields[i].trim().parse::<i32>().expect("number");
        let (wdl, dtz, verdict) = (number(1), number(2), number(3));
        let got_wdl = tb.probe_wdl(&pos);
        let got_dtz = tb.probe_dtz(&pos);
        if got_wdl != Some(wdl_from(wdl)) || got_dtz != Some((dtz, wdl_from(verdict))) {
            mismatches.push(format!(
                "{}: expected wdl {wdl} dtz {dtz} verdict {verdict}, got {got_wdl:?} {got_dtz:?}",
                fields[0]
            ));
        }
        *per_signature.entry(signature(&pos)).or_insert(0) += 1;
    }
    (per_signature, mismatches)
}

#[test]
fn probes_agree_with_python_chess_on_every_repository_table() {
    let _guard = exclusive();
    let tb = open_repo_tables();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/syzygy-expected.txt");
    let text = std::fs::read_to_string(path).expect("expected results file");
    let (per_signature, mismatches) = check_expected(&tb, &text);
    for (sig, n) in &per_signature {
        println!("{sig}: {n} positions");
    }
    assert_eq!(
        per_signature.len(),
        35,
        "every 3-4 piece signature is checked"
    );
    assert!(per_signature.values().all(|&n| n >= 50));
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// The same check on a larger set of tables and positions, when they are given:
/// TSUBAME_SYZYGY_PATH (the tables) and TSUBAME_SYZYGY_EXPECTED (a file from
/// `tools/syzygy_expected.py` for them).
#[test]
fn probes_agree_with_python_chess_on_external_tables() {
    let (Ok(path), Ok(expected)) = (
        std::env::var("TSUBAME_SYZYGY_PATH"),
        std::env::var("TSUBAME_SYZYGY_EXPECTED"),
    ) else {
        println!(
            "skipped: set TSUBAME_SYZYGY_PATH and TSUBAME_SYZYGY_EXPECTED to check larger tables"
        );
        return;
    };
    let _guard = exclusive();
    let (tb, report) = load(&path);
    let tb = tb.unwrap_or_else(|| panic!("tables not loaded: {:?}", report.messages()));
    tb.read_all_now();
    let text = std::fs::read_to_string(expected).expect("expected results file");
    let (per_signature, mismatches) = check_expected(&tb, &text);
    for (sig, n) in &per_signature {
        println!("{sig}: {n} positions");
    }
    println!(
        "{} signatures, {} positions, {} mismatches",
        per_signature.len(),
        per_signature.values().sum::<usize>(),
        mismatches.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn root_ranking_keeps_the_win_and_the_draw() {
    let _guard = exclusive();
    let tb = open_repo_tables();
    let rules = RootRules {
        halfmove_clock: 0,
        repeated: false,
        rule50: true,
    };
    // KQvK: every kept move wins, and a queen left en prise to the king is not among them.
    let pos = Position::from_fen("8/8/8/4k3/8/8/3Q4/3K4 w - - 0 1").unwrap();
    let values = tb.probe_root(&pos).expect("root probe");
    assert_eq!(values.len(), pos.legal_moves().len());
    let ranking = rank_root_moves(&values, rules).unwrap();
    assert_eq!(ranking.verdict, Wdl::Win);
    let d4 = pos.parse_uci_move("d2d4", false).unwrap();
    assert!(!ranking.keep.contains(&d4), "Qd4+ loses the queen");
    for mv in &ranking.keep {
        let mut child = pos.clone();
        child.play(*mv);
        assert_eq!(
            tb.probe_wdl(&child),
            Some(Wdl::Loss),
            "{mv:?} keeps the win"
        );
    }
    // KRvKR, a draw: only drawing moves remain (the rook may not be left to the other).
    let pos = Position::from_fen("r7/8/4k3/8/8/8/4K3/7R w - - 0 1").unwrap();
    let ranking = rank_root_moves(&tb.probe_root(&pos).unwrap(), rules).unwrap();
    assert_eq!(ranking.verdict, Wdl::Draw);
    let h8 = pos.parse_uci_move("h1h8", false).unwrap();
    assert!(ranking.keep.len() > 1);
    for mv in &ranking.keep {
        let mut child = pos.clone();
        child.play(*mv);
        assert_eq!(tb.probe_wdl(&child).map(Wdl::flip), Some(Wdl::Draw));
    }
    assert!(!ranking.keep.contains(&h8), "Rh8 hangs the rook");
}

#[test]
fn wdl_probes_agree_across_many_threads() {
    let _guard = exclusive();
    let tb = open_repo_tables();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/syzygy-expected.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let positions: Vec<(Position, Wdl)> = text
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            (
                Position::from_fen(f[0]).unwrap(),
                wdl_from(f[1].parse().unwrap()),
            )
        })
        .collect();
    std::thread::scope(|s| {
        for t in 0..8 {
            let (tb, positions) = (&tb, &positions);
            s.spawn(move || {
                // Each thread walks the list from another place, so tables load concurrently.
                let n = positions.len();
                for i in 0..n {
                    let (pos, wdl) = &positions[(i + t * n / 8) % n];
                    assert_eq!(tb.probe_wdl(pos), Some(*wdl));
                }
            });
        }
    });
}

#[test]
fn positions_the_tables_cannot_answer_are_not_probed() {
    let _guard = exclusive();
    let tb = open_repo_tables();
    // Five pieces with 4-piece tables; castling rights.
    let five = Position::from_fen("8/8/4k3/8/2b5/8/4K3/RR6 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&five), None);
    assert!(tb.probe_root(&five).is_none());
    let castling = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&castling), None);
    // No legal move: nothing to rank.
    let mate = Position::from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(tb.probe_root(&mate).is_none());
}

#[test]
fn one_set_of_tables_at_a_time_and_reopening_works() {
    let _guard = exclusive();
    let tb = open_repo_tables();
    let (second, report) = load(repo_tables().to_str().unwrap());
    assert!(second.is_none());
    assert_eq!(report.open_error, Some(OpenError::AlreadyOpen));
    drop(tb);
    let again = open_repo_tables();
    let pos = Position::from_fen("8/8/8/4k3/8/8/3Q4/3K4 w - - 0 1").unwrap();
    assert_eq!(again.probe_wdl(&pos), Some(Wdl::Win));
}

/// A temporary folder, removed when dropped. Under the build folder rather than the system's
/// temporary folder: on Windows that is often on another drive, which the prober cannot name.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("syzygy-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    /// Copies a repository table here, changed by `edit`.
    fn copy(&self, file: &str, edit: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
        let mut bytes = std::fs::read(repo_tables().join(file)).unwrap();
        edit(&mut bytes);
        let path = self.0.join(file);
        std::fs::write(&path, bytes).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A name, how to damage a copy of KRvK.rtbw, and the problem the check must report.
type DamageCase = (
    &'static str,
    Box<dyn FnOnce(&mut Vec<u8>)>,
    fn(&FileProblem) -> bool,
);

#[test]
fn damaged_files_are_found_and_their_folder_is_not_used() {
    let _guard = exclusive();
    let good = TempDir::new("good");
    good.copy("KQvK.rtbw", |_| {});
    good.copy("KQvK.rtbz", |_| {});
    let cases: Vec<DamageCase> = vec![
        (
            "cut",
            Box::new(|b: &mut Vec<u8>| b.truncate(b.len() - 100)),
            |p| matches!(p, FileProblem::Incomplete(_)),
        ),
        (
            // Cut at a whole number of 64-byte blocks: the size looks right, the checksum not.
            "cut64",
            Box::new(|b: &mut Vec<u8>| b.truncate(b.len() - 128)),
            |p| *p == FileProblem::ChecksumMismatch,
        ),
        ("magic", Box::new(|b: &mut Vec<u8>| b[0] ^= 0xff), |p| {
            *p == FileProblem::BadMagic
        }),
        (
            "tail",
            Box::new(|b: &mut Vec<u8>| {
                let n = b.len();
                b[n - 1] ^= 1;
            }),
            |p| *p == FileProblem::ChecksumMismatch,
        ),
        ("empty", Box::new(|b: &mut Vec<u8>| b.clear()), |p| {
            matches!(p, FileProblem::Incomplete(0))
        }),
    ];
    for (name, edit, expected) in cases {
        let bad = TempDir::new(name);
        bad.copy("KRvK.rtbw", edit);
        bad.copy("KRvK.rtbz", |_| {});
        let sep = syzygy::PATH_SEPARATOR;
        let value = format!("{}{sep}{}", bad.0.display(), good.0.display());
        let (tb, report) = load(&value);
        let tb = tb.unwrap_or_else(|| panic!("{name}: good folder not loaded"));
        tb.read_all_now();
        let bad_scan = &report.folders[0];
        assert_eq!(bad_scan.bad_files.len(), 1, "{name}");
        assert!(
            expected(&bad_scan.bad_files[0].1),
            "{name}: {:?}",
            bad_scan.bad_files
        );
        assert!(!bad_scan.usable());
        let text = report.messages().join("\n");
        assert!(text.contains("KRvK.rtbw"), "{name}: {text}");
        assert!(text.contains("Found 1 WDL and 1 DTZ"), "{name}: {text}");
        // KRvK is not probed from the bad folder: no answer rather than a wrong one.
        let krk = Position::from_fen("8/8/8/4k3/8/8/3R4/3K4 w - - 0 1").unwrap();
        assert_eq!(tb.probe_wdl(&krk), None, "{name}");
        let kqk = Position::from_fen("8/8/8/4k3/8/8/3Q4/3K4 w - - 0 1").unwrap();
        assert_eq!(tb.probe_wdl(&kqk), Some(Wdl::Win), "{name}");
    }
}

#[test]
fn missing_and_empty_paths_load_nothing_and_say_so() {
    let _guard = exclusive();
    let (tb, report) = load("/no/such/folder/for/tsubame");
    assert!(tb.is_none());
    assert!(report.messages()[0].contains("no such folder"));
    let (tb, report) = load("<empty>");
    assert!(tb.is_none());
    assert!(report.folders.is_empty());
    let empty = TempDir::new("none");
    let (tb, report) = load(empty.0.to_str().unwrap());
    assert!(tb.is_none());
    assert!(
        report
            .messages()
            .iter()
            .any(|m| m.contains("holds no table"))
    );
    // After all that, tables still open (no failed attempt kept the prober's slot).
    let tb = open_repo_tables();
    assert!(tb.max_pieces() == 4);
}

#[test]
fn a_missing_dtz_table_falls_back_to_wdl_at_the_root() {
    let _guard = exclusive();
    let dir = TempDir::new("wdl-only");
    for f in ["KRvK.rtbw", "KQvK.rtbw", "KQvK.rtbz"] {
        dir.copy(f, |_| {});
    }
    let (tb, report) = load(dir.0.to_str().unwrap());
    let tb = tb.expect("loaded");
    tb.read_all_now();
    assert_eq!((report.wdl_tables, report.dtz_tables), (2, 1));
    let pos = Position::from_fen("8/8/8/4k3/8/8/3R4/3K4 w - - 0 1").unwrap();
    let values = tb.probe_root(&pos).expect("WDL fallback");
    assert!(values.iter().all(|(_, v)| matches!(v, RootValue::Wdl(_))));
    let rules = RootRules {
        halfmove_clock: 0,
        repeated: false,
        rule50: true,
    };
    let ranking = rank_root_moves(&values, rules).unwrap();
    assert_eq!(ranking.verdict, Wdl::Win);
    let hang = pos.parse_uci_move("d2d4", false).unwrap();
    assert!(!ranking.keep.contains(&hang), "Rd4+ hangs the rook");
}

#[test]
fn a_file_removed_after_loading_gives_no_answer_rather_than_a_crash() {
    let _guard = exclusive();
    let dir = TempDir::new("removed");
    for f in ["KRvK.rtbw", "KRvK.rtbz", "KQvK.rtbw"] {
        dir.copy(f, |_| {});
    }
    let (tb, _) = load(dir.0.to_str().unwrap());
    let tb = tb.expect("loaded");
    tb.read_all_now();
    // Tables are mapped on first use: remove one before it is.
    std::fs::remove_file(dir.0.join("KRvK.rtbw")).unwrap();
    let krk = Position::from_fen("8/8/8/4k3/8/8/3R4/3K4 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&krk), None);
    let kqk = Position::from_fen("8/8/8/4k3/8/8/3Q4/3K4 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&kqk), Some(Wdl::Win));
}

/// Polls `ready` until it holds; panics after a minute (the reader is stuck, not slow).
fn eventually(mut ready: impl FnMut() -> bool) {
    let give_up = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !ready() {
        assert!(
            std::time::Instant::now() < give_up,
            "the files were never read"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

#[test]
fn files_not_yet_read_give_no_answer_and_are_read_in_the_background() {
    let _guard = exclusive();
    let (tb, _) = load(repo_tables().to_str().unwrap());
    let tb = tb.expect("loaded");
    // Nothing read yet: the prober is not asked (it would wait on the disk), the files are.
    let kqk = Position::from_fen("8/8/8/4k3/8/8/3Q4/3K4 w - - 0 1").unwrap();
    assert_eq!(tb.probe_wdl(&kqk), None);
    eventually(|| tb.probe_wdl(&kqk).is_some());
    assert_eq!(tb.probe_wdl(&kqk), Some(Wdl::Win));
    // The root asks for its DTZ file and the WDL files its captures lead to (KRvK here).
    let krkn = Position::from_fen("8/8/8/4k3/4n3/8/3R4/3K4 w - - 0 1").unwrap();
    assert!(!tb.root_ready(&krkn));
    // The background reader may finish between the two calls: an answer is only allowed once
    // the root is ready (readiness never goes back).
    if tb.probe_root(&krkn).is_some() {
        assert!(tb.root_ready(&krkn), "answered before its files were read");
    }
    eventually(|| tb.root_ready(&krkn));
    let values = tb.probe_root(&krkn).expect("ranked once read");
    assert!(values.iter().all(|(_, v)| matches!(v, RootValue::Dtz(_))));
    let krk = Position::from_fen("8/8/8/4k3/8/8/3R4/3K4 w - - 0 1").unwrap();
    assert_eq!(
        tb.probe_wdl(&krk),
        Some(Wdl::Win),
        "read with KRvKN's reach"
    );
}
