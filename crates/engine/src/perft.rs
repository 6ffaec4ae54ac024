//! `perft` and `perft-suite`: perft divide with timing, and EPD suite runs with progress and a
//! summary. Output goes to any `Write`, so the binary prints to stdout and tests to a buffer.

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use movegen::{Position, divide_until, perft};

/// Prints each root move with its leaf count, then `Nodes searched: N` as Stockfish's
/// `go perft` does (tools that compare two engines' divides read that line), then the time and
/// speed. Castling is printed king-takes-rook when `chess960` is set. Returns the total node
/// count.
pub fn perft_divide(
    pos: &Position,
    depth: u32,
    chess960: bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    perft_divide_until(pos, depth, chess960, &|| false, out)
}

/// [`perft_divide`] that prints (and flushes) each root move's line as soon as it is counted,
/// and gives up once `stopped` answers `true`: the moves counted by then are printed, and the
/// total line reads `Nodes searched: N (incomplete: M of K root moves counted)`, so that a
/// tool reading the number as a whole line's count does not take it for the full count.
pub fn perft_divide_until(
    pos: &Position,
    depth: u32,
    chess960: bool,
    stopped: &impl Fn() -> bool,
    out: &mut impl Write,
) -> std::io::Result<u64> {
    let start = Instant::now();
    let (mut nodes, mut counted, mut written) = (0, 0, Ok(()));
    let complete = if depth == 0 {
        nodes = 1;
        true
    } else {
        divide_until(pos, depth, stopped, |mv, n| {
            nodes += n;
            counted += 1;
            if written.is_ok() {
                written = writeln!(out, "{}: {n}", mv.to_uci(chess960)).and_then(|()| out.flush());
            }
        })
    };
    written?;
    let elapsed = start.elapsed();
    writeln!(out)?;
    if complete {
        writeln!(out, "Nodes searched: {nodes}")?;
    } else {
        let total = pos.legal_moves().len();
        writeln!(
            out,
            "Nodes searched: {nodes} (incomplete: {counted} of {total} root moves counted)"
        )?;
    }
    writeln!(out, "Time: {}", time_text(elapsed))?;
    writeln!(out, "Mnps: {}", mnps_text(nodes, elapsed))?;
    out.flush()?;
    Ok(nodes)
}

/// The shortest time a speed is given for: below it the count is over before the clock's
/// and the thread's start-up costs are, and the rate would be noise.
const RATED: Duration = Duration::from_millis(1);

/// The time taken, in whole milliseconds, or in microseconds when under one.
pub fn time_text(elapsed: Duration) -> String {
    if elapsed < RATED {
        format!("{} µs", elapsed.as_micros())
    } else {
        format!("{} ms", elapsed.as_millis())
    }
}

/// Millions of nodes per second to one decimal, or `-` with the reason when the time is too
/// short to rate.
pub fn mnps_text(nodes: u64, elapsed: Duration) -> String {
    if elapsed < RATED {
        "- (under 1 ms, too short to rate)".to_owned()
    } else {
        format!("{:.1}", nodes as f64 / elapsed.as_secs_f64() / 1e6)
    }
}

/// One position of an EPD perft suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// The position, as written in the file.
    pub fen: String,
    /// Expected leaf counts as (depth, nodes), in file order.
    pub counts: Vec<(u32, u64)>,
    /// Whether castling is written Shredder-style (rook files), i.e. a Chess960 position.
    pub chess960: bool,
}

/// Why an EPD line was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdLineError {
    /// The line has a FEN but no `;D<depth> <nodes>` field.
    NoCounts,
    /// A field after the FEN is not of the form `D<depth> <nodes>`.
    BadCountField(String),
    /// The FEN part is empty.
    EmptyFen,
}

impl fmt::Display for EpdLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdLineError::NoCounts => f.write_str("no ';D<depth> <nodes>' field"),
            EpdLineError::BadCountField(s) => {
                write!(
                    f,
                    "'{}' is not of the form 'D<depth> <nodes>'",
                    s.escape_debug()
                )
            }
            EpdLineError::EmptyFen => f.write_str("the line has no FEN before ';'"),
        }
    }
}

impl std::error::Error for EpdLineError {}

/// Whether a FEN's castling field uses rook files (Shredder-FEN), which only Chess960 needs.
pub fn is_shredder_fen(fen: &str) -> bool {
    fen.split_whitespace().nth(2).is_some_and(|castling| {
        castling
            .chars()
            .any(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q' | '-'))
    })
}

/// Parses one suite line: `None` for blank and `#` comment lines, else the entry.
pub fn parse_epd_line(line: &str) -> Result<Option<EpdEntry>, EpdLineError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let mut fields = line.split(';');
    let fen = fields.next().unwrap_or_default().trim();
    if fen.is_empty() {
        return Err(EpdLineError::EmptyFen);
    }
    let counts = fields
        .map(|field| {
            let field = field.trim();
            field
                .strip_prefix('D')
                .and_then(|rest| {
                    let (depth, nodes) = rest.split_once(char::is_whitespace)?;
                    Some((depth.parse().ok()?, nodes.trim().parse().ok()?))
                })
                .ok_or_else(|| EpdLineError::BadCountField(field.to_string()))
        })
        .collect::<Result<Vec<(u32, u64)>, _>>()?;
    if counts.is_empty() {
        return Err(EpdLineError::NoCounts);
    }
    Ok(Some(EpdEntry {
        fen: fen.to_string(),
        chess960: is_shredder_fen(fen),
        counts,
    }))
}

