//! One self-play game, from an opening to its end or adjudication.

use std::sync::atomic::{AtomicBool, Ordering};

use datafmt::{Game, GameResult, Score};
use movegen::Position;

use crate::adjudicate::{Adjudicator, Rules, Verdict};
use crate::openings::{Opening, StartPositions, random_plies};
use crate::player::Player;
use crate::tablebase::tablebase_result;
use rng::Rng;
use syzygy::Tablebases;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// 100 plies without a capture or pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The position occurred for the third time.
    Repetition,
    /// Adjudicated on decisive scores.
    AdjudicatedWin,
    /// Adjudicated on level scores.
    AdjudicatedDraw,
    /// Stopped at the ply limit, as a draw.
    MaxLength,
    /// Ended with the Syzygy tables' result.
    Tablebase,
}

impl Ending {
    /// Every ending, in the order summaries list them.
    pub const ALL: [Ending; 9] = [
        Ending::Checkmate,
        Ending::Stalemate,
        Ending::FiftyMoves,
        Ending::InsufficientMaterial,
        Ending::Repetition,
        Ending::AdjudicatedWin,
        Ending::AdjudicatedDraw,
        Ending::MaxLength,
        Ending::Tablebase,
    ];

    /// A short name for summaries.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Checkmate => "mate",
            Ending::Stalemate => "stalemate",
            Ending::FiftyMoves => "50-move",
            Ending::InsufficientMaterial => "material",
            Ending::Repetition => "repetition",
            Ending::AdjudicatedWin => "adj-win",
            Ending::AdjudicatedDraw => "adj-draw",
            Ending::MaxLength => "max-length",
            Ending::Tablebase => "syzygy",
        }
    }
}

/// Whether the game is over by the rules in `position`, given the keys of the positions
/// before it (oldest first), and with what result.
pub fn game_over(position: &Position, keys: &[u64]) -> Option<(Ending, GameResult)> {
    if !position.has_legal_moves() {
        return Some(if position.in_check() {
            (Ending::Checkmate, GameResult::win_for(!position.turn()))
        } else {
            (Ending::Stalemate, GameResult::Draw)
        });
    }
    if position.halfmove_clock() >= 100 {
        return Some((Ending::FiftyMoves, GameResult::Draw));
    }
    if position.is_insufficient_material() {
        return Some((Ending::InsufficientMaterial, GameResult::Draw));
    }
    // Earlier occurrences have the same side to move (every second ply) and lie within the
    // reversible plies.
    let earlier = keys
        .iter()
        .rev()
        .take(position.halfmove_clock() as usize)
        .skip(1)
        .step_by(2)
        .filter(|&&key| key == position.key())
        .count();
    (earlier >= 2).then_some((Ending::Repetition, GameResult::Draw))
}

/// What makes an opening: where the random plies start, how many, and how level the
/// result must be.
#[derive(Clone, Debug)]
pub struct OpeningRules {
    /// The positions the random plies start from.
    pub starts: StartPositions,
    /// The fewest random plies.
    pub min_plies: usize,
    /// The most random plies.
    pub max_plies: usize,
    /// Openings the search scores beyond this (centipawns, either side) are played again.
    pub max_score: i32,
}

impl Default for OpeningRules {
    /// 8 or 9 random plies from the standard position, kept within ±400.
    fn default() -> OpeningRules {
        OpeningRules {
            starts: StartPositions::Standard,
            min_plies: 8,
            max_plies: 9,
            max_score: 400,
        }
    }
}

/// Tries after which no opening is accepted (a book of lost positions, say).
const MAX_OPENING_TRIES: u32 = 10_000;

/// Draws random openings until the search finds one level enough; also returns how many were
/// rejected. `None` if none was found in many tries.
pub fn balanced_opening(
    player: &mut Player,
    rules: &OpeningRules,
    rng: &mut Rng,
) -> Option<(Opening, u32)> {
    for tries in 0..MAX_OPENING_TRIES {
        let start = rules.starts.pick(rng);
        let span = rules.max_plies.saturating_sub(rules.min_plies) + 1;
        let plies = rules.min_plies + rng.below(span);
        let Some(opening) = random_plies(&start, plies, rng) else {
            continue;
        };
        let choice = player.choose(&opening.position, &opening.keys)?;
        if choice.score.abs() <= rules.max_score {
            return Some((opening, tries));
        }
    }
    None
}

