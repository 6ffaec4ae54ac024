//! Text the user sent: numbers read from it, and excerpts of it quoted in messages.

/// The longest excerpt of the user's text a message quotes, in characters.
pub const EXCERPT_CHARS: usize = 40;

/// `text` cut to [`EXCERPT_CHARS`] characters (on a character boundary), marked when cut, so a
/// megabyte of garbage never turns into a megabyte of message.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

/// Sign and magnitude of an optionally signed decimal integer; the magnitude saturates at
/// `u64::MAX` instead of overflowing. `None` unless the text is a sign and ASCII digits only.
pub fn parse_decimal(text: &str) -> Option<(bool, u64)> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() {
        return None;
    }
    let mut magnitude = 0u64;
    for byte in digits.bytes() {
        if !byte.is_ascii_digit() {
            return None;
        }
        magnitude = magnitude
            .saturating_mul(10)
            .saturating_add(u64::from(byte - b'0'));
    }
    Some((negative, magnitude))
}

/// An optionally signed decimal integer, saturated into `i64`.
pub fn parse_i64_saturating(text: &str) -> Option<i64> {
    let (negative, magnitude) = parse_decimal(text)?;
    Some(if negative {
        0i64.saturating_sub_unsigned(magnitude)
    } else {
        0i64.saturating_add_unsigned(magnitude)
    })
}
