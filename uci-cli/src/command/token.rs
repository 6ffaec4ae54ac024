//! A line split into tokens at runs of whitespace, each keeping its place in the line.

/// One whitespace-separated token and its byte offset in the line (kept so `setoption`'s value
/// can be taken verbatim, inner spacing included).
#[derive(Debug, Clone, Copy)]
pub(super) struct Token<'a> {
    pub(super) text: &'a str,
    pub(super) start: usize,
}

impl Token<'_> {
    pub(super) fn end(&self) -> usize {
        self.start + self.text.len()
    }
}

/// Splits `line` at runs of whitespace.
pub(super) fn tokenize(line: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                tokens.push(Token {
                    text: &line[s..i],
                    start: s,
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push(Token {
            text: &line[s..],
            start: s,
        });
    }
    tokens
}

/// The tokens' texts joined by single spaces.
pub(super) fn join(tokens: &[Token<'_>]) -> String {
    tokens.iter().map(|t| t.text).collect::<Vec<_>>().join(" ")
}
