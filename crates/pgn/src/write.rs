//! Writing PGN in the export format: tags, then movetext wrapped under 80 columns.

use movegen::{Color, Move, Position};

/// The longest line the export format allows is 79 characters.
const MAX_LINE: usize = 79;

/// A main-line move with what the annotator says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnotatedMove {
    /// The move, legal where it stands.
    pub mv: Move,
    /// A Numeric Annotation Glyph after it (`$2` for `?`, ...), if any.
    pub nag: Option<u8>,
    /// A comment after it (braces are replaced: a comment cannot hold `}`).
    pub comment: Option<String>,
    /// A line to play instead of it, from the position before it; empty for none.
    pub variation: Vec<Move>,
}

impl AnnotatedMove {
    /// The move alone.
    pub fn plain(mv: Move) -> AnnotatedMove {
        AnnotatedMove {
            mv,
            nag: None,
            comment: None,
            variation: Vec::new(),
        }
    }
}

/// The game as PGN text, ending with a line break: `tags` (values escaped), an empty line,
/// then the moves from `start` with their numbers, NAGs, comments and variations,
/// `final_comment` (if any) and `result`.
pub fn write_game(
    tags: &[(String, String)],
    start: &Position,
    moves: &[AnnotatedMove],
    result: &str,
    final_comment: Option<&str>,
) -> String {
    let mut text = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    text.push('\n');
    let mut words: Vec<String> = Vec::new();
    let mut position = start.clone();
    // After a comment or a variation, a Black move needs its number again (`12...`).
    let mut number_due = true;
    for annotated in moves {
        push_move(&mut words, &position, annotated.mv, number_due);
        if let Some(nag) = annotated.nag {
            words.push(format!("${nag}"));
        }
        number_due = false;
        if let Some(comment) = &annotated.comment {
            push_comment(&mut words, comment);
            number_due = true;
        }
        if !annotated.variation.is_empty() {
            push_variation(&mut words, &position, &annotated.variation);
            number_due = true;
        }
        position.play(annotated.mv);
    }
    if let Some(comment) = final_comment {
        push_comment(&mut words, comment);
    }
    words.push(result.to_owned());
    wrap(&mut text, &words);
    text
}

/// The move's number where one is written (before White's move, or Black's when `number_due`),
/// then its SAN.
fn push_move(words: &mut Vec<String>, position: &Position, mv: Move, number_due: bool) {
    let number = position.fullmove_number();
    match position.turn() {
        Color::White => words.push(format!("{number}.")),
        Color::Black if number_due => words.push(format!("{number}...")),
        Color::Black => {}
    }
    words.push(position.san(mv));
}

/// `{ comment }` as words, with any brace in it made a parenthesis.
fn push_comment(words: &mut Vec<String>, comment: &str) {
    let clean = comment.replace('{', "(").replace('}', ")");
    words.push("{".to_owned());
    words.extend(clean.split_whitespace().map(str::to_owned));
    words.push("}".to_owned());
}

/// `( line )` from `position`; a move of the line that is not legal ends it there.
fn push_variation(words: &mut Vec<String>, position: &Position, line: &[Move]) {
    words.push("(".to_owned());
    let mut at = position.clone();
    let mut first = true;
    for &mv in line {
        if !at.is_legal(mv) {
            break;
        }
        push_move(words, &at, mv, first);
        first = false;
        at.play(mv);
    }
    words.push(")".to_owned());
}

/// Appends `words` separated by spaces in lines of at most [`MAX_LINE`] characters (a longer
/// word gets a line of its own); a variation's parentheses hug its moves, `(3... g6)`, as
/// PGN exporters write them.
fn wrap(text: &mut String, words: &[String]) {
    let mut line = String::new();
    for word in words {
        let glue = !line.is_empty() && !line.ends_with('(') && word != ")";
        let extra = usize::from(glue) + word.len();
        if !line.is_empty() && line.len() + extra > MAX_LINE {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        } else if glue {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        text.push_str(&line);
        text.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_games;

    fn moves(position: &Position, sans: &[&str]) -> Vec<Move> {
        let mut at = position.clone();
        sans.iter()
            .map(|san| {
                let mv = at.parse_san(san).unwrap();
                at.play(mv);
                mv
            })
            .collect()
    }

    #[test]
    fn annotations_are_written_and_read_back() {
        let start = Position::startpos();
        let line = moves(&start, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
        let mut annotated: Vec<AnnotatedMove> =
            line.iter().map(|&mv| AnnotatedMove::plain(mv)).collect();
        let after_qh5 = {
            let mut p = start.clone();
            for &mv in &line[..5] {
                p.play(mv);
            }
            p
        };
        annotated[5].nag = Some(4);
        annotated[5].comment = Some("Blunder {really}".to_owned());
        annotated[5].variation = moves(&after_qh5, &["g6", "Qf3", "Nf6"]);
        let tags = vec![("White".to_owned(), "A \"B\"".to_owned())];
        let text = write_game(&tags, &start, &annotated, "1-0", Some("the end"));
        assert!(
            text.starts_with("[White \"A \\\"B\\\"\"]\n\n1. e4 e5 2. Qh5 Nc6"),
            "{text}"
        );
        let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            one_line.contains("3. Bc4 Nf6 $4 { Blunder (really) } (3... g6 4. Qf3 Nf6) 4. Qxf7#"),
            "{text}"
        );
        assert!(one_line.ends_with("{ the end } 1-0"), "{text}");
        assert!(text.ends_with('\n'));
        let read = read_games(&text);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].tag("White"), Some("A \"B\""));
        assert_eq!(read[0].replay().unwrap().1, line);
        assert_eq!(read[0].result, "1-0");
    }

    #[test]
    fn lines_stay_under_eighty_columns() {
        let start = Position::startpos();
        let mut at = start.clone();
        let mut annotated = Vec::new();
        for _ in 0..60 {
            let Some(&mv) = at.legal_moves().first() else {
                break;
            };
            let mut a = AnnotatedMove::plain(mv);
            a.comment = Some("[%eval 0.25,12] wdl 300/500/200".to_owned());
            annotated.push(a);
            at.play(mv);
        }
        let text = write_game(&[], &start, &annotated, "*", None);
        assert!(text.lines().all(|l| l.len() <= MAX_LINE), "{text}");
        assert_eq!(read_games(&text)[0].sans.len(), annotated.len());
    }
}
