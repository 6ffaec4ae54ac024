//! Randomized soak test: bursts of random and malformed lines interleaved with short searches,
//! sent to the real binary through pipes.
//!
//! After every burst the engine must answer `isready`; every search must end in exactly one
//! `bestmove`, legal (in the right notation) in the position the engine was last given, which
//! a [`Mirror`] works out from the lines sent (`0000` when that position was refused). At the
//! end the engine plays a legal move and exits cleanly on `quit`.
//!
//! The default run is a few hundred rounds (seconds in release mode). `TSUBAME_SOAK_ROUNDS`
//! sets the number of rounds and `TSUBAME_SOAK_SEED` the seed (printed, so a failure can be
//! replayed); `TSUBAME_SOAK_THREADS` sets `Threads` before the first round (the junk may change
//! it later), to soak the parallel search. The figures are printed; see them with
//! `-- --nocapture`.

use std::time::Duration;

use crate::engine_harness::{Engine, bestmove_of};
use crate::soak::garbage;
use crate::soak::mirror::Mirror;
use movegen::Position;
use rng::Rng;

/// Rounds of the default run: about 6,000 lines, seconds in release mode.
const DEFAULT_ROUNDS: u64 = 200;
/// Seed of the default run (`TSUBAME_SOAK_SEED` overrides it).
const DEFAULT_SEED: u64 = 0x7375_6261_6d65;
/// One line past the reader's limit, sent once per run: it must be dropped, not buffered.
const HUGE_LINE_BYTES: usize = tsubame::input::MAX_LINE_BYTES + 1024;

/// Where valid positions come from.
const SUITES: [&str; 3] = [
    include_str!("../perft-data/standard.epd"),
    include_str!("../perft-data/tricky.epd"),
    include_str!("../perft-data/chess960.epd"),
];

/// What the run did, printed at the end.
#[derive(Debug, Default)]
struct Figures {
    lines: u64,
    junk_lines: u64,
    junk_bytes: u64,
    searches: u64,
    bestmoves_checked: u64,
    no_legal_move: u64,
    no_position: u64,
    syncs: u64,
}

/// The engine under test, the generator, and what the engine should believe.
struct Soak {
    engine: Engine,
    rng: Rng,
    mirror: Mirror,
    fens: Vec<&'static str>,
    figures: Figures,
}

impl Soak {
    /// Sends lines in one write, telling the mirror about each.
    fn send_lines(&mut self, lines: &[Vec<u8>]) {
        let mut buffer = Vec::new();
        for line in lines {
            self.mirror.apply(line);
            buffer.extend_from_slice(line);
            buffer.push(b'\n');
        }
        self.engine.send_bytes(&buffer);
        self.figures.lines += lines.len() as u64;
    }

    fn send(&mut self, line: &str) {
        self.send_lines(&[line.as_bytes().to_vec()]);
    }

    /// `isready` until `readyok`; returns the lines before it.
    fn sync(&mut self) -> Vec<String> {
        self.figures.lines += 1;
        self.figures.syncs += 1;
        self.engine.sync()
    }

    /// A burst of junk lines that start no search.
    fn junk_burst(&mut self) {
        let count = self.rng.range(5, 40);
        let mut lines = Vec::new();
        let mut mirror = self.mirror.clone();
        while (lines.len() as u64) < count {
            let pos = mirror.position.clone().unwrap_or_else(Position::startpos);
            let line = garbage::line(&mut self.rng, &pos, &self.fens);
            if mirror.is_safe_in_burst(&line) {
                mirror.apply(&line);
                self.figures.junk_bytes += line.len() as u64;
                lines.push(line);
            }
        }
        self.figures.junk_lines += count;
        self.send_lines(&lines);
    }

