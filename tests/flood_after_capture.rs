//! A free-turning complex rider after a capture on the way (`cB-(dF)0`): every time round of the
//! flood fill keeps the capture (docs/SEMANTICS.md M110). The code generator dropped it after
//! the first round, listing `d3a2` where the interpreter listed `d3a2xf5`.

mod common;

use common::agree::{assert_agree_on, piece_moves};
use common::test_variant;

test_variant! {
    /// The Raider `cB-(dF)0` takes a piece a Bishop's move away, then wanders by diagonal steps
    /// any way through empty squares; the Prowler `W-cF-(dF)0` steps, takes diagonally beyond,
    /// and wanders the same way.
    Raiders, raiders_interpreter,
    RAIDERS_START = "rnbqkbnr/pppppppp/2a1w3/8/8/2A1W3/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    RAIDERS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| A|Raider|=cB-(dF)0 \
        W|Prowler|=W-cF-(dF)0 +P==QRBNAW",
}

#[test]
fn the_capture_stays_with_every_round() {
    let interp = raiders_interpreter();
    let at = |fen: &str| piece_moves(&Raiders, &interp, &Raiders::position(fen).expect("loads"), "d3");
    // The Raider on d3 takes f5, then reaches every light square but f5 (where the flood starts)
    // over empty squares, f5 taken each time: d3 itself is a stationary capture (M61), and the
    // Black King on e8 is taken as well (a pseudo-legal list).
    let all = "a2 a4 a6 a8 b1 b3 b5 b7 c2 c4 c6 c8 d1 d3 d5 d7 e2 e4 e6 f1 f3 f7 g2 g4 g6 g8 h1 h3 h5 h7";
    let expected = |skip: &str| {
        let mut v: Vec<String> = all.split(' ').filter(|s| *s != skip).map(|s| format!("{s}(xf5)")).collect();
        v.push("xe8(xf5)".to_string());
        v.join(" ")
    };
    assert_eq!(at("4k3/8/8/5p2/8/3A4/8/4K3 w - - 0 1"), expected(""));
    // A friend on e2 closes e2 only: d1 is reached over c2, f1 over g2.
    assert_eq!(at("4k3/8/8/5p2/8/3A4/4P3/4K3 w - - 0 1"), expected("e2"));
    // Nothing to take: no move.
    assert_eq!(at("4k3/8/8/8/8/3A4/8/4K3 w - - 0 1"), "");
}

#[test]
fn generated_raiders_agree_with_the_interpreter() {
    let interp = raiders_interpreter();
    // 2,000 positions: the interpreter floods the board for every attack test.
    assert_agree_on("Raiders", &Raiders, &interp, Raiders::position(RAIDERS_START).expect("start"), 2_000);
}
