//! Games written and read back, and damaged data read without panics.

use crate::{DataError, Game, GameReader, GameResult, Score};
use movegen::Position;

/// xorshift64: a fixed stream of numbers for building random games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A game of random legal moves from `fen`, up to `max_plies`, with made-up scores.
fn random_game(fen: &str, rng: &mut Rng, max_plies: usize) -> Game {
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(rng.next() % legal.len() as u64) as usize];
        let score = Score::from_white((rng.next() % 4001) as i16 - 2000);
        moves.push((mv, score));
        pos.play(mv);
    }
    let result =
        [GameResult::BlackWin, GameResult::Draw, GameResult::WhiteWin][(rng.next() % 3) as usize];
    Game {
        start,
        result,
        moves,
    }
}

fn sample_games() -> Vec<Game> {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let starts = [
        movegen::STARTING_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "qrbknbrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w BGbg - 0 1",
        "bbrnkqrn/pppppppp/8/8/8/8/PPPPPPPP/RNBKQRNB w FAgc - 0 1",
    ];
    (0..24)
        .map(|i| random_game(starts[i % starts.len()], &mut rng, i * 13 % 250))
        .collect()
}

fn encode_all(games: &[Game]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for game in games {
        game.encode_into(&mut bytes);
    }
    bytes
}

#[test]
fn games_round_trip() {
    let games = sample_games();
    let bytes = encode_all(&games);
    let plies: usize = games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(bytes.len(), games.len() * 36 + plies * 4);
    let read: Vec<Game> = GameReader::new(&bytes[..])
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(read, games);
}

#[test]
fn positions_replay_the_moves() {
    for game in sample_games() {
        let mut pos = game.start.clone();
        let records: Vec<_> = game.positions().collect();
        assert_eq!(records.len(), game.moves.len());
        for (i, record) in records.iter().enumerate() {
            assert_eq!(record.position, pos);
            assert_eq!(record.ply, i);
            assert_eq!((record.best_move, record.score), game.moves[i]);
            assert_eq!(record.result, game.result);
            assert_eq!(
                record.best_move_is_noisy(),
                pos.is_capture(record.best_move) || record.best_move.promotion().is_some()
            );
            pos.play(record.best_move);
        }
    }
}

/// Cut anywhere, the data gives the whole games before the cut and then a `Truncated` error
/// (or a clean end exactly at a game boundary).
#[test]
fn truncated_data_is_a_typed_error() {
    let games = sample_games()[..6].to_vec();
    let bytes = encode_all(&games);
    let mut boundaries = vec![0];
    for game in &games {
        boundaries.push(boundaries.last().unwrap() + game.to_bytes().len());
    }
    for cut in 0..bytes.len() {
        let mut reader = GameReader::new(&bytes[..cut]);
        let whole = boundaries.iter().filter(|&&b| b > 0 && b <= cut).count();
        for game in &games[..whole] {
            assert_eq!(reader.next().unwrap().unwrap(), *game);
        }
        if boundaries.contains(&cut) {
            assert!(reader.next().is_none(), "cut {cut}");
        } else {
            let err = reader.next().unwrap().unwrap_err();
            let expected = boundaries[whole] as u64;
            assert!(
                matches!(err, DataError::Truncated { offset } if offset == expected),
                "cut {cut}: {err}"
            );
            assert!(reader.next().is_none(), "the reader stops after an error");
        }
    }
}

#[test]
fn an_illegal_move_is_a_typed_error() {
    let games = sample_games();
    // A game from the start position whose first move becomes a1b1, which the rook cannot play.
    assert_eq!(games[4].start, Position::startpos());
    assert!(!games[4].moves.is_empty());
    let mut bytes = games[4].to_bytes();
    bytes[32..34].copy_from_slice(&(1u16 << 6).to_le_bytes());
    let err = GameReader::new(&bytes[..]).next().unwrap().unwrap_err();
    assert!(matches!(
        err,
        DataError::IllegalMove {
            offset: 0,
            ply: 0,
            ..
        }
    ));
}

#[test]
fn endless_games_are_refused() {
    let mut bytes = Game {
        start: Position::startpos(),
        result: GameResult::Draw,
        moves: Vec::new(),
    }
    .to_bytes();
    bytes.truncate(32);
    // Knights out and back forever: legal, but longer than any stored game.
    let start = Position::startpos();
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut pos = start.clone();
    for i in 0..=crate::MAX_GAME_MOVES {
        let mv = pos.parse_uci_move(cycle[i % 4], false).unwrap();
        bytes.extend_from_slice(&crate::wire::encode(mv).to_le_bytes());
        bytes.extend_from_slice(&[0, 0]);
        pos.play(mv);
    }
    let err = GameReader::new(&bytes[..]).next().unwrap().unwrap_err();
    assert!(matches!(err, DataError::TooLong { offset: 0 }));
}

/// Random damage anywhere gives games, errors or a clean end, never a panic.
#[test]
fn damaged_data_never_panics() {
    let bytes = encode_all(&sample_games()[..8]);
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    for _ in 0..300 {
        let mut damaged = bytes.clone();
        for _ in 0..1 + rng.next() % 4 {
            let i = (rng.next() % damaged.len() as u64) as usize;
            damaged[i] ^= 1 << (rng.next() % 8);
        }
        let mut read = 0;
        for item in GameReader::new(&damaged[..]) {
            read += 1;
            if item.is_err() {
                break;
            }
        }
        assert!(read <= 8 + 1);
    }
}