/// The outcome of a suite run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SuiteSummary {
    /// Positions whose every checked depth matched.
    pub passed: usize,
    /// Positions with a mismatch, a rejected FEN, or a malformed line.
    pub failed: usize,
    /// Leaf nodes counted over the whole run.
    pub total_nodes: u64,
    /// Wall time of the perft runs.
    pub elapsed: Duration,
}

impl SuiteSummary {
    /// Whether every position passed.
    pub fn all_passed(&self) -> bool {
        self.failed == 0
    }
}

/// Runs the EPD suite at `path`, each position at every depth up to `max_depth` (all depths
/// when `None`), printing a line per position and a final summary. Malformed lines and rejected
/// FENs are reported and counted as failures; the caller exits non-zero on any failure. A
/// file without a single position line is an error: a suite that checks nothing must not
/// pass.
pub fn perft_suite(
    path: &Path,
    max_depth: Option<u32>,
    out: &mut impl Write,
) -> anyhow::Result<SuiteSummary> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read perft suite {}", path.display()))?;
    let mut summary = SuiteSummary::default();
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_epd_line(line) {
            Ok(Some(entry)) => entries.push((i + 1, entry)),
            Ok(None) => {}
            Err(e) => {
                writeln!(out, "{}:{}: malformed line: {e}", path.display(), i + 1)?;
                summary.failed += 1;
            }
        }
    }
    if entries.is_empty() && summary.failed == 0 {
        anyhow::bail!(
            "perft suite {} has no positions (every line is blank or a comment)",
            path.display()
        );
    }
    let total = entries.len();
    let start = Instant::now();
    for (n, (line_no, entry)) in entries.iter().enumerate() {
        let tag = format!("[{}/{total}]", n + 1);
        let pos = match Position::from_fen(&entry.fen) {
            Ok(p) => p,
            Err(e) => {
                writeln!(out, "{tag} line {line_no}: bad FEN ({e}): {}", entry.fen)?;
                summary.failed += 1;
                continue;
            }
        };
        let wanted = entry
            .counts
            .iter()
            .filter(|(d, _)| max_depth.is_none_or(|max| *d <= max));
        let (mut nodes, mut first, mut last, mut mismatch) = (0, None, None, None);
        for &(depth, expected) in wanted {
            let got = perft(&pos, depth);
            nodes += got;
            first = first.or(Some(depth));
            last = Some(depth);
            if got != expected {
                mismatch = Some((depth, expected, got));
                break;
            }
        }
        summary.total_nodes += nodes;
        match (mismatch, first, last) {
            (Some((depth, expected, got)), ..) => {
                summary.failed += 1;
                writeln!(
                    out,
                    "{tag} MISMATCH d{depth} expected {expected} got {got}  line {line_no}: {}",
                    entry.fen
                )?;
            }
            (None, Some(lo), Some(hi)) => {
                summary.passed += 1;
                writeln!(out, "{tag} ok d{lo}..d{hi} nodes {nodes}")?;
            }
            _ => {
                summary.passed += 1;
                writeln!(out, "{tag} ok (no depth within the limit)")?;
            }
        }
    }
    summary.elapsed = start.elapsed();
    writeln!(
        out,
        "Positions: {} passed, {} failed; Nodes: {}; Time: {}; Mnps: {}",
        summary.passed,
        summary.failed,
        summary.total_nodes,
        time_text(summary.elapsed),
        mnps_text(summary.total_nodes, summary.elapsed)
    )?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_suite_line() {
        let line = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 ;D1 26 ;D2 568";
        let entry = parse_epd_line(line).ok().flatten();
        assert_eq!(
            entry,
            Some(EpdEntry {
                fen: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into(),
                counts: vec![(1, 26), (2, 568)],
                chess960: false,
            })
        );
    }

    #[test]
    fn skips_comments_and_blank_lines() {
        for line in ["", "   ", "# a comment", "  # indented ;D1 3"] {
            assert_eq!(parse_epd_line(line), Ok(None), "{line:?}");
        }
    }

    #[test]
    fn reports_malformed_lines() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(parse_epd_line(fen), Err(EpdLineError::NoCounts));
        assert_eq!(parse_epd_line(";D1 3"), Err(EpdLineError::EmptyFen));
        for bad in ["D1", "D1 x", "1 5", "Dx 5", "D1 -5", "D1 5 6"] {
            let line = format!("{fen} ;{bad}");
            assert_eq!(
                parse_epd_line(&line),
                Err(EpdLineError::BadCountField(bad.into())),
                "{line}"
            );
        }
    }

    #[test]
    fn detects_shredder_castling() {
        assert!(is_shredder_fen("rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1"));
        assert!(!is_shredder_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
        assert!(!is_shredder_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(!is_shredder_fen("garbage"));
    }

    #[test]
    fn divide_prints_moves_and_total() {
        let mut out = Vec::new();
        let nodes = perft_divide(&Position::startpos(), 2, false, &mut out).ok();
        let text = String::from_utf8_lossy(&out);
        assert_eq!(nodes, Some(400));
        assert!(
            text.contains("e2e4: 20\n") && text.contains("\nNodes searched: 400\nTime: "),
            "{text}"
        );
        assert_eq!(text.lines().filter(|l| l.ends_with(": 20")).count(), 20);
        assert!(text.contains("Time: ") && text.contains("Mnps: "));
    }

    /// Under a millisecond the time is in microseconds and no speed is made up from it.
    #[test]
    fn short_counts_give_microseconds_and_no_rate() {
        let short = Duration::from_micros(420);
        assert_eq!(time_text(short), "420 µs");
        assert!(
            mnps_text(400, short).starts_with("- "),
            "{}",
            mnps_text(400, short)
        );
        assert_eq!(time_text(Duration::ZERO), "0 µs");
        let long = Duration::from_millis(2500);
        assert_eq!(time_text(long), "2500 ms");
        assert_eq!(mnps_text(50_000_000, long), "20.0");
    }

    #[test]
    fn a_stopped_divide_prints_what_it_counted_and_says_so() {
        let asked = std::cell::Cell::new(0);
        let stopped = || {
            asked.set(asked.get() + 1);
            asked.get() > 100
        };
        let mut out = Vec::new();
        let nodes = perft_divide_until(&Position::startpos(), 4, false, &stopped, &mut out).ok();
        let text = String::from_utf8_lossy(&out);
        let counted: Vec<u64> = text
            .lines()
            .take_while(|l| !l.is_empty())
            .filter_map(|l| l.split_once(": ")?.1.parse().ok())
            .collect();
        assert!(!counted.is_empty() && counted.len() < 20, "{text}");
        assert_eq!(nodes, Some(counted.iter().sum()));
        let total = format!(
            "Nodes searched: {} (incomplete: {} of 20 root moves counted)\n",
            counted.iter().sum::<u64>(),
            counted.len()
        );
        assert!(text.contains(&total), "{text}");
    }

    #[test]
    fn divide_prints_castling_in_the_requested_mode() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let Ok(pos) = pos else {
            panic!("test FEN rejected")
        };
        for (chess960, text) in [(false, "e1g1: 1\n"), (true, "e1h1: 1\n")] {
            let mut out = Vec::new();
            assert_eq!(perft_divide(&pos, 1, chess960, &mut out).ok(), Some(26));
            assert!(String::from_utf8_lossy(&out).contains(text));
        }
    }

    #[test]
    fn suite_reports_passes_mismatches_and_malformed_lines() {
        let dir = std::env::temp_dir().join(format!("tsubame-perft-cmd-{}", std::process::id()));
        let path = dir.with_extension("epd");
        let suite = "# test\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;D3 8902\n\
            4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 99\n\
            not a line\n\
            rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1 ;D1 22\n";
        assert!(std::fs::write(&path, suite).is_ok());
        let mut out = Vec::new();
        let summary = perft_suite(&path, Some(2), &mut out).ok();
        let _ = std::fs::remove_file(&path);
        let text = String::from_utf8_lossy(&out);
        let Some(summary) = summary else {
            panic!("suite run failed: {text}")
        };
        assert_eq!((summary.passed, summary.failed), (1, 3), "{text}");
        assert!(!summary.all_passed());
        assert!(text.contains("[1/3] ok d1..d2 nodes 420"), "{text}");
        assert!(text.contains("[2/3] MISMATCH d2 expected 99 got"), "{text}");
        assert!(text.contains("malformed line"), "{text}");
        assert!(text.contains("[3/3] MISMATCH d1 expected 22 got"), "{text}");
        assert!(text.contains("1 passed, 3 failed"), "{text}");
    }

    #[test]
    fn a_suite_without_positions_fails() {
        let path = std::env::temp_dir().join(format!("tsubame-empty-{}.epd", std::process::id()));
        for text in ["", "# only a comment\n\n"] {
            assert!(std::fs::write(&path, text).is_ok());
            let mut out = Vec::new();
            let result = perft_suite(&path, None, &mut out);
            let error = result.expect_err("an empty suite");
            assert!(error.to_string().contains("no positions"), "{error}");
        }
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn suite_reports_a_missing_file() {
        let mut out = Vec::new();
        let result = perft_suite(Path::new("/nonexistent/suite.epd"), None, &mut out);
        assert!(result.is_err());
    }
}
