//! `genfens`: opening positions for OpenBench's data-generation workloads, which run
//! `engine "genfens N seed S book <None|file> [extra]" "quit"` and read each
//! `info string genfens <FEN>` line (see `Client/genfens.py` in
//! <https://github.com/AndyGrant/OpenBench>).

use movegen::Position;

use crate::play::{OpeningRules, balanced_opening};
use crate::player::Player;
use crate::run::DatagenError;
use rng::Rng;

/// Produces `count` openings made by `rules` from the stream seeded with `seed`, each checked
/// level by a short search of `player`, and hands each to `emit`.
pub fn genfens(
    count: usize,
    seed: u64,
    rules: &OpeningRules,
    player: &mut Player,
    emit: &mut dyn FnMut(&Position),
) -> Result<(), DatagenError> {
    let mut rng = Rng::new(seed);
    for _ in 0..count {
        let (opening, _) =
            balanced_opening(player, rules, &mut rng).ok_or(DatagenError::NoOpening)?;
        emit(&opening.position);
    }
    Ok(())
}
