//! Writing to the GUI: whole lines, flushed at once, from any thread.

use std::fmt::Write as _;
use std::io::Write;

use engine::Output;
use movegen::Move;
use search::{IterationInfo, ScoreBound, SearchEvent};

/// The engine's output as UCI lines on stdout.
#[derive(Debug, Clone, Copy)]
pub struct Stdout;

impl Output for Stdout {
    fn notice(&self, text: &str) {
        info_string(text);
    }

    fn text(&self, text: &str) {
        send(text);
    }

    fn search_event(&self, event: &SearchEvent<'_>, chess960: bool) {
        send(&format_event(event, chess960));
    }

    fn best_move(&self, best: Option<Move>, ponder: Option<Move>, chess960: bool) {
        send(&format_bestmove(best, ponder, chess960));
    }
}

/// Writes `text` and a line break to stdout under its lock (so lines from the protocol and
/// search threads never interleave) and flushes. A closed stdout is ignored: the GUI is gone,
/// and the next read of stdin will see EOF.
pub fn send(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.write_all(b"\n");
    let _ = out.flush();
}

/// An `info string` line; the text is kept on one line.
pub fn info_string(text: &str) {
    send(&format!("info string {}", text.replace(['\n', '\r'], " ")));
}

/// The UCI text of a search event.
pub fn format_event(event: &SearchEvent<'_>, chess960: bool) -> String {
    match event {
        SearchEvent::Info(info) => format_info(info, chess960),
        SearchEvent::CurrMove { depth, mv, number } => format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.to_uci(chess960)
        ),
    }
}

fn format_info(info: &IterationInfo, chess960: bool) -> String {
    let millis = info.elapsed.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / millis;
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth, info.seldepth, info.multipv, info.score
    );
    match info.bound {
        ScoreBound::Exact => {}
        ScoreBound::Lower => line.push_str(" lowerbound"),
        ScoreBound::Upper => line.push_str(" upperbound"),
    }
    let _ = write!(
        line,
        " nodes {} nps {nps} hashfull {} tbhits {} time {}",
        info.nodes,
        info.hashfull,
        info.tbhits,
        info.elapsed.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            let _ = write!(line, " {}", mv.to_uci(chess960));
        }
    }
    line
}

/// The `bestmove` line; `(none)` when there is no legal move, as Stockfish writes it (Cute
/// Chess, fastchess and python-chess all read it).
pub fn format_bestmove(best: Option<Move>, ponder: Option<Move>, chess960: bool) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => format!(
            "bestmove {} ponder {}",
            best.to_uci(chess960),
            ponder.to_uci(chess960)
        ),
        (Some(best), None) => format!("bestmove {}", best.to_uci(chess960)),
        (None, _) => "bestmove (none)".to_string(),
    }
}
