//! Drives the built `tsubame` binary through pipes, as a GUI does.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// Generous: CI machines are slow and busy. Tests never assert on speed, only on answers.
pub const TIMEOUT: Duration = Duration::from_secs(60);

/// A running engine with line-based access to its output.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line received so far.
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts the engine binary.
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tsubame"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start tsubame");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            transcript: Vec::new(),
        }
    }

    /// Sends raw bytes (a line break is not added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Closes the engine's stdin (EOF).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `pred`; returns every line read, that one last.
    pub fn read_until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let done = pred(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                None => panic!("no matching line in time; got {got:#?}"),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`, returning the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Waits for `bestmove` and returns the lines up to and including it.
    pub fn wait_bestmove(&mut self) -> Vec<String> {
        self.read_until(|l| l.starts_with("bestmove"))
    }

    /// Sends `go infinite`, checks that no `bestmove` comes within `wait` (UCI: an infinite
    /// search holds it until `stop`), then sends `stop` and returns the lines up to and
    /// including the `bestmove` that follows.
    pub fn go_infinite_then_stop(&mut self, wait: Duration) -> Vec<String> {
        self.send("go infinite");
        thread::sleep(wait);
        let before = self.sync();
        assert!(
            !before.iter().any(|l| l.starts_with("bestmove")),
            "bestmove before stop: {before:#?}"
        );
        self.send("stop");
        self.wait_bestmove()
    }

    /// Sends `go infinite` and `stop` back to back `races` times, then `go depth 1`, and
    /// checks that every one of those searches got exactly one `bestmove`, and no more came.
    pub fn assert_one_bestmove_per_racing_go(&mut self, races: usize) {
        for _ in 0..races {
            self.send("go infinite");
            self.send("stop");
        }
        self.send("go depth 1");
        let _ = self.sync();
        let mut count = self
            .transcript
            .iter()
            .filter(|l| l.starts_with("bestmove"))
            .count();
        while count < races + 1 {
            self.wait_bestmove();
            count += 1;
        }
        assert_eq!(
            self.next_line(Duration::from_millis(500))
                .filter(|l| l.starts_with("bestmove")),
            None
        );
    }

    /// Waits for the process to exit and returns whether it exited successfully in time.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<bool> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status.success());
            }
            thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Asserts that `bestmove` is legal in `fen` after `moves` (UCI notation, Chess960 castling
/// when `chess960`).
pub fn assert_legal(fen: &str, moves: &[&str], bestmove: &str, chess960: bool) {
    let mut pos = movegen::Position::from_fen(fen).expect("test FEN");
    for m in moves {
        let mv = pos.parse_uci_move(m, chess960).expect("test move");
        pos.play(mv);
    }
    assert!(
        pos.parse_uci_move(bestmove, chess960).is_ok(),
        "bestmove {bestmove} is illegal in {}",
        pos.fen()
    );
}

/// The move of a `bestmove` line.
pub fn bestmove_of(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

/// The first PV move of an `info ... pv ...` line.
pub fn first_pv_move(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "pv")?;
    words.next()
}
