//! Pieces whose multi-leg moves unroll into megabytes of generated code (docs/PERFORMANCE.md,
//! "Compile time of large pieces"): each of their moves is checked in a body of its own, so this
//! file compiles in seconds; with the Whirlwind's 3.4 MB in one function body rustc's borrow
//! checker ran for over ten minutes. Generated = interpreted on random positions.

mod common;

use common::agree::{assert_agree, piece_moves};

common::test_variant! {
    /// The Whirlwind (XBetza `AocdUU`: the Alfil, and a universal rider on a vertical cylinder
    /// that captures friends and foes alike) and the Crooked Rook (`zR`: a Rook that turns a
    /// right angle left and right, alternately, after every step).
    Large, interpreter,
    START = "rnbqkbnr/pppppppp/2w2c2/8/8/2W2C2/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| W|Whirlwind|=W C|Crooked Rook|=W \
        +P==QRBNWC",
    castling: "R",
    xbetza: W = "AocdUU", C = "zR",
}

#[test]
fn generated_agrees_with_interpreted() {
    assert_agree("large", &Large, &interpreter(), Large::start_position());
}

/// By hand: the Crooked Rook on d4 zigzags along eight staircases (north then east: d5 e5 e6 f6
/// f7 g7 g8 h8, ...); with a foe on e5 and a friend on c5 four of them stop early. The
/// Whirlwind takes any piece but its own King (a leap of the universal rider, M91) and leaps as
/// an Alfil onto empty squares.
#[test]
fn by_hand() {
    let cases = [
        (
            "4k3/8/8/8/3C4/8/8/4K3 w - - 0 1",
            "a1 a2 a6 a7 a8 b1 b2 b3 b5 b6 b7 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f1 f2 f3 f5 f6 f7 g1 g2 g6 g7 g8 h1 \
             h7 h8",
        ),
        ("4k3/8/8/2P1p3/3C4/8/8/4K3 w - - 0 1", "a1 a2 b1 b2 b3 c2 c3 c4 d3 d5 e2 e3 e4 f1 f2 f3 g1 g2 h1 xe5"),
        ("4k3/8/8/2p5/3W4/1P6/8/4K3 w - - 0 1", "b2 b6 f2 f6 xb3 xc5 xe8"),
    ];
    let interp = interpreter();
    for (fen, expected) in cases {
        let pos = Large::position(fen).unwrap();
        assert_eq!(piece_moves(&Large, &interp, &pos, "d4"), expected, "{fen}");
    }
}
