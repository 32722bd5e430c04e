//! Unmoved-square ranges (`[:]`) on the legs of multi-leg moves, in generated code
//! (docs/SEMANTICS.md M11): hand-checked sets in both back ends, then generated = interpreted
//! on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;

test_variant! {
    /// The Ambusher takes, by a Xiangqi Horse's path, unmoved pieces only (`[:]` on its last
    /// leg's destination) and steps as a King; the Vaulter is a King with a Horse's leap while it
    /// has not moved (`[:]` on its first leg's origin: its own square).
    Unmoved, interpreter,
    START = "rnbukvnr/pppppppp/8/8/8/8/PPPPPPPP/RNBUKVNR w - - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| K|King| U|Ambusher|=(W-F[:])+mK V|Vaulter|=([:]W-F)+K \
        +P==NBRUV",
}

/// The moves of the piece on `from` in both back ends (asserted equal, with the whole position's).
fn moves(fen: &str, from: &str) -> String {
    piece_moves(&Unmoved, &interpreter(), &Unmoved::position(fen).expect("fen"), from)
}

#[test]
fn the_ambusher_takes_unmoved_pieces_only() {
    // d5: the Horse's paths end on c7 e7 (Black pawns on their start squares: unmoved), b6 (a
    // pawn off its start rank: moved), c3 e3 b4 f4 f6 (empty: no piece, so not unmoved).
    assert_eq!(moves("4k3/2p1p3/1p6/3U4/8/8/8/4K3 w - - 0 1", "d5"), "c4 c5 c6 d4 d6 e4 e5 e6 xc7 xe7");
    // A blocker on d6 closes both paths north.
    assert_eq!(moves("4k3/2p1p3/1p1p4/3U4/8/8/8/4K3 w - - 0 1", "d5"), "c4 c5 c6 d4 e4 e5 e6");
}

#[test]
fn the_vaulter_leaps_while_unmoved() {
    // On its start square f1 (unmoved): the King's steps and the Horse's e3 g3 h2 (f1-e1 is
    // blocked by its King, f0 and the leaps past the edge do not exist).
    assert_eq!(moves("4k3/8/8/8/8/8/8/4KV2 w - - 0 1", "f1"), "e2 e3 f2 g1 g2 g3 h2");
    // On d4 it has moved: the King's steps only.
    assert_eq!(moves("4k3/8/8/8/3V4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
}

#[test]
fn generated_unmoved_ranges_agree_with_the_interpreter() {
    assert_agree("unmoved ranges", &Unmoved, &interpreter(), Unmoved::start_position());
}