/// A finished game with how it ended.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The game as stored.
    pub game: Game,
    /// How it ended.
    pub ending: Ending,
    /// Openings rejected before this game's.
    pub rejected_openings: u32,
    /// Nodes searched for the game, its opening checks included.
    pub nodes: u64,
}

/// Plays one game from a fresh player state. `None` when `stop` is set before it ends (the
/// partial game is dropped) or no opening is found. With `tablebases`, a game ends with the
/// tables' result as soon as they know it exactly.
pub fn play_game(
    player: &mut Player,
    openings: &OpeningRules,
    rules: Rules,
    tablebases: Option<&Tablebases>,
    rng: &mut Rng,
    stop: &AtomicBool,
) -> Option<PlayedGame> {
    player.new_game();
    let nodes_before = player.nodes();
    let (opening, rejected_openings) = balanced_opening(player, openings, rng)?;
    let Opening {
        mut position,
        mut keys,
    } = opening;
    let start = position.clone();
    let mut moves = Vec::new();
    let mut adjudicator = Adjudicator::new(rules);
    let (ending, result) = loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(over) = game_over(&position, &keys) {
            break over;
        }
        if let Some(result) = tablebases.and_then(|tb| tablebase_result(tb, &position)) {
            break (Ending::Tablebase, result);
        }
        let choice = player.choose(&position, &keys)?;
        let score = Score::from_side(choice.score, position.turn());
        moves.push((choice.mv, score));
        keys.push(position.key());
        position.play(choice.mv);
        match adjudicator.record(i32::from(score.white())) {
            None => {}
            Some(Verdict::Win(result)) => break (Ending::AdjudicatedWin, result),
            Some(Verdict::Draw) => break (Ending::AdjudicatedDraw, GameResult::Draw),
            Some(Verdict::MaxLength) => break (Ending::MaxLength, GameResult::Draw),
        }
    };
    Some(PlayedGame {
        game: Game {
            start,
            result,
            moves,
        },
        ending,
        rejected_openings,
        nodes: player.nodes() - nodes_before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys_of(start: &str, moves: &[&str]) -> (Position, Vec<u64>) {
        let mut pos = Position::from_fen(start).unwrap();
        let mut keys = Vec::new();
        for m in moves {
            let mv = pos.parse_uci_move(m, false).unwrap();
            keys.push(pos.key());
            pos.play(mv);
        }
        (pos, keys)
    }

    #[test]
    fn rule_endings_are_recognised() {
        let mate = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(
            game_over(&mate, &[]),
            Some((Ending::Checkmate, GameResult::WhiteWin))
        );
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(
            game_over(&stalemate, &[]),
            Some((Ending::Stalemate, GameResult::Draw))
        );
        let fifty = Position::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80").unwrap();
        assert_eq!(
            game_over(&fifty, &[]),
            Some((Ending::FiftyMoves, GameResult::Draw))
        );
        let bare = Position::from_fen("4k3/8/8/8/8/8/8/3BK3 w - - 0 1").unwrap();
        assert_eq!(
            game_over(&bare, &[]),
            Some((Ending::InsufficientMaterial, GameResult::Draw))
        );
        assert_eq!(game_over(&Position::startpos(), &[]), None);
    }

    #[test]
    fn the_third_occurrence_is_a_draw_and_the_second_is_not() {
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let (twice, keys) = keys_of(movegen::STARTING_FEN, &shuffle);
        assert_eq!(game_over(&twice, &keys), None);
        let eight: Vec<&str> = shuffle.iter().chain(&shuffle).copied().collect();
        let (thrice, keys) = keys_of(movegen::STARTING_FEN, &eight);
        assert_eq!(
            game_over(&thrice, &keys),
            Some((Ending::Repetition, GameResult::Draw))
        );
    }
}