    /// A valid `position` line, sometimes with an illegal move and more after it.
    fn set_position(&mut self) {
        if self.rng.chance(10) {
            let value = if self.rng.chance(50) { "true" } else { "false" };
            self.send(&format!("setoption name UCI_Chess960 value {value}"));
        }
        let (mut pos, mut line) = if self.rng.chance(40) {
            (Position::startpos(), "position startpos".to_owned())
        } else {
            let fen = *self.rng.pick(&self.fens);
            let pos = Position::from_fen(fen).expect("suite FEN");
            (pos, format!("position fen {fen}"))
        };
        let plies = if self.rng.chance(5) {
            self.rng.range(100, 300)
        } else {
            self.rng.range(0, 40)
        };
        let bad_at = self.rng.chance(20).then(|| self.rng.range(0, plies));
        line.push_str(" moves");
        for ply in 0..plies {
            if bad_at == Some(ply) {
                line.push_str(" e2e5");
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = *self.rng.pick(moves.as_slice());
            line.push(' ');
            line.push_str(&mv.to_uci(self.mirror.chess960()).to_string());
            pos.play(mv);
        }
        self.send(&line);
    }

    /// One search of a random kind; checks its single `bestmove`.
    fn search(&mut self) {
        let pos = self.mirror.position.clone();
        let chess960 = self.mirror.chess960();
        let legal = legal_texts(pos.as_ref(), chess960);
        let mut allowed = legal.clone();
        let mut early = None;
        match self.rng.range(0, 10) {
            0 | 1 => {
                let depth = self.rng.range(1, 3);
                self.send(&format!("go depth {depth}"));
            }
            2 => {
                let nodes = self.rng.range(100, 5_000);
                self.send(&format!("go nodes {nodes}"));
            }
            3 => {
                let millis = self.rng.range(10, 50);
                self.send(&format!("go movetime {millis}"));
            }
            4 => {
                let t = self.rng.range(50, 2_000);
                self.send(&format!("go wtime {t} btime {t} winc 10 binc 10"));
            }
            5 => {
                // Absurd but valid numbers, bounded by a short movetime.
                let n = self
                    .rng
                    .pick(&["99999999999999999999", "-9223372036854775808"]);
                let line = format!("go wtime {n} btime {n} depth 99999999999 movetime 20");
                self.send(&line);
            }
            6 if !legal.is_empty() => {
                let mut moves: Vec<String> = Vec::new();
                for _ in 0..self.rng.range(1, 3) {
                    moves.push(self.rng.pick(&legal).clone());
                }
                allowed = moves.clone();
                moves.push("a1a1".to_owned()); // ignored by the engine, with a notice
                self.send(&format!("go depth 2 searchmoves {}", moves.join(" ")));
            }
            7 => {
                // Neither may answer before `stop` / `ponderhit`, even once its depth is done.
                let (go, release) = if self.rng.chance(50) {
                    ("go infinite", "stop")
                } else {
                    ("go ponder depth 2", "ponderhit")
                };
                self.send(go);
                std::thread::sleep(Duration::from_millis(self.rng.range(0, 20)));
                let before = self.sync();
                assert_no_bestmove(&before, go);
                self.send(release);
            }
            8 => {
                // Reported and read past: one answer, at once or (for a fallback that leaves
                // no limit, such as a dropped `movestogo`) after `stop`.
                let line = garbage::bad_go(&mut self.rng);
                self.send(&line);
                let before = self.sync();
                early = before.into_iter().find(|l| l.starts_with("bestmove"));
                self.send("stop");
            }
            _ => {
                // Junk while searching: it waits behind the search where it must (a
                // `setoption Hash`, `ucinewgame`, `perft`), but a `stop` in it ends the
                // search, so the bestmove may already be among the lines read here.
                self.send("go infinite");
                self.junk_burst();
                let before = self.sync();
                early = before.into_iter().find(|l| l.starts_with("bestmove"));
                self.send("stop");
            }
        }
        let bestmove = match early {
            Some(line) => line,
            None => self.engine.wait_bestmove().pop().expect("bestmove line"),
        };
        self.figures.searches += 1;
        self.check_bestmove(pos.as_ref(), chess960, &legal, &allowed, &bestmove);
    }

    fn check_bestmove(
        &mut self,
        pos: Option<&Position>,
        chess960: bool,
        legal: &[String],
        allowed: &[String],
        line: &str,
    ) {
        let best = bestmove_of(line);
        let Some(pos) = pos else {
            assert_eq!(line, "bestmove 0000", "after a refused position");
            self.figures.no_position += 1;
            return;
        };
        if legal.is_empty() {
            assert_eq!(best, "(none)", "no legal move in {}: {line}", pos.fen());
            self.figures.no_legal_move += 1;
            return;
        }
        assert!(
            allowed.iter().any(|m| m == best),
            "`{line}` is not among {allowed:?} in {} (chess960 {chess960})",
            pos.fen()
        );
        let mut words = line.split_whitespace().skip(2);
        if let (Some("ponder"), Some(ponder)) = (words.next(), words.next()) {
            let mut after = pos.clone();
            let mv = after.parse_uci_move(best, chess960).expect("checked above");
            after.play(mv);
            assert!(
                after.parse_uci_move(ponder, chess960).is_ok(),
                "ponder move of `{line}` is illegal in {}",
                after.fen()
            );
        }
        self.figures.bestmoves_checked += 1;
    }
}

/// The legal moves of `pos` as the engine writes them (none without a position).
fn legal_texts(pos: Option<&Position>, chess960: bool) -> Vec<String> {
    let Some(pos) = pos else {
        return Vec::new();
    };
    pos.legal_moves()
        .iter()
        .map(|mv| mv.to_uci(chess960).to_string())
        .collect()
}

fn assert_no_bestmove(lines: &[String], when: &str) {
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "unexpected bestmove ({when}): {lines:#?}"
    );
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The FENs of the perft suites (the text before the first `;` of each non-comment line).
fn suite_fens() -> Vec<&'static str> {
    SUITES
        .iter()
        .flat_map(|suite| suite.lines())
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split(';').next())
        .map(str::trim)
        .filter(|fen| !fen.is_empty())
        .collect()
}

