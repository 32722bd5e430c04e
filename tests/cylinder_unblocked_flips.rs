//! `u` and `x` on cylindrical legs (docs/SEMANTICS.md M117): refused before ("cylindrical moves
//! (`o`) with …"), run since in both back ends. Hand-checked sets in both back ends, then
//! generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves_with_flips};

common::test_variant! {
    /// The Wary Queen `ouQ` rides a Queen round the side edges while no enemy stands first on any
    /// of its eight lines; the Charmer `mK+oxN` steps as a King and turns the enemies a Knight
    /// leap away, round the side edges too, to its own side.
    Cylinder, interpreter,
    START = "rnbqkbnr/pppppppp/2uc4/8/8/2UC4/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| U|Wary Queen|=ouQ C|Charmer|=mK+oxN \
        +P==QRBNUC",
    castling: "R",
}

fn moves(fen: &str, from: &str) -> String {
    let pos = Cylinder::position(fen).expect("fen");
    piece_moves_with_flips(&Cylinder, &interpreter(), &pos, from)
}

#[test]
fn a_queen_that_waits_for_open_lines_round_the_edge() {
    // On b6: the rank round the edge (a6, h6 ... c6), the diagonals that leave the a-file come
    // back on the h-file (a5 then h4 g3 f2 e1; a7 then h8).
    let all = "a5 a6 a7 b1 b2 b3 b4 b5 b7 b8 c5 c6 c7 d4 d6 d8 e1 e3 e6 f2 f6 g1 g3 g6 h4 h6 h8";
    assert_eq!(moves("8/8/1U6/8/8/8/7k/K7 w - - 0 1", "b6"), all);
    // An enemy on h4, first on the diagonal round the edge: no move at all, the Rook lines
    // included (`u` on `Q` is one leg, M90).
    assert_eq!(moves("8/8/1U6/8/7p/8/7k/K7 w - - 0 1", "b6"), "");
    // An enemy off its lines (h5) does not count; one behind a friend (h8 behind a7) neither.
    assert_eq!(moves("8/8/1U6/7p/8/8/7k/K7 w - - 0 1", "b6"), all);
    assert_eq!(
        moves("7n/P7/1U6/8/8/8/7k/K7 w - - 0 1", "b6"),
        "a5 a6 b1 b2 b3 b4 b5 b7 b8 c5 c6 c7 d4 d6 d8 e1 e3 e6 f2 f6 g1 g3 g6 h4 h6"
    );
}

#[test]
fn flips_round_the_edge() {
    // The Charmer on b4 turns the enemies on d5, and on h3 and h5 round the edge.
    assert_eq!(
        moves("4k3/8/8/3p3p/1C6/7p/8/4K3 w - - 0 1", "b4"),
        "a2 a3 a4 a5 a6 b3 b5 c2 c3 c4 c5 c6 d3 ~d5 ~h3 ~h5"
    );
    // A friend on h5 is not turned; the leap to it is not made either.
    assert_eq!(moves("4k3/8/8/3p3P/1C6/7p/8/4K3 w - - 0 1", "b4"), "a2 a3 a4 a5 a6 b3 b5 c2 c3 c4 c5 c6 d3 ~d5 ~h3");
}

#[test]
fn generated_cylinder_unblocked_flips_agree_with_the_interpreter() {
    assert_agree("cylinder_unblocked_flips", &Cylinder, &interpreter(), Cylinder::start_position());
}
