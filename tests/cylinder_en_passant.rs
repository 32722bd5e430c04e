//! En passant captures round the edge of a cylinder (`oe`, docs/SEMANTICS.md M105), in both back
//! ends; e.p. rights on a cylindrical leg (`ome`) stay refused.

mod common;

use common::agree::{assert_agree, piece_moves, play};
use common::test_variant;

test_variant! {
    /// The Crab `mfW+ocfF+oce{P}fF` steps forward, captures diagonally forward round the edge of
    /// the board, and takes Pawns en passant the same way.
    Crabs, crabs_interpreter,
    CRABS_START = "rnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNC w - - 0 1",
    CRABS_PIECES = "P N B R Q K C|Crab|=mfW+ocfF+oce{P}fF",
}

#[test]
fn a_crab_takes_en_passant_round_the_edge() {
    let interp = crabs_interpreter();
    // Black's a7a5 passes a6; the Crab on h5 reaches a6 round the edge and takes the Pawn on a5.
    let mut pos = Crabs::position("4k3/p7/8/7C/8/8/8/4K3 b - - 0 1").expect("the position loads");
    play(&interp, &mut pos, &["a7a5"]);
    assert_eq!(piece_moves(&Crabs, &interp, &pos, "h5"), "h6 xa6");
    let mut after = pos.clone();
    play(&Crabs, &mut after, &["h5a6"]);
    assert_eq!(after.to_fen(), "4k3/8/C7/8/8/8/8/4K3 b - - 0 2");
    // Black's Crab on a4 the same way round, after White's h2h4 (passing h3).
    let mut pos = Crabs::position("4k3/8/8/8/c7/8/7P/4K3 w - - 0 1").expect("the position loads");
    play(&interp, &mut pos, &["h2h4"]);
    assert_eq!(piece_moves(&Crabs, &interp, &pos, "a4"), "a3 xh3");
    // Without the double step there is nothing to take on a6.
    let pos = Crabs::position("4k3/8/8/p6C/8/8/8/4K3 w - - 0 1").expect("the position loads");
    assert_eq!(piece_moves(&Crabs, &interp, &pos, "h5"), "h6");
}

#[test]
fn en_passant_rights_on_a_cylinder_stay_refused() {
    let spec = common::agree::test_spec("R", 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "P K C=omefW2", "K", "[8]");
    let variant = mbn::codegen::variant::Variant::compile(&spec).expect("compiles");
    let Err(e) = mbn::codegen::interp::Interpreter::new(&variant) else { panic!("`omefW2` is refused") };
    assert!(e[0].message.contains("cylindrical moves (`o`) with en passant rights"), "{e:?}");
}

#[test]
fn generated_crabs_agree_with_the_interpreter() {
    let interp = crabs_interpreter();
    assert_agree("Crabs", &Crabs, &interp, Crabs::position(CRABS_START).expect("start"));
}
