//! Single-leg captures whose squares depend on the position (docs/SEMANTICS.md M84): an origin
//! `[+]` (only while the piece stands attacked) or `[:]` (only while it has not moved), a
//! destination `[:]` (only unmoved pieces) or `[*]`. The code generator refused them ("threatened/
//! unthreatened/unmoved ranges on capturing moves: not generated yet"); it now walks them as it
//! walks multi-leg moves with such ranges (M11, M78). Hand-checked sets in both back ends, then
//! generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves};

common::test_variant! {
    /// The Avenger `K+[+]cN` takes as a Knight only while it stands attacked; the Usurper
    /// `mK+cR[:]` takes as a Rook only pieces that have not moved; the Opener `K+[:]cB` takes as a
    /// Bishop only before it has moved; the Hunter `K+cN[*]` takes as a Knight (a square an enemy
    /// piece stands on is never threatened by its own side, M78, so every such capture).
    Ranges, interpreter,
    START = "rnbqkbnr/ppappupp/8/8/8/8/PPOPPHPP/RNBQKBNR w - - 0 1",
    PIECES = "P|Pawn|=mfW+cfF N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| A|Avenger|=K+[+]cN \
        U|Usurper|=mK+cR[:] O|Opener|=K+[:]cB H|Hunter|=K+cN[*] +P==NBRQAUOH",
}

/// The moves of the piece on `from` in both back ends (asserted equal, with the whole position's).
fn moves(fen: &str, from: &str, unmoved: &[&str]) -> String {
    let mut pos = Ranges::position(fen).expect("fen");
    let g = pos.geometry();
    let squares = unmoved.iter().map(|s| g.parse_square(s).expect("a square"));
    pos.set_unmoved(mbn::runtime::Bitboard::from_squares(squares));
    piece_moves(&Ranges, &interpreter(), &pos, from)
}

#[test]
fn the_avenger_takes_while_attacked() {
    // d4, a Black Bishop on e6: not attacked, King steps only; a Black Rook on d8 attacks d4 (and
    // d5, d6, d7): the Knight's capture too.
    assert_eq!(moves("k7/8/4b3/8/3A4/8/8/7K w - - 0 1", "d4", &[]), "c3 c4 c5 d3 d5 e3 e4 e5");
    assert_eq!(moves("k2r4/8/4b3/8/3A4/8/8/7K w - - 0 1", "d4", &[]), "c3 c4 c5 d3 d5 e3 e4 e5 xe6");
}

#[test]
fn the_usurper_takes_unmoved_pieces_only() {
    // d1, Black Knights on d6 and h1: only the unmoved one is taken.
    let fen = "k7/8/3n4/8/8/8/8/3U3n w - - 0 1";
    assert_eq!(moves(fen, "d1", &["d6"]), "c1 c2 d2 e1 e2 xd6");
    assert_eq!(moves(fen, "d1", &["h1"]), "c1 c2 d2 e1 e2 xh1");
}

#[test]
fn the_opener_takes_before_it_moves() {
    let fen = "k7/8/8/8/8/4n3/8/2O4K w - - 0 1";
    assert_eq!(moves(fen, "c1", &["c1"]), "b1 b2 c2 d1 d2 xe3");
    assert_eq!(moves(fen, "c1", &[]), "b1 b2 c2 d1 d2");
}

#[test]
fn the_hunter_takes_as_a_knight() {
    assert_eq!(moves("k7/8/4n3/8/3H4/8/8/7K w - - 0 1", "d4", &[]), "c3 c4 c5 d3 d5 e3 e4 e5 xe6");
}

#[test]
fn generated_capture_ranges_agree_with_the_interpreter() {
    assert_agree("capture ranges", &Ranges, &interpreter(), Ranges::start_position());
}