#[test]
fn survives_random_and_malformed_input_between_searches() {
    let rounds = env_u64("TSUBAME_SOAK_ROUNDS", DEFAULT_ROUNDS);
    let seed = env_u64("TSUBAME_SOAK_SEED", DEFAULT_SEED);
    let mut soak = Soak {
        engine: Engine::start(),
        rng: Rng::new(seed),
        mirror: Mirror::new(),
        fens: suite_fens(),
        figures: Figures::default(),
    };
    assert!(soak.fens.len() > 100, "perft suites not found");
    let threads = env_u64("TSUBAME_SOAK_THREADS", 1);
    if threads > 1 {
        soak.send(&format!("setoption name Threads value {threads}"));
    }

    // Once per run: a line past the reader's limit, dropped whole.
    let mut huge = b"position startpos moves ".to_vec();
    huge.resize(HUGE_LINE_BYTES, b'x');
    soak.send_lines(&[huge]);
    soak.figures.junk_bytes += HUGE_LINE_BYTES as u64;

    for _ in 0..rounds {
        soak.junk_burst();
        let lines = soak.sync();
        assert_no_bestmove(&lines, "after a burst of junk");
        if soak.rng.chance(60) {
            soak.set_position();
        }
        soak.search();
    }

    // Finally a normal game position and a normal search.
    soak.send("position startpos moves e2e4 e7e5 g1f3");
    soak.send("go depth 3");
    let pos = soak.mirror.position.clone();
    assert!(pos.is_some(), "the last position was refused");
    let chess960 = soak.mirror.chess960();
    let legal = legal_texts(pos.as_ref(), chess960);
    let line = soak.engine.wait_bestmove().pop().expect("bestmove line");
    soak.figures.searches += 1;
    soak.check_bestmove(pos.as_ref(), chess960, &legal, &legal, &line);
    let lines = soak.sync();
    assert_no_bestmove(&lines, "after the last search");
    soak.send("quit");
    assert_eq!(
        soak.engine.wait_exit(crate::engine_harness::TIMEOUT),
        Some(true),
        "engine did not exit cleanly on quit"
    );

    let f = &soak.figures;
    println!(
        "soak seed {seed:#x}, {rounds} rounds: {} lines sent ({} junk, {} junk bytes), \
         {} searches, {} bestmoves checked legal, {} with no legal move, {} with no position, \
         {} isready syncs",
        f.lines,
        f.junk_lines,
        f.junk_bytes,
        f.searches,
        f.bestmoves_checked,
        f.no_legal_move,
        f.no_position,
        f.syncs
    );
    assert_eq!(
        f.searches,
        f.bestmoves_checked + f.no_legal_move + f.no_position
    );
}
