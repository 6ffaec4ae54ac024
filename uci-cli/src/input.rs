//! Reading the GUI's lines on a thread of their own, so the engine answers `isready` and
//! `stop` while it searches.

use std::io::{BufRead, ErrorKind};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Instant;

/// Lines longer than this are dropped with a notice instead of being buffered without end.
pub const MAX_LINE_BYTES: usize = 1 << 24;

/// One unit of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A complete line (without its line break) and when it was read. The GUI's clock runs
    /// from the moment it wrote `go`, so the search charges the time since then to its
    /// budget, including the hand-off from this thread to the protocol thread.
    Line(String, Instant),
    /// A line that could not be used; the text says why.
    Rejected(String),
    /// Standard input is closed: no more lines will come.
    Eof,
}

/// Starts the reader thread over `source`, sending what it reads to `tx` (as `T`, so that the
/// session can receive other events on the same channel). A thread the system refuses is
/// reported, and `tx` gets [`Input::Eof`].
pub fn spawn_reader<R, T>(source: R, tx: Sender<T>)
where
    R: BufRead + Send + 'static,
    T: From<Input> + Send + 'static,
{
    let eof = tx.clone();
    let spawned = thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_lines(source, &tx));
    if let Err(e) = spawned {
        eprintln!("cannot start the input thread: {e}");
        let _ = eof.send(Input::Eof.into());
    }
}

fn read_lines<R: BufRead, T: From<Input>>(mut source: R, tx: &Sender<T>) {
    let mut line = Vec::new();
    let mut overflow = false;
    loop {
        let (consumed, complete) = match source.fill_buf() {
            Ok([]) => {
                if !line.is_empty() && !overflow {
                    let _ = tx.send(decode(&line).into());
                }
                let _ = tx.send(Input::Eof.into());
                return;
            }
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    if !overflow {
                        line.extend_from_slice(&buf[..i]);
                    }
                    (i + 1, true)
                }
                None => {
                    if !overflow {
                        line.extend_from_slice(buf);
                    }
                    (buf.len(), false)
                }
            },
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => {
                let _ = tx.send(Input::Eof.into());
                return;
            }
        };
        source.consume(consumed);
        if line.len() > MAX_LINE_BYTES {
            overflow = true;
            line = Vec::new();
        }
        if complete {
            let input = if overflow {
                Input::Rejected(format!("line longer than {MAX_LINE_BYTES} bytes ignored"))
            } else {
                decode(&line)
            };
            if tx.send(input.into()).is_err() {
                return;
            }
            line.clear();
            overflow = false;
        }
    }
}

fn decode(bytes: &[u8]) -> Input {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Input::Line(text.to_owned(), Instant::now()),
        Err(e) => Input::Rejected(format!(
            "line is not valid UTF-8 (bad byte at offset {}); ignored",
            e.valid_up_to()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;
    use std::sync::mpsc::channel;

    /// What the reader sent, lines as `Ok(text)` and rejections as `Err(why)`; the reader
    /// must end with `Eof`.
    fn read_all(bytes: &[u8]) -> Vec<Result<String, String>> {
        let started = Instant::now();
        let (tx, rx) = channel::<Input>();
        spawn_reader(Cursor::new(bytes.to_vec()), tx);
        let mut out = Vec::new();
        let mut eof = false;
        while let Ok(input) = rx.recv() {
            match input {
                Input::Line(text, received) => {
                    assert!(received >= started, "stamped before it was read");
                    out.push(Ok(text));
                }
                Input::Rejected(why) => out.push(Err(why)),
                Input::Eof => {
                    eof = true;
                    break;
                }
            }
        }
        assert!(eof, "the reader stopped without Eof");
        out
    }

    #[test]
    fn splits_lines_and_ends_with_eof() {
        let got = read_all(b"uci\r\nisready\nquit");
        let lines = ["uci", "isready", "quit"].map(|l| Ok(l.to_owned()));
        assert_eq!(got, lines);
    }

    #[test]
    fn invalid_utf8_is_rejected_not_fatal() {
        let got = read_all(b"go \xff\xfe depth 1\nisready\n");
        assert!(matches!(&got[0], Err(msg) if msg.contains("UTF-8")));
        assert_eq!(got[1..], [Ok("isready".to_owned())]);
    }
}
