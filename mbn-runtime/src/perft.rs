//! Perft: counting the leaf nodes of the legal move tree, for testing move generators.
//!
//! One [`MoveList`] per depth is allocated up front and reused, so the
//! search itself does not allocate.

use crate::bitboard::Bitboard;
use crate::moves::MoveList;
use crate::position::Position;
use crate::rules::MoveGenerator;

/// Counts leaf nodes at `depth` plies, counting the last ply from the length
/// of the move list (bulk counting). Depth 0 counts 1.
pub fn perft<B: Bitboard, G: MoveGenerator<B> + ?Sized>(generator: &G, pos: &mut Position<B>, depth: u32) -> u64 {
    let mut lists = vec![MoveList::new(); depth as usize];
    count(generator, pos, &mut lists, true)
}

/// Like [`perft`] but makes and unmakes every leaf move too (exercises make/unmake).
pub fn perft_no_bulk<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    pos: &mut Position<B>,
    depth: u32,
) -> u64 {
    let mut lists = vec![MoveList::new(); depth as usize];
    count(generator, pos, &mut lists, false)
}

/// The perft count below each legal root move, with the move's UCI text, in
/// generation order. Depth 0 gives an empty list.
pub fn divide<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    pos: &mut Position<B>,
    depth: u32,
) -> Vec<(String, u64)> {
    let Some(rest) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let mut root = MoveList::new();
    generator.legal_moves(pos, &mut root);
    let mut lists = vec![MoveList::new(); rest as usize];
    let mut out = Vec::with_capacity(root.len());
    for mv in root.iter().copied() {
        let extra = root.extra_captures(&mv);
        let undo = pos.make_with(mv, extra);
        let n = count(generator, pos, &mut lists, true);
        pos.unmake(mv, undo);
        out.push((mv.to_uci(pos.geometry(), pos.table(), extra), n));
    }
    out
}

fn count<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    pos: &mut Position<B>,
    lists: &mut [MoveList],
    bulk: bool,
) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    if bulk && deeper.is_empty() {
        return generator.count_legal_moves(pos, list);
    }
    list.clear();
    generator.legal_moves(pos, list);
    let mut nodes = 0;
    for mv in list.iter().copied() {
        let extra = list.extra_captures(&mv);
        let undo = pos.make_with(mv, extra);
        nodes += count(generator, pos, deeper, bulk);
        pos.unmake(mv, undo);
    }
    nodes
}
