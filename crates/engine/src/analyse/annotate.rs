//! A game review as PGN: each move's evaluation and chances as a comment, Lichess's NAGs and
//! the engine's line where a move earned one, and each side's accuracy at the end.
//!
//! A move's comment is `{ [%eval 0.35,14] wdl 412/480/108 }`: the position after the move,
//! from White's view as Lichess writes `[%eval]` (pawns, normalised as `info` lines are, or
//! `#N` for a mate in N, negative when Black mates; then the depth), and the model's win, draw
//! and loss chances for White in permille. A judged move adds its judgement and the engine's
//! choice (`Mistake. Nc3 was best.`) and the engine's line as a variation. A position without
//! legal moves after the last move gets no evaluation: the game is over.

use movegen::{Color, Position};
use pgn::{AnnotatedMove, PgnGame, write_game};
use search::{UciScore, to_centipawns};

use crate::analyse::judgement::Judgement;
use crate::analyse::review::{GameReview, PositionEval};

/// The most moves of the engine's line shown as a variation.
const LINE_PLIES: usize = 10;

/// `game` (whose moves from `start` the review covers, maybe fewer than the game has) as
/// annotated PGN: its tags with `Annotator` set to `annotator`, the moves with their
/// comments, and a summary before the result (with `note` after it, if any).
pub fn annotated_pgn(
    game: &PgnGame,
    start: &Position,
    review: &GameReview,
    annotator: &str,
    note: Option<&str>,
) -> String {
    let mut tags: Vec<(String, String)> = game
        .tags
        .iter()
        .filter(|(name, _)| name != "Annotator")
        .cloned()
        .collect();
    tags.push(("Annotator".to_owned(), annotator.to_owned()));
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(review.moves.len());
    for (i, reviewed) in review.moves.iter().enumerate() {
        let before = &review.evals[i];
        let after = &review.evals[i + 1];
        let mut annotated = AnnotatedMove::plain(reviewed.mv);
        let before_move = position.clone();
        position.play(reviewed.mv);
        let mut comment = if after.depth > 0 {
            eval_comment(after, position.turn())
        } else {
            String::new()
        };
        if let (Some(judgement), Some(&best)) = (reviewed.judgement, before.best_line.first()) {
            annotated.nag = Some(judgement.nag());
            comment.push_str(&format!(
                " {}. {} was best.",
                judgement.name(),
                before_move.san(best)
            ));
            annotated.variation = before.best_line.iter().take(LINE_PLIES).copied().collect();
        }
        let comment = comment.trim();
        if !comment.is_empty() {
            annotated.comment = Some(comment.to_owned());
        }
        moves.push(annotated);
    }
    let mut summary = format!(
        "{annotator}: {} {}",
        side_summary(review, Color::White),
        side_summary(review, Color::Black)
    );
    if let Some(note) = note {
        summary.push_str(&format!(" {note}"));
    }
    write_game(&tags, start, &moves, &game.result, Some(&summary))
}

/// `[%eval 0.35,14] wdl 412/480/108` for `eval` of a position with `turn` to move, White's view.
fn eval_comment(eval: &PositionEval, turn: Color) -> String {
    let white = if turn == Color::White { 1 } else { -1 };
    let score = UciScore(eval.score * white);
    let value = match score.mate_moves() {
        Some(moves) => format!("#{moves}"),
        None => format!("{:.2}", f64::from(to_centipawns(score.0)) / 100.0),
    };
    let wdl = eval.wdl;
    let (win, loss) = if turn == Color::White {
        (wdl.win, wdl.loss)
    } else {
        (wdl.loss, wdl.win)
    };
    format!(
        "[%eval {value},{}] wdl {win}/{}/{loss}",
        eval.depth, wdl.draw
    )
}

/// `White: accuracy 91.2%, 1 inaccuracy, 0 mistakes, 0 blunders.`
fn side_summary(review: &GameReview, color: Color) -> String {
    let name = if color == Color::White {
        "White"
    } else {
        "Black"
    };
    let Some(accuracy) = review.accuracy[color as usize] else {
        return format!("{name}: no moves.");
    };
    let counts: Vec<String> = Judgement::ALL
        .iter()
        .map(|&j| {
            let n = review.count(color, j);
            let word = j.name().to_lowercase();
            plural(n, &word)
        })
        .collect();
    format!("{name}: accuracy {accuracy:.1}%, {}.", counts.join(", "))
}

/// `1 mistake`, `2 inaccuracies`.
fn plural(n: usize, word: &str) -> String {
    match (n, word.strip_suffix('y')) {
        (1, _) => format!("1 {word}"),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        (_, None) => format!("{n} {word}s"),
    }
}
