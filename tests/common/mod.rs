//! Helpers shared by the integration tests.

pub mod agree;

use mbn::runtime::{Bitboard, MoveGenerator, MoveList, Position};

/// Plays `steps` random legal moves of `generator` from `start`, calling `visit` with each
/// position reached and its legal moves before the next move is drawn; the walk starts again
/// from `start` when a side has no move or after `restart` plies. Moves are drawn by xorshift
/// from `seed`, so a failure reproduces.
pub fn random_walk<B: Bitboard, G: MoveGenerator<B>>(
    generator: &G,
    start: &Position<B>,
    steps: usize,
    restart: usize,
    mut seed: u64,
    mut visit: impl FnMut(&Position<B>, &MoveList),
) {
    let (mut pos, mut plies) = (start.clone(), 0);
    for _ in 0..steps {
        let mut list = MoveList::new();
        generator.legal_moves(&pos, &mut list);
        visit(&pos, &list);
        if list.is_empty() || plies >= restart {
            (pos, plies) = (start.clone(), 0);
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = list.get((seed % list.len() as u64) as usize).expect("in range");
        let extra = list.extra_captures(&mv).to_vec();
        let _ = pos.make_with(mv, &extra);
        plies += 1;
    }
}
