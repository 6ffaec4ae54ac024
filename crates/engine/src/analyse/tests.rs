use super::*;
use movegen::Color;

/// 1. e4 e5 2. Nf3 Qg5??: the queen goes to a square the knight attacks.
const BLUNDER_LINE: [&str; 4] = ["e4", "e5", "Nf3", "Qg5"];

fn moves(start: &Position, sans: &[&str]) -> Vec<Move> {
    let mut at = start.clone();
    sans.iter()
        .map(|san| {
            let mv = at.parse_san(san).unwrap();
            at.play(mv);
            mv
        })
        .collect()
}

fn analyser() -> Analyser {
    Analyser::new(AnalysisLimit::Nodes(20_000), 4, None).unwrap()
}

#[test]
fn a_hung_queen_is_a_blunder_with_the_engine_line() {
    let start = Position::startpos();
    let line = moves(&start, &BLUNDER_LINE);
    let mut calls = Vec::new();
    let review = analyser().review(&start, &line, &mut |done, total| calls.push((done, total)));
    assert_eq!(calls.last(), Some(&(5, 5)));
    assert_eq!(review.evals.len(), 5);
    let queen_move = &review.moves[3];
    assert_eq!(queen_move.mover, Color::Black);
    assert_eq!(
        queen_move.judgement,
        Some(Judgement::Blunder),
        "{review:#?}"
    );
    assert!(queen_move.accuracy < 50.0);
    assert_ne!(review.evals[3].best_line.first(), Some(&line[3]));
    assert_eq!(review.count(Color::Black, Judgement::Blunder), 1);
    let [white, black] = review.accuracy;
    assert!(white.unwrap() > black.unwrap(), "{:?}", review.accuracy);
}

#[test]
fn mate_and_stalemate_end_with_certain_chances() {
    let start = Position::startpos();
    // Fool's mate: White is mated after Black's second move.
    let line = moves(&start, &["f3", "e5", "g4", "Qh4#"]);
    let review = analyser().review(&start, &line, &mut |_, _| {});
    let last = review.evals.last().unwrap();
    assert_eq!(last.wdl.loss, 1000);
    assert_eq!(last.depth, 0);
    assert!(review.moves[2].judgement.is_some(), "g4 allows mate in one");
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let review = analyser().review(&stalemate, &[], &mut |_, _| {});
    assert_eq!(review.evals[0].wdl.draw, 1000);
    assert_eq!(review.accuracy, [None, None]);
}

#[test]
fn the_annotated_game_reads_back_with_its_judgements() {
    let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Qg5 0-1\n";
    let game = &pgn::read_games(text)[0];
    let (start, line) = game.replay().unwrap();
    let review = analyser().review(&start, &line, &mut |_, _| {});
    let annotated = annotated_pgn(game, &start, &review, "Tsubame test", None);
    let one_line = annotated.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        annotated.contains("[Annotator \"Tsubame test\"]"),
        "{annotated}"
    );
    assert!(one_line.contains("Qg5 $4 { [%eval "), "{annotated}");
    assert!(one_line.contains("Blunder."), "{annotated}");
    assert!(
        one_line.contains("(2... "),
        "the engine's line: {annotated}"
    );
    assert!(one_line.contains("Black: accuracy "), "{annotated}");
    let again = pgn::read_games(&annotated);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].replay().unwrap().1, line);
    assert_eq!(again[0].result, "0-1");
}
