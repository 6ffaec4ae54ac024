//! Horizontal mirroring: each side's view turned so that its king stands on files e to h. A
//! mirrored network must give a board and its file-mirrored twin one evaluation, read the
//! board as it stands while both kings are on files e to h, and keep its accumulators equal
//! to a refresh through king moves across the d and e files.

use crate::common::{HIDDEN, assert_updates_match_refresh, random_games, random_mirrored_params};
use movegen::{Color, Position};
use nnue::format::QuantisedParams;
use nnue::{Accumulator, Architecture, Backend, Delta, Mirroring, Network, Nnue, Orientation};

fn network(params: &QuantisedParams) -> Network {
    Network::from_bytes(&params.encode()).expect("random network within limits")
}

/// The same weights read without mirroring.
fn unmirrored(params: &QuantisedParams) -> QuantisedParams {
    QuantisedParams {
        arch: Architecture {
            mirroring: Mirroring::None,
            ..params.arch
        },
        ..params.clone()
    }
}

/// `fen` with the files mirrored (a <-> h) and no castling rights: each rank read backwards,
/// the en passant square's file mirrored.
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let ep = match fields[3].as_bytes() {
        [file, rank] => format!("{}{}", (b'h' - (file - b'a')) as char, *rank as char),
        _ => "-".to_string(),
    };
    format!(
        "{} {} - {} {} {}",
        board.join("/"),
        fields[1],
        ep,
        fields[4],
        fields[5]
    )
}

/// The FEN of `pos` without its castling rights.
fn without_castling(pos: &Position) -> String {
    let fen = pos.fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields[2] = "-";
    fields.join(" ")
}

#[test]
fn a_board_and_its_mirrored_twin_evaluate_the_same() {
    let params = random_mirrored_params(31, HIDDEN);
    let (mirrored, plain) = (network(&params), network(&unmirrored(&params)));
    let (nnue, plain) = (Nnue::new(&mirrored), Nnue::new(&plain));
    let (mut twins, mut plain_differs) = (0, 0);
    random_games(32, 40, 120, |_, _, pos| {
        let fen = without_castling(pos);
        let (Ok(pos), Ok(twin)) = (
            Position::from_fen(&fen),
            Position::from_fen(&mirror_fen(&fen)),
        ) else {
            return;
        };
        let (mut a, mut b) = (Accumulator::default(), Accumulator::default());
        nnue.refresh(&mut a, &pos);
        nnue.refresh(&mut b, &twin);
        for side in Color::ALL {
            assert_eq!(a.half(side), b.half(side), "{fen}");
            assert_ne!(a.orientation(side), b.orientation(side), "{fen}");
        }
        assert_eq!(nnue.evaluate(&a, &pos), nnue.evaluate(&b, &twin), "{fen}");
        // Without mirroring, the same weights tell the two apart: the test can see a
        // network that does not mirror.
        if plain.evaluate_position(&pos) != plain.evaluate_position(&twin) {
            plain_differs += 1;
        }
        twins += 1;
    });
    assert!(twins > 3000, "{twins}");
    assert!(plain_differs > twins / 2, "{plain_differs} of {twins}");
}

#[test]
fn with_both_kings_on_files_e_to_h_the_board_is_read_as_it_stands() {
    let params = random_mirrored_params(33, HIDDEN);
    let (mirrored, plain) = (network(&params), network(&unmirrored(&params)));
    let (nnue, plain) = (Nnue::new(&mirrored), Nnue::new(&plain));
    let (mut as_is, mut turned) = (0, 0);
    random_games(34, 40, 120, |_, _, pos| {
        let kings_right = Color::ALL
            .into_iter()
            .all(|c| pos.king(c).file().index() >= 4);
        let same = nnue.evaluate_position(pos) == plain.evaluate_position(pos);
        if kings_right {
            assert!(same, "{}", pos.fen());
            as_is += 1;
        } else if !same {
            turned += 1;
        }
    });
    assert!(
        as_is > 500 && turned > 500,
        "{as_is} as is, {turned} turned"
    );
}

#[test]
fn orientation_follows_the_own_king() {
    let pos = Position::from_fen("8/8/2k5/8/8/8/8/5K2 w - - 0 1").expect("FEN");
    let nnue_net = network(&random_mirrored_params(35, HIDDEN));
    let mut acc = Accumulator::default();
    Nnue::new(&nnue_net).refresh(&mut acc, &pos);
    // White's king on f1: as it stands; Black's on c6: mirrored.
    assert_eq!(acc.orientation(Color::White), Orientation::AS_IS);
    assert_eq!(acc.orientation(Color::Black), Orientation::MIRRORED);
}

#[test]
fn mirrored_updates_match_full_refresh_through_king_moves_across_the_centre() {
    for hidden in [HIDDEN, 512] {
        let net = network(&random_mirrored_params(36, hidden));
        let mut crossings = 0;
        for backend in Backend::available() {
            let nnue = Nnue::with_backend(&net, backend);
            let rebuilt = assert_updates_match_refresh(&nnue, 37, |before, mv| {
                let delta = Delta::of_move(before, mv).expect("a legal move");
                if delta.king_crossing().is_some() {
                    assert!(nnue.turns_view(&delta, before.turn()));
                    crossings += 1;
                }
            });
            // Without king buckets only a crossing changes a view, and each is rebuilt
            // through the cache.
            assert!(rebuilt > 50, "{rebuilt} halves rebuilt through the cache");
        }
        assert!(crossings > 50, "{crossings} king moves across the centre");
    }
}
