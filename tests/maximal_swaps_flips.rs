//! Swaps and flips at the end of maximal and edge repeats of riders (docs/SEMANTICS.md M119):
//! `xR0*` is the maximal Rook that flips what it stops at, as `xW0*`, in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_with_swaps_and_flips};
use common::test_variant;

test_variant! {
    /// The Mesmer Rook `xR0*+mK` steps as a King and slides as far as it can, turning the enemy
    /// it stops at to its own side; the Edge Swapper `wwB*` slides to the edge and swaps with a
    /// friend standing there. The Stepping Mesmer `mW-xR0*` steps once first, then slides on as
    /// far as it can and flips what it stops at (M121: the repeat after a step is one leg too).
    Far, far_interpreter,
    FAR_START = "rnbqkbnr/pppppppp/2mst3/8/8/2MST3/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    FAR_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| M|Mesmer|=xR0*+mK S|Swapper|=wwB* \
        T|Stepper|=mW-xR0* +P==QRBNMST",
    castling: "R",
}

/// White's moves from `from`, both back ends agreeing: `w` before a swap, `~` before a flip.
fn by_hand(fen: &str, from: &str) -> String {
    let pos = Far::position(fen).expect("the position loads");
    piece_moves_with_swaps_and_flips(&Far, &far_interpreter(), &pos, from)
}

#[test]
fn a_maximal_rook_that_flips_where_it_stops() {
    // On d4, an enemy on d7 and a friend on f4: as far as it can on each line (a4, d1, e4 before
    // the friend) and the flip of d7; the King steps.
    assert_eq!(by_hand("6k1/3p4/8/8/3M1P2/8/8/6K1 w - - 0 1", "d4"), "a4 c3 c4 c5 d1 d3 d5 e3 e4 e5 ~d7");
}

#[test]
fn an_edge_bishop_that_swaps_on_the_edge() {
    // On d4, a friend on a7 (swapped with) and an enemy on h8 (not taken: `ww` swaps instead).
    assert_eq!(by_hand("k6n/P7/8/8/3S4/8/8/7K w - - 0 1", "d4"), "a1 g1 wa7");
    // A friend on b6 before the edge: the line to a7 is shut; h8 is empty now.
    assert_eq!(by_hand("k7/P7/1P6/8/3S4/8/8/7K w - - 0 1", "d4"), "a1 g1 h8");
}

#[test]
fn a_maximal_rook_after_a_step_flips_where_it_stops() {
    // On d4, an enemy on d7 and a friend on f4: a step, then on as far as it can: a4 and d1; the
    // enemy on d7 is flipped; east the step reaches e4 and the friend leaves no room to go on.
    assert_eq!(by_hand("6k1/3p4/8/8/3T1P2/8/8/6K1 w - - 0 1", "d4"), "a4 d1 ~d7");
    // An enemy right after the step (d6) is flipped; one on the step's own square (d5) blocks it.
    assert_eq!(by_hand("6k1/8/3p4/8/3T4/8/8/6K1 w - - 0 1", "d4"), "a4 d1 h4 ~d6");
    assert_eq!(by_hand("6k1/8/8/3p4/3T4/8/8/6K1 w - - 0 1", "d4"), "a4 d1 h4");
}

#[test]
fn generated_maximal_swaps_and_flips_agree_with_the_interpreter() {
    let interp = far_interpreter();
    assert_agree("Far", &Far, &interp, Far::position(FAR_START).expect("start"));
}
