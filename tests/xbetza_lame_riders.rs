//! The lame camel and zebra riders of docs/SEMANTICS.md X86 in generated code: an inline `mbn!`
//! variant with `nC0` and `nZ0` pieces gives the same legal moves as the interpreter on 10,000
//! random positions and the same perft 1–3, and hand-checked sets in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves};

common::twin_variant! {
    LameRiders, interpreter {
        board: "8x8",
        start: "rczqkzcr/pppppppp/8/8/8/8/PPPPPPPP/RCZQKZCR w - - 0 1",
        pieces: "P|Pawn| R|Rook| C|Camel rider| Z|Zebra rider| Q|Queen| K|King| +P==RCZQ",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
    xbetza {
        P = "fmWfceFifmnD",
        R = "R",
        C = "WnC0",
        Z = "FnZ0",
        Q = "Q",
        K = "K",
    }
}

#[test]
fn generated_lame_riders_agree_with_the_interpreter() {
    assert_agree("lame-riders", &LameRiders, &interpreter(), LameRiders::start_position());
}

#[test]
fn lame_riders_by_hand_in_both_back_ends() {
    let interp = interpreter();
    let at = |fen: &str, from: &str| {
        let pos = LameRiders::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        piece_moves(&LameRiders, &interp, &pos, from)
    };
    // The Camel rider on a1: its W steps a2 b1, and the camel lines b4-c7 and d2-g3; Pawns on b2
    // and a3 (White's) leave the first leap to b4 one path, a2-b3; Black's Rook on c7 is taken.
    let fen = "4k3/2r5/8/8/8/P7/1P6/C3K3 w - - 0 1";
    assert_eq!(at(fen, "a1"), "a2 b1 b4 d2 g3 xc7");
    // Pawns on a2 and b2 close all three paths to b4 (a2-a3, b2-b3, a2-b3), and the line beyond.
    let fen = "4k3/2r5/8/8/8/8/PP6/C3K3 w - - 0 1";
    assert_eq!(at(fen, "a1"), "b1 d2 g3");
    // The Zebra rider on a1: its F step b2, the zebra lines c4-e7 and d3-g5; Black's Pawns on b2
    // and b3 close the paths to c4 (b2-c3, a2-b3, b2-b3); b2 is taken.
    let fen = "4k3/8/8/8/8/1p6/1p6/Z3K3 w - - 0 1";
    assert_eq!(at(fen, "a1"), "d3 g5 xb2");
}
