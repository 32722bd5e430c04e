//! Visits `j` on cylindrical legs (docs/SEMANTICS.md M123): refused before ("cylindrical moves
//! (`o`) with visits `j`"), run since in both back ends. Hand-checked sets in both back ends,
//! then generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves};

common::test_variant! {
    /// The Barrel Grasshopper `ojyQ-K` rides a Queen line round the side edges to the first piece,
    /// friend or enemy, and lands just beyond it; the Diver `(omjR)+K` slides round the edges and
    /// dies on the first enemy of a line (M103: it visits as a last leg), or steps as a King.
    Barrel, interpreter,
    START = "rnbqkbnr/pppppppp/2gd4/8/8/2GD4/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| G|Grasshopper|=ojyQ-K D|Diver|=(omjR)+K \
        +P==QRBNGD",
    castling: "R",
}

fn moves(fen: &str, from: &str) -> String {
    let pos = Barrel::position(fen).expect("fen");
    piece_moves(&Barrel, &interpreter(), &pos, from)
}

#[test]
fn a_grasshopper_that_hops_round_the_edge() {
    // On b4, friends on g4 and b6, an enemy on e7: over b6 to b7, over e7 to f8, over g4 to h4
    // eastwards and to f4 westwards round the edge (a4, h4, then g4); the diagonals that leave
    // the a-file come back on the h-file and find nothing.
    assert_eq!(moves("k7/4p3/1P6/8/1G4P1/8/8/7K w - - 0 1", "b4"), "b7 f4 f8 h4");
    // An enemy on f8 beyond e7 is taken; with a friend on f4 as well, the hop east goes over f4
    // onto g4 and the hop west over g4 onto f4: both shut.
    assert_eq!(moves("k4n2/4p3/1P6/8/1G3PP1/8/8/7K w - - 0 1", "b4"), "b7 xf8");
    // Nothing on its lines, round the edge included (the rank comes back to b4): no hop at all.
    assert_eq!(moves("k7/8/8/8/1G6/8/8/7K w - - 0 1", "b4"), "");
}

#[test]
fn a_diver_that_dies_on_an_enemy_round_the_edge() {
    // On b4 with an enemy on g4: the slide west goes a4, h4 and then meets g4, where the Diver
    // dies (`b4(xb4)`: the move stays on b4 and takes its own square); east it meets g4 after
    // f4 as well, the same move. The King steps beside the slides.
    let slides = "a3 a4 a5 b1 b2 b3 b4(xb4) b5 b6 b7 b8 c3 c4 c5 d4 e4 f4 h4";
    assert_eq!(moves("k7/8/8/8/1D4p1/8/8/7K w - - 0 1", "b4"), slides);
    // With no enemy on its lines it never dies: the rank round the edge is all its own.
    let quiet = "a3 a4 a5 b1 b2 b3 b5 b6 b7 b8 c3 c4 c5 d4 e4 f4 g4 h4";
    assert_eq!(moves("k7/8/8/8/1D6/8/8/7K w - - 0 1", "b4"), quiet);
}

#[test]
fn generated_cylinder_visits_agree_with_the_interpreter() {
    let interp = interpreter();
    assert_agree("Barrel", &Barrel, &interp, Barrel::position(START).expect("start"));
}
