//! Writing to the GUI: whole lines, flushed at once, from any thread.

use std::fmt::Write as _;
use std::io::Write;

use engine::Output;
use movegen::Move;
use search::{IterationInfo, ScoreBound, SearchEvent, Wdl};

use crate::closed_stdout;
use crate::debug_log::{self, Direction};

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

    fn search_event(&self, event: &SearchEvent<'_>, wdl: Option<Wdl>, chess960: bool) {
        send(&format_event(event, wdl, chess960));
    }

    fn no_legal_move(&self, checkmated: bool, wdl: Option<Wdl>) {
        send(&format_no_legal_move(checkmated, wdl));
    }

    fn best_move(&self, best: Option<Move>, ponder: Option<Move>, chess960: bool) {
        send(&format_bestmove(best, ponder, chess960));
    }
}

/// Writes `text` and a line break to stdout under its lock (so lines from the protocol and
/// search threads never interleave) and flushes. A closed stdout is ignored in a UCI session:
/// the GUI is gone, and the next read of stdin will see EOF; a tool whose product is what it
/// prints ends there (see [`closed_stdout`]). The debug log, if open, gets the line first, so
/// it is logged before anything the GUI answers to it.
pub fn send(text: &str) {
    let mut out = std::io::stdout().lock();
    debug_log::record(Direction::Out, text);
    let written = (out.write_all(text.as_bytes()))
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    drop(out);
    if let Err(e) = written {
        closed_stdout::written_to_closed(&e);
    }
    // A log that stopped taking lines says so once, on the GUI's side (the log is closed by
    // now, so this line cannot fail the same way).
    if let Some(why) = debug_log::take_failure() {
        info_string(&why);
    }
}

/// An `info string` line; the text is kept on one line, and printable.
pub fn info_string(text: &str) {
    send(&format!("info string {}", printable(text)));
}

/// `text` with line breaks and tabs as spaces and every other control character (a NUL, an
/// escape sequence's ESC, C1 controls) escaped as Rust writes it (`\0`, `\u{1b}`): a notice
/// that quotes bad input must not put raw control bytes on the GUI's line.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

/// The UCI text of a search event; `wdl` goes after the score and its bound, where Stockfish
/// writes it.
pub fn format_event(event: &SearchEvent<'_>, wdl: Option<Wdl>, chess960: bool) -> String {
    match event {
        SearchEvent::Info(info) => format_info(info, wdl, chess960),
        SearchEvent::CurrMove { depth, mv, number } => format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.to_uci(chess960)
        ),
    }
}

fn format_info(info: &IterationInfo, wdl: Option<Wdl>, chess960: bool) -> String {
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
    if let Some(wdl) = wdl {
        let _ = write!(line, " wdl {} {} {}", wdl.win, wdl.draw, wdl.loss);
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

/// The line before `bestmove (none)`, as Stockfish writes it: checkmated is a mate in zero
/// (the side to move has lost), stalemate a draw; `wdl` after the score, as on other lines.
pub fn format_no_legal_move(checkmated: bool, wdl: Option<Wdl>) -> String {
    let score = if checkmated { "mate 0" } else { "cp 0" };
    match wdl {
        Some(wdl) => format!(
            "info depth 0 score {score} wdl {} {} {}",
            wdl.win, wdl.draw, wdl.loss
        ),
        None => format!("info depth 0 score {score}"),
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use movegen::Position;
    use search::UciScore;

    fn info(bound: ScoreBound) -> IterationInfo {
        let pos = Position::startpos();
        IterationInfo {
            depth: 7,
            seldepth: 9,
            multipv: 1,
            // `PAWN_SCORE` internal units print as `cp 100`.
            score: UciScore(search::PAWN_SCORE),
            bound,
            nodes: 1000,
            move_nodes: 600,
            elapsed: Duration::from_millis(10),
            hashfull: 3,
            tbhits: 0,
            pv: pos.parse_uci_move("e2e4", false).into_iter().collect(),
        }
    }

    #[test]
    fn notices_carry_no_control_characters() {
        assert_eq!(printable("a\0b\u{1b}[2Jc\u{7f}"), "a\\0b\\u{1b}[2Jc\\u{7f}");
        assert_eq!(printable("two\nlines\r\tend"), "two lines  end");
        assert_eq!(printable("épée ♞ \\ `x`"), "épée ♞ \\ `x`");
        assert!(!printable("\u{85}\u{9b}").chars().any(char::is_control));
    }

    #[test]
    fn wdl_follows_the_score_and_its_bound() {
        let wdl = Wdl {
            win: 420,
            draw: 500,
            loss: 80,
        };
        let line = format_event(
            &SearchEvent::Info(&info(ScoreBound::Lower)),
            Some(wdl),
            false,
        );
        assert!(
            line.starts_with("info depth 7 seldepth 9 multipv 1 score cp 100 lowerbound wdl 420 500 80 nodes 1000 "),
            "{line}"
        );
        let line = format_event(&SearchEvent::Info(&info(ScoreBound::Exact)), None, false);
        assert!(
            line.starts_with("info depth 7 seldepth 9 multipv 1 score cp 100 nodes "),
            "{line}"
        );
        assert!(line.ends_with(" pv e2e4"), "{line}");
    }
}
