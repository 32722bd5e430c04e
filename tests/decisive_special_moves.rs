//! `#` on a multi-leg move that ends in a swap or an en passant capture (docs/SEMANTICS.md M89):
//! the move is decisive in both back ends. By hand, and on random positions against the
//! interpreter.

mod common;

use common::agree::{assert_agree, piece_moves_by};
use mbn::runtime::MoveGenerator;

common::test_variant! {
    /// The Switcher `mK+(W-#wW)` wins by going two squares orthogonally (through an empty
    /// square), or by swapping with an enemy there; the Edger `mfW+cfF+imefW02+(mfW-#cefF)` is a pawn that wins by
    /// a step forward and an en passant capture.
    Decisive, interpreter,
    START = "rnbqkbsr/eeeeeeee/8/8/8/8/EEEEEEEE/RNBQKBSR w - - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| S|Switcher|=mK+(W-#wW) \
        E|Edger|=mfW+cfF+imefW02+(mfW-#cefF) +E==QRBNS",
}

/// The Switcher on d4 with its Pawns on d6, e4 and f4 and a Black Pawn on b4: the swap with b4
/// and the quiet d2 are decisive (its King steps are not); d6 holds a friend, f4 is behind e4.
/// After the swap Black has no move.
#[test]
fn a_decisive_swap_at_the_end_of_a_path() {
    let fen = "k7/8/3P4/8/1p1SPP2/8/8/K7 w - - 0 1";
    let pos = Decisive::position(fen).unwrap();
    let moves = piece_moves_by(&Decisive, &interpreter(), &pos, "d4", |_, mv| {
        let mark = if mv.is_swap() { "w" } else { "" };
        let decisive = if mv.is_decisive() { "#" } else { "" };
        format!("{mark}{}{decisive}", pos.geometry().square_name(mv.to()))
    });
    assert_eq!(moves, "c3 c4 c5 d2# d3 d5 e3 e5 wb4#");
    let mut pos = pos;
    common::agree::play(&Decisive, &mut pos, &["d4b4"]);
    let mut list = mbn::runtime::MoveList::new();
    Decisive.legal_moves(&pos, &mut list);
    assert!(list.is_empty(), "the game is over");
}

/// Both back ends on random positions (flags included) and perft 1-3; the walk meets decisive
/// swaps and en passant captures.
#[test]
fn generated_decisive_special_moves_agree_with_the_interpreter() {
    assert_agree("decisive", &Decisive, &interpreter(), Decisive::start_position());
    let (mut swaps, mut captures) = (0, 0);
    common::random_walk(&Decisive, &Decisive::start_position(), 20_000, 80, 3, |_, list| {
        swaps += list.iter().filter(|mv| mv.is_swap() && mv.is_decisive()).count();
        captures += list.iter().filter(|mv| mv.is_en_passant() && mv.is_decisive()).count();
    });
    assert!(swaps > 0 && captures > 0, "swaps {swaps}, captures {captures}");
}
